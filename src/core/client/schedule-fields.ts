/**
 * The milestone schedule's shape as the extension keeps it, apart from the client (schedule.ts), so code that
 * only checks stored schedules (the storage owner, which the popup's first paint loads) does not load the
 * client and its transport.
 */
import { MilestoneSchema } from "../version.ts";
import { object, optional, refine, string, type Infer } from "../schema.ts";

/** A calendar day as kept: `YYYY-MM-DD`. */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, `YYYY-MM-DD`, in no zone. */
export type CalendarDay = string;

const day = refine(string(), "a day YYYY-MM-DD", (s) => CALENDAR_DAY.test(s));
const maybeDay = optional(day);

/** One milestone's planned dates, as kept; every date but Stable's may be missing from the API's answer. */
export const MilestoneScheduleSchema = object({
  mstone: MilestoneSchema,
  branchPoint: maybeDay,
  earliestBeta: maybeDay,
  latestBeta: maybeDay,
  finalBeta: maybeDay,
  earlyStable: maybeDay,
  stableDate: day,
  stableRefreshFirst: maybeDay,
  stableRefreshSecond: maybeDay,
  stableRefreshThird: maybeDay,
});

export type MilestoneSchedule = Infer<typeof MilestoneScheduleSchema>;

/**
 * The fields of a MilestoneSchedule that hold a calendar day (all but `mstone`). The API names each in
 * snake case (`branchPoint` is `branch_point`); its other fields (iOS, ChromeOS, cuts, owners) are not read.
 */
export const SCHEDULE_DAY_FIELDS = [
  "branchPoint",
  "earliestBeta",
  "latestBeta",
  "finalBeta",
  "earlyStable",
  "stableDate",
  "stableRefreshFirst",
  "stableRefreshSecond",
  "stableRefreshThird",
] as const satisfies readonly Exclude<keyof MilestoneSchedule, "mstone">[];
