/**
 * When a watched item crosses its threshold, and when a watched milestone's Stable day moves: compared with
 * the item's memory (memory.ts), never with the previous snapshot, so a restart between two polls neither
 * loses a crossing nor tells one twice. A share that falls back below the threshold keeps its "reached" day:
 * the list says it fell back, and crossing again is not a new crossing. An item measured for the first time
 * records what it has already reached without telling it. Pure.
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import type { TrackedItem } from "./items.ts";
import { memoryKey, type TrackedMemory } from "./memory.ts";
import { atThreshold, type PlatformShare } from "./progress.ts";

/** Something to tell the person once: its id names it for good, so the notifier shows it once. */
export type TrackedEvent =
  | {
      readonly kind: "reached";
      readonly id: string;
      readonly platform: string;
      readonly channel: string;
      readonly share: number;
    }
  | {
      readonly kind: "moved";
      readonly id: string;
      readonly milestone: number;
      readonly from: CalendarDay;
      readonly to: CalendarDay;
    };

/**
 * The item's memory after this measurement, and what to tell. `memory` is the item's memory so far (undefined
 * when none, or one of another threshold or place); `milestone` the milestone whose Stable day is followed
 * (a watched milestone's own), with the schedules known.
 */
export function crossings(
  item: TrackedItem,
  shares: readonly PlatformShare[],
  memory: TrackedMemory | undefined,
  today: CalendarDay,
  followed?: { readonly milestone: number; readonly schedules: readonly MilestoneSchedule[] },
): { memory: TrackedMemory; events: TrackedEvent[] } {
  const key = memoryKey(item);
  const first = memory?.item !== key;
  const reached: Record<string, { day: CalendarDay; before: boolean }> = first ? {} : { ...memory.reached };
  const events: TrackedEvent[] = [];
  for (const s of shares) {
    if (!atThreshold(s.share, item.threshold) || Object.hasOwn(reached, s.platform)) continue;
    reached[s.platform] = { day: today, before: first };
    if (!first) {
      events.push({
        kind: "reached",
        id: `reached:${key}/${s.platform}/${s.channel}`,
        platform: s.platform,
        channel: s.channel,
        share: s.share ?? 1,
      });
    }
  }
  const schedule = followed?.schedules.find((s) => s.mstone === followed.milestone);
  const before = first ? undefined : memory.stable;
  let stable = before;
  if (schedule !== undefined && followed !== undefined) {
    stable = { milestone: followed.milestone, day: schedule.stableDate };
    if (
      before !== undefined &&
      before.milestone === followed.milestone &&
      before.day !== schedule.stableDate
    ) {
      events.push({
        kind: "moved",
        id: `moved:${key}/${followed.milestone}/${schedule.stableDate}`,
        milestone: followed.milestone,
        from: before.day,
        to: schedule.stableDate,
      });
    }
  }
  return {
    memory: {
      item: key,
      since: first ? today : memory.since,
      reached,
      ...(stable !== undefined && { stable }),
    },
    events,
  };
}
