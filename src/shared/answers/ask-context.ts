/**
 * The context an answer is computed from, gathered from what is stored about the watched service: one rule
 * for the worker's address bar and the popup's field. The live releases and the last failure count only when
 * they are of the watched service (after a settings change the stored ones are another service's, and an
 * answer from them would be wrong).
 */
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import { currentFailure } from "../store/poll-state.ts";
import { watchedService, type Watched } from "../watch/watched.ts";
import type { UsageOutcome } from "../usage/usage-context.ts";
import type { AskContext } from "./index.ts";

/** `schedules`: the stored dates of the schedule the settings follow (already chosen by its address). */
export function askContextOf(
  watched: Pick<Watched, "settings" | "watch" | "snapshot" | "poll">,
  schedules: readonly MilestoneSchedule[],
  asset: FeatureAsset,
  now: number,
): AskContext {
  const service = watchedService(watched);
  return {
    asset,
    snapshot: service.snapshot,
    failure: currentFailure(service.poll),
    host: service.host,
    schedules,
    watch: watched.watch,
    now,
  };
}

/** `ctx` with the share of users' data: its context, or why there is none (null: none asked for). */
export function withUsage(ctx: AskContext, outcome: UsageOutcome | null): AskContext {
  if (outcome === null) return ctx;
  return outcome.ok ? { ...ctx, usage: outcome.usage } : { ...ctx, usageProblem: outcome.problem };
}
