/**
 * The service worker's behaviour, with every effect passed in (STYLE.md), so unit tests drive it with fakes
 * and the entry file only wires `chrome.*` to it.
 *
 *   start ──► load settings, snapshot, poll state, open tabs ──► show ──► ensure alarm
 *     │                                                                    │
 *     └─ install / browser start / settings change / alarm due / refresh ──► poll ──► store ──► show
 *
 * Polls never overlap: a trigger during a poll waits for it and then polls once more only if the settings
 * changed meanwhile (a duplicate alarm firing during a poll is dropped). What is shown is always recomputed
 * from stored state (desiredAction), never read back from the toolbar.
 */
import { createClient, type VersionHistoryClient } from "../core/client/index.ts";
import { ReleaseRadarError } from "../core/errors.ts";
import { milestoneOf } from "../core/version.ts";
import { createActionAdapter, type ActionApi } from "./action-adapter.ts";
import { desiredAction, historyKey } from "./desired.ts";
import { fetchMilestoneHistory, type MilestoneHistory } from "./milestone-history.ts";
import type { Settings, TabContext } from "./model.ts";
import { rolloutEvents, type RolloutEvent } from "./notify.ts";
import { servicePlatform, type PlatformInfoLike } from "./platform.ts";
import { pollLive } from "./poll.ts";
import { isPollState, type PollState } from "./poll-state.ts";
import { afterPoll } from "./schedule.ts";
import { isFrom, liveOf, type Snapshot } from "./snapshot.ts";
import { loadSnapshot, saveSnapshot, type StorageAreaLike } from "./storage.ts";
import { tabContext } from "./tab-context.ts";

export const POLL_ALARM = "poll";
const POLL_STATE_KEY = "pollState";

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
  /** storage.local: snapshot, poll state, milestone histories. */
  readonly local: StorageAreaLike;
  readonly loadSettings: () => Promise<Settings>;
  readonly alarms: AlarmsLike;
  readonly tabs: TabsLike;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly platformInfo: () => Promise<PlatformInfoLike>;
  readonly browserVersion: () => Promise<string | undefined>;
  readonly formatTime: (ms: number) => string;
  /** Shows notifications (deduplicated across restarts by the notifier). */
  readonly notify: (events: RolloutEvent[]) => Promise<unknown>;
  readonly warn: (message: string) => void;
}

interface State {
  settings: Settings;
  platform: string;
  snapshot: Snapshot | null;
  poll: PollState | null;
  browserVersion: string | undefined;
  tabs: Map<number, TabContext>;
  histories: Map<string, MilestoneHistory>;
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
  const adapter = createActionAdapter(deps.action);
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  let polling: Promise<void> | null = null;
  let settingsChangedDuringPoll = false;

  async function resolvePlatform(settings: Settings): Promise<string> {
    return settings.platform === "auto" ? servicePlatform(await deps.platformInfo()) : settings.platform;
  }

  async function load(): Promise<State> {
    const settings = await deps.loadSettings();
    const [platform, snapshot, stored, browserVersion, open] = await Promise.all([
      resolvePlatform(settings),
      loadSnapshot(deps.local),
      deps.local.get(POLL_STATE_KEY),
      deps.browserVersion().catch(() => undefined),
      deps.tabs.query({}).catch(() => []),
    ]);
    const storedPoll = stored[POLL_STATE_KEY];
    const tabs = new Map<number, TabContext>();
    for (const tab of open) {
      const context = tab.id === undefined || !tab.url ? null : tabContext(tab.url);
      if (context && tab.id !== undefined) tabs.set(tab.id, context);
    }
    return {
      settings,
      platform,
      snapshot,
      poll: isPollState(storedPoll) ? storedPoll : null,
      browserVersion,
      tabs,
      histories: new Map(),
      refreshing: false,
    };
  }

