/**
 * The milestone schedule's shape as the extension keeps it, apart from the client (schedule.ts), so code that
 * only checks stored schedules (the storage owner, which the popup's first paint loads) does not load the
 * client and its transport.
 */
import { MilestoneSchema } from "../version.ts";
import { object, optional, refine, string, type Infer } from "../schema.ts";
import { SERVED_FROM_MS, SERVED_UNTIL_MS } from "../query/time.ts";
import { DAY_MS } from "../duration.ts";

/** A calendar day as kept: `YYYY-MM-DD`. */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, `YYYY-MM-DD`, in no zone. */
export type CalendarDay = string;

/**
 * The days a schedule may name: the years the service's releases are served in (2008-2099), so no countdown
 * runs to 9999-12-31 and nothing is "Stable since 0000-01-01". Written as days, compared as text.
 */
const FIRST_SCHEDULE_DAY = new Date(SERVED_FROM_MS).toISOString().slice(0, 10);
const LAST_SCHEDULE_DAY = new Date(SERVED_UNTIL_MS - DAY_MS).toISOString().slice(0, 10);
export const SCHEDULE_DAY_WORDS = `a day from ${FIRST_SCHEDULE_DAY} to ${LAST_SCHEDULE_DAY}`;

/** Whether a `YYYY-MM-DD` day falls in those years. */
export const inScheduleYears = (day: CalendarDay): boolean =>
  day >= FIRST_SCHEDULE_DAY && day <= LAST_SCHEDULE_DAY;

const day = refine(
  string(),
  `${SCHEDULE_DAY_WORDS} (YYYY-MM-DD)`,
  (s) => CALENDAR_DAY.test(s) && inScheduleYears(s),
);
const maybeDay = optional(day);

/** One milestone's planned dates, as kept; every date but Stable's may be missing from the API's answer. */
const MilestoneDaysSchema = object({
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

export type MilestoneSchedule = Infer<typeof MilestoneDaysSchema>;

/** The days on or before Stable (every schedule of the real API has them so) and those on or after it. */
const BEFORE_STABLE = ["branchPoint", "earliestBeta", "latestBeta", "finalBeta", "earlyStable"] as const;
const AFTER_STABLE = ["stableRefreshFirst", "stableRefreshSecond", "stableRefreshThird"] as const;

/** A day on the wrong side of Stable: which, and what it should have been. */
export interface OutOfOrder {
  readonly field: (typeof BEFORE_STABLE | typeof AFTER_STABLE)[number];
  readonly expected: string;
}

/**
 * The first day on the wrong side of Stable (a branch after it, a refresh before it), else null: such a
 * schedule cannot say which comes first, so it is not counted down at all.
 */
export function outOfOrder(s: MilestoneSchedule): OutOfOrder | null {
  const before = BEFORE_STABLE.find((f) => s[f] !== undefined && s[f] > s.stableDate);
  if (before !== undefined)
    return { field: before, expected: `a day on or before Stable's, ${s.stableDate}` };
  const after = AFTER_STABLE.find((f) => s[f] !== undefined && s[f] < s.stableDate);
  if (after !== undefined) return { field: after, expected: `a day on or after Stable's, ${s.stableDate}` };
  return null;
}

/** A schedule as kept: its days within the served years, in order around Stable. */
export const MilestoneScheduleSchema = refine(
  MilestoneDaysSchema,
  "days in order around Stable's",
  (s) => outOfOrder(s) === null,
);

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
