/**
 * Client of the version-history service: the five GET list endpoints
 * (https://developer.chrome.com/docs/web-platform/versionhistory/reference), pagination, time limits, and
 * validation of every answer into the exact types of ../types.ts. The URLs themselves come from ./url.ts; this
 * module is the transport.
 *
 * Runs unchanged in the MV3 service worker, the popup and Node: it uses only `fetch`, `URL`, `AbortSignal`
 * (with `AbortSignal.timeout` and `AbortSignal.any`: Chrome 116+, Node 20.3+) and `DOMException`, which all
 * three have. `fetch` and the clock are injectable for tests.
 *
 * Failures, all ReleaseRadarErrors except the caller's own abort:
 * - a bad `filter`/`order_by` text: InvalidQueryError, thrown before any request;
 * - fetch rejects: NetworkError; no answer within `timeoutMs` (headers and body): TimeoutError;
 * - status outside 2xx: HttpError (with the Google-style `error.message` when the body has one);
 * - a 2xx body that is not JSON or not the expected shape: InvalidResponseError naming the field.
 * - The caller aborting through `signal` rejects with `signal.reason` (by default a DOMException named
 *   "AbortError"), exactly as `fetch` itself does, so `e.name === "AbortError"` tells "cancelled" from "failed".
 */
import type { Filter, OrderBy } from "../query/ast.ts";
import type { ChannelResource, PlatformResource, ReleaseResource, VersionResource } from "../types.ts";
import { InvalidResponseError } from "./errors.ts";
import { normalizeBaseUrl } from "./base-url.ts";
import { createHostGate, type HostGate } from "./host-gate.ts";
import { DEFAULT_MAX_PAGES, pageWalk } from "./paging.ts";
import { createTransport } from "./transport.ts";
import { buildUrl, segment, type RequestParams, type RequestTarget } from "./url.ts";
import { validateListBody, type ListItem, type ListKind } from "./validate.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;
export { DEFAULT_MAX_PAGES };
/**
 * Requests one page (or the worker) sends at once to one host through the browser's own fetch. Chromium and
 * Firefox open at most 6 HTTP/1.1 connections per host, shared by the extension's pages and its worker; a
 * request beyond them waits in the browser's line, out of the page's sight, while its time limit runs. At 4
 * the page never waits behind itself there and leaves the worker room for its poll; its own further requests
 * wait in the gate, before their time limit starts.
 */
export const REQUESTS_PER_HOST = 4;

/** Every client of this page (or worker) that uses the browser's fetch shares its connections, so one gate. */
const browserGate = createHostGate(REQUESTS_PER_HOST);

export interface ClientOptions {
  /** Ends in the version segment `v1`; the real one is `https://versionhistory.googleapis.com/v1`. */
  readonly baseUrl: string;
  /** Sent as given: `chrome`, `fuchsiawebengine`, or the emulator's aliases `browser`, `webengine`. */
  readonly product: string;
  readonly fetch?: typeof fetch;
  /** Epoch milliseconds; stamps `fetchedAt` and resolves a `Retry-After` HTTP-date. */
  readonly now?: () => number;
  /** Per request, headers and body together, from when it is sent (not while it waits at `gate`). Default 10 s. */
  readonly timeoutMs?: number;
  /**
   * Where requests wait for their turn (host-gate.ts). Default: with the browser's own fetch, one gate shared by
   * every such client of the page, REQUESTS_PER_HOST wide; with a `fetch` passed in (a test's fake, which has
   * no connections to share), none.
   */
  readonly gate?: HostGate;
  /**
   * Cap on the requests of one list call; past it the result is `truncated`. Default 20. A page token that
   * comes back in one call is a PagingError whatever the cap (paging.ts).
   */
  readonly maxPages?: number;
  /** `pageSize` sent on every list request; absent leaves the service's default. */
  readonly pageSize?: number;
}

export interface VersionsQuery {
  readonly platform?: string;
  readonly channel?: string;
  readonly filter?: string | Filter;
  readonly orderBy?: string | OrderBy;
  readonly signal?: AbortSignal;
}

export interface ReleasesQuery extends VersionsQuery {
  readonly version?: string;
}

