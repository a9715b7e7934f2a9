/**
 * index.html's results: the status line, the table and "Load more", drawn from the loader's snapshots.
 * Scrolling near the end of the rows asks for the next page; a person's "Load more" or Retry does too, also
 * after a failed page (loader.ts). A failure is reported to the popup, which says it once per cause
 * above everything (problems.ts); the status line points there, and the rows on screen stay.
 */
import type { Failure } from "../../shared/status/failure.ts";
import { failureOf } from "../../shared/status/failure-of-error.ts";
import type { PageContext } from "../../shared/page/page-context.ts";
import { plural } from "../../shared/status/time.ts";
import { byId } from "../../shared/page/dom.ts";
import { contextText } from "./release-page.ts";
import type { ExplorerLoader, LoaderSnapshot } from "./loader.ts";
import type { ExplorerState } from "./state.ts";
import { bindResultsTable } from "./results-table-dom.ts";

export interface ResultsPanel {
  /** Draws a snapshot of the loader. */
  show(snapshot: LoaderSnapshot): void;
  /** Puts a word in the status line until the next snapshot. */
  say(text: string): void;
}

export interface ResultsOptions {
  /**
   * In a tab the list scrolls by itself and the next page loads as its end comes into view; in the popup the
   * list is as tall as its rows (the page scrolls), so more rows come only from "Load more".
   */
  readonly autoLoad: boolean;
  readonly initial: ExplorerState;
  /** The release page the popup was opened for, said while its query's rows are shown. */
  readonly context: PageContext | null;
  /** The UTC day the service's data ends, when known (explorer-dom.ts's ExplorerOptions.dataEnds). */
  readonly dataEnds?: () => string | null;
  /** A failure of the list (or null once a page arrives), with what retries it. */
  readonly report: (failure: Failure | null, retry: () => void) => void;
}

export function bindResults(loader: ExplorerLoader, options: ResultsOptions): ResultsPanel {
  const status = byId("results-status", HTMLElement);
  const loadMore = byId("load-more", HTMLButtonElement);
  const table = bindResultsTable(() => {
    if (options.autoLoad) void loader.loadMore({ auto: true });
  });
  const retry = (): void => void loader.retry();
  loadMore.addEventListener("click", () => void loader.loadMore());
  let shown = loader.current();

  function statusText({ loaded, querying, failure }: LoaderSnapshot): string {
    if (querying) return loaded ? "Updating…" : "Loading…";
    if (failure) {
      const what = failure.during === "more" ? "More rows could not load" : "The release list could not load";
      return `${what}: see the message at the top.${loaded ? " The rows below are from the last good answer." : ""}`;
    }
    if (!loaded) return "";
    const n = loaded.rows.length;
    const what = loaded.state.view === "releases" ? "release" : "version";
    const ends = n === 0 && loaded.state.startFrom !== "" ? (options.dataEnds?.() ?? null) : null;
    const count =
      n === 0
        ? `No ${what}s match.${
            ends !== null && ends < loaded.state.startFrom
              ? ` The service's data ends on ${ends}, before ${loaded.state.startFrom}: nothing newer is known.`
              : ""
          }`
        : `${plural(n, what)}${loaded.nextPageToken ? ", more on the service" : ""}.${
            loaded.extra
              ? ` The service sent ${loaded.extra.toLocaleString("en-US")} row${loaded.extra === 1 ? "" : "s"} more than asked for: not shown.`
              : ""
          }`;
    return options.context && loaded.state === options.initial
      ? `${count} Opened for ${contextText(options.context)}.`
      : count;
  }

  return {
    show(now) {
      const before = shown;
      shown = now;
      if (now.querying !== before.querying) table.setBusy(now.querying);
      if (now.loaded !== before.loaded && now.loaded !== null) {
        // A new answer's rows start at the top; another page's rows go under those on screen, and the same
        // rows gaining their changes links stay where the person scrolled.
        const fresh =
          now.loaded.pages === 1 && (before.loaded === null || before.loaded.url !== now.loaded.url);
        table.setRows(now.loaded.rows, now.loaded.state.view, fresh);
        // For the bench: when the first answer from the service is on screen (once per opening).
        if (performance.getEntriesByName("rr:first-results").length === 0)
          performance.mark("rr:first-results");
      }
      // A page that arrives withdraws the failure, as does a retry that starts.
      if (now.failure !== before.failure || now.loaded !== before.loaded) {
        options.report(now.failure && failureOf(now.failure.error), retry);
      }
      loadMore.hidden = !now.loaded?.nextPageToken;
      // While a new query is on its way the rows on screen are about to go: more of them would be asked for
      // nothing (the loader ignores it), so the button waits for the new answer.
      loadMore.disabled = now.loadingMore || now.querying;
      loadMore.textContent = now.loadingMore ? "Loading…" : "Load more";
      status.textContent = statusText(now);
    },
    say(text) {
      status.textContent = text;
    },
  };
}
