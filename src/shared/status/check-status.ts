/**
 * How current the data is, in one rule for the toolbar and the popup, so no surface says "not checked yet"
 * beside another saying "the last check failed":
 *
 *   nothing stored, no failure    first     the first check is still to come (or running)
 *   data, no failure, fresh       current   the latest check succeeded
 *   data, no failure, old         stale     no successful check for STALE_INTERVALS poll intervals
 *   a failure                     failing   the latest check failed; the data (if any) is the last good one
 */
import type { Failure } from "./failure.ts";
import { currentFailure, type PollState } from "../store/poll-state.ts";
import { isStale, type Snapshot } from "../store/snapshot.ts";

export type CheckStatus =
  | { readonly kind: "first" }
  | { readonly kind: "current"; readonly checkedAt: number }
  | { readonly kind: "stale"; readonly checkedAt: number }
  | {
      readonly kind: "failing";
      /** When the last good data was fetched, or null when there is none. */
      readonly checkedAt: number | null;
      readonly stale: boolean;
      readonly failure: Failure;
      readonly failures: number;
      readonly nextTry: number;
    };

/** The status from the watched service's snapshot and poll state (either may be null). */
export function checkStatus(
  snapshot: Snapshot | null,
  poll: PollState | null,
  pollMinutes: number,
  now: number,
): CheckStatus {
  return checkStatusAt(snapshot?.fetchedAt ?? null, poll, pollMinutes, now);
}

/**
 * The same from when the snapshot was fetched (null: no snapshot) rather than the snapshot itself: the
 * popup's first paint keeps only that of it (popup/glance/glance-copy.ts).
 */
export function checkStatusAt(
  fetchedAt: number | null,
  poll: PollState | null,
  pollMinutes: number,
  now: number,
): CheckStatus {
  const failure = currentFailure(poll);
  // Ahead of the clock, it was written before the clock was set back: read as now, never a future day.
  const checkedAt = fetchedAt === null ? null : Math.min(fetchedAt, now);
  const stale = checkedAt !== null && isStale(checkedAt, pollMinutes, now);
  if (failure !== null && poll !== null) {
    return {
      kind: "failing",
      checkedAt,
      stale,
      failure,
      failures: poll.failures,
      nextTry: poll.nextTry,
    };
  }
  if (checkedAt === null) return { kind: "first" };
  return { kind: stale ? "stale" : "current", checkedAt };
}
