/**
 * The open release pages: each tab's context (tab-context.ts), and what its badge needs beyond the snapshot,
 * its milestone's history and schedule, asked for when a page opens and when the settings change. Answers
 * for other settings are kept under their own service and platform, never shown as the watched one's.
 */
import type { MilestoneHistory } from "../../shared/store/histories.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";
import type { PageContext } from "../../shared/page/page-context.ts";
import { scheduleUrlOf, type Settings } from "../../shared/store/settings.ts";
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import { storedWaits } from "../cache/failure-wait.ts";
import { createMilestoneHistories, type HistoryAt, type HistoryDeps } from "../schedule/milestone-history.ts";
import type { MilestoneSchedules } from "../schedule/milestone-schedules.ts";
import { tabContext } from "./tab-context.ts";

/** What the pages are shown for: the settings, and the watch they resolve to. */
export interface PageWatch {
  readonly settings: Settings;
  readonly watch: Watch;
}

export interface ReleasePages {
  /** The contexts of the open tabs that show a release page, by tab id. */
  readonly contexts: ReadonlyMap<number, PageContext>;
  /** The tabs open when the worker starts. */
  open(tabs: readonly { id?: number | undefined; url?: string | undefined }[]): void;
  /** The tab now shows `url` (`navigated`: a navigation began): shown again, and its page's data asked for. */
  onUpdated(watch: PageWatch, tabId: number, url: string | undefined, navigated: boolean): Promise<void>;
  onRemoved(tabId: number): void;
  /** Asks for what the open pages need, for the watched service and platform; resolves when it is shown. */
  load(watch: PageWatch): Promise<void>;
  /** The kept histories of the open pages' milestones, of the watched service and platform. */
  histories(watch: PageWatch): Map<number, MilestoneHistory>;
}

export interface PagesDeps extends Omit<HistoryDeps, "cache"> {
  /** Holds the `histories` list. */
  readonly store: Store;
  readonly schedules: MilestoneSchedules;
  /** Shows the toolbar again: a tab changed, or a history arrived. */
  readonly show: () => Promise<void>;
  /** The tab's per-tab values are gone (a navigation cleared them, or it closed): the adapter forgets them. */
  readonly forgetTab: (tabId: number) => void;
}

export function createReleasePages(deps: PagesDeps): ReleasePages {
  const { store } = deps;
  const contexts = new Map<number, PageContext>();
  const histories = createMilestoneHistories({
    ...deps,
    cache: { get: () => store.get("histories"), set: (entries) => store.set("histories", entries) },
    waits: storedWaits(store),
  });
  const historyAt = ({ settings, watch }: PageWatch, milestone: number): HistoryAt => ({
    baseUrl: settings.baseUrl,
    product: watch.product,
    platform: watch.platform,
    milestone,
  });

  function track(tabId: number, url: string | undefined): PageContext | null {
    const context = url ? tabContext(url) : null;
    if (context) contexts.set(tabId, context);
    else contexts.delete(tabId);
    return context;
  }

  async function loadHistory(watch: PageWatch, milestone: number): Promise<void> {
    const at = historyAt(watch, milestone);
    const before = histories.peek(at)?.last;
    // The kept value is one object until a request answers again: the same one is not shown again.
    if ((await histories.get(at)).last !== (before ?? null)) await deps.show();
  }

  /** A navigation reports several tab updates: the resources join the requests already on their way. */
  async function load(watch: PageWatch, pages: Iterable<PageContext>): Promise<void> {
    const milestones = new Set<number>();
    for (const c of pages) if (c.kind !== "channel") milestones.add(c.milestone);
    await Promise.all(
      [...milestones].flatMap((m) => [
        loadHistory(watch, m),
        deps.schedules.forMilestone(scheduleUrlOf(watch.settings), m),
      ]),
    );
  }

  return {
    contexts,
    open(tabs) {
      for (const tab of tabs) if (tab.id !== undefined) track(tab.id, tab.url);
    },
    async onUpdated(watch, tabId, url, navigated) {
      if (navigated) deps.forgetTab(tabId);
      const context = track(tabId, url);
      await deps.show();
      if (context) await load(watch, [context]);
    },
    onRemoved(tabId) {
      contexts.delete(tabId);
      deps.forgetTab(tabId);
    },
    load: (watch) => load(watch, contexts.values()),
    histories(watch) {
      const found = new Map<number, MilestoneHistory>();
      for (const c of contexts.values()) {
        if (c.kind === "channel") continue;
        const history = histories.peek(historyAt(watch, c.milestone))?.last;
        if (history) found.set(c.milestone, history.value);
      }
      return found;
    },
  };
}
