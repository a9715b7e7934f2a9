/**
 * When to poll next (issue 3, "Polling"): pure, from the last outcome, the settings and the clock.
 *
 *        success (200 or 304)                       failure n (n = 1, 2, 3, ...)
 *   ──────────────────────────────►  next = now + pollMinutes
 *                                    next = now + max(min(2^(n-1), pollMinutes) min, Retry-After)
 *
 * The failure count survives service-worker restarts (it is stored with the rest of PollState), so a worker
 * that is stopped and started again keeps backing off instead of hammering a service that is down.
 */

import type { PollState } from "./poll-state.ts";

const MINUTE = 60_000;

export type Outcome =
  { readonly ok: true } | { readonly ok: false; readonly error: string; readonly retryAfterMs?: number };

/** The exponential backoff delay after the n-th consecutive failure: 1, 2, 4, ... minutes, capped. */
export function backoffMs(failures: number, pollMinutes: number): number {
  return Math.min(2 ** Math.max(0, failures - 1), pollMinutes) * MINUTE;
}

export function afterPoll(
  prev: PollState | null,
  outcome: Outcome,
  pollMinutes: number,
  now: number,
): PollState {
  if (outcome.ok) return { failures: 0, lastAttempt: now, nextTry: now + pollMinutes * MINUTE };
  const failures = (prev?.failures ?? 0) + 1;
  const delay = Math.max(backoffMs(failures, pollMinutes), outcome.retryAfterMs ?? 0);
  return { failures, lastError: outcome.error, lastAttempt: now, nextTry: now + delay };
}
