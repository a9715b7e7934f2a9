/**
 * The watched items, worked out again after every poll, when the list changes and when the schedule's dates
 * do: no request of its own (the snapshot and the schedule's dates are stored already). It stores the view
 * the popup lists and each item's memory, and notifies each crossing once (the memory and the notifier's
 * shown ids both hold across restarts). Runs one at a time: a poll and a list change never interleave.
 */
import pLimit from "p-limit";
import type { FeatureAsset } from "../../core/features/asset.ts";
import { localDay } from "../../shared/status/countdown.ts";
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import { serviceHost, serviceOf } from "../../shared/store/settings.ts";
import { trackedUpdate } from "../../shared/tracked/view.ts";
import { watchedService } from "../../shared/watch/watched.ts";
import type { Known } from "../controller.ts";
import type { RolloutEvent } from "../notices/notify.ts";
import { watchedNotices } from "../notices/watched-notices.ts";
import { MAX_ROLLOUT_ENTRIES, type PastRollouts } from "../../shared/tracked/rollouts-store.ts";
import type { PastState } from "../../shared/tracked/past-note.ts";
import type { CachedResource, Known as KnownValue } from "../cache/cached-resource.ts";
import type { RolloutsAt } from "./rollout-history.ts";
import { failureOf } from "../../shared/status/failure-of-error.ts";
import { failureSentence } from "../../shared/status/failure-sentence.ts";
import { livePlatforms } from "../../shared/answers/shares.ts";
import { isUsersWhere } from "../../shared/tracked/users-share.ts";
import type { UsageChoice, UsageOutcome } from "../../shared/usage/usage-context.ts";

export interface TrackedWatchDeps {
  readonly store: Store;
  /** Past rollouts per platform (rollout-history.ts): kept ones read first, stale ones asked after. */
  readonly rollouts: Pick<CachedResource<RolloutsAt, PastRollouts>, "kept" | "get">;
  readonly asset: () => Promise<FeatureAsset>;
  readonly known: () => Promise<Known>;
  readonly notify: (events: RolloutEvent[]) => Promise<unknown>;
  /** The items are worked out from the snapshot fetched then (notifier.ts settled). */
  readonly settled?: (fetchedAt: number) => void;
  readonly now: () => number;
  readonly warn: (message: string) => void;
  /** The usage data for the region chosen, for items watched by a share of users (shared/usage). */
  readonly usage?: (choice: UsageChoice) => Promise<UsageOutcome>;
}

export function createTrackedWatch(deps: TrackedWatchDeps): { update(): Promise<void> } {
  const { store } = deps;

  /** Says the watched snapshot settled, where a run tells nothing of it (notifier.ts settled). */
  async function settleKnown(): Promise<void> {
    const known = await deps.known().catch(() => null);
    const snapshot = known === null ? null : watchedService(known.state).snapshot;
    if (snapshot !== null) deps.settled?.(snapshot.fetchedAt);
  }

  async function run(): Promise<void> {
    const items = await store.get("tracked");
    if (items.length === 0) {
      // Nothing watched: the feature data is not even read, and an item watched again starts afresh.
      if ((await store.get("trackedView"))?.items.length !== 0)
        await store.set("trackedView", { at: deps.now(), items: [] });
      if ((await store.get("trackedMemory")).length > 0) await store.set("trackedMemory", []);
      // Nothing to tell with the poll's own notices: they need not wait.
      await settleKnown();
      return;
    }
    const [asset, known, memories] = await Promise.all([
      deps.asset(),
      deps.known(),
      store.get("trackedMemory"),
    ]);
    const { snapshot } = watchedService(known.state);
    const service = serviceOf(known.state.settings);
    // Past rollouts are read for Stable's live platforms only, as many as are kept.
    const platforms =
      snapshot === null ? [] : livePlatforms(snapshot, "stable").slice(0, MAX_ROLLOUT_ENTRIES);
    const kept = new Map(
      await Promise.all(
        platforms.map(
          async (platform) => [platform, await deps.rollouts.kept({ ...service, platform })] as const,
        ),
      ),
    );
    // The usage data is read only when an item counts users: the rest need none of it.
    const counted = items.some((i) => isUsersWhere(i.where))
      ? await deps.usage?.(known.state.settings)
      : undefined;
    const now = deps.now();
    const result = trackedUpdate({
      ...(counted !== undefined && { usage: counted.ok ? counted.usage : counted.problem }),
      items,
      memories,
      asset,
      watch: known.state.watch,
      snapshot,
      schedules: known.schedules,
      rollouts: (platform) => kept.get(platform)?.last?.value.rollouts ?? null,
      past: (platform) => pastState(kept.get(platform), serviceHost(service.baseUrl)),
      today: localDay(now),
      now,
    });
    await store.set("trackedMemory", result.memories);
    await store.set("trackedView", result.view);
    // Told whatever the rollout-notification setting says: watching an item is asking to be told.
    // Handed over before the snapshot is said settled, so the poll's own notices wait for these: one notice.
    const told =
      result.events.length > 0
        ? deps.notify(watchedNotices(result.events, snapshot?.fetchedAt ?? null))
        : null;
    if (snapshot !== null) deps.settled?.(snapshot.fetchedAt);
    await told;
    // Then the past rollouts of the platforms where an item is short of its threshold, asked when older than
    // a day; what arrives is worked in once more (that run finds them fresh and asks nothing).
    const pending = new Set(
      result.view.items.flatMap((i) =>
        i.rows.filter((r) => r.expected && kept.has(r.platform)).map((r) => r.platform),
      ),
    );
    const arrived = await Promise.all(
      [...pending].map(async (platform) => {
        const before = kept.get(platform);
        const after = await deps.rollouts.get({ ...service, platform }).catch(() => null);
        // A new history, or a new failure to say (with when it is asked again).
        return (
          (after?.last != null && after.last.fetchedAt !== before?.last?.fetchedAt) ||
          (after?.failure != null && after.failure.at !== before?.failure?.at)
        );
      }),
    );
    if (arrived.some(Boolean)) void update();
  }

  // One run at a time: a poll during a run is worked out after it.
  const oneAtATime = pLimit(1);
  function update(): Promise<void> {
    return oneAtATime(() =>
      run().catch(async (e: unknown) => {
        deps.warn(`Release Radar: watched items not updated: ${String(e)}`);
        // Nothing of this run will be told: the poll's own notices need not wait for it.
        await settleKnown();
      }),
    );
  }
  return { update };
}

/** What the view says of a platform's past rollouts beyond them: a failed request, an answer cut short. */
function pastState(known: KnownValue<PastRollouts> | undefined, host: string): PastState | undefined {
  if (known?.failure != null) {
    // A wait kept by an earlier worker carries no error of its own: said plainly, not as an internal fault.
    const failure = failureOf(known.failure.error);
    const reason = failure.kind === "unexpected" ? "the last request failed" : failureSentence(failure, host);
    return { failed: { reason, until: known.failure.until } };
  }
  return known?.last?.value.cut === true ? { cut: true } : undefined;
}
