/**
 * What the popup says of the milestone schedule: the next milestones with their early-stable and Stable days
 * and how far away they are, and, on a release page's popup, that milestone's own place in its schedule.
 * Pure: stored schedules (the background keeps them, shared/store/schedules.ts) and today's calendar day in.
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule.ts";
import { daysToStable, inDays, phaseOf, scheduleLines } from "../../shared/status/countdown.ts";
import type { ScheduleEntry } from "../../shared/store/schedules.ts";

export interface UpcomingRow {
  readonly milestone: string;
  /** "early stable 2026-09-02 (in 3 days)", or null when the schedule has no early-stable day. */
  readonly earlyStable: string | null;
  readonly stable: string;
}

export interface ScheduleView {
  /** The release page's milestone in its schedule (two lines), or null (not a release page, or unknown). */
  readonly page: readonly string[] | null;
  /** The next milestones not yet on Stable, soonest first (at most three). */
  readonly upcoming: readonly UpcomingRow[];
  /** When the newest of those dates was asked, for "as of". */
  readonly asOf: number | null;
}

const UPCOMING = 3;

export function scheduleView(
  entries: readonly ScheduleEntry[],
  scheduleUrl: string,
  today: CalendarDay,
  pageMilestone: number | null,
): ScheduleView {
  const ours = entries.filter((e) => e.scheduleUrl === scheduleUrl);
  const ahead = ours
    .filter((e) => daysToStable(e.schedule, today) >= 0)
    .sort((a, b) => a.schedule.mstone - b.schedule.mstone)
    .slice(0, UPCOMING);
  const page = ours.find((e) => e.schedule.mstone === pageMilestone)?.schedule ?? null;
  return {
    page: page === null ? null : scheduleLines(page, today),
    upcoming: ahead.map((e) => row(e.schedule, today)),
    asOf: ahead.length > 0 ? Math.max(...ahead.map((e) => e.fetchedAt)) : null,
  };
}

function row(s: MilestoneSchedule, today: CalendarDay): UpcomingRow {
  const days = (day: CalendarDay): number => daysToStable({ mstone: s.mstone, stableDate: day }, today);
  const early =
    s.earlyStable === undefined
      ? null
      : phaseOf(s, today) === "early-stable"
        ? `early stable since ${s.earlyStable}`
        : `early stable ${s.earlyStable} (${inDays(days(s.earlyStable))})`;
  return {
    milestone: `M${s.mstone}`,
    earlyStable: early,
    stable: `Stable ${s.stableDate} (${inDays(days(s.stableDate))})`,
  };
}
