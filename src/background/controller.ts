/**
 * The service worker's behaviour, with every effect passed in, so unit tests drive it with fakes and the
 * entry file only wires `chrome.*` to it.
 *
 *   start ──► load settings, snapshot, poll state, open tabs ──► show ──► ensure alarm
 *     │                                                                    │
 *     └─ install / browser start / settings change / alarm due / refresh ──► poll ──► store ──► show
 *
 * Polls never overlap: a trigger during a poll joins it, and a settings change during a poll polls once
 * more after it (a duplicate alarm firing during a poll is dropped). A change of service (base URL or
 * product) aborts the running poll, which then stores nothing, and starts the new service clean: no error,
 * failure count or backoff carried over, polled at once. What is shown is always recomputed from stored
 * state (toolbarState), never read back from the toolbar.
 */
import { createClient, createScheduleClient, type VersionHistoryClient } from "../core/client/index.ts";
import { ReleaseRadarError } from "../core/errors.ts";
import { milestoneOf } from "../core/version.ts";
import { failureOf } from "../shared/failure-of.ts";
import type { ThisBrowser } from "../shared/browser-version.ts";
import { localDay } from "../shared/countdown.ts";
import { liveOn } from "../shared/live.ts";
import { servicePlatform, type PlatformInfoLike } from "../shared/platform.ts";
import { pollStateOf, type PollState } from "../shared/poll-state.ts";
import { loadSettings, scheduleUrlOf, serviceOf, type Settings } from "../shared/settings.ts";
import { sameService, snapshotOf, type ServiceId, type Snapshot } from "../shared/snapshot.ts";
import type { Store } from "../shared/storage.ts";
import { createActionAdapter, type ActionApi } from "./action-adapter.ts";
import type { IconPainter } from "./icon-paint.ts";
import { createMilestoneHistories } from "./milestone-history.ts";
import { createMilestoneSchedules } from "./milestone-schedules.ts";
import { rolloutEvents, stableSoonEvents, type RolloutEvent } from "./notify.ts";
import { pollLive, storedResult, type PollResult } from "./poll.ts";
import { createPollAlarm, POLL_ALARM, type AlarmsLike } from "./poll-alarm.ts";
import { createReleasePages } from "./release-pages.ts";
import { afterPoll, freshPollState } from "./schedule.ts";
import { releaseNotesUrl } from "./tab-context.ts";
import { toolbarState } from "./toolbar-state.ts";

export interface TabsLike {
  query(query: Record<string, never>): Promise<{ id?: number | undefined; url?: string | undefined }[]>;
  create(properties: { url: string }): Promise<unknown>;
}

export interface ControllerDeps {
  readonly action: ActionApi;
  /** Draws the rollout icons (icon-paint.ts); absent or not ok keeps the static icon. */
  readonly iconPainter?: IconPainter;
  /** The extension's storage: settings, snapshot, poll state, milestone histories. */
  readonly store: Store;
  readonly alarms: AlarmsLike;
  readonly tabs: TabsLike;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly platformInfo: () => Promise<PlatformInfoLike>;
  readonly thisBrowser: () => Promise<ThisBrowser | undefined>;
  /** Shows notifications (deduplicated across restarts by the notifier). */
  readonly notify: (events: RolloutEvent[]) => Promise<unknown>;
  readonly warn: (message: string) => void;
}

interface State {
  settings: Settings;
  platform: string;
  /** As stored: possibly of another service (kept, not shown). */
  snapshot: Snapshot | null;
  poll: PollState | null;
  thisBrowser: ThisBrowser | undefined;
  refreshing: boolean;
}

export interface Controller {
  /** Loads stored state and shows it; idempotent (every handler awaits it). */
  ready(): Promise<void>;
  /** Polls now (browser start, the popup's retry). Resolves when the new state is shown. */
  pollNow(): Promise<void>;
  /** Installed, updated, or the browser updated (`runtime.onInstalled`'s reason): migrates storage, polls. */
  onInstalled(reason: string): Promise<void>;
  onAlarm(name: string): Promise<void>;
  onSettingsChanged(settings: Settings): Promise<void>;
  onTabUpdated(tabId: number, url: string | undefined, navigated: boolean): Promise<void>;
  onTabRemoved(tabId: number): void;
  onClicked(tabId: number | undefined): Promise<void>;
}

