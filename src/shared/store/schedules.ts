/**
 * Milestone schedules as stored: the planned dates of the milestones release pages were about, fetched by
 * the background at most every SCHEDULE_MAX_AGE_MS per milestone, and kept, so a failed fetch leaves the
 * last good dates in place and a revisit needs no request. Bounded like the histories.
 */
import type { KeySpec } from "./store.ts";
import { HOUR_MS } from "../../core/duration.ts";
import { MilestoneScheduleSchema } from "../../core/client/schedule-fields.ts";
import { number, object, string, validItems, type Infer } from "../../core/schema.ts";
import { isServedTimeMs } from "../../core/query/time.ts";

const ScheduleEntrySchema = object({
  /** The schedule's origin (settings.scheduleUrl) it came from. */
  scheduleUrl: string(),
  /** Epoch ms of the answer. */
  fetchedAt: number("a time from 2008 to 2099", isServedTimeMs),
  schedule: MilestoneScheduleSchema,
});
export type ScheduleEntry = Infer<typeof ScheduleEntrySchema>;

/** How many milestones' schedules are kept. */
export const MAX_SCHEDULES = 20;

/** Planned dates change rarely: asked again after six hours, so at most four times a day per milestone. */
export const SCHEDULE_MAX_AGE_MS = 6 * HOUR_MS;

/** The stored entries that pass their checks (anything else is dropped: the next fetch replaces it). */
export function readSchedules(value: unknown): ScheduleEntry[] {
  return validItems(ScheduleEntrySchema, value).slice(0, MAX_SCHEDULES);
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
