/**
 * When to poll next: pure, from the last outcome, the settings and the clock.
 *
 *        success (200 or 304)                       failure n (n = 1, 2, 3, ...)
 *   ──────────────────────────────►  next = now + pollMinutes
 *                                    next = now + max(min(2^(n-1), pollMinutes) min, Retry-After)
 *
 * The failure count survives service-worker restarts (it is stored with the rest of PollState), so a worker
 * that is stopped and started again keeps backing off instead of hammering a service that is down. It
 * belongs to one service: another service starts from zero, polled at once.
 */
import type { Failure } from "../../shared/status/failure.ts";
import type { PollState } from "../../shared/store/poll-state.ts";
import { sameService, type ServiceId } from "../../shared/store/snapshot.ts";
import { MINUTE_MS as MINUTE } from "../../core/duration.ts";

export type Outcome =
  { readonly ok: true } | { readonly ok: false; readonly failure: Failure; readonly retryAfterMs?: number };

/** The exponential backoff delay after the n-th consecutive failure: 1, 2, 4, ... minutes, capped. */
export function backoffMs(failures: number, pollMinutes: number): number {
  return Math.min(2 ** Math.max(0, failures - 1), pollMinutes) * MINUTE;
}

/** A service nothing is known about yet: no failures, due now. */
export function freshPollState(service: ServiceId, now: number): PollState {
  return { service, failures: 0, nextTry: now };
}

export function afterPoll(
  prev: PollState | null,
  outcome: Outcome,
  service: ServiceId,
  pollMinutes: number,
  now: number,
): PollState {
  if (outcome.ok) return { service, failures: 0, lastAttempt: now, nextTry: now + pollMinutes * MINUTE };
  // Failures of another service say nothing about this one.
  const before = prev !== null && sameService(prev.service, service) ? prev.failures : 0;
  const failures = before + 1;
  const delay = Math.max(backoffMs(failures, pollMinutes), outcome.retryAfterMs ?? 0);
  return { service, failures, lastError: outcome.failure, lastAttempt: now, nextTry: now + delay };
}
