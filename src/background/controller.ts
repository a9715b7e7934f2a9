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
import {
  createClient,
  createScheduleClient,
  MAX_RETRY_AFTER_MS,
  truncate,
  type MilestoneSchedule,
  type ScheduleClient,
  type VersionHistoryClient,
} from "../core/client/index.ts";
import { ReleaseRadarError } from "../core/errors.ts";
import { milestoneOf } from "../core/version.ts";
import { failureOf } from "../shared/failure-of.ts";
import type { ThisBrowser } from "../shared/browser-version.ts";
import type { MilestoneHistory } from "../shared/history.ts";
import { SCHEDULE_MAX_AGE_MS, scheduleEntry, withSchedule } from "../shared/schedules.ts";
import { daysToStable, localDay } from "../shared/countdown.ts";
import { liveOn } from "../shared/live.ts";
import type { PageContext } from "../shared/page-context.ts";
import { servicePlatform, type PlatformInfoLike } from "../shared/platform.ts";
import { pollStateOf, type PollState } from "../shared/poll-state.ts";
import { loadSettings, scheduleUrlOf, serviceOf, type Settings } from "../shared/settings.ts";
import { sameService, snapshotOf, type Snapshot } from "../shared/snapshot.ts";
import type { Store } from "../shared/storage.ts";
import { createActionAdapter, type ActionApi } from "./action-adapter.ts";
import type { IconPainter } from "./icon-paint.ts";
import { fetchMilestoneHistory } from "./milestone-history.ts";
import { rolloutEvents, stableSoonEvents, type RolloutEvent } from "./notify.ts";
import { pollLive, type PollResult } from "./poll.ts";
import { afterPoll, freshPollState } from "./schedule.ts";
import { tabContext } from "./tab-context.ts";
import { toolbarState } from "./toolbar-state.ts";

export const POLL_ALARM = "poll";

export interface AlarmsLike {
  get(name: string): Promise<{ scheduledTime: number; periodInMinutes?: number } | undefined>;
  create(name: string, info: { when: number; periodInMinutes: number }): Promise<void>;
}

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
  tabs: Map<number, PageContext>;
  /** Histories of the watched service and platform, by milestone. */
  histories: Map<number, MilestoneHistory>;
  /** Planned dates of the open release pages' milestones (stored copies until a fetch answers). */
  schedules: Map<number, MilestoneSchedule>;
  refreshing: boolean;
}

export interface Controller {
  /** Loads stored state and shows it; idempotent (every handler awaits it). */
  ready(): Promise<void>;
  /** Polls now (install, browser start, the popup's retry). Resolves when the new state is shown. */
  pollNow(): Promise<void>;
  onAlarm(name: string): Promise<void>;
  onSettingsChanged(settings: Settings): Promise<void>;
  onTabUpdated(tabId: number, url: string | undefined, navigated: boolean): Promise<void>;
  onTabRemoved(tabId: number): void;
  onClicked(tabId: number | undefined): Promise<void>;
}

