/**
 * Rollout wording shared by the toolbar and the popup (issue 3): kept apart from badge.ts so the popup's
 * bundle does not carry the worker's badge logic.
 */

/** A snapshot is stale when its last success is older than this many poll intervals. */
export const STALE_INTERVALS = 3;

/** True when a snapshot fetched at `fetchedAt` is stale at `now` with this poll interval (toolbar and popup). */
export function isStale(fetchedAt: number, pollMinutes: number, now: number): boolean {
  return now - fetchedAt > STALE_INTERVALS * pollMinutes * 60_000;
}

/**
 * The share of users as badge text: under 10% with one decimal and no trailing `.0` (`0.5%`, `5%`), from
 * 10% on a whole number (`25%`). Both round down, so the badge never claims more rollout than there is.
 */
export function shareText(fraction: number): string {
  // Tenths of a percent; the epsilon absorbs binary noise such as 0.005 * 1000 = 4.999999999999999.
  const tenths = Math.floor(fraction * 1000 + 1e-6);
  if (tenths >= 100) return `${Math.floor(tenths / 10)}%`;
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? `${whole}%` : `${whole}.${rest}%`;
}
