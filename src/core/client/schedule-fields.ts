/**
 * The milestone schedule's shape as the extension keeps it, apart from the client (schedule.ts), so code that
 * only checks stored schedules (the storage owner, which the popup's first paint loads) does not load the
 * client and its transport.
 */

/** A calendar day, `YYYY-MM-DD`, in no zone. */
export type CalendarDay = string;

/** One milestone's planned dates; every date but Stable's may be missing from the API's answer. */
export interface MilestoneSchedule {
  readonly mstone: number;
  readonly branchPoint?: CalendarDay;
  readonly earliestBeta?: CalendarDay;
  readonly latestBeta?: CalendarDay;
  readonly finalBeta?: CalendarDay;
  readonly earlyStable?: CalendarDay;
  readonly stableDate: CalendarDay;
  readonly stableRefreshFirst?: CalendarDay;
  readonly stableRefreshSecond?: CalendarDay;
  readonly stableRefreshThird?: CalendarDay;
}

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

/** A calendar day as kept: `YYYY-MM-DD`. */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
