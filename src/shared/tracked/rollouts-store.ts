/**
 * Past rollouts as kept (`storage.local` key `rollouts`): per service, product and platform, how each of the
 * last milestones rolled out on Stable (rollout-timing.ts), asked of the service at most once a day per
 * platform. Bounded: a few platforms' worth, each a few milestones of a few steps.
 */
import { isServedTimeMs } from "../../core/query/time.ts";
import {
  array,
  boolean,
  integer,
  number,
  object,
  optional,
  pair,
  string,
  validItems,
  type Infer,
} from "../../core/schema.ts";
import type { KeySpec } from "../store/store.ts";
import { MAX_ROLLOUT_MS, MAX_STEPS, PAST_MILESTONES, type MilestoneRollout } from "./rollout-timing.ts";

/** Platforms kept: every platform of the service with room to spare; the least recently fetched goes first. */
export const MAX_ROLLOUT_ENTRIES = 16;
/** Milestones kept per platform: those counted, the one rolling out now and a few more. */
export const MAX_ROLLOUT_MILESTONES = PAST_MILESTONES + 4;

// Every stored time is read through bounds: a time of 1e300 would throw at the first date made from it, and
// that would stop every watched item, not just the one it belongs to.
const RolloutSchema = object({
  milestone: integer(1, 999),
  firstStart: number("a time from 2008 to 2099", isServedTimeMs),
  steps: array(
    pair(
      number("a time within a year of the first serving", (t) => t >= 0 && t <= MAX_ROLLOUT_MS),
      number("a share from 0 to 1", (n) => n >= 0 && n <= 1),
    ),
  ),
});

const RolloutsEntrySchema = object({
  baseUrl: string(2048),
  product: string(100),
  platform: string(100),
  fetchedAt: number("a time from 2008 to 2099", isServedTimeMs),
  rollouts: array(RolloutSchema),
  /** The service's answer was cut at the page cap: some of the past may be missing. */
  cut: optional(boolean()),
});
/** One platform's past rollouts as read: how each milestone rolled out, and whether the answer was cut short. */
export interface PastRollouts {
  readonly rollouts: readonly MilestoneRollout[];
  readonly cut: boolean;
}

/** One platform's past rollouts, as fetched. */
export interface RolloutsEntry extends Omit<Infer<typeof RolloutsEntrySchema>, "rollouts"> {
  readonly rollouts: readonly MilestoneRollout[];
}

export const ROLLOUTS_KEY: KeySpec<readonly RolloutsEntry[]> = {
  area: "local",
  read: (value) =>
    validItems(RolloutsEntrySchema, value)
      .slice(0, MAX_ROLLOUT_ENTRIES)
      .map((e) => ({
        ...e,
        rollouts: e.rollouts
          .slice(-MAX_ROLLOUT_MILESTONES)
          .map((r) => ({ ...r, steps: r.steps.slice(0, MAX_STEPS) })),
      })),
};
