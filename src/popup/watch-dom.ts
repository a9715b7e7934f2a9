/**
 * The header's switcher of what the toolbar watches (platform and channel), loaded after the first paint:
 * the choices and their labels are not needed to show what is live, only to change it.
 */
import { channelChoices, watchPlatformChoices } from "../shared/choices.ts";
import { byId, setChoices } from "../shared/dom.ts";
import type { HeaderData } from "./header.ts";

export type ShowWatch = (watch: HeaderData["watch"], status: string) => void;

/** Wires the switcher to `onWatch` and returns the function that shows the current watch in it. */
export function bindWatch(onWatch: (changes: { platform?: string; channel?: string }) => void): ShowWatch {
  const platform = byId("watch-platform", HTMLSelectElement);
  const channel = byId("watch-channel", HTMLSelectElement);
  const status = byId("watch-status", HTMLElement);
  const text = byId("watch-text", HTMLElement);
  platform.addEventListener("change", () => onWatch({ platform: platform.value }));
  channel.addEventListener("change", () => onWatch({ channel: channel.value }));
  return (watch, said) => {
    setChoices(platform, watchPlatformChoices(watch.platform, watch.detected), watch.platform);
    setChoices(channel, channelChoices(watch.channel), watch.channel);
    // The lists, filled, take the place of the words the first paint showed (index.html).
    platform.hidden = channel.hidden = false;
    text.hidden = true;
    status.textContent = said;
  };
}
