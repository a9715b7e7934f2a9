/**
 * The poll state stored in `chrome.storage.local` under `pollState`: written by the worker (schedule.ts),
 * read by the popup for its error banner, so it lives in a module of its own.
 */

export interface PollState {
  /** Consecutive failures since the last success. */
  readonly failures: number;
  /** The last failure's message, while failures > 0. */
  readonly lastError?: string;
  /** Epoch ms of the last attempt, successful or not. */
  readonly lastAttempt?: number;
  /** Epoch ms of the next poll. */
  readonly nextTry: number;
}

/** Checks a stored value before trusting it (an older extension version may have written another shape). */
export function isPollState(value: unknown): value is PollState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.failures === "number" &&
    typeof v.nextTry === "number" &&
    (v.lastError === undefined || typeof v.lastError === "string") &&
    (v.lastAttempt === undefined || typeof v.lastAttempt === "number")
  );
}
