/**
 * Time, said once. Every time the extension shows is in UTC and says so: the service's own times are UTC,
 * the explorer's filters and the request URL a person copies are in UTC, and a release is one moment for
 * the whole world. A time reads `2026-08-20 20:10 UTC`; a day alone (`2026-08-20`) is a UTC day and is shown
 * only where the same line, tooltip or column header names UTC. Relative words ("3 min ago", "in 2 min")
 * go beside an absolute time where a glance needs them. Pure, and independent of the machine's time zone.
 */

import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from "../../core/duration.ts";

/** How the zone is named after a time, and in column headers. */
const ZONE = "UTC";

/** `2026-08-20 20:10 UTC`. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} ${ZONE}`;
}

/** `2026-08-20 20:10`, for a table whose column header names the zone. */
export function formatTableTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

/** `2026-08-20`, the UTC day. */
export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `14:05 UTC` when `ms` falls on the same UTC day as `now`, else the full `formatTime`. */
export function formatClock(ms: number, now: number): string {
  return formatDay(ms) === formatDay(now)
    ? `${new Date(ms).toISOString().slice(11, 16)} ${ZONE}`
    : formatTime(ms);
}

/**
 * The distance from `now` to `at` (epoch ms) in words: under 45 s "just now"; then minutes, hours, days,
 * months (30 days) and years (365 days), rounded down so "1 h ago" is never said of 50 minutes. A moment in
 * the future reads "in 5 min", and under a minute away "in under a minute".
 */
export function relativeTime(at: number, now: number): string {
  const diff = now - at;
  const span = Math.abs(diff);
  // A time about to come is not "just now": a retry 30 s away would read as one that already happened.
  if (diff < 0 && span < MINUTE) return "in under a minute";
  if (span < 45_000) return "just now";
  const amount = words(span);
  return diff >= 0 ? `${amount} ago` : `in ${amount}`;
}

function words(span: number): string {
  if (span < HOUR) return `${Math.max(1, Math.floor(span / MINUTE))} min`;
  if (span < DAY) return `${Math.floor(span / HOUR)} h`;
  const days = Math.floor(span / DAY);
  if (days < 30) return plural(days, "day");
  if (days < 365) return plural(Math.floor(days / 30), "month");
  return plural(Math.floor(days / 365), "year");
}

/** `1 release`, `2 releases`. */
export function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
