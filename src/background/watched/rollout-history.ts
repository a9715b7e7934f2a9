/**
 * How past milestones rolled out on one platform's Stable, for the watched items' expected day: ONE request
 * per platform (its Stable releases that started in the last ROLLOUT_WINDOW_DAYS) at most once a day, kept in
 * storage (`rollouts`), so a restarted worker asks nothing new. Asked only for platforms where a watched item
 * is still short of its threshold.
 */
import type { VersionHistoryClient } from "../../core/client/index.ts";
import { DAY_MS } from "../../core/duration.ts";
import type { ServiceId } from "../../shared/store/snapshot.ts";
import { milestoneRollouts } from "../../shared/tracked/rollout-timing.ts";
import {
  MAX_ROLLOUT_ENTRIES,
  MAX_ROLLOUT_MILESTONES,
  type PastRollouts,
  type RolloutsEntry,
} from "../../shared/tracked/rollouts-store.ts";
import { createCachedResource, type CachedResource, type StoredWaits } from "../cache/cached-resource.ts";
import { failureWaitMs } from "../cache/failure-wait.ts";

/** A day: rollouts move at release pace, so once a day per platform tells every step and asks little. */
export const ROLLOUTS_MAX_AGE_MS = DAY_MS;
/** About eight milestones of Stable releases: the six counted, the one rolling out and the one before. */
export const ROLLOUT_WINDOW_DAYS = 240;

export interface RolloutsAt extends ServiceId {
  readonly platform: string;
}

export interface RolloutDeps {
  readonly client: (service: ServiceId) => VersionHistoryClient;
  readonly cache: {
    get(): Promise<readonly RolloutsEntry[]>;
    set(entries: readonly RolloutsEntry[]): Promise<void>;
  };
  readonly waits?: StoredWaits;
  readonly now: () => number;
  readonly warn: (message: string) => void;
}

const sameAt = (e: RolloutsEntry, at: RolloutsAt): boolean =>
  e.baseUrl === at.baseUrl && e.product === at.product && e.platform === at.platform;

export function createRolloutHistories(deps: RolloutDeps): CachedResource<RolloutsAt, PastRollouts> {
  const { cache, now } = deps;
  return createCachedResource({
    idOf: (at) => JSON.stringify([at.baseUrl, at.product, at.platform]),
    maxAgeMs: ROLLOUTS_MAX_AGE_MS,
    maxKeys: MAX_ROLLOUT_ENTRIES,
    now,
    waitAfter: failureWaitMs,
    ...(deps.waits && { waits: deps.waits }),
    async fetch(at) {
      const since = new Date(now() - ROLLOUT_WINDOW_DAYS * DAY_MS).toISOString();
      try {
        const result = await deps.client(at).releases({
          platform: at.platform,
          channel: "stable",
          filter: `starttime>=${since}`,
        });
        // The oldest milestone in the window may have started before it (or, in an answer cut at the page cap,
        // have been read in part), so its days would come out short.
        const rollouts = milestoneRollouts(result.items, "stable").slice(1).slice(-MAX_ROLLOUT_MILESTONES);
        return { rollouts, cut: result.truncated };
      } catch (error) {
        deps.warn(`Release Radar: no rollout history for ${at.platform}: ${String(error)}`);
        throw error;
      }
    },
    stored: {
      async read(at) {
        const found = (await cache.get()).find((e) => sameAt(e, at));
        return (
          found && {
            value: { rollouts: found.rollouts, cut: found.cut === true },
            fetchedAt: found.fetchedAt,
          }
        );
      },
      async write(at, { value, fetchedAt }) {
        const entry: RolloutsEntry = {
          baseUrl: at.baseUrl,
          product: at.product,
          platform: at.platform,
          fetchedAt,
          rollouts: value.rollouts,
          ...(value.cut && { cut: true }),
        };
        const rest = (await cache.get().catch(() => [])).filter((e) => !sameAt(e, at));
        await cache.set(
          [entry, ...rest].sort((a, b) => b.fetchedAt - a.fetchedAt).slice(0, MAX_ROLLOUT_ENTRIES),
        );
      },
    },
  });
}