export function createController(deps: ControllerDeps): Controller {
  const { store, now, warn } = deps;
  const adapter = createActionAdapter(deps.action, {
    painter: deps.iconPainter ?? { ok: false, reason: "no icon painter" },
    warn,
    // The views are computed again without icons: the badge takes the share back.
    onIconsFailed: () => void show(),
  });
  const histories = createMilestoneHistories({
    client: clientFor,
    cache: { get: () => store.get("histories"), set: (entries) => store.set("histories", entries) },
    now,
    warn,
  });
  const schedules = createMilestoneSchedules({
    cache: { get: () => store.get("schedules"), set: (entries) => store.set("schedules", entries) },
    client: (baseUrl) => createScheduleClient({ baseUrl, fetch: deps.fetch, now }),
    now,
    warn,
    show,
  });
  const pages = createReleasePages({ histories, schedules, show });
  const alarm = createPollAlarm(deps.alarms, now);
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  let polling: Promise<void> | null = null;
  /** Aborts the running poll: a change of service makes its answer worthless. */
  let pollAbort: AbortController | null = null;
  let settingsChangedDuringPoll = false;

  async function resolvePlatform(settings: Settings): Promise<string> {
    return settings.platform === "auto" ? servicePlatform(await deps.platformInfo()) : settings.platform;
  }

  async function load(): Promise<State> {
    const settings = await loadSettings(store);
    const [platform, snapshot, poll, thisBrowser, open] = await Promise.all([
      resolvePlatform(settings),
      store.get("snapshot"),
      store.get("pollState"),
      deps.thisBrowser().catch(() => undefined),
      deps.tabs.query({}).catch(() => []),
      // The stored dates of this schedule: the global badge names an early-stable push by them.
      schedules.follow(scheduleUrlOf(settings)),
    ]);
    for (const tab of open) if (tab.id !== undefined) pages.update(tab.id, tab.url);
    return { settings, platform, snapshot, poll, thisBrowser, refreshing: false };
  }

  async function current(): Promise<State> {
    if (state) return state;
    loading ??= load().then(async (s) => {
      state = s;
      await show();
      await ensureAlarm(s);
      void pages.load(s);
      return s;
    });
    return loading;
  }

  /** A client of the service; throws (ReleaseRadarError) for a base URL it must not use. */
  function clientFor({ baseUrl, product }: ServiceId): VersionHistoryClient {
    return createClient({ baseUrl, product, fetch: deps.fetch, now });
  }

  async function show(): Promise<void> {
    if (!state) return;
    const s = state;
    await adapter.apply(
      toolbarState({
        settings: s.settings,
        platform: s.platform,
        snapshot: s.snapshot,
        poll: s.poll,
        refreshing: s.refreshing,
        now: now(),
        tabs: pages.contexts,
        histories: pages.histories(s),
        schedules: schedules.shown,
        icons: adapter.iconsWork(),
        ...(s.thisBrowser ? { thisBrowser: s.thisBrowser } : {}),
      }),
    );
  }

  function ensureAlarm({ settings, poll }: State): Promise<void> {
    return alarm.ensure(settings.pollMinutes, pollStateOf(poll, serviceOf(settings)));
  }

  async function runPoll(): Promise<void> {
    const s = await current();
    const { settings } = s;
    const service = serviceOf(settings);
    const abort = new AbortController();
    pollAbort = abort;
    let result: PollResult;
    try {
      result = await pollLive(clientFor(settings), s.snapshot, abort.signal);
    } catch (error) {
      if (abort.signal.aborted) return;
      // createClient refuses a base URL it must not use (plain http off this machine, a malformed URL).
      if (!(error instanceof ReleaseRadarError)) throw error;
      result = { ok: false, failure: failureOf(error) };
    } finally {
      if (pollAbort === abort) pollAbort = null;
    }
    if (abort.signal.aborted) return;
    const previous = s.snapshot;
    result = await storedResult(result, (snapshot) => store.set("snapshot", snapshot));
    if (result.ok) s.snapshot = result.snapshot;
    s.poll = afterPoll(s.poll, result, service, settings.pollMinutes, now());
    await store.set("pollState", s.poll);
    await alarm.moveTo(s.poll.nextTry, settings.pollMinutes);
    await show();
    const watch = { product: settings.product, platform: s.platform, channel: settings.channel };
    // rolloutEvents compares the watched channel's versions and shares (none for an unchanged answer), and
    // takes a previous snapshot of another service as no baseline.
    if (result.ok && settings.notify) await deps.notify(rolloutEvents(previous, result.snapshot, watch));
    // The upcoming milestones' dates: for the popup, the global badge's early-stable push, and this notice.
    const upcoming = await schedules.upcoming(scheduleUrlOf(settings));
    if (settings.notify) await deps.notify(stableSoonEvents(upcoming, watch, localDay(now())));
  }

  /** Runs a poll unless one is running; a trigger during a poll joins it. */
  function poll(): Promise<void> {
    polling ??= runPoll()
      .catch((error: unknown) => warn(`Release Radar: poll failed unexpectedly: ${String(error)}`))
      .finally(() => {
        polling = null;
        if (settingsChangedDuringPoll) {
          settingsChangedDuringPoll = false;
          void poll();
        }
      });
    return polling;
  }

  return {
    async ready() {
      await current();
    },
    pollNow: poll,
    async onInstalled(reason) {
      // Migrations belong to a new version (install, update), not to every wake of the worker: the sweep
      // reads all of storage.local. Earlier versions kept one key per milestone history.
      if (reason === "install" || reason === "update") {
        await store
          .sweep()
          .catch((e: unknown) => warn(`Release Radar: storage clean-up failed: ${String(e)}`));
      }
      await poll();
    },
    async onAlarm(name) {
      if (name !== POLL_ALARM) return;
      await current();
      await poll();
    },
    async onSettingsChanged(settings) {
      const s = await current();
      const switched = !sameService(serviceOf(s.settings), serviceOf(settings));
      s.settings = settings;
      s.platform = await resolvePlatform(settings);
      if (switched) {
        // The old service's answer, error and backoff are not this one's: start clean and poll at once.
        pollAbort?.abort();
        s.poll = freshPollState(serviceOf(settings), now());
        await store.set("pollState", s.poll);
      }
      await schedules.follow(scheduleUrlOf(settings));
      await show();
      await ensureAlarm(s);
      // Only another service needs asking: the stored answer holds every platform and channel of this one.
      // A switch during a poll (whose answer was aborted above) queues one poll: at most one in flight and
      // one queued, however many changes come at once.
      if (switched) {
        if (polling) settingsChangedDuringPoll = true;
        else await poll();
      }
      void pages.load(s);
    },
    async onTabUpdated(tabId, url, navigated) {
      const s = await current();
      // A navigation clears the browser's per-tab values; what the adapter remembers of the tab is gone with them.
      if (navigated) adapter.forgetTab(tabId);
      const context = pages.update(tabId, url);
      await show();
      if (context) await pages.load(s, context);
    },
    onTabRemoved(tabId) {
      pages.remove(tabId);
      adapter.forgetTab(tabId);
    },
    async onClicked() {
      const s = await current();
      if (s.settings.clickAction === "refresh") {
        s.refreshing = true;
        await show();
        try {
          await poll();
        } finally {
          s.refreshing = false;
          await show();
        }
      } else if (s.settings.clickAction === "open-notes") {
        const snapshot = snapshotOf(s.snapshot, serviceOf(s.settings));
        const newest = snapshot ? liveOn(snapshot, s.platform, s.settings.channel).newest : null;
        await deps.tabs.create({ url: releaseNotesUrl(newest ? milestoneOf(newest.version) : null) });
      }
    },
  };
}
