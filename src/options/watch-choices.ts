/**
 * The platform and channel lists, for the service the form names: what that service lists, else what the
 * stored snapshot has live, else the catalog's (watch-lists.ts decides; this module draws and asks). A
 * saved choice the service no longer lists stays selected, marked, so the person sees why the badge may
 * have nothing to show.
 */
import { byId, setChoices } from "../shared/page/dom.ts";
import type { ServiceIds } from "../shared/watch/service-ids.ts";
import type { ServiceId, Snapshot } from "../shared/store/snapshot.ts";
import { askWatchLists, watchLists } from "../shared/watch/watch-lists.ts";

export interface WatchChoicesDeps {
  /** The page's ServiceIds for a base URL (sharedServiceIds, or a test's over a fake fetch). */
  readonly serviceIds: (baseUrl: string) => ServiceIds;
  /** The service the form names now. */
  readonly service: () => ServiceId;
  /** This device's platform, which "Automatic" stands for; null when the browser did not say. */
  readonly detected: string | null;
  /** The stored snapshot, whose live releases are offered until the service lists its own ids. */
  readonly snapshot: Snapshot | null;
}

export interface WatchChoices {
  /** Fills both lists, selecting `platform` and `channel`, and asks the service for its lists. */
  show(platform: string, channel: string): void;
  /** Fills them again for the service now named, keeping what is selected. */
  refresh(): void;
  /**
   * Lets every list be asked for again at the next show: after a fill, since a save may have granted the
   * access a failed list lacked.
   */
  askAgain(): void;
}

export function createWatchChoices(deps: WatchChoicesDeps): WatchChoices {
  const platformSelect = byId("platform", HTMLSelectElement);
  const channelSelect = byId("channel", HTMLSelectElement);
  /** The lists asked for since askAgain, each once. */
  let asked = new Set<string>();

  function show(platform: string, channel: string): void {
    const input = { service: deps.service(), platform, channel, detected: deps.detected };
    const ids = deps.serviceIds(input.service.baseUrl);
    const lists = watchLists(input, ids.known, deps.snapshot);
    setChoices(platformSelect, lists.platforms, platform);
    setChoices(channelSelect, lists.channels, channel);
    // An answer fills the lists again with what is selected by then.
    askWatchLists(ids, input, asked, refresh);
  }

  function refresh(): void {
    show(platformSelect.value, channelSelect.value);
  }

  return {
    show,
    refresh,
    askAgain: () => {
      asked = new Set();
    },
  };
}
