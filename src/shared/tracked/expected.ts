/**
 * The day a watched item is expected to reach its threshold on a platform: the day its milestone started on
 * Stable there (or, not yet, its Stable day in the milestone schedule), plus the median time past milestones
 * took from their first Stable serving to the threshold on that platform (rollout-timing.ts). Pure.
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import { DAY_MS } from "../../core/duration.ts";
import { isServedTimeMs, parseRfc3339Ms } from "../../core/query/time.ts";
import { liveRows } from "../answers/shares.ts";
import { formatDay } from "../status/time.ts";
import type { Snapshot } from "../store/snapshot.ts";
import { typicalRollout, type MilestoneRollout, type TypicalRollout } from "./rollout-timing.ts";

export interface Expected {
  /** The expected day; null when neither a start nor a schedule is known. */
  readonly day: CalendarDay | null;
  /** Where the count starts: the milestone's first Stable serving seen, or its scheduled Stable day. */
  readonly from: { readonly day: CalendarDay; readonly source: "served" | "schedule" } | null;
  /** How past rollouts went on the platform; null without a history. */
  readonly typical: TypicalRollout | null;
}

/** The earliest start of a live Stable release of `milestone` on `platform` in the snapshot, or null. */
export function servedSince(snapshot: Snapshot | null, platform: string, milestone: number): number | null {
  let first: number | null = null;
  for (const r of snapshot === null ? [] : liveRows(snapshot, platform, "stable")) {
    if (r.milestone !== milestone) continue;
    const start = parseRfc3339Ms(r.startTime);
    if (start !== null && (first === null || start < first)) first = start;
  }
  return first;
}

/**
 * When `milestone` is expected to reach `threshold` percent of `platform`'s Stable users. `rollouts`: the
 * platform's past milestones (null while not yet read); the milestone's own counts only as the start.
 */
export function expectedDay(input: {
  readonly milestone: number;
  readonly platform: string;
  readonly threshold: number;
  readonly snapshot: Snapshot | null;
  readonly schedules: readonly MilestoneSchedule[];
  readonly rollouts: readonly MilestoneRollout[] | null;
}): Expected {
  const { milestone, threshold } = input;
  const own = input.rollouts?.find((r) => r.milestone === milestone);
  const served = own?.firstStart ?? servedSince(input.snapshot, input.platform, milestone);
  const scheduled = input.schedules.find((s) => s.mstone === milestone)?.stableDate;
  const from =
    served !== null
      ? { day: formatDay(served), source: "served" as const }
      : scheduled !== undefined
        ? { day: scheduled, source: "schedule" as const }
        : null;
  const typical = input.rollouts === null ? null : typicalRollout(input.rollouts, threshold, milestone);
  // Without past rollouts to go by there is no expected day: the start alone is said. A day outside the years
  // a release can be served in (a schedule's 9999-12-31, say) is "cannot tell", never a figure out of range.
  const at =
    from === null || typical === null ? NaN : Date.parse(`${from.day}T00:00:00Z`) + typical.median * DAY_MS;
  const day = isServedTimeMs(at) ? formatDay(at) : null;
  return { day, from, typical };
}
