/**
 * What an expected day says of the past rollouts it could not count on: a history that could not be read (and
 * when it is asked again), or one the service cut short. Plain data in, words out: the worker knows the
 * request's state (background/watched/rollout-history.ts), the view only says it.
 */
import { DEFAULT_MAX_PAGES, truncate } from "../../core/client/index.ts";
import { formatClock } from "../status/time.ts";

export interface PastState {
  /** The last request failed: why, and when the next one may be sent (epoch ms). */
  readonly failed?: { readonly reason: string; readonly until: number };
  /** The history read was cut at the page cap: some of its past may be missing. */
  readonly cut?: boolean;
}

/**
 * "past rollouts could not be read: the service is unavailable (503); asked again at 14:05 UTC", "past
 * rollouts read in part (…)", or null when there is nothing to say. `reason` is a failure sentence.
 */
export function pastNote(state: PastState | undefined, now: number): string | null {
  if (state?.failed !== undefined) {
    const { reason, until } = state.failed;
    const why = truncate(reason, 100);
    return `past rollouts could not be read: ${why.charAt(0).toLowerCase()}${why.slice(1)}; asked again at ${formatClock(until, now)}`;
  }
  if (state?.cut === true) {
    return `past rollouts read in part (the service's answer was cut at ${DEFAULT_MAX_PAGES} pages)`;
  }
  return null;
}
