/**
 * The header's switcher of what the toolbar watches (platform and channel), loaded after the first paint:
 * the choices and their labels are not needed to show what is live, only to change it. They are the
 * service's own (watch-lists.ts), asked for once the switcher is shown; the options page offers the same.
 */
import { byId, setChoices } from "../../shared/page/dom.ts";
import { sharedServiceIds } from "../../shared/watch/service-ids.ts";
import { serviceOf } from "../../shared/store/settings.ts";
import { askWatchLists, watchLists, type WatchInput } from "../../shared/watch/watch-lists.ts";
import type { Watched } from "../../shared/watch/watched.ts";

/** What the switcher shows: the settings, the watch (`auto` resolved) and the stored snapshot. */
export type WatchedNow = Pick<Watched, "settings" | "watch" | "snapshot">;

export type ShowWatch = (watched: WatchedNow, status: string) => void;

/** Wires the switcher to `onWatch` and returns the function that shows the current watch in it. */
export function bindWatch(onWatch: (changes: { platform?: string; channel?: string }) => void): ShowWatch {
  const platform = byId("watch-platform", HTMLSelectElement);
  const channel = byId("watch-channel", HTMLSelectElement);
  const status = byId("watch-status", HTMLElement);
  const text = byId("watch-text", HTMLElement);
  platform.addEventListener("change", () => onWatch({ platform: platform.value }));
  channel.addEventListener("change", () => onWatch({ channel: channel.value }));
  let shown: { readonly watched: WatchedNow; readonly status: string } | null = null;
  /** The lists asked for while the popup is open: each once, a failed one too (the popup is short-lived). */
  const asked = new Set<string>();
  const show: ShowWatch = (watched, said) => {
    shown = { watched, status: said };
    const { settings } = watched;
    const input: WatchInput = {
      service: serviceOf(settings),
      platform: settings.platform,
      channel: settings.channel,
      // The page resolves `auto` only when it is the watch: another platform says nothing of this device.
      detected: settings.platform === "auto" ? watched.watch.platform : null,
    };
    const ids = sharedServiceIds(settings.baseUrl);
    const lists = watchLists(input, ids.known, watched.snapshot);
    setChoices(platform, lists.platforms, settings.platform);
    setChoices(channel, lists.channels, settings.channel);
    // The lists, filled, take the place of the words the first paint showed (index.html).
    platform.hidden = channel.hidden = false;
    text.hidden = true;
    status.textContent = said;
    askWatchLists(ids, input, asked, () => {
      if (shown !== null) show(shown.watched, shown.status);
    });
  };
  return show;
}
