/**
 * The explorer's results without the page: which query is loaded, its rows and paging, what is in flight, and
 * the last failure. No DOM; the page draws each snapshot `onChange` hands it.
 *
 *   query(state) ──► same URL pending or loaded (and not forced)? ──yes──► nothing
 *        │ no: a newer query aborts the older one and its "more" request
 *        ▼
 *   first page ──ok────► rows replaced, nextPageToken kept
 *              └─fails─► failure {during: "query"}; the rows loaded before stay
 *
 *   loadMore() ──► next page of the loaded query ──ok────► rows appended
 *                                                └─fails─► failure {during: "more"}
 *
 * A failed "load more" stops automatic loading (`loadMore({ auto: true })`, as scrolling asks) until a retry
 * or a load-more the person asks for, so a failing service is not hammered by scrolling. Failures are kept as
 * thrown: the page puts them into words.
 *
 * Each page that arrives also has its rows' previous versions looked up (previous-versions.ts): the rows come
 * without the changes links not known yet, and a further snapshot brings them once the service has said. A
 * lookup that fails is no failure of the list: those rows just keep no changes link.
 */
import { createClient, type VersionHistoryClient } from "../../core/client/index.ts";
import type { ReleaseResource, VersionResource } from "../../core/types.ts";
import { stateToFilter, stateToOrderBy } from "./filter.ts";
import type { ExplorerState } from "./state.ts";
import { createPreviousVersions } from "./previous-versions.ts";
import { requestUrl } from "./request-url.ts";
import { resultRows, type LoadedItems, type PreviousOf, type ResultRow } from "./results-rows.ts";

/** What is loaded: the query it answers, its items and rows, and the token of the page after them. */
export interface Loaded {
  readonly state: ExplorerState;
  /** The first page's request URL, which tells one query from another. */
  readonly url: string;
  readonly items: LoadedItems;
  readonly rows: readonly ResultRow[];
  /** `""` when the service has no more. */
  readonly nextPageToken: string;
  /** Pages loaded: 1 after a query, one more with each load-more. */
  readonly pages: number;
  /**
   * Rows the service sent beyond the page size asked for, over the pages loaded: not kept (a service that
   * sends 5,000 rows for a page of 50 would have the popup build tens of thousands of elements), and said.
   */
  readonly extra?: number;
}

export interface LoadFailure {
  /** As the client threw it. */
  readonly error: unknown;
  readonly during: "query" | "more";
}

export interface LoaderSnapshot {
  readonly loaded: Loaded | null;
  /** A first page is on its way; the rows loaded stay until it arrives. */
  readonly querying: boolean;
  readonly loadingMore: boolean;
  /** The last failure, until a page arrives or a retry. */
  readonly failure: LoadFailure | null;
}

export interface ExplorerLoaderOptions {
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly pageSize: number;
  /** Called after every change of the snapshot. */
  readonly onChange: (snapshot: LoaderSnapshot) => void;
  /**
   * Whether to look up each row's previous version for its changes link (default true). Off, the loader asks
   * for the list's pages alone and rows have no changes link.
   */
  readonly changesLinks?: boolean;
}

export interface ExplorerLoader {
  /**
   * Loads the first page of `state`'s query, unless that URL is pending or already loaded (`force` asks again
   * anyway). Throws what requestUrl throws for a request that cannot be built. Settles when the page is in, has
   * failed, or was overtaken by a newer query.
   */
  query(state: ExplorerState, options?: { readonly force?: boolean }): Promise<void>;
  /**
   * Loads the next page of the loaded query, if there is one and nothing else is in flight. `auto` (the list
   * scrolled near its end) is refused after a failed load-more until a retry or a load-more without `auto`.
   */
  loadMore(options?: { readonly auto?: boolean }): Promise<void>;
  /** Runs the failed step again: the latest query, forced, or the load-more. */
  retry(): Promise<void>;
  current(): LoaderSnapshot;
}

