/**
 * How a rollout is said, the same on the toolbar, the tooltip, the popup and in notifications.
 */
import type { LiveVersion } from "../watch/live.ts";
import { formatDay, formatTime } from "./time.ts";

/**
 * The most versions one line lists (a tooltip's "Also live", the popup's, a release page's channel): a
 * service with thousands live would otherwise make a tooltip of hundreds of thousands of characters.
 */
export const MAX_LISTED = 3;

/**
 * The first MAX_LISTED of `items` as `text` says them, joined by `separator`, then " and 4,990 more" for the
 * rest (which are never put into words).
 */
export function listSome<T>(items: readonly T[], text: (item: T) => string, separator: string): string {
  const more = items.length - MAX_LISTED;
  const rest = more > 0 ? ` and ${more.toLocaleString("en-US")} more` : "";
  return `${items.slice(0, MAX_LISTED).map(text).join(separator)}${rest}`;
}

/** "Windows, Mac and iOS"; past MAX_LISTED, "Windows, Mac, iOS and 2 more". */
export function namedList(names: readonly string[]): string {
  if (names.length <= MAX_LISTED) {
    return names.length === 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  }
  return `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more`;
}

/**
 * The share of users as text: under 10% with one decimal and no trailing `.0` (`0.5%`, `5%`), from 10% on
 * a whole number (`25%`). Both round down, so nothing ever claims more rollout than there is.
 */
export function shareText(fraction: number): string {
  // Tenths of a percent; the epsilon absorbs binary noise such as 0.005 * 1000 = 4.999999999999999.
  const tenths = Math.floor(fraction * 1000 + 1e-6);
  if (tenths >= 100) return `${Math.floor(tenths / 10)}%`;
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? `${whole}%` : `${whole}.${rest}%`;
}

/** `151.0.7922.173 at 25% since 2026-08-20 20:10 UTC`: a live version, its share and when it started serving. */
export function liveVersionText(v: LiveVersion): string {
  return `${v.version} at ${shareText(v.fraction)} since ${formatTime(v.since)}`;
}

/** `151.0.7922.173 at 25% since 2026-08-20`: the same, to the day, where the tooltip names UTC elsewhere. */
export function liveVersionDayText(v: LiveVersion): string {
  return `${v.version} at ${shareText(v.fraction)} since ${formatDay(v.since)}`;
}
