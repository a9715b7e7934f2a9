/**
 * Pure: the answers' context from what the popup has stored (its glance is drawn from the same): the stored
 * schedules of the address the settings follow, then the one rule the worker's address bar uses too.
 */
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { AskContext } from "../../shared/answers/index.ts";
import { askContextOf } from "../../shared/answers/ask-context.ts";
import type { ScheduleEntry } from "../../shared/store/schedules.ts";
import { scheduleUrlOf } from "../../shared/store/settings.ts";
import type { Watched } from "../../shared/watch/watched.ts";

/** What the popup has stored (its glance is drawn from the same). */
export type AskStored = Pick<Watched, "settings" | "watch" | "snapshot" | "poll">;

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
