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
 *
 * The rest is delegated: what the worker knows (worker-state.ts), one poll at a time (poll-runner.ts), the
 * poll alarm (poll-alarm.ts), release
 * pages and their histories (release-pages.ts), milestone schedules (milestone-schedules.ts), what a poll
 * notifies (poll-notices.ts). Storage migrations run on install and update only (onInstalled).
 */
import { createClient, type VersionHistoryClient } from "../core/client/index.ts";
import type { MilestoneSchedule } from "../core/client/schedule-fields.ts";
import type { ThisBrowser } from "../shared/status/this-browser.ts";
import type { PlatformInfoLike } from "../shared/watch/device-platform.ts";
import { scheduleUrlOf, serviceOf, type Settings } from "../shared/store/settings.ts";
import { sameService, type ServiceId } from "../shared/store/snapshot.ts";
import type { EveryKeyStore as Store } from "../shared/store/keys.ts";
import { createActionAdapter, type ActionApi } from "./toolbar/action-adapter.ts";
import type { IconPainter } from "./toolbar/icon-paint.ts";
import { createMilestoneSchedules, type MilestoneSchedules } from "./schedule/milestone-schedules.ts";
import type { RolloutEvent } from "./notices/notify.ts";
import { createPollRunner, type PollRunner } from "./poll/poll-runner.ts";
import { createClockLook } from "./poll/clock-look.ts";
import { createPollAlarm, POLL_ALARM, type AlarmsLike, type PollAlarm } from "./poll/poll-alarm.ts";
import { createPollNotices } from "./poll/poll-notices.ts";
import { createReleasePages, type ReleasePages } from "./toolbar/release-pages.ts";
import { loadState, resolveWatch, type WorkerState } from "./poll/worker-state.ts";
import { freshPollState } from "./cache/backoff.ts";
import { releaseNotesUrl } from "./toolbar/tab-context.ts";
import { toolbarState } from "./toolbar/toolbar-state.ts";

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
  /** A clock that never jumps (performance.now): how long since the worker last looked at the wall clock. */
  readonly ticks?: () => number;
  readonly platformInfo: () => Promise<PlatformInfoLike>;
  readonly thisBrowser: () => Promise<ThisBrowser | undefined>;
  /** Shows notifications (deduplicated across restarts by the notifier). */
  readonly notify: (events: RolloutEvent[]) => Promise<unknown>;
  readonly warn: (message: string) => void;
}

/** What the worker knows now, for the answers asked of it (ask.ts). */
export interface Known {
  readonly state: Readonly<WorkerState>;
  /** The stored dates of the schedule the settings name. */
  readonly schedules: readonly MilestoneSchedule[];
}

export interface Controller {
  /** Loads stored state and shows it; idempotent (every handler awaits it). */
  ready(): Promise<void>;
  /** The loaded state and the followed schedule's dates: what is stored, without a request. */
  known(): Promise<Known>;
  /**
   * Polls now (browser start, the popup's retry). Resolves when the new state is shown, before the next
   * milestones' dates that follow it (settled()).
   */
  pollNow(): Promise<void>;
  /** Resolves when what follows the last poll (the next milestones' dates, their notice) is done. */
  settled(): Promise<void>;
  /** A page asks for a milestone's schedule (the answer page): its stored dates, else the schedule service's. */
  scheduleFor(milestone: number): Promise<void>;
  /** Installed, updated, or the browser updated (`runtime.onInstalled`'s reason): migrates storage, polls. */
  onInstalled(reason: string): Promise<void>;
  onAlarm(name: string): Promise<void>;
  onSettingsChanged(settings: Settings): Promise<void>;
  onTabUpdated(tabId: number, url: string | undefined, navigated: boolean): Promise<void>;
  onTabRemoved(tabId: number): void;
  onClicked(tabId: number | undefined): Promise<void>;
}

