/**
 * The release explorer (issue 4, "Explorer" and "Results"): controls, the advanced filter field, the exact
 * request URL, the results list with paging, and the rollout chart. Started after the header's first paint.
 *
 *   edit (control / advanced field) ──► state ──► controls, field text, URL, chart, saved (debounced)
 *                                         │
 *                                         └─ valid? ──no──► errors at the fields; rows on screen stay
 *                                              │ yes
 *                                              ▼
 *            query (text edits wait 300 ms; a newer query aborts an older one)
 *              ├─ ok ────► rows replaced, nextPageToken kept
 *              └─ fails ─► message in the results' banner with Retry; rows on screen stay
 *
 *   scrolled near the end, or "Load more" ──► next page (same query) ──► rows appended
 *
 * A failed "load more" stops automatic loading until Retry, so a failing service is not hammered by scrolling.
 */
import { createClient } from "../core/client/index.ts";
import type { InvalidQueryError } from "../core/errors.ts";
import type { ReleaseResource, VersionResource } from "../core/types.ts";
import { advancedErrorView } from "./advanced-error.ts";
import { bindChartPanel } from "./chart-panel.ts";
import { byId, el } from "./dom.ts";
import { failureText } from "./failure.ts";
import { advancedText, applyAdvanced } from "./explorer-advanced.ts";
import { bindControls } from "./explorer-controls.ts";
import { stateToFilter, stateToOrderBy } from "./explorer-filter.ts";
import { controlErrors } from "./explorer-validation.ts";
import type { ExplorerState } from "./model.ts";
import { curlCommand, requestUrl } from "./request-url.ts";
import { resultRows, type LoadedItems, type ResultRow } from "./results-rows.ts";
import { bindResultsTable } from "./results-view.ts";

/** Rows per request: a screenful many times over, and small enough to arrive quickly. */
export const PAGE_SIZE = 200;
/** Typing pauses this long before its query is sent. */
const TYPING_DELAY_MS = 300;
/** State changes are saved this long after the last one. */
const SAVE_DELAY_MS = 400;

export interface ExplorerOptions {
  readonly baseUrl: string;
  readonly initial: ExplorerState;
  /** Said above the results when the popup was opened for a release page (`milestone 120`). */
  readonly context: string | null;
  readonly save: (state: ExplorerState) => Promise<void>;
  readonly copy: (text: string) => Promise<void>;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
}

/** Where a state change came from: the first show is not saved; typing waits before it queries. */
type Source = "initial" | "control" | "typing" | "advanced";

/** What is loaded: the query it answers, its items and the token of the page after them. */
interface Loaded {
  readonly state: ExplorerState;
  readonly url: string;
  readonly items: LoadedItems;
  readonly rows: readonly ResultRow[];
  readonly nextPageToken: string;
}

