/**
 * index.html's results: the status line, the failure banner with its Retry, the table and "Load more", drawn
 * from the loader's snapshots. Scrolling near the end of the rows asks for the next page; a person's "Load
 * more" or Retry does too, also after a failed page (explorer-loader.ts).
 */
import { byId } from "./dom.ts";
import type { ExplorerLoader, LoadFailure, LoaderSnapshot } from "./explorer-loader.ts";
import { failureText } from "./failure.ts";
import type { ExplorerState } from "./model.ts";
import { bindResultsTable } from "./results-view.ts";

export interface ResultsPanel {
  /** Draws a snapshot of the loader. */
  show(snapshot: LoaderSnapshot): void;
  /** Says a problem the loader does not know of (a request that cannot be built), without a Retry. */
  showProblem(message: string): void;
  /** Puts a word in the status line until the next snapshot. */
  say(text: string): void;
}

export interface OpenedFor {
  readonly initial: ExplorerState;
  /** The release page the popup was opened for (`milestone 120`), said while its query's rows are shown. */
  readonly context: string | null;
}

export function bindResults(loader: ExplorerLoader, opened: OpenedFor): ResultsPanel {
  const status = byId("results-status", HTMLElement);
  const banner = byId("results-error", HTMLElement);
  const bannerMessage = byId("results-error-message", HTMLElement);
  const retry = byId("results-retry", HTMLButtonElement);
  const loadMore = byId("load-more", HTMLButtonElement);
  const table = bindResultsTable(() => void loader.loadMore({ auto: true }));
  retry.addEventListener("click", () => void loader.retry());
  loadMore.addEventListener("click", () => void loader.loadMore());
  let shown = loader.current();

  /** Shows a failure above the rows (which stay), with Retry when `retryable`; null hides the banner. */
  function showBanner(message: string | null, retryable: boolean): void {
    banner.hidden = message === null;
    bannerMessage.textContent = message ?? "";
    retry.hidden = !retryable;
  }

  function failureMessage(failure: LoadFailure): string {
    const text = failureText(failure.error);
    return failure.during === "more" ? `Loading more rows failed: ${text}` : text;
  }

  function statusText({ loaded, querying }: LoaderSnapshot): string {
    if (querying) return loaded ? "Updating…" : "Loading…";
    if (!loaded) return "";
    const n = loaded.rows.length;
    const what = loaded.state.view === "releases" ? "release" : "version";
    const count =
      n === 0
        ? `No ${what}s match.`
        : `${n} ${what}${n === 1 ? "" : "s"}${loaded.nextPageToken ? ", more on the service" : ""}.`;
    return opened.context && loaded.state === opened.initial
      ? `${count} Opened for ${opened.context}.`
      : count;
  }

  return {
    show(now) {
      const before = shown;
      shown = now;
      if (now.querying !== before.querying) table.setBusy(now.querying);
      if (now.loaded !== before.loaded && now.loaded !== null) {
        // A new query's rows start at the top; another page's rows go under those on screen.
        table.setRows(now.loaded.rows, now.loaded.state.view, now.loaded.pages === 1);
        // For the bench: when the first answer from the service is on screen (once per opening).
        if (performance.getEntriesByName("rr:first-results").length === 0)
          performance.mark("rr:first-results");
      }
      // A page that arrives clears any failure shown, the loader's or not.
      if (now.failure !== before.failure || now.loaded !== before.loaded) {
        showBanner(now.failure && failureMessage(now.failure), now.failure !== null);
      }
      loadMore.hidden = !now.loaded?.nextPageToken;
      loadMore.disabled = now.loadingMore;
      loadMore.textContent = now.loadingMore ? "Loading…" : "Load more";
      status.textContent = statusText(now);
    },
    showProblem(message) {
      showBanner(message, false);
    },
    say(text) {
      status.textContent = text;
    },
  };
}
