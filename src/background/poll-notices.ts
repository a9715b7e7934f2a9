/**
 * What a poll notifies, with notifications on: a version new on the watched channel or a rollout that reached
 * everyone (rolloutEvents), and the next milestone's Stable day tomorrow (stableSoonEvents, from the upcoming
 * milestones' dates, which the poll keeps fresh for the popup and the global badge either way). The notifier
 * (notify.ts) shows each event once, across restarts.
 */
import type { Settings } from "../shared/store/settings.ts";
import { localDay } from "../shared/status/countdown.ts";
import { scheduleUrlOf } from "../shared/store/settings.ts";
import type { Snapshot } from "../shared/store/snapshot.ts";
import type { MilestoneSchedules } from "./milestone-schedules.ts";
import { rolloutEvents, stableSoonEvents, type RolloutEvent } from "./notify.ts";
import type { PollResult } from "./poll.ts";

export interface PollNotices {
  /** After a poll of `watched` whose previous snapshot was `previous` (of any service): no request. */
  afterPoll(
    watched: { readonly settings: Settings; readonly platform: string },
    previous: Snapshot | null,
    result: PollResult,
  ): Promise<void>;
  /**
   * Then the next milestones' dates (asked when old) and the Stable-tomorrow notice: apart, so a schedule
   * that hangs holds neither the badge nor "Check now", which the versions' answer settles.
   */
  upcoming(watched: { readonly settings: Settings; readonly platform: string }): Promise<void>;
}

export function createPollNotices(deps: {
  readonly notify: (events: RolloutEvent[]) => Promise<unknown>;
  readonly schedules: Pick<MilestoneSchedules, "upcoming">;
  readonly now: () => number;
}): PollNotices {
  const watchOf = ({ settings, platform }: { readonly settings: Settings; readonly platform: string }) => ({
    product: settings.product,
    platform,
    channel: settings.channel,
  });
  return {
    async afterPoll(watched, previous, result) {
      // rolloutEvents compares the watched channel's versions and shares, so an unchanged answer gives none,
      // and takes a previous snapshot of another service as no baseline.
      if (result.ok && watched.settings.notify)
        await deps.notify(rolloutEvents(previous, result.snapshot, watchOf(watched)));
    },
    async upcoming(watched) {
      const upcoming = await deps.schedules.upcoming(scheduleUrlOf(watched.settings));
      if (watched.settings.notify)
        await deps.notify(stableSoonEvents(upcoming, watchOf(watched), localDay(deps.now())));
    },
  };
}