export function createController(deps: ControllerDeps): Controller {
  const { now, warn } = deps;
  const adapter = createActionAdapter(deps.action, {
    painter: deps.iconPainter ?? { ok: false, reason: "no icon painter" },
    warn,
    // The views are computed again without icons: the badge takes the share back.
    onIconsFailed: () => void show(),
  });
  const schedules = createMilestoneSchedules({ ...deps, show });
  const pages = createReleasePages({
    ...deps,
    client: clientFor,
    schedules,
    show,
    forgetTab: (tabId) => adapter.forgetTab(tabId),
  });
  const alarm = createPollAlarm(deps.alarms, now);
  const notices = createPollNotices({ notify: deps.notify, schedules, now });
  let state: WorkerState | null = null;
  let loading: Promise<WorkerState> | null = null;
  const runner = createPollRunner({
    ...deps,
    current,
    clientFor: (settings) => clientFor(settings),
    alarm,
    notices,
    show,
  });
  const poll = runner.poll;
  const clock = createClockLook({
    ...deps,
    alarm,
    ticks: deps.ticks ?? (() => performance.now()),
    polling: runner.running,
    poll: () => void poll(),
  });

  async function load(): Promise<WorkerState> {
    const [s, open] = await Promise.all([loadState(deps), deps.tabs.query({}).catch(() => [])]);
    pages.open(open);
    // The stored dates of this schedule: the global badge names an early-stable push by them.
    await schedules.follow(scheduleUrlOf(s.settings));
    // Before the state is out: an event meanwhile waits for load, not for a look half done.
    await clock.settle(s);
    state = s;
    await show();
    void pages.load(s);
    return s;
  }

  function current(): Promise<WorkerState> {
    if (!state) return (loading ??= load());
    const s = state;
    return clock.look(s).then(() => s);
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
        ...s,
        now: now(),
        tabs: pages.contexts,
        histories: pages.histories(s),
        schedules: schedules.shown,
        icons: adapter.iconsWork(),
      }),
    );
  }

  return handlersOf({ deps, current, show, runner, schedules, pages, alarm });
}

/** What createController wires together, which the handlers use. */
interface Wired {
  readonly deps: ControllerDeps;
  /** The loaded state, its clock looked at. */
  readonly current: () => Promise<WorkerState>;
  /** Shows what is stored on the toolbar. */
  readonly show: () => Promise<void>;
  readonly runner: PollRunner;
  readonly schedules: MilestoneSchedules;
  readonly pages: ReleasePages;
  readonly alarm: PollAlarm;
}

/** What the worker does for each event of the browser and each page's request. */
function handlersOf({ deps, current, show, runner, schedules, pages, alarm }: Wired): Controller {
  return {
    async ready() {
      await current();
    },
    async known() {
      return { state: await current(), schedules: [...schedules.shown.values()] };
    },
    pollNow: runner.poll,
    settled: runner.following,
    async scheduleFor(milestone) {
      const s = await current();
      await schedules.forMilestone(scheduleUrlOf(s.settings), milestone);
    },
    async onInstalled(reason) {
      if (reason === "install" || reason === "update") await migrate(deps.store, current, deps.warn);
      await runner.poll();
      await runner.following();
    },
    async onAlarm(name) {
      if (name !== POLL_ALARM) return;
      await current();
      await runner.poll();
      // The event lasts until what follows the poll is done: the browser may stop a worker between events.
      await runner.following();
    },
    async onSettingsChanged(settings) {
      const s = await current();
      const switched = !sameService(serviceOf(s.settings), serviceOf(settings));
      s.settings = settings;
      s.watch = await resolveWatch(deps, settings);
      if (switched) {
        // The old service's answer, error and backoff are not this one's: start clean and poll at once.
        runner.abort();
        s.poll = freshPollState(serviceOf(settings), deps.now());
        await deps.store.set("pollState", s.poll);
      }
      await schedules.follow(scheduleUrlOf(settings));
      await show();
      await alarm.ensure(s);
      // Only another service needs asking: the stored answer holds every platform and channel of this one.
      // A switch during a poll (whose answer was aborted above) queues one poll: at most one in flight and
      // one queued, however many changes come at once.
      if (switched) await runner.pollAfter();
      void pages.load(s);
    },
    async onTabUpdated(tabId, url, navigated) {
      await pages.onUpdated(await current(), tabId, url, navigated);
    },
    onTabRemoved: (tabId) => pages.onRemoved(tabId),
    async onClicked() {
      const s = await current();
      if (s.settings.clickAction === "refresh") {
        s.refreshing = true;
        await show();
        await runner.poll(); // never rejects: a poll's failures are its result, anything else is warned of
        s.refreshing = false;
        await show();
      } else if (s.settings.clickAction === "open-notes") {
        await deps.tabs.create({ url: releaseNotesUrl(s) });
      }
    },
  };
}

/**
 * What a new version (install, update) does to storage, not every wake of the worker: the sweep reads all of
 * storage.local (earlier versions kept one key per milestone history), and the snapshot's ETag is dropped.
 */
async function migrate(
  store: Store,
  current: () => Promise<WorkerState>,
  warn: (message: string) => void,
): Promise<void> {
  await store.sweep().catch((e: unknown) => warn(`Release Radar: storage clean-up failed: ${String(e)}`));
  const s = await current();
  // The first poll of a new version reads the whole answer, through its own checks (an answer's bounds may be
  // new): without the ETag, no 304 keeps what an earlier version stored.
  if (s.snapshot?.etag === undefined) return;
  const { etag: _, ...unvalidated } = s.snapshot;
  s.snapshot = unvalidated;
  // Stored too: a first poll that fails, and a worker woken later, must not revalidate it either.
  await store
    .set("snapshot", unvalidated)
    .catch((e: unknown) => warn(`Release Radar: could not store the snapshot: ${String(e)}`));
}