export interface PageOptions {
  readonly pageSize?: number;
  readonly pageToken?: string;
  /** An ETag from an earlier page: sent as `If-None-Match`, and a 304 gives `status: "not-modified"`. */
  readonly ifNoneMatch?: string;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** Every item of a list, across pages. */
export interface ListResult<T> {
  readonly items: readonly T[];
  /** True when `maxPages` requests were made and the service still had a next page. */
  readonly truncated: boolean;
  /** `now()` after the last page arrived. */
  readonly fetchedAt: number;
  /** Number of requests made. */
  readonly requests: number;
}

export type PageResult<T> =
  | {
      readonly status: "ok";
      readonly items: readonly T[];
      /** `""` on the last page. */
      readonly nextPageToken: string;
      readonly etag?: string;
      readonly url: string;
      readonly fetchedAt: number;
    }
  | {
      readonly status: "not-modified";
      readonly etag: string;
      readonly url: string;
      readonly fetchedAt: number;
    };

export interface VersionHistoryClient {
  readonly baseUrl: string;
  readonly product: string;
  /** Endpoint 1. */
  platforms(options?: CallOptions): Promise<ListResult<PlatformResource>>;
  /** Endpoints 2 (`all`, the default) and 3. */
  channels(platform?: string, options?: CallOptions): Promise<ListResult<ChannelResource>>;
  /** Endpoint 4, every page. */
  versions(q?: VersionsQuery): Promise<ListResult<VersionResource>>;
  /** Endpoint 5, every page. */
  releases(q?: ReleasesQuery): Promise<ListResult<ReleaseResource>>;
  /** Endpoint 4, one page. */
  versionsPage(q?: VersionsQuery & PageOptions): Promise<PageResult<VersionResource>>;
  /** Endpoint 5, one page. */
  releasesPage(q?: ReleasesQuery & PageOptions): Promise<PageResult<ReleaseResource>>;
  /** The exact URL a request with these arguments would use (for the UI to show). */
  url(target: RequestTarget, params?: RequestParams): string;
}

/** Creates a client; throws InvalidBaseUrlError for a base URL it must not use. */
export function createClient(options: ClientOptions): VersionHistoryClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const product = options.product;
  segment("product", product);
  // Called through a wrapper: the browser's fetch throws "Illegal invocation" when called as a method of
  // another object, which `this.fetch(...)` would be.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);
  if (!Number.isInteger(maxPages) || maxPages < 1) {
    throw new RangeError(`maxPages must be a positive integer, got ${maxPages}`);
  }

  const gate = options.gate ?? (options.fetch ? undefined : browserGate);
  const { get } = createTransport({ fetch: doFetch, now, timeoutMs, ...(gate && { gate }) });

  async function page<K extends ListKind>(
    target: RequestTarget & { kind: K },
    params: RequestParams,
    signal: AbortSignal | undefined,
    ifNoneMatch?: string,
  ): Promise<PageResult<ListItem[K]>> {
    const url = buildUrl(baseUrl, product, target, params);
    const answer = await get(url, signal, ifNoneMatch);
    if (answer.kind === "not-modified") {
      return { status: "not-modified", etag: answer.etag, url, fetchedAt: now() };
    }
    let body;
    try {
      body = validateListBody(answer.body, target.kind, url);
    } catch (e) {
      throw e instanceof InvalidResponseError && !e.url ? e.withUrl(url) : e;
    }
    return {
      status: "ok",
      items: body.items,
      nextPageToken: body.nextPageToken,
      ...(answer.etag !== null && { etag: answer.etag }),
      url,
      fetchedAt: now(),
    };
  }

  async function list<K extends ListKind>(
    target: RequestTarget & { kind: K },
    params: RequestParams,
    signal: AbortSignal | undefined,
  ): Promise<ListResult<ListItem[K]>> {
    // The query is parsed once, up front (buildUrl): a bad one fails before any request.
    const items: ListItem[K][] = [];
    const walk = pageWalk(buildUrl(baseUrl, product, target, params), maxPages, true);
    let pageToken = "";
    for (;;) {
      const result = await page<K>(target, { ...params, pageToken }, signal);
      // Never sent If-None-Match, so a 304 here is not ours: page() turned it into an HttpError already.
      if (result.status !== "ok") throw new Error("unreachable: not-modified without If-None-Match");
      items.push(...result.items);
      pageToken = result.nextPageToken;
      // Absent and "" both mean the last page: the live service sends "" rather than leaving the field out.
      if (!walk.next(pageToken)) {
        const truncated = pageToken !== "";
        return { items, truncated, fetchedAt: result.fetchedAt, requests: walk.pages };
      }
    }
  }

  function listParams(q: VersionsQuery): RequestParams {
    return {
      ...(q.filter !== undefined && { filter: q.filter }),
      ...(q.orderBy !== undefined && { orderBy: q.orderBy }),
      ...(options.pageSize !== undefined && { pageSize: options.pageSize }),
    };
  }

  function pageParams(q: VersionsQuery & PageOptions): RequestParams {
    const pageSize = q.pageSize ?? options.pageSize;
    return {
      ...listParams(q),
      ...(pageSize !== undefined && { pageSize }),
      ...(q.pageToken !== undefined && { pageToken: q.pageToken }),
    };
  }

  function versionsTarget(q: VersionsQuery): RequestTarget & { kind: "versions" } {
    return {
      kind: "versions",
      ...(q.platform !== undefined && { platform: q.platform }),
      ...(q.channel !== undefined && { channel: q.channel }),
    };
  }

  function releasesTarget(q: ReleasesQuery): RequestTarget & { kind: "releases" } {
    return { ...versionsTarget(q), kind: "releases", ...(q.version !== undefined && { version: q.version }) };
  }

  const sizeOnly: RequestParams = options.pageSize !== undefined ? { pageSize: options.pageSize } : {};

  return {
    baseUrl,
    product,
    platforms: (o = {}) => list({ kind: "platforms" }, sizeOnly, o.signal),
    channels: (platform = "all", o = {}) => list({ kind: "channels", platform }, sizeOnly, o.signal),
    versions: (q = {}) => list(versionsTarget(q), listParams(q), q.signal),
    releases: (q = {}) => list(releasesTarget(q), listParams(q), q.signal),
    versionsPage: (q = {}) => page(versionsTarget(q), pageParams(q), q.signal, q.ifNoneMatch),
    releasesPage: (q = {}) => page(releasesTarget(q), pageParams(q), q.signal, q.ifNoneMatch),
    url: (target, params) => buildUrl(baseUrl, product, target, params),
  };
}
