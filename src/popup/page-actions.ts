/**
 * What the popup's parts and buttons ask the page to do: a check, a watch change, a part's failure reported
 * and tried again. Each moves the page's state (page-store.ts) while it is under way and once it is answered.
 */
import { messageOf } from "../core/errors.ts";
import type { Failure } from "../shared/status/failure.ts";
import type { Source } from "./glance/problems.ts";
import { checkAnswered, checkAsked, partReported, watchSaved, watchSaving } from "./page-state.ts";
import type { PageStore } from "./page-store.ts";
import type { PopupApi } from "./popup-api.ts";

export interface PageActions {
  /** Asks the worker to poll now; the header says so meanwhile and keeps showing what it had. */
  readonly refresh: () => Promise<void>;
  /** Changes what the toolbar watches; the worker polls, stores and the page redraws from storage. */
  readonly watch: (changes: { platform?: string; channel?: string }) => Promise<void>;
  /** What the explorer and the chart call when their request fails (a Failure) or succeeds (null). */
  readonly report: (source: Source, failure: Failure | null, retry: () => void) => void;
  /** A banner's Retry: the check is asked again, a part tries its request again. */
  readonly retry: (sources: readonly Source[]) => void;
  /**
   * Told whether the service's own check is failing at each draw: when it stops, the parts that failed try
   * again rather than wait for a click, so a banner goes away when its cause does.
   */
  readonly serviceFailing: (failing: boolean) => void;
}

/** `reload` reads storage again and draws it if it changed. */
export function createActions(
  api: Pick<PopupApi, "checkNow" | "saveWatch">,
  page: PageStore,
  reload: () => Promise<void>,
): PageActions {
  /** How each failed part tries again. */
  const retryers = new Map<Source, () => void>();
  let failing = false;

  async function refresh(): Promise<void> {
    if (page.get().refreshing) return;
    page.apply(checkAsked);
    let failure: Failure | null = null;
    try {
      await api.checkNow();
    } catch (e) {
      // Not a failure of the service: the worker itself did not answer (it is being updated, say).
      failure = {
        kind: "unexpected",
        details: `Could not ask the service worker for a check: ${messageOf(e)}`,
      };
    }
    // Drawn now: storage's answer may already be drawn (its change event can come before this reply), and
    // then reload() has nothing new to draw, which would leave "Checking…" on the button.
    page.apply((state) => checkAnswered(state, failure));
    await reload();
  }

  return {
    refresh,
    async watch(changes) {
      page.apply(watchSaving);
      let error: string | null = null;
      try {
        await api.saveWatch(changes);
      } catch (e) {
        error = messageOf(e);
      }
      // As in refresh(): the status changed whether or not storage's answer has.
      page.apply((state) => watchSaved(state, error));
      await reload();
    },
    report(source, failure, retry) {
      retryers.set(source, retry);
      page.apply((state) => partReported(state, source, failure));
    },
    retry(sources) {
      for (const source of sources) {
        if (source === "check") void refresh();
        else retryers.get(source)?.();
      }
    },
    serviceFailing(now) {
      const recovered = failing && !now;
      // Noted before retrying: a retry reports back, which draws again.
      failing = now;
      if (recovered) for (const source of [...page.get().reported.keys()]) retryers.get(source)?.();
    },
  };
}
