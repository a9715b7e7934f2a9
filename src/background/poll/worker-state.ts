/**
 * What the worker knows between events, loaded from storage when it starts: the settings, the watch they
 * resolve to, the stored snapshot and poll state (possibly of another service: kept, not shown) and this
 * browser. Everything else it shows is recomputed from these (toolbar-state.ts).
 */
import { truncate } from "../../core/client/index.ts";
import type { ThisBrowser } from "../../shared/status/this-browser.ts";
import { watchOf, type PlatformInfoLike, type Watch } from "../../shared/watch/device-platform.ts";
import type { PollState } from "../../shared/store/poll-state.ts";
import { loadSettings, serviceOf, type Settings } from "../../shared/store/settings.ts";
import type { Snapshot } from "../../shared/store/snapshot.ts";
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import type { PollResult } from "./poll.ts";
import { afterPoll } from "../cache/backoff.ts";
import { messageOf } from "../../core/errors.ts";

export interface WorkerState {
  settings: Settings;
  /** What the settings watch, `auto` resolved. */
  watch: Watch;
  snapshot: Snapshot | null;
  poll: PollState | null;
  thisBrowser?: ThisBrowser;
  /** A click-triggered refresh is running (clickAction "refresh"). */
  refreshing: boolean;
}

export interface StateDeps {
  readonly store: Store;
  readonly platformInfo: () => Promise<PlatformInfoLike>;
  readonly thisBrowser: () => Promise<ThisBrowser | undefined>;
}

/** What the settings watch on this browser: `auto` is its own platform. */
export async function resolveWatch(deps: StateDeps, settings: Settings): Promise<Watch> {
  return watchOf(settings, await deps.platformInfo());
}

export async function loadState(deps: StateDeps): Promise<WorkerState> {
  const settings = await loadSettings(deps.store);
  const [watch, snapshot, poll, thisBrowser] = await Promise.all([
    resolveWatch(deps, settings),
    deps.store.get("snapshot"),
    deps.store.get("pollState"),
    deps.thisBrowser().catch(() => undefined),
  ]);
  return { settings, watch, snapshot, poll, refreshing: false, ...(thisBrowser && { thisBrowser }) };
}

/**
 * A poll of `settings`' service into the state and storage: a good answer stored, the poll state moved on
 * (afterPoll) and stored. A refusal to store the answer (storage's quota, which a large answer can pass in
 * Chromium) is the poll's failure, said, counted and backed off like any other, and the last good snapshot
 * stays. Resolves with the result as recorded and the new poll state.
 */
export async function recordPoll(
  store: Store,
  s: WorkerState,
  settings: Settings,
  result: PollResult,
  now: number,
): Promise<{ result: PollResult; poll: PollState }> {
  let recorded = result;
  if (recorded.ok) {
    try {
      await store.set("snapshot", recorded.snapshot);
      s.snapshot = recorded.snapshot;
    } catch (error) {
      const reason = messageOf(error);
      recorded = { ok: false, failure: { kind: "storage", reason: truncate(reason, 120), details: reason } };
    }
  }
  const poll = afterPoll(s.poll, recorded, serviceOf(settings), settings.pollMinutes, now);
  s.poll = poll;
  await store.set("pollState", poll);
  return { result: recorded, poll };
}
