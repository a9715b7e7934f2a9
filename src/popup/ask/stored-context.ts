/**
 * Pure: the answers' context from what the popup has stored (its glance is drawn from the same): the stored
 * schedules of the address the settings follow, then the one rule the worker's address bar uses too.
 */
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { AskContext } from "../../shared/answers/index.ts";
import { askContextOf } from "../../shared/answers/ask-context.ts";
import type { PollState } from "../../shared/store/poll-state.ts";
import type { ScheduleEntry } from "../../shared/store/schedules.ts";
import { scheduleUrlOf, type Settings } from "../../shared/store/settings.ts";
import type { Snapshot } from "../../shared/store/snapshot.ts";

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
  const scheduleUrl = scheduleUrlOf(stored.settings);
  const followed = schedules.filter((e) => e.scheduleUrl === scheduleUrl).map((e) => e.schedule);
  return askContextOf(stored, followed, asset, now);
}
