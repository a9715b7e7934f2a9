/**
 * Client of the version-history service (seed 000, "Endpoints"): the five GET endpoints, pagination, time
 * limits, and validation of every answer into the exact types of ../types.ts.
 *
 * Runs unchanged in the MV3 service worker, the popup and Node: it uses only `fetch`, `URL`, `AbortController`,
 * `setTimeout` and `DOMException`, which all three have. `fetch` and the clock are injectable for tests.
 *
 * Failures, all ReleaseRadarErrors except the caller's own abort:
 * - a bad `filter`/`order_by` text: InvalidQueryError, thrown before any request;
 * - fetch rejects: NetworkError; no answer within `timeoutMs` (headers and body): TimeoutError;
 * - status outside 2xx: HttpError (with the Google-style `error.message` when the body has one);
 * - a 2xx body that is not JSON or not the expected shape: InvalidResponseError naming the field.
 * - The caller aborting through `signal` rejects with `signal.reason` (by default a DOMException named
 *   "AbortError"), exactly as `fetch` itself does, so `e.name === "AbortError"` tells "cancelled" from "failed".
 */
import type { Endpoint as QueryEndpoint, Filter, OrderBy } from "../query/ast.ts";
import { parseFilter, parseOrderBy } from "../query/parse.ts";
import { serializeFilter, serializeOrderBy } from "../query/serialize.ts";
import type { ChannelResource, PlatformResource, ReleaseResource, VersionResource } from "../types.ts";
import {
  HttpError,
  InvalidBaseUrlError,
  InvalidResponseError,
  NetworkError,
  parseRetryAfter,
  parseServiceError,
  TimeoutError,
} from "./errors.ts";
import { parseJsonBody, validateListBody, type ListItem, type ListKind } from "./validate.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_PAGES = 20;

export interface ClientOptions {
  /** Ends in the version segment `v1` (seed 000); the real one is `https://versionhistory.googleapis.com/v1`. */
  readonly baseUrl: string;
  /** Sent as given: `chrome`, `fuchsiawebengine`, or the seed's `browser`, `webengine` (emulator). */
  readonly product: string;
  readonly fetch?: typeof fetch;
  /** Epoch milliseconds; stamps `fetchedAt` and resolves a `Retry-After` HTTP-date. */
  readonly now?: () => number;
  /** Per request, headers and body together. Default 10 s. */
  readonly timeoutMs?: number;
  /** Cap on the requests of one list call; past it the result is `truncated`. Default 20. */
  readonly maxPages?: number;
  /** `pageSize` sent on every list request; absent leaves the service's default. */
  readonly pageSize?: number;
}

/** Which endpoint, and the ids of its path. Ids default to `all` (seed 000, endpoints 2 and 5). */
export type RequestTarget =
  | { readonly kind: "platforms" }
  | { readonly kind: "channels"; readonly platform?: string }
  | { readonly kind: "versions"; readonly platform?: string; readonly channel?: string }
  | {
      readonly kind: "releases";
      readonly platform?: string;
      readonly channel?: string;
      readonly version?: string;
    };

