/**
 * Milestone schedules as stored: the planned dates of the milestones release pages were about, fetched by
 * the background at most every SCHEDULE_MAX_AGE_MS per milestone, and kept, so a failed fetch leaves the
 * last good dates in place and a revisit needs no request. Bounded like the histories.
 */
import type { KeySpec } from "./storage.ts";
import { HOUR_MS } from "../core/duration.ts";
import { CALENDAR_DAY, SCHEDULE_DAY_FIELDS, type MilestoneSchedule } from "../core/client/schedule-fields.ts";

export interface ScheduleEntry {
  /** The schedule's origin (settings.scheduleUrl) it came from. */
  readonly scheduleUrl: string;
  /** Epoch ms of the answer. */
  readonly fetchedAt: number;
  readonly schedule: MilestoneSchedule;
}

/** How many milestones' schedules are kept. */
export const MAX_SCHEDULES = 20;

/** Planned dates change rarely: asked again after six hours, so at most four times a day per milestone. */
export const SCHEDULE_MAX_AGE_MS = 6 * HOUR_MS;

function isSchedule(value: unknown): value is MilestoneSchedule {
  if (typeof value !== "object" || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    Number.isInteger(s.mstone) &&
    typeof s.stableDate === "string" &&
    SCHEDULE_DAY_FIELDS.every(
      (k) => s[k] === undefined || (typeof s[k] === "string" && CALENDAR_DAY.test(s[k])),
    )
  );
}

/** The stored entries that pass their checks (anything else is dropped: the next fetch replaces it). */
export function readSchedules(value: unknown): ScheduleEntry[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[])
    .filter((e): e is ScheduleEntry => {
      if (typeof e !== "object" || e === null) return false;
      const entry = e as Record<string, unknown>;
      return (
        typeof entry.scheduleUrl === "string" &&
        typeof entry.fetchedAt === "number" &&
        Number.isFinite(entry.fetchedAt) &&
        isSchedule(entry.schedule)
      );
    })
    .slice(0, MAX_SCHEDULES);
}

/** The stored entry of milestone `mstone` from `scheduleUrl`, if any. */
export function scheduleEntry(
  entries: readonly ScheduleEntry[],
  scheduleUrl: string,
  mstone: number,
): ScheduleEntry | undefined {
  return entries.find((e) => e.scheduleUrl === scheduleUrl && e.schedule.mstone === mstone);
}

/** The list with `entry` in, newest first, replacing the same milestone's from the same origin. */
export function withSchedule(entries: readonly ScheduleEntry[], entry: ScheduleEntry): ScheduleEntry[] {
  return [
    entry,
    ...entries.filter(
      (e) => !(e.scheduleUrl === entry.scheduleUrl && e.schedule.mstone === entry.schedule.mstone),
    ),
  ].slice(0, MAX_SCHEDULES);
}

/** The `schedules` key (local). */
export const SCHEDULES_KEY: KeySpec<readonly ScheduleEntry[]> = {
  area: "local",
  read: (value) => readSchedules(value),
};
