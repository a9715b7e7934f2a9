/**
 * Where a milestone stands in its schedule on a given day, and how every surface says it: the per-tab
 * badge's countdown to Stable (`9d`, `1d`, `TODAY`), the tooltip's dates, the popup's "in 9 days". Pure:
 * the schedule's dates are calendar days (src/core/client/schedule.ts) and so is `today`, so a countdown
 * never moves with the reader's time zone or the hour of the day.
 *
 *   ... branch_point ... earliest_beta ... early_stable ... stable_date ...
 *   |  before-branch  |   branched    |     beta      |  early-stable  | stable-day | stable
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule.ts";
import { DAY_MS } from "../../core/duration.ts";

export type Phase = "before-branch" | "branched" | "beta" | "early-stable" | "stable-day" | "stable";

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: CalendarDay): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/** The calendar day of `epochMs` in the reader's own time zone (what "today" means to the person). */
export function localDay(epochMs: number): CalendarDay {
  const d = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The milestone's phase on `today`; a date the schedule lacks is skipped over. */
export function phaseOf(s: MilestoneSchedule, today: CalendarDay): Phase {
  const t = dayNumber(today);
  const stable = dayNumber(s.stableDate);
  if (t > stable) return "stable";
  if (t === stable) return "stable-day";
  if (s.earlyStable !== undefined && t >= dayNumber(s.earlyStable)) return "early-stable";
  if (s.earliestBeta !== undefined && t >= dayNumber(s.earliestBeta)) return "beta";
  if (s.branchPoint !== undefined && t >= dayNumber(s.branchPoint)) return "branched";
  return s.branchPoint === undefined ? "branched" : "before-branch";
}

/**
 * Whether milestone `s` is in its early-stable days on `today` (on or after its early-stable day, before its
 * Stable day); null when the schedule has no early-stable day, so it cannot say.
 */
export function inEarlyStable(s: MilestoneSchedule, today: CalendarDay): boolean | null {
  return s.earlyStable === undefined ? null : phaseOf(s, today) === "early-stable";
}

/** Days from `today` to the Stable day (negative once past). */
export function daysToStable(s: MilestoneSchedule, today: CalendarDay): number {
  return dayNumber(s.stableDate) - dayNumber(today);
}

/**
 * The badge's countdown: `9d` before the Stable day, `TODAY` on it, null after (the milestone is released
 * and the release history speaks for it). Past 999 days it reads `999d`, the most four characters hold.
 */
export function countdownBadge(s: MilestoneSchedule, today: CalendarDay): string | null {
  const days = daysToStable(s, today);
  if (days < 0) return null;
  if (days === 0) return "TODAY";
  return `${Math.min(days, 999)}d`;
}

/** "in 9 days", "tomorrow", "today", "3 days ago": a distance in days, in words. */
export function inDays(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days === -1) return "yesterday";
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** The tooltip's lines about milestone `s` on `today`: where it stands, then its dates. */
export function scheduleLines(s: MilestoneSchedule, today: CalendarDay): string[] {
  const m = `M${s.mstone}`;
  const days = daysToStable(s, today);
  const status = ((): string => {
    switch (phaseOf(s, today)) {
      case "before-branch":
        return `${m} is in development; Stable ${inDays(days)} (${s.stableDate})`;
      case "branched":
        return `${m} has branched; Stable ${inDays(days)} (${s.stableDate})`;
      case "beta":
        return `${m} is in Beta; Stable ${inDays(days)} (${s.stableDate})`;
      case "early-stable":
        return `${m} is in early stable (a small share of users) since ${s.earlyStable ?? ""}; Stable ${inDays(days)} (${s.stableDate})`;
      case "stable-day":
        return `${m} reaches Stable today (${s.stableDate})`;
      case "stable":
        return `${m} reached Stable on ${s.stableDate}`;
    }
  })();
  const dates = [
    s.branchPoint && `branch ${s.branchPoint}`,
    s.earliestBeta && `beta ${s.earliestBeta}`,
    s.earlyStable && `early stable ${s.earlyStable}`,
    `stable ${s.stableDate}`,
  ].filter(Boolean);
  return [status, `Schedule: ${dates.join(", ")}`];
}