/** Query parameters. A string filter/order is parsed (and canonicalised); an AST is serialized. */
export interface RequestParams {
  readonly filter?: string | Filter;
  readonly orderBy?: string | OrderBy;
  readonly pageSize?: number;
  readonly pageToken?: string;
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

const METHOD = "GET";

/**
 * The base URL, normalised (no trailing slash), or InvalidBaseUrlError. The seed says "All access is over
 * HTTPS"; plain `http:` is allowed only to a loopback IP literal, for the local emulator. `localhost` is refused:
 * it is a name, which a hosts file or resolver may point off the machine, and then requests would leave it in
 * clear text.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidBaseUrlError(baseUrl, "not an absolute URL");
  }
  if (url.protocol === "http:") {
    if (!isLoopbackLiteral(url.hostname)) {
      throw new InvalidBaseUrlError(
        baseUrl,
        "plain http is only allowed to a loopback address (127.0.0.1 or [::1]); use https",
      );
    }
  } else if (url.protocol !== "https:") {
    throw new InvalidBaseUrlError(baseUrl, `unsupported scheme "${url.protocol}"; use https`);
  }
  if (url.username || url.password)
    throw new InvalidBaseUrlError(baseUrl, "credentials in the URL are not allowed");
  // Query and fragment would be lost or mangled when paths are appended.
  if (url.search || url.hash) throw new InvalidBaseUrlError(baseUrl, "must not have a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** 127.0.0.0/8 or ::1 as the URL parser normalises them (`127.1` becomes `127.0.0.1`, IPv6 keeps brackets). */
function isLoopbackLiteral(hostname: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === "[::1]";
}

function segment(name: string, value: string): string {
  if (value === "") throw new RangeError(`${name} must not be empty`);
  // Ids come from users and from the service; encoding keeps "/", "?" or "#" in one from changing the path.
  return encodeURIComponent(value);
}

function queryText(
  value: string | Filter | OrderBy | undefined,
  endpoint: QueryEndpoint,
  which: "filter" | "order_by",
): string {
  if (value === undefined) return "";
  if (which === "filter") {
    const ast = typeof value === "string" ? parseFilter(value, endpoint) : (value as Filter);
    return serializeFilter(ast);
  }
  const ast = typeof value === "string" ? parseOrderBy(value, endpoint) : (value as OrderBy);
  return serializeOrderBy(ast);
}

/**
 * The request URL of an endpoint. A string `filter`/`orderBy` is parsed first, so a bad one throws
 * InvalidQueryError here, and is sent in canonical form. Values are percent-encoded with encodeURIComponent, so a
 * space is `%20` as the seed's `order_by=starttime%20asc` example writes it (URLSearchParams would write `+`).
 * `order_by` is the seed's spelling; `pageSize`/`pageToken` are the discovery document's (SOURCES.md: the real
 * service accepts both spellings).
 */
export function buildUrl(
  baseUrl: string,
  product: string,
  target: RequestTarget,
  params: RequestParams = {},
): string {
  let path = `${normalizeBaseUrl(baseUrl)}/${segment("product", product)}/platforms`;
  if (target.kind !== "platforms") {
    path += `/${segment("platform", target.platform ?? "all")}/channels`;
  }
  if (target.kind === "versions" || target.kind === "releases") {
    path += `/${segment("channel", target.channel ?? "all")}/versions`;
  }
  if (target.kind === "releases") {
    path += `/${segment("version", target.version ?? "all")}/releases`;
  }

  const query: [string, string][] = [];
  if (target.kind === "versions" || target.kind === "releases") {
    const filter = queryText(params.filter, target.kind, "filter");
    const orderBy = queryText(params.orderBy, target.kind, "order_by");
    if (filter) query.push(["filter", filter]);
    if (orderBy) query.push(["order_by", orderBy]);
  } else if (params.filter !== undefined || params.orderBy !== undefined) {
    // Seed 000: endpoints 1-3 take no query parameters.
    throw new RangeError(`the ${target.kind} endpoint takes no filter or order_by`);
  }
  if (params.pageSize !== undefined) {
    if (!Number.isInteger(params.pageSize) || params.pageSize < 1) {
      throw new RangeError(`pageSize must be a positive integer, got ${params.pageSize}`);
    }
    query.push(["pageSize", String(params.pageSize)]);
  }
  if (params.pageToken) query.push(["pageToken", params.pageToken]);
  const search = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  return search ? `${path}?${search}` : path;
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

  type Answer = { kind: "not-modified"; etag: string } | { kind: "body"; body: unknown; etag: string | null };

  /** One GET with the time limit and the caller's signal; returns the parsed JSON body or a 304. */
  async function get(url: string, signal: AbortSignal | undefined, ifNoneMatch?: string): Promise<Answer> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    // Settles when our controller aborts, so a fetch (or body read) that ignores its signal still ends.
    let rejectAborted: (reason: unknown) => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      rejectAborted = reject;
    });
    aborted.catch(() => {}); // Only ever observed through race(); never an unhandled rejection.
    const onCallerAbort = (): void => {
      controller.abort(signal?.reason);
      rejectAborted(signal?.reason);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      const error = new TimeoutError(METHOD, url, timeoutMs);
      controller.abort(error);
      rejectAborted(error);
    }, timeoutMs);
    signal?.addEventListener("abort", onCallerAbort, { once: true });

    const race = <T>(p: Promise<T>): Promise<T> => Promise.race([p, aborted]);
    /** Our own abort outcomes win over whatever error fetch reported for them. */
    const settleAbort = (): void => {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new TimeoutError(METHOD, url, timeoutMs);
    };

    try {
      const headers: Record<string, string> = { Accept: "application/json" };
      if (ifNoneMatch !== undefined) headers["If-None-Match"] = ifNoneMatch;
      let response: Response;
      try {
        response = await race(doFetch(url, { method: METHOD, headers, signal: controller.signal }));
      } catch (e) {
        settleAbort();
        throw new NetworkError(METHOD, url, e);
      }

      if (response.status === 304 && ifNoneMatch !== undefined) {
        void response.body?.cancel().catch(() => {});
        return { kind: "not-modified", etag: response.headers.get("ETag") ?? ifNoneMatch };
      }

      let text: string;
      try {
        text = await race(response.text());
      } catch (e) {
        settleAbort();
        if (!response.ok)
          text = ""; // The status alone is enough to report.
        else throw new NetworkError(METHOD, url, e);
      }

      if (!response.ok) {
        const service = parseServiceError(text);
        const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"), now());
        throw new HttpError({
          method: METHOD,
          url,
          status: response.status,
          statusText: response.statusText,
          ...(service.message !== undefined && { serviceMessage: service.message }),
          ...(service.status !== undefined && { serviceStatus: service.status }),
          ...(retryAfterMs !== undefined && { retryAfterMs }),
        });
      }
      return { kind: "body", body: parseJsonBody(text, url), etag: response.headers.get("ETag") };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    }
  }

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
    // Parse the query once, up front: a bad one fails before any request.
    buildUrl(baseUrl, product, target, params);
    const items: ListItem[K][] = [];
    let pageToken = "";
    let requests = 0;
    for (;;) {
      const result = await page<K>(target, { ...params, pageToken }, signal);
      requests++;
      // Never sent If-None-Match, so a 304 here is not ours: page() turned it into an HttpError already.
      if (result.status !== "ok") throw new Error("unreachable: not-modified without If-None-Match");
      items.push(...result.items);
      pageToken = result.nextPageToken;
      // Absent and "" both mean the last page (SOURCES.md: live captures send "").
      if (!pageToken) return { items, truncated: false, fetchedAt: result.fetchedAt, requests };
      if (requests >= maxPages) return { items, truncated: true, fetchedAt: result.fetchedAt, requests };
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