export function createExplorerLoader(options: ExplorerLoaderOptions): ExplorerLoader {
  const { baseUrl, pageSize, onChange } = options;
  const { clientFor, fetchPage } = pageFetcher(options);
  let loaded: Loaded | null = null;
  let failure: LoadFailure | null = null;
  /** The state of the latest query asked for: what a retry of a failed query asks again. */
  let asked: ExplorerState | null = null;
  let query: { readonly url: string; readonly controller: AbortController } | null = null;
  let more: AbortController | null = null;
  let moreBlocked = false;

  const current = (): LoaderSnapshot => ({
    loaded,
    querying: query !== null,
    loadingMore: more !== null,
    failure,
  });
  const changed = (): void => onChange(current());
  const previous = options.changesLinks === false ? null : createPreviousVersions(clientFor);
  const previousOf = (product: string): PreviousOf => previous?.previousOf(product) ?? (() => undefined);

  /** Looks up the previous versions of a page's rows, and redraws the rows loaded by then if any got one. */
  function lookUpLinks(product: string, items: readonly (ReleaseResource | VersionResource)[]): void {
    if (previous === null) return;
    void previous.lookUp(product, items).then((found) => {
      // Whatever is loaded by now (a newer query's rows, more pages) takes what became known.
      const at = loaded;
      if (!found || at === null) return;
      const rows = keepSame(at.rows, resultRows(at.items, previousOf(at.state.product)));
      if (rows.every((row, i) => row === at.rows[i])) return;
      loaded = { ...at, rows };
      changed();
    });
  }

  async function runQuery(of: ExplorerState, force: boolean): Promise<void> {
    const url = requestUrl(baseUrl, of, pageSize);
    asked = of;
    if (!force && (url === query?.url || (query === null && url === loaded?.url))) return;
    query?.controller.abort();
    more?.abort();
    more = null;
    const run = { url, controller: new AbortController() };
    query = run;
    changed();
    let arrived: LoadedItems | null = null;
    try {
      const page = await fetchPage(of, run.controller.signal);
      // Overtaken by a newer query: its answer, or its failure, is not this one's to show.
      if (query !== run) return;
      loaded = firstLoaded(of, url, page, previousOf(of.product));
      arrived = loaded.items;
      failure = null;
      moreBlocked = false;
    } catch (error) {
      if (query !== run) return;
      failure = { error, during: "query" };
    }
    query = null;
    changed();
    if (arrived !== null) lookUpLinks(of.product, arrived.items);
  }

  async function loadMore(auto: boolean): Promise<void> {
    if (auto && moreBlocked) return;
    moreBlocked = false;
    const from = loaded;
    if (from === null || !from.nextPageToken || more !== null || query !== null) return;
    const abort = new AbortController();
    more = abort;
    changed();
    let arrived: readonly (ReleaseResource | VersionResource)[] | null = null;
    try {
      const page = await fetchPage(from.state, abort.signal, from.nextPageToken);
      if (more !== abort) return;
      const items = loadedItems(from.state, from.items.items, page.items);
      loaded = {
        ...from,
        items,
        rows: keepSame(from.rows, resultRows(items, previousOf(from.state.product))),
        nextPageToken: page.nextPageToken,
        pages: from.pages + 1,
        ...((from.extra ?? 0) + page.extra > 0 && { extra: (from.extra ?? 0) + page.extra }),
      };
      arrived = page.items;
      failure = null;
    } catch (error) {
      if (more !== abort) return;
      failure = { error, during: "more" };
      moreBlocked = true;
    }
    more = null;
    changed();
    if (arrived !== null) lookUpLinks(from.state.product, arrived);
  }

  return {
    query: (state, { force = false } = {}) => runQuery(state, force),
    loadMore: ({ auto = false } = {}) => loadMore(auto),
    retry() {
      const step = failure?.during;
      failure = null;
      if (step === "more") {
        changed();
        return loadMore(false);
      }
      if (step === "query" && asked !== null) {
        changed();
        return runQuery(asked, true);
      }
      return Promise.resolve();
    },
    current,
  };
}

/** One client per product (a client's product is fixed), made the first time the product is asked for. */
function pageFetcher({ baseUrl, pageSize, fetch }: ExplorerLoaderOptions) {
  const clients = new Map<string, VersionHistoryClient>();
  function clientFor(product: string): VersionHistoryClient {
    let client = clients.get(product);
    if (client === undefined) {
      client = createClient({ baseUrl, product, ...(fetch ? { fetch } : {}) });
      clients.set(product, client);
    }
    return client;
  }

  /** One page of the query `of` says. */
  async function fetchPage(
    of: ExplorerState,
    signal: AbortSignal,
    pageToken?: string,
  ): Promise<{
    items: readonly (ReleaseResource | VersionResource)[];
    nextPageToken: string;
    extra: number;
  }> {
    const client = clientFor(of.product);
    const request = {
      platform: of.platform,
      channel: of.channel,
      filter: stateToFilter(of),
      orderBy: stateToOrderBy(of),
      pageSize,
      signal,
      ...(pageToken ? { pageToken } : {}),
    };
    const page = await (of.view === "releases"
      ? client.releasesPage({ ...request, version: "all" })
      : client.versionsPage(request));
    // Never conditional, so never "not-modified" (the client reports an unasked-for 304 as an HttpError).
    if (page.status !== "ok") return { items: [], nextPageToken: "", extra: 0 };
    // What was asked for is kept: rows past the page size are the service's excess, counted and said.
    return {
      items: page.items.slice(0, pageSize),
      nextPageToken: page.nextPageToken,
      extra: Math.max(0, page.items.length - pageSize),
    };
  }
  return { clientFor, fetchPage };
}

/** What the first page of the query `of` (at `url`) loads. */
function firstLoaded(
  of: ExplorerState,
  url: string,
  page: { items: readonly (ReleaseResource | VersionResource)[]; nextPageToken: string; extra: number },
  previousOf: PreviousOf,
): Loaded {
  const items = loadedItems(of, page.items, []);
  return {
    state: of,
    url,
    items,
    rows: resultRows(items, previousOf),
    nextPageToken: page.nextPageToken,
    pages: 1,
    ...(page.extra > 0 && { extra: page.extra }),
  };
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
 * focus in it) alone; a row whose previous version became known is redrawn.
 */
function keepSame(old: readonly ResultRow[], fresh: readonly ResultRow[]): ResultRow[] {
  return fresh.map((row, i) => {
    const before = old[i];
    return before && before.key === row.key && before.previous === row.previous ? before : row;
  });
}
