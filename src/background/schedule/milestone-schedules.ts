/**
 * Milestone schedules in the worker: the planned dates of the open release pages' milestones and of the next
 * UPCOMING ones, each asked at most once per SCHEDULE_MAX_AGE_MS with one request in flight and the last good
 * dates kept when a request fails (cached-resource.ts), and kept in the stored `schedules` list, where the
 * popup reads them and a restarted worker finds them again.
 *
 * `shown` is what the toolbar shows: the dates of the schedule last followed, by milestone. A kept value is
 * one object until a request answers again, so an unchanged one is told by identity and not shown again;
 * storage hands out new objects on every read, but it is read once per milestone per worker.
 */
import { createScheduleClient, type MilestoneSchedule } from "../../core/client/index.ts";
import type { CalendarDay } from "../../core/client/schedule-fields.ts";
import { daysToStable, localDay } from "../../shared/status/countdown.ts";
import {
  MAX_SCHEDULES,
  SCHEDULE_MAX_AGE_MS,
  scheduleEntry,
  withSchedule,
} from "../../shared/store/schedules.ts";
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import { createCachedResource, type Known } from "../cache/cached-resource.ts";
import { failureWaitMs, storedWaits } from "../cache/failure-wait.ts";

/** How many milestones ahead the popup lists, and the background keeps the schedule of. */
export const UPCOMING = 3;

export interface ScheduleDeps {
  /** Holds the `schedules` list, read and written whole. */
  readonly store: Store;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  /** Told why a request failed; the stored (last good) dates stay. */
  readonly warn: (message: string) => void;
  /** Shows the toolbar again: `shown` took new dates. */
  readonly show: () => Promise<void>;
}

export interface MilestoneSchedules {
  /** The dates the toolbar shows, by milestone, of the schedule last followed. */
  readonly shown: ReadonlyMap<number, MilestoneSchedule>;
  /** Shows the stored dates of `scheduleUrl`: at start, and when the settings name another schedule. */
  follow(scheduleUrl: string): Promise<void>;
  /** A release page's milestone: its kept dates at once, then the schedule's answer when they are old. */
  forMilestone(scheduleUrl: string, milestone: number): Promise<void>;
  /**
   * After a poll: the next UPCOMING milestones' dates, asked when fewer than UPCOMING kept ones are fresh and
   * still ahead (so at most a few times a day). Resolves with those still ahead today, last good ones included.
   */
  upcoming(scheduleUrl: string): Promise<MilestoneSchedule[]>;
}

interface Upcoming {
  readonly scheduleUrl: string;
  /** In the key: a milestone whose Stable day has passed no longer counts, so a new day asks again. */
  readonly today: CalendarDay;
}

