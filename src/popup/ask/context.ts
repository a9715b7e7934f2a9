/**
 * Pure: the context an answer is computed from (shared/answers AskContext), gathered from what the popup
 * has stored. The live releases and the last failure count only when they are of the watched service: after
 * a settings change the stored ones are another service's, and an answer from them would be wrong.
 */
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { AskContext } from "../../shared/answers/index.ts";
import { currentFailure, pollStateOf, type PollState } from "../../shared/poll-state.ts";
import type { ScheduleEntry } from "../../shared/schedules.ts";
import { scheduleUrlOf, serviceHost, serviceOf, type Settings } from "../../shared/settings.ts";
import { snapshotOf, type Snapshot } from "../../shared/snapshot.ts";

/** What the popup has stored (its glance is drawn from the same). */
export interface AskStored {
  readonly settings: Settings;
  /** The watched platform with `auto` resolved for this device. */
  readonly platform: string;
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
}

export function askContext(
  stored: AskStored,
  schedules: readonly ScheduleEntry[],
  asset: FeatureAsset,
  now: number,
): AskContext {
  const { settings } = stored;
  const service = serviceOf(settings);
  const scheduleUrl = scheduleUrlOf(settings);
  return {
    asset,
    snapshot: snapshotOf(stored.snapshot, service),
    failure: currentFailure(pollStateOf(stored.poll, service)),
    host: serviceHost(settings.baseUrl),
    schedules: schedules.filter((e) => e.scheduleUrl === scheduleUrl).map((e) => e.schedule),
    platform: stored.platform,
    channel: settings.channel,
    now,
  };
}
