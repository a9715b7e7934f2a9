/**
 * "3 min ago", "in 2 h": how far a moment is from now, in the few words a glance needs. Pure; the exact time
 * goes in a `title` beside it (header-view.ts), so rounding here never hides anything.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The distance from `now` to `at` (epoch ms) in words: under 45 s "just now"; then minutes, hours, days,
 * months (30 days) and years (365 days), rounded down so "1 h ago" is never said of 50 minutes. A moment in
 * the future reads "in 5 min".
 */
export function relativeTime(at: number, now: number): string {
  const diff = now - at;
  const span = Math.abs(diff);
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

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