export function createController(deps: ControllerDeps): Controller {
  const { store } = deps;
  const adapter = createActionAdapter(deps.action, {
    painter: deps.iconPainter ?? { ok: false, reason: "no icon painter" },
    warn: deps.warn,
    // The views are computed again without icons: the badge takes the share back.
    onIconsFailed: () => void show(),
  });
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  let polling: Promise<void> | null = null;
  /** Aborts the running poll: a change of service makes its answer worthless. */
  let pollAbort: AbortController | null = null;
  let settingsChangedDuringPoll = false;
  /** Milestones whose schedule is being loaded (loadSchedule). */
  const schedulesLoading = new Set<number>();
  /**
   * Milestone histories being fetched (loadHistory), by service, platform and milestone: a later call for the
   * same one joins it, and one for other settings starts its own (the running one is dropped when it ends).
   */
  const historiesLoading = new Map<string, Promise<void>>();

  async function resolvePlatform(settings: Settings): Promise<string> {
    return settings.platform === "auto" ? servicePlatform(await deps.platformInfo()) : settings.platform;
  }

  async function load(): Promise<State> {
    const settings = await loadSettings(store);
    const scheduleUrl = scheduleUrlOf(settings);
    const [platform, snapshot, poll, thisBrowser, open, storedSchedules] = await Promise.all([
      resolvePlatform(settings),
      store.get("snapshot"),
      store.get("pollState"),
      deps.thisBrowser().catch(() => undefined),
      deps.tabs.query({}).catch(() => []),
      store.get("schedules"),
      // Earlier versions kept one key per milestone history; the bounded list replaces them.
      store.sweep().catch((e: unknown) => deps.warn(`Release Radar: storage clean-up failed: ${String(e)}`)),
    ]);
    const tabs = new Map<number, PageContext>();
    for (const tab of open) {
      const context = tab.id === undefined || !tab.url ? null : tabContext(tab.url);
      if (context && tab.id !== undefined) tabs.set(tab.id, context);
    }
    return {
      settings,
      platform,
      snapshot,
      poll,
      thisBrowser,
      tabs,
      histories: new Map(),
      // The stored dates of this schedule: the global badge names an early-stable push by them.
      schedules: new Map(
        storedSchedules
          .filter((e) => e.scheduleUrl === scheduleUrl)
          .map((e) => [e.schedule.mstone, e.schedule]),
      ),
      refreshing: false,
    };
  }

  async function current(): Promise<State> {
    if (state) return state;
    loading ??= load().then(async (s) => {
      state = s;
      await show();
      await ensureAlarm();
      for (const context of s.tabs.values()) void loadPage(context);
      return s;
    });
    return loading;
  }

  /** A client of the service the settings name; throws (ReleaseRadarError) for a base URL it must not use. */
  function clientFor(settings: Settings): VersionHistoryClient {
    return createClient({
      baseUrl: settings.baseUrl,
      product: settings.product,
      fetch: deps.fetch,
      now: deps.now,
    });
  }

  /** A client of the milestone schedule the settings name; throws as clientFor does. */
  function scheduleClientFor(settings: Settings): ScheduleClient {
    return createScheduleClient({ baseUrl: scheduleUrlOf(settings), fetch: deps.fetch, now: deps.now });
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
        now: deps.now(),
        tabs: s.tabs,
        histories: s.histories,
        schedules: s.schedules,
        refreshing: s.refreshing,
        icons: adapter.iconsWork(),
        ...(s.thisBrowser ? { thisBrowser: s.thisBrowser } : {}),
      }),
    );
  }

  /**
   * Creates the poll alarm when it is missing, its period no longer matches, or it is due later than the
   * longest wait there is (a period, or a Retry-After honoured to its bound), alarms.get before create: a clock
   * set back leaves an alarm, and the stored next try, due far ahead, which the browser would keep across
   * restarts. The new one is due at the stored next try, never later than that longest wait.
   */
  async function ensureAlarm(): Promise<void> {
    if (!state) return;
    const alarm = await deps.alarms.get(POLL_ALARM);
    const period = state.settings.pollMinutes;
    const now = deps.now();
    const latest = now + Math.max(period * 60_000, MAX_RETRY_AFTER_MS);
    if (alarm && alarm.periodInMinutes === period && alarm.scheduledTime <= latest) return;
    const poll = pollStateOf(state.poll, serviceOf(state.settings));
    await deps.alarms.create(POLL_ALARM, {
      when: Math.min(Math.max(now, poll?.nextTry ?? now), latest),
      periodInMinutes: period,
    });
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
    if (result.ok) result = await keep(result);
    if (result.ok) s.snapshot = result.snapshot;
    s.poll = afterPoll(s.poll, result, service, settings.pollMinutes, deps.now());
    await store.set("pollState", s.poll);
    // The alarm is the schedule: success waits a full interval, a failure the backoff or Retry-After.
    await deps.alarms.create(POLL_ALARM, { when: s.poll.nextTry, periodInMinutes: settings.pollMinutes });
    await show();
    if (result.ok && result.changed && settings.notify) {
      const watch = { product: settings.product, platform: s.platform, channel: settings.channel };
      // rolloutEvents itself takes a previous snapshot of another service as no baseline.
      await deps.notify(rolloutEvents(previous, result.snapshot, watch));
    }
    await refreshUpcoming(settings);
  }

  /**
   * Stores a good answer; a refusal (storage's quota, which a large answer can pass in Chromium) is the
   * poll's failure, said, counted and backed off like any other, and the last good snapshot stays.
   */
  async function keep(result: PollResult & { ok: true }): Promise<PollResult> {
    try {
      await store.set("snapshot", result.snapshot);
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, failure: { kind: "storage", reason: truncate(reason, 120), details: reason } };
    }
  }

  /** How many milestones ahead the popup lists, and the background keeps the schedule of. */
  const UPCOMING = 3;

  /**
   * The next milestones' planned dates, for the popup and the "Stable tomorrow" notification: asked after
   * a poll only when fewer than UPCOMING stored ones from this schedule are fresh (SCHEDULE_MAX_AGE_MS) and
   * still ahead, so at most a few times a day. A failure keeps what is stored and says why in the console.
   */
  async function refreshUpcoming(settings: Settings): Promise<void> {
    const scheduleUrl = scheduleUrlOf(settings);
    const now = deps.now();
    const today = localDay(now);
    let entries = await store.get("schedules");
    const ahead = (e: (typeof entries)[number]) =>
      e.scheduleUrl === scheduleUrl && daysToStable(e.schedule, today) >= 0;
    if (entries.filter((e) => ahead(e) && now - e.fetchedAt < SCHEDULE_MAX_AGE_MS).length < UPCOMING) {
      try {
        const client = scheduleClientFor(settings);
        const next = await client.milestone("next");
        entries = withSchedule(entries, { scheduleUrl, fetchedAt: next.fetchedAt, schedule: next.schedule });
        // Counted, not bounded by the answer: the milestones after `next`, UPCOMING - 1 of them (the
        // client refuses a milestone past MAX_MILESTONE, which ends the loop with a failure).
        for (let i = 1; i < UPCOMING; i++) {
          const answer = await client.milestone(next.schedule.mstone + i);
          entries = withSchedule(entries, {
            scheduleUrl,
            fetchedAt: answer.fetchedAt,
            schedule: answer.schedule,
          });
        }
        await store.set("schedules", entries);
      } catch (error) {
        deps.warn(`Release Radar: no upcoming milestones from ${scheduleUrl}: ${String(error)}`);
      }
    }
    // The upcoming milestones' dates name an early-stable push on the global badge too.
    const s = state;
    if (s && scheduleUrlOf(s.settings) === scheduleUrl) {
      // Storage hands out new objects on every read: compared by their content, so an unchanged
      // schedule does not redraw the toolbar.
      const known = (e: (typeof entries)[number]): boolean =>
        JSON.stringify(s.schedules.get(e.schedule.mstone)) === JSON.stringify(e.schedule);
      const fresh = entries.filter((e) => ahead(e) && !known(e));
      for (const e of fresh) s.schedules.set(e.schedule.mstone, e.schedule);
      if (fresh.length > 0) await show();
    }
    if (settings.notify && state) {
      const watch = { product: settings.product, platform: state.platform, channel: settings.channel };
      await deps.notify(
        stableSoonEvents(
          entries.filter(ahead).map((e) => e.schedule),
          watch,
          today,
        ),
      );
    }
  }

  /** Runs a poll unless one is running; a trigger during a poll joins it. */
  function poll(): Promise<void> {
    polling ??= runPoll()
      .catch((error: unknown) => deps.warn(`Release Radar: poll failed unexpectedly: ${String(error)}`))
      .finally(() => {
        polling = null;
        if (settingsChangedDuringPoll) {
          settingsChangedDuringPoll = false;
          void poll();
        }
      });
    return polling;
  }

  /** What a release page's badge needs beyond the snapshot: its milestone's history and schedule. */
  async function loadPage(context: PageContext): Promise<void> {
    await Promise.all([loadHistory(context), loadSchedule(context)]);
  }

  /**
   * The milestone's planned dates: the stored copy at once, then the schedule's answer when the copy is
   * older than SCHEDULE_MAX_AGE_MS. A failed fetch keeps the copy (the last good dates) and says why once
   * in the console; without any copy the badge keeps its NEXT/channel text.
   */
  async function loadSchedule(context: PageContext): Promise<void> {
    const s = state;
    // A navigation reports several tab updates: one load per milestone at a time.
    if (!s || context.kind === "channel" || schedulesLoading.has(context.milestone)) return;
    const m = context.milestone;
    schedulesLoading.add(m);
    try {
      await loadScheduleOf(s, m);
    } finally {
      schedulesLoading.delete(m);
    }
  }

  async function loadScheduleOf(s: State, m: number): Promise<void> {
    const scheduleUrl = scheduleUrlOf(s.settings);
    const stored = scheduleEntry(await store.get("schedules"), scheduleUrl, m);
    if (stored && s.schedules.get(m) !== stored.schedule) {
      s.schedules.set(m, stored.schedule);
      await show();
    }
    if (stored && deps.now() - stored.fetchedAt < SCHEDULE_MAX_AGE_MS) return;
    try {
      const { schedule, fetchedAt } = await scheduleClientFor(s.settings).milestone(m);
      if (scheduleUrlOf(s.settings) !== scheduleUrl) return;
      await store.set(
        "schedules",
        withSchedule(await store.get("schedules"), { scheduleUrl, fetchedAt, schedule }),
      );
      s.schedules.set(m, schedule);
      await show();
    } catch (error) {
      deps.warn(`Release Radar: no schedule for milestone ${m} from ${scheduleUrl}: ${String(error)}`);
    }
  }

  /**
   * The milestone's history, fetched once however many tab updates a navigation reports ("loading", then
   * "complete"): a second call while one is running joins it.
   */
  function loadHistory(context: PageContext): Promise<void> {
    const s = state;
    if (!s || context.kind === "channel" || s.histories.has(context.milestone)) return Promise.resolve();
    const m = context.milestone;
    const key = JSON.stringify([s.settings.baseUrl, s.settings.product, s.platform, m]);
    let loading = historiesLoading.get(key);
    if (!loading) {
      loading = loadHistoryOf(s, m).finally(() => historiesLoading.delete(key));
      historiesLoading.set(key, loading);
    }
    return loading;
  }

  async function loadHistoryOf(s: State, milestone: number): Promise<void> {
    const { settings, platform } = s;
    try {
      const history = await fetchMilestoneHistory(
        {
          client: clientFor(settings),
          cache: { get: () => store.get("histories"), set: (entries) => store.set("histories", entries) },
          now: deps.now,
        },
        platform,
        milestone,
      );
      // The settings may have changed while it was fetched; a history of the old service or platform is dropped.
      if (s.settings !== settings || s.platform !== platform) return;
      s.histories.set(milestone, history);
      await show();
    } catch (error) {
      // Without history the per-tab title lacks dates but is otherwise right; the next page view tries again.
      deps.warn(`Release Radar: no history for milestone ${milestone}: ${String(error)}`);
    }
  }

  return {
    async ready() {
      await current();
    },
    pollNow: poll,
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
      s.histories.clear();
      s.schedules.clear();
      if (switched) {
        // The old service's answer, error and backoff are not this one's: start clean and poll at once.
        pollAbort?.abort();
        s.poll = freshPollState(serviceOf(settings), deps.now());
        await store.set("pollState", s.poll);
      }
      await show();
      await ensureAlarm();
      // Only another service needs asking: the stored answer holds every platform and channel of this one.
      // A switch during a poll (whose answer was aborted above) queues one poll: at most one in flight and
      // one queued, however many changes come at once.
      if (switched) {
        if (polling) settingsChangedDuringPoll = true;
        else await poll();
      }
      for (const context of s.tabs.values()) void loadPage(context);
    },
    async onTabUpdated(tabId, url, navigated) {
      const s = await current();
      // A navigation clears the browser's per-tab values; what the adapter remembers of the tab is gone with them.
      if (navigated) adapter.forgetTab(tabId);
      const context = url ? tabContext(url) : null;
      if (context) s.tabs.set(tabId, context);
      else s.tabs.delete(tabId);
      await show();
      if (context) await loadPage(context);
    },
    onTabRemoved(tabId) {
      state?.tabs.delete(tabId);
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
        const milestone = newest ? milestoneOf(newest.version) : null;
        await deps.tabs.create({
          url: milestone
            ? `https://developer.chrome.com/release-notes/${milestone}`
            : "https://developer.chrome.com/release-notes",
        });
      }
    },
  };
}
