/**
 * A Chrome milestone's early-stable and Stable days. The schedule service's answer, stored by the background
 * (schedules.ts), comes first: the bundled data ages with the package. Where no schedule is stored, the
 * Stable day browser-compat-data published (it follows Chromium Dash) stands in, and says where it is from.
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import { daysToStable, inDays, localDay } from "../countdown.ts";
import type { AskContext } from "./answer.ts";

export interface MilestoneDays {
  readonly schedule: MilestoneSchedule | null;
  /** The Stable day, from the schedule or browser-compat-data; undefined when neither has one. */
  readonly stable?: CalendarDay;
  readonly earlyStable?: CalendarDay;
  /** Where the days come from, said after them when it is not the schedule service. */
  readonly source: "schedule" | "published" | "none";
}

export function milestoneDays(ctx: AskContext, milestone: number): MilestoneDays {
  const schedule = ctx.schedules.find((s) => s.mstone === milestone) ?? null;
  if (schedule !== null) {
    return {
      schedule,
      stable: schedule.stableDate,
      ...(schedule.earlyStable !== undefined && { earlyStable: schedule.earlyStable }),
      source: "schedule",
    };
  }
  const published = ctx.asset.releases.chrome.find((r) => r.version === String(milestone))?.date;
  return published === undefined
    ? { schedule, source: "none" }
    : { schedule, stable: published, source: "published" };
}

/** Days from today (the reader's day, as the countdown badges count) to `day`: negative once past. */
export function daysUntil(ctx: AskContext, day: CalendarDay): number {
  return daysToStable({ mstone: 0, stableDate: day }, localDay(ctx.now));
}

/** "Stable on 2027-01-12, in 47 days", "Stable since 2022-08-30", "no Stable day published yet". */
export function stableDayText(ctx: AskContext, days: MilestoneDays): string {
  if (days.stable === undefined) return "no Stable day published yet";
  const from =
    days.source === "published" ? ` (published by browser-compat-data ${ctx.asset.identity.bcd})` : "";
  const n = daysUntil(ctx, days.stable);
  if (n < 0) return `Stable since ${days.stable}${from}`;
  return `Stable on ${days.stable}, ${inDays(n)}${from}`;
}