  async function current(): Promise<State> {
    if (state) return state;
    loading ??= load().then(async (s) => {
      state = s;
      await show();
      await ensureAlarm();
      for (const context of s.tabs.values()) void loadHistory(context);
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

  /**
   * The stored snapshot when it is of the service and product the settings name. One of another (the settings
   * changed) is kept, but not shown as this one's.
   */
  function watchedSnapshot(s: State): Snapshot | null {
    return isFrom(s.snapshot, s.settings.baseUrl, s.settings.product) ? s.snapshot : null;
  }

  async function show(): Promise<void> {
    if (!state) return;
    const s = state;
    await adapter.apply(
      desiredAction({
        settings: s.settings,
        platform: s.platform,
        snapshot: watchedSnapshot(s),
        poll: s.poll,
        now: deps.now(),
        tabs: s.tabs,
        histories: s.histories,
        refreshing: s.refreshing,
        formatTime: deps.formatTime,
        ...(s.browserVersion ? { browserVersion: s.browserVersion } : {}),
      }),
    );
  }

  /** Creates the poll alarm when it is missing or its period no longer matches (alarms.get before create). */
  async function ensureAlarm(): Promise<void> {
    if (!state) return;
    const alarm = await deps.alarms.get(POLL_ALARM);
    if (alarm && alarm.periodInMinutes === state.settings.pollMinutes) return;
    await deps.alarms.create(POLL_ALARM, {
      when: Math.max(deps.now(), state.poll?.nextTry ?? deps.now()),
      periodInMinutes: state.settings.pollMinutes,
    });
  }

  async function runPoll(): Promise<void> {
    const s = await current();
    const { settings } = s;
    let result: Awaited<ReturnType<typeof pollLive>>;
    try {
      result = await pollLive(clientFor(settings), s.snapshot);
    } catch (error) {
      // createClient refuses a base URL it must not use (plain http off this machine, a malformed URL).
      if (!(error instanceof ReleaseRadarError)) throw error;
      result = { ok: false, error: error.message };
    }
    const previous = s.snapshot;
    if (result.ok) {
      s.snapshot = result.snapshot;
      await saveSnapshot(deps.local, result.snapshot);
    }
    s.poll = afterPoll(s.poll, result, settings.pollMinutes, deps.now());
    await deps.local.set({ [POLL_STATE_KEY]: s.poll });
    // The alarm is the schedule: success waits a full interval, a failure the backoff or Retry-After.
    await deps.alarms.create(POLL_ALARM, { when: s.poll.nextTry, periodInMinutes: settings.pollMinutes });
    await show();
    if (result.ok && result.changed && settings.notify) {
      const watch = { product: settings.product, platform: s.platform, channel: settings.channel };
      // rolloutEvents itself takes a previous snapshot of another service as no baseline.
      await deps.notify(rolloutEvents(previous, result.snapshot, watch));
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

  async function loadHistory(context: TabContext): Promise<void> {
    const s = state;
    if (!s || context.kind === "channel") return;
    const key = historyKey(s.platform, context.milestone);
    if (s.histories.has(key)) return;
    try {
      const history = await fetchMilestoneHistory(
        {
          client: clientFor(s.settings),
          cache: {
            get: async (k) => (await deps.local.get(k))[k],
            set: (k, v) => deps.local.set({ [k]: v }),
          },
          now: deps.now,
        },
        s.platform,
        context.milestone,
      );
      s.histories.set(key, history);
      await show();
    } catch (error) {
      // Without history the per-tab title lacks dates but is otherwise right; the next page view tries again.
      deps.warn(`Release Radar: no history for milestone ${context.milestone}: ${String(error)}`);
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
      s.settings = settings;
      s.platform = await resolvePlatform(settings);
      s.histories.clear();
      await show();
      await ensureAlarm();
      if (polling) settingsChangedDuringPoll = true;
      else await poll();
    },
    async onTabUpdated(tabId, url, navigated) {
      const s = await current();
      // A navigation clears Chrome's per-tab values; what the adapter remembers of the tab is gone with them.
      if (navigated) adapter.forgetTab(tabId);
      const context = url ? tabContext(url) : null;
      if (context) s.tabs.set(tabId, context);
      else s.tabs.delete(tabId);
      await show();
      if (context) await loadHistory(context);
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
        const snapshot = watchedSnapshot(s);
        const newest = snapshot ? liveOf(snapshot, s.platform, s.settings.channel)[0] : undefined;
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
