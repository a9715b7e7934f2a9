/**
 * When a watched item crosses its threshold, and when a watched milestone's Stable day moves: compared with
 * the item's memory (memory.ts), never with the previous snapshot, so a restart between two polls neither
 * loses a crossing nor tells one twice. A share that falls back below the threshold keeps its "reached" day:
 * the list says it fell back, and crossing again is not a new crossing. An item measured for the first time
 * records what it has already reached without telling it. Pure.
 */
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import type { TrackedItem } from "./items.ts";
import { MAX_PAIRS, memoryKey, pairKey, type TrackedMemory } from "./memory.ts";
import { atThreshold, type PlatformShare } from "./progress.ts";

/** Something to tell the person once: its id names it for good, so the notifier shows it once. */
export type TrackedEvent =
  | {
      readonly kind: "reached";
      readonly id: string;
      readonly platform: string;
      readonly channel: string;
      readonly share: number;
      /** A share of users' place ("users worldwide"), where the row counts users rather than a platform. */
      readonly place?: string;
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
  // The pairs whose share was known at an earlier measurement: only there is a crossing new. A pair measured
  // for the first time (a new item, the toolbar watching another pair, a platform newly live, the first
  // snapshot) records what it has already reached without telling it.
  const known = new Set(first ? [] : memory.measured);
  const events: TrackedEvent[] = [];
  for (const s of shares) {
    const pair = pairKey(s.platform, s.channel);
    const earlier = known.has(pair);
    if (s.share !== null) known.add(pair);
    if (!atThreshold(s.share, item.threshold) || Object.hasOwn(reached, pair)) continue;
    reached[pair] = { day: today, before: !earlier };
    if (earlier) {
      events.push({
        kind: "reached",
        id: `reached:${key}/${s.platform}/${s.channel}`,
        platform: s.platform,
        channel: s.channel,
        share: s.share ?? 1,
        ...(s.users !== undefined && { place: s.users.name }),
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
  const measured = [...known].slice(-MAX_PAIRS);
  return {
    memory: {
      item: key,
      since: first ? today : memory.since,
      measured,
      reached: Object.fromEntries(Object.entries(reached).filter(([pair]) => measured.includes(pair))),
      ...(stable !== undefined && { stable }),
    },
    events,
  };
}
