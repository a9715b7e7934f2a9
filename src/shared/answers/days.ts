/**
 * A Chrome milestone's early-stable and Stable days, from one source: the milestone schedule service (the one
 * the popup's "Coming up" reads), as stored by the background (schedules.ts) or fetched by the answer page
 * for a milestone not stored. browser-compat-data's days are for the other browsers: for Chrome they would
 * disagree with the service's own data (the emulator's history is moved to the present, for one).
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import { dayNumber, inDays, localDay } from "../status/countdown.ts";
import type { AskContext } from "./answer.ts";

export interface MilestoneDays {
  readonly schedule: MilestoneSchedule | null;
  /** The Stable day, from the schedule; undefined when no schedule of the milestone is known. */
  readonly stable?: CalendarDay;
  readonly earlyStable?: CalendarDay;
}

export function milestoneDays(ctx: AskContext, milestone: number): MilestoneDays {
  const schedule = ctx.schedules.find((s) => s.mstone === milestone) ?? null;
  if (schedule !== null) {
    return {
      schedule,
      stable: schedule.stableDate,
      ...(schedule.earlyStable !== undefined && { earlyStable: schedule.earlyStable }),
    };
  }
  return { schedule };
}

/** Days from today (the reader's day, as the countdown badges count) to `day`: negative once past. */
export function daysUntil(ctx: AskContext, day: CalendarDay): number {
  return dayNumber(day) - dayNumber(localDay(ctx.now));
}

/** "Stable on 2027-01-12, in 47 days", "Stable since 2022-08-30", "no Stable day in the schedule known". */
export function stableDayText(ctx: AskContext, days: MilestoneDays): string {
  if (days.stable === undefined) return "no Stable day in the schedule known";
  const n = daysUntil(ctx, days.stable);
  if (n < 0) return `Stable since ${days.stable}`;
  return `Stable on ${days.stable}, ${inDays(n)}`;
}