export function createMilestoneSchedules(deps: ScheduleDeps): MilestoneSchedules {
  const { now, warn } = deps;
  const stored = () => deps.store.get("schedules");
  // Throws (ReleaseRadarError) for an address it must not use: the request's failure.
  const clientOf = (baseUrl: string) => createScheduleClient({ baseUrl, fetch: deps.fetch, now });
  const shown = new Map<number, MilestoneSchedule>();
  let following: string | null = null;
  const ahead = (today: CalendarDay) => (s: MilestoneSchedule) => daysToStable(s, today) >= 0;
  const waits = storedWaits(deps.store);

  const byMilestone = createCachedResource<{ scheduleUrl: string; milestone: number }, MilestoneSchedule>({
    idOf: (at) => JSON.stringify([at.scheduleUrl, at.milestone]),
    maxAgeMs: SCHEDULE_MAX_AGE_MS,
    maxKeys: MAX_SCHEDULES,
    now,
    waitAfter: failureWaitMs,
    waits,
    async fetch({ scheduleUrl, milestone }) {
      try {
        return (await clientOf(scheduleUrl).milestone(milestone)).schedule;
      } catch (error) {
        warn(`Release Radar: no schedule for milestone ${milestone} from ${scheduleUrl}: ${String(error)}`);
        throw error;
      }
    },
    stored: {
      async read({ scheduleUrl, milestone }) {
        const entry = scheduleEntry(await stored(), scheduleUrl, milestone);
        return entry && { value: entry.schedule, fetchedAt: entry.fetchedAt };
      },
      write: ({ scheduleUrl }, { value, fetchedAt }) => write(scheduleUrl, [value], fetchedAt),
    },
  });

  const upcoming = createCachedResource<Upcoming, readonly MilestoneSchedule[]>({
    idOf: (at) => JSON.stringify([at.scheduleUrl, at.today]),
    maxAgeMs: SCHEDULE_MAX_AGE_MS,
    // This schedule's today and yesterday, and another schedule's just followed.
    maxKeys: 4,
    now,
    waitAfter: failureWaitMs,
    waits,
    async fetch({ scheduleUrl }) {
      try {
        const client = clientOf(scheduleUrl);
        const next = (await client.milestone("next")).schedule;
        const list = [next];
        // Counted, not bounded by the answer: the milestones after `next`, UPCOMING - 1 of them (the
        // client refuses a milestone past MAX_MILESTONE, which ends the loop with a failure).
        for (let i = 1; i < UPCOMING; i++) list.push((await client.milestone(next.mstone + i)).schedule);
        return list;
      } catch (error) {
        warn(`Release Radar: no upcoming milestones from ${scheduleUrl}: ${String(error)}`);
        throw error;
      }
    },
    stored: {
      async read({ scheduleUrl, today }) {
        const kept = (await stored()).filter(
          (e) => e.scheduleUrl === scheduleUrl && ahead(today)(e.schedule),
        );
        const stamps = kept.map((e) => e.fetchedAt).sort((a, b) => b - a);
        // As old as the UPCOMING-th newest: fresh only while UPCOMING of them are. Fewer than that are
        // kept (for the notice, should the request fail) but never fresh: stamped at the epoch.
        const fetchedAt = stamps[UPCOMING - 1] ?? 0;
        return { value: kept.map((e) => e.schedule).sort((a, b) => a.mstone - b.mstone), fetchedAt };
      },
      write: ({ scheduleUrl }, { value, fetchedAt }) => write(scheduleUrl, value, fetchedAt),
    },
  });

  async function write(
    scheduleUrl: string,
    schedules: readonly MilestoneSchedule[],
    fetchedAt: number,
  ): Promise<void> {
    let entries = await stored();
    for (const schedule of schedules) entries = withSchedule(entries, { scheduleUrl, fetchedAt, schedule });
    await deps.store.set("schedules", entries);
  }

  /** Shows the kept dates when they are of the followed schedule and not shown yet. */
  async function take(scheduleUrl: string, schedules: readonly MilestoneSchedule[]): Promise<void> {
    if (scheduleUrl !== following) return;
    const fresh = schedules.filter((s) => shown.get(s.mstone) !== s);
    for (const s of fresh) shown.set(s.mstone, s);
    if (fresh.length > 0) await deps.show();
  }

  const value = <V>(known: Known<V>): V[] => (known.last ? [known.last.value] : []);

  return {
    shown,
    async follow(scheduleUrl) {
      if (scheduleUrl === following) return;
      following = scheduleUrl;
      shown.clear();
      const entries = await stored().catch(() => []);
      await take(
        scheduleUrl,
        entries.filter((e) => e.scheduleUrl === scheduleUrl).map((e) => e.schedule),
      );
    },
    async forMilestone(scheduleUrl, milestone) {
      const at = { scheduleUrl, milestone };
      await take(scheduleUrl, value(await byMilestone.kept(at)));
      await take(scheduleUrl, value(await byMilestone.get(at)));
    },
    async upcoming(scheduleUrl) {
      const today = localDay(now());
      const known = await upcoming.get({ scheduleUrl, today });
      const list = (known.last?.value ?? []).filter(ahead(today));
      await take(scheduleUrl, list);
      return list;
    },
  };
}
