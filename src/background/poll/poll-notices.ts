/**
 * What a poll notifies, with notifications on: a version new on the watched channel or a rollout that reached
 * everyone (rolloutEvents), and the next milestone's Stable day tomorrow (stableSoonEvents, from the upcoming
 * milestones' dates, which the poll keeps fresh for the popup and the global badge either way). The notifier
 * (notify.ts) shows each event once, across restarts.
 */
import type { Watched } from "../../shared/watch/watched.ts";
import { localDay } from "../../shared/status/countdown.ts";
import { scheduleUrlOf } from "../../shared/store/settings.ts";
import type { Snapshot } from "../../shared/store/snapshot.ts";
import type { MilestoneSchedules } from "../schedule/milestone-schedules.ts";
import { rolloutEvents, stableSoonEvents, type RolloutEvent } from "../notices/notify.ts";
import type { PollResult } from "./poll.ts";

export interface PollNotices {
  /** After a poll of `watched` whose previous snapshot was `previous` (of any service): no request. */
  afterPoll(
    watched: Pick<Watched, "settings" | "watch">,
    previous: Snapshot | null,
    result: PollResult,
  ): Promise<void>;
  /**
   * Then the next milestones' dates (asked when old) and the Stable-tomorrow notice: apart, so a schedule
   * that hangs holds neither the badge nor "Check now", which the versions' answer settles.
   */
  upcoming(watched: Pick<Watched, "settings" | "watch">): Promise<void>;
}

export function createPollNotices(deps: {
  readonly notify: (events: RolloutEvent[]) => Promise<unknown>;
  readonly schedules: Pick<MilestoneSchedules, "upcoming">;
  readonly now: () => number;
}): PollNotices {
  return {
    async afterPoll(watched, previous, result) {
      // rolloutEvents compares the watched channel's versions and shares, so an unchanged answer gives none,
      // and takes a previous snapshot of another service as no baseline.
      if (result.ok && watched.settings.notify)
        await deps.notify(rolloutEvents(previous, result.snapshot, watched.watch));
    },
    async upcoming(watched) {
      const upcoming = await deps.schedules.upcoming(scheduleUrlOf(watched.settings));
      if (watched.settings.notify)
        await deps.notify(stableSoonEvents(upcoming, watched.watch, localDay(deps.now())));
    },
  };
}
