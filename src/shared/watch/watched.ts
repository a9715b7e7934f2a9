/**
 * What every surface starts from: the settings, the watch, what is stored about the service
 * (snapshot and poll state, as stored) and the clock. Stored values of another service or product (the
 * settings changed since) are not this one's: `watchedService` keeps only those of the service watched now.
 */
import type { Watch } from "./device-platform.ts";
import type { ThisBrowser } from "../status/this-browser.ts";
import { pollStateOf, type PollState } from "../store/poll-state.ts";
import { serviceHost, serviceOf, type Settings } from "../store/settings.ts";
import { snapshotOf, type Snapshot } from "../store/snapshot.ts";

export interface Watched {
  readonly settings: Settings;
  /** What the toolbar watches, `auto` already resolved (device-platform.ts watchOf). */
  readonly watch: Watch;
  /** The stored snapshot, whichever service it came from. */
  readonly snapshot: Snapshot | null;
  /** The stored poll state, whichever service it is of. */
  readonly poll: PollState | null;
  readonly now: number;
  /** This browser's name and version, when the browser says them. */
  readonly thisBrowser?: ThisBrowser;
}

/** The watched service's host, and the stored snapshot and poll state when they are of it (else null). */
export function watchedService(watched: Pick<Watched, "settings" | "snapshot" | "poll">): {
  readonly host: string;
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
} {
  const service = serviceOf(watched.settings);
  return {
    host: serviceHost(watched.settings.baseUrl),
    snapshot: snapshotOf(watched.snapshot, service),
    poll: pollStateOf(watched.poll, service),
  };
}