/** Runs the explorer of index.html's `#explorer`, starting from `options.initial`. */
export function startExplorer(options: ExplorerOptions): void {
  const { baseUrl } = options;
  let state = options.initial;
  let loaded: Loaded | null = null;
  /** The first-page URL being fetched, to skip asking again for the same thing. */
  let pendingUrl: string | null = null;
  let query: AbortController | null = null;
  let more: AbortController | null = null;
  let moreFailed = false;
  let queryTimer = 0;
  let saveTimer = 0;
  let retry: () => void = () => undefined;

  const controls = bindControls((next) => {
    const active = document.activeElement;
    const typing = active instanceof HTMLInputElement && (active.type === "text" || active.type === "number");
    update(next, typing ? "typing" : "control");
  });
  const chart = bindChartPanel({
    baseUrl,
    now: options.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const table = bindResultsTable(() => {
    if (!moreFailed) void loadMore();
  });

  // The advanced field: the service's filter syntax, in step with the controls.
  const advanced = byId("advanced", HTMLInputElement);
  const advancedError = byId("advanced-error", HTMLElement);
  advanced.addEventListener("input", () => {
    const result = applyAdvanced(advanced.value, state);
    showAdvancedError(result.ok ? null : result.error);
    if (result.ok) update(result.state, "advanced");
  });
  advanced.addEventListener("change", () => {
    // Leaving a valid field shows it the way the service will read it.
    if (!advanced.hasAttribute("aria-invalid")) advanced.value = advancedText(state);
  });

  // The exact request, and copies of it.
  const urlText = byId("request-url", HTMLElement);
  const copyStatus = byId("copy-status", HTMLElement);
  const onCopy = (what: string, text: () => string) => () => {
    options.copy(text()).then(
      () => (copyStatus.textContent = `${what} copied`),
      (e: unknown) => (copyStatus.textContent = `Could not copy: ${failureText(e)}`),
    );
  };
  byId("copy-url", HTMLButtonElement).addEventListener(
    "click",
    onCopy("URL", () => urlText.textContent),
  );
  byId("copy-curl", HTMLButtonElement).addEventListener(
    "click",
    onCopy("curl command", () => curlCommand(urlText.textContent)),
  );

  // Results.
  const status = byId("results-status", HTMLElement);
  const error = byId("results-error", HTMLElement);
  const errorMessage = byId("results-error-message", HTMLElement);
  byId("results-retry", HTMLButtonElement).addEventListener("click", () => {
    error.hidden = true;
    retry();
  });
  const loadMoreButton = byId("load-more", HTMLButtonElement);
  loadMoreButton.addEventListener("click", () => {
    moreFailed = false;
    void loadMore();
  });

  function update(next: ExplorerState, source: Source): void {
    state = next;
    const errors = controlErrors(state);
    controls.show(state, errors);
    if (source !== "advanced") {
      advanced.value = advancedText(state);
      showAdvancedError(null);
    }
    let url = "";
    try {
      url = requestUrl(baseUrl, state, PAGE_SIZE);
    } catch (e) {
      showError(`The request cannot be built: ${e instanceof Error ? e.message : String(e)}`, null);
    }
    urlText.textContent = url;
    copyStatus.textContent = "";
    chart(state);
    if (source !== "initial") scheduleSave();
    clearTimeout(queryTimer);
    if (Object.keys(errors).length > 0) {
      status.textContent =
        "Fix the marked fields to update the results; the rows below are from the last good query.";
      return;
    }
    if (url === "") return;
    if (source === "control" || source === "initial") void runQuery(false);
    else queryTimer = window.setTimeout(() => void runQuery(false), TYPING_DELAY_MS);
  }

  function showAdvancedError(e: InvalidQueryError | null): void {
    if (e === null) {
      advanced.removeAttribute("aria-invalid");
      advancedError.replaceChildren();
      return;
    }
    const view = advancedErrorView(advanced.value, e);
    advanced.setAttribute("aria-invalid", "true");
    advancedError.replaceChildren(
      el("span", {}, view.message),
      // The text again with the wrong clause marked (an empty clause gets a visible gap to mark).
      el(
        "span",
        { class: "mirror mono", "aria-hidden": "true" },
        view.before,
        el("mark", {}, view.clause || " "),
        view.after,
      ),
    );
  }

  function scheduleSave(): void {
    clearTimeout(saveTimer);
    saveTimer = window.setTimeout(save, SAVE_DELAY_MS);
  }

  function save(): void {
    saveTimer = 0;
    options.save(state).catch((e: unknown) => console.warn("explorer: could not save the filters", e));
  }

  // A popup closes as soon as it loses focus: a save still waiting for its pause is done at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && saveTimer !== 0) {
      clearTimeout(saveTimer);
      save();
    }
  });

  /** One page of the query `of` says. */
  async function fetchPage(
    of: ExplorerState,
    signal: AbortSignal,
    pageToken?: string,
  ): Promise<{ items: readonly (ReleaseResource | VersionResource)[]; nextPageToken: string }> {
    const client = createClient({
      baseUrl,
      product: of.product,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    const query = {
      platform: of.platform,
      channel: of.channel,
      filter: stateToFilter(of),
      orderBy: stateToOrderBy(of),
      pageSize: PAGE_SIZE,
      signal,
      ...(pageToken ? { pageToken } : {}),
    };
    const page = await (of.view === "releases"
      ? client.releasesPage({ ...query, version: "all" })
      : client.versionsPage(query));
    // Never conditional, so never "not-modified" (the client reports an unasked-for 304 as an HttpError).
    return page.status === "ok" ? page : { items: [], nextPageToken: "" };
  }

  async function runQuery(force: boolean): Promise<void> {
    const of = state;
    const url = requestUrl(baseUrl, of, PAGE_SIZE);
    if (!force && (url === pendingUrl || (pendingUrl === null && url === loaded?.url))) {
      showLoaded();
      return;
    }
    query?.abort();
    more?.abort();
    const abort = new AbortController();
    query = abort;
    pendingUrl = url;
    setBusy(true);
    try {
      const page = await fetchPage(of, abort.signal);
      const items = loadedItems(of, page.items, []);
      loaded = { state: of, url, items, rows: resultRows(items), nextPageToken: page.nextPageToken };
      moreFailed = false;
      error.hidden = true;
      table.setRows(loaded.rows, of.view, true);
      showLoaded();
      // For the bench: when the first answer from the service is on screen (once per opening).
      if (performance.getEntriesByName("rr:first-results").length === 0) performance.mark("rr:first-results");
    } catch (e) {
      if (abort.signal.aborted) return;
      showError(failureText(e), () => void runQuery(true));
      showLoaded();
    } finally {
      if (query === abort) {
        query = null;
        pendingUrl = null;
        setBusy(false);
      }
    }
  }

  async function loadMore(): Promise<void> {
    const from = loaded;
    if (from === null || !from.nextPageToken || more !== null || query !== null) return;
    const abort = new AbortController();
    more = abort;
    loadMoreButton.disabled = true;
    loadMoreButton.textContent = "Loading…";
    try {
      const page = await fetchPage(from.state, abort.signal, from.nextPageToken);
      const items = loadedItems(from.state, from.items.items, page.items);
      loaded = {
        ...from,
        items,
        rows: keepSame(from.rows, resultRows(items)),
        nextPageToken: page.nextPageToken,
      };
      error.hidden = true;
      table.setRows(loaded.rows, from.state.view, false);
    } catch (e) {
      if (abort.signal.aborted) return;
      moreFailed = true;
      showError(`Loading more rows failed: ${failureText(e)}`, () => {
        moreFailed = false;
        void loadMore();
      });
    } finally {
      if (more === abort) more = null;
      loadMoreButton.disabled = false;
      loadMoreButton.textContent = "Load more";
      showLoaded();
    }
  }

  function setBusy(busy: boolean): void {
    table.setBusy(busy);
    if (busy) status.textContent = loaded ? "Updating…" : "Loading…";
    else showLoaded();
  }

  function showLoaded(): void {
    if (query !== null) return;
    loadMoreButton.hidden = !loaded?.nextPageToken;
    if (!loaded) {
      status.textContent = "";
      return;
    }
    const n = loaded.rows.length;
    const what = loaded.state.view === "releases" ? "release" : "version";
    const count =
      n === 0
        ? `No ${what}s match.`
        : `${n} ${what}${n === 1 ? "" : "s"}${loaded.nextPageToken ? ", more on the service" : ""}.`;
    status.textContent =
      options.context && loaded.state === options.initial ? `${count} Opened for ${options.context}.` : count;
  }

  /** Shows a failure above the rows (which stay); `again` is what Retry does, if anything. */
  function showError(message: string, again: (() => void) | null): void {
    errorMessage.textContent = message;
    retry = again ?? (() => undefined);
    byId("results-retry", HTMLButtonElement).hidden = again === null;
    error.hidden = false;
  }

  update(state, "initial");
}

/** The loaded items of a query, `before` then `page`, typed by the query's view. */
function loadedItems(
  of: ExplorerState,
  before: readonly (ReleaseResource | VersionResource)[],
  page: readonly (ReleaseResource | VersionResource)[],
): LoadedItems {
  const items = [...before, ...page];
  return of.view === "releases"
    ? { view: "releases", items: items as ReleaseResource[] }
    : { view: "versions", items };
}

/**
 * The new rows, with each unchanged row kept as the same object, so the list leaves its element (and the
 * focus in it) alone; a row whose previous version changed with the new page is redrawn.
 */
function keepSame(old: readonly ResultRow[], fresh: readonly ResultRow[]): ResultRow[] {
  return fresh.map((row, i) => {
    const before = old[i];
    return before && before.key === row.key && before.previous === row.previous ? before : row;
  });
}
