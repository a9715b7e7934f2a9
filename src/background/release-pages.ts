/**
 * The open release pages: each tab's context (tab-context.ts), and what its badge needs beyond the snapshot,
 * its milestone's history and schedule, asked for when a page opens and when the settings change. Answers
 * for other settings are kept under their own service and platform, never shown as the watched one's.
 */
import type { MilestoneHistory } from "../shared/history.ts";
import type { PageContext } from "../shared/page-context.ts";
import { scheduleUrlOf, type Settings } from "../shared/settings.ts";
import type { CachedResource } from "./cached-resource.ts";
import type { HistoryAt } from "./milestone-history.ts";
import type { MilestoneSchedules } from "./milestone-schedules.ts";
import { tabContext } from "./tab-context.ts";

/** What the pages are shown for: the settings, with the platform they resolve to. */
export interface PageWatch {
  readonly settings: Settings;
  readonly platform: string;
}

export interface ReleasePages {
  /** The contexts of the open tabs that show a release page, by tab id. */
  readonly contexts: ReadonlyMap<number, PageContext>;
  /** The tab now shows `url`: its context, or null (and forgotten) when that is no release page. */
  update(tabId: number, url: string | undefined): PageContext | null;
  remove(tabId: number): void;
  /** Asks for what `context` needs, or every open page when none is given; resolves when it is shown. */
  load(watch: PageWatch, context?: PageContext): Promise<void>;
  /** The kept histories of the open pages' milestones, of the watched service and platform. */
  histories(watch: PageWatch): Map<number, MilestoneHistory>;
}

export function createReleasePages(deps: {
  readonly histories: CachedResource<HistoryAt, MilestoneHistory>;
  readonly schedules: MilestoneSchedules;
  /** Shows the toolbar again: a history arrived. */
  readonly show: () => Promise<void>;
}): ReleasePages {
  const contexts = new Map<number, PageContext>();
  const historyAt = ({ settings, platform }: PageWatch, milestone: number): HistoryAt => ({
    baseUrl: settings.baseUrl,
    product: settings.product,
    platform,
    milestone,
  });

  async function loadHistory(watch: PageWatch, milestone: number): Promise<void> {
    const at = historyAt(watch, milestone);
    const before = deps.histories.peek(at)?.last;
    // The kept value is one object until a request answers again: the same one is not shown again.
    if ((await deps.histories.get(at)).last !== (before ?? null)) await deps.show();
  }

  return {
    contexts,
    update(tabId, url) {
      const context = url ? tabContext(url) : null;
      if (context) contexts.set(tabId, context);
      else contexts.delete(tabId);
      return context;
    },
    remove(tabId) {
      contexts.delete(tabId);
    },
    async load(watch, context) {
      const milestones = new Set<number>();
      for (const c of context ? [context] : contexts.values())
        if (c.kind !== "channel") milestones.add(c.milestone);
      await Promise.all(
        [...milestones].flatMap((m) => [
          loadHistory(watch, m),
          deps.schedules.forMilestone(scheduleUrlOf(watch.settings), m),
        ]),
      );
    },
    histories(watch) {
      const found = new Map<number, MilestoneHistory>();
      for (const c of contexts.values()) {
        if (c.kind === "channel") continue;
        const history = deps.histories.peek(historyAt(watch, c.milestone))?.last;
        if (history) found.set(c.milestone, history.value);
      }
      return found;
    },
  };
}
