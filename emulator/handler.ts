/**
 * The service itself, without sockets: one request in, one EmulatorResponse out (the endpoints of
 * https://developer.chrome.com/docs/web-platform/versionhistory/reference).
 *
 *   GET /v1/{product}/platforms                                               1 platforms
 *   GET /v1/{product}/platforms/{platform}/channels                           2, 3 channels
 *   GET /v1/{product}/platforms/{platform}/channels/{channel}/versions        4 versions   (filter, order_by)
 *   GET /v1/{product}/platforms/{platform}/channels/{channel}/versions/{version}/releases  5 releases
 *
 * `all` works for platform, channel and version; a trailing slash is tolerated (Chromium's own client asks for
 * `.../releases/?order_by=...`). Filtering and ordering are the core's (src/core/query), never re-implemented.
 *
 * Check order, as a Google front end does it: route (404 unknown path), bind query parameters (400), find
 * product, platform and channel (404), read filter, order, page token and the `fields` mask (400). A
 * `fields` mask (field-mask.ts) trims the answer to what it names, as Google's partial responses do.
 *
 * Every answer is a pure function of the dataset and the request, so answers are cached: first by the raw
 * request target (the steady-state poll costs one Map lookup), then by the normalized request (different
 * spellings of one query share one body and one ETag).
 */
import { createHash } from "node:crypto";
import { typeOf } from "../src/core/catalog.ts";
import { runQuery, type QueryRow } from "../src/core/query/index.ts";
import type { Dataset, ProductView } from "./dataset.ts";
import { errorBody, GoogleApiError, methodNotAllowed, notFound } from "./google-errors.ts";
import { decodePageToken, pageOf, queryFingerprint } from "./paging.ts";
import { ANSWER_SHAPES, applyFieldMask, maskKey, parseFieldMask, type Mask } from "./field-mask.ts";
import { emptyResponse, jsonResponse, type EmulatorResponse } from "./response.ts";
import { bind, readQuery, routeOf, SHAPES, type Query, type Route } from "./request.ts";

export type { EmulatorResponse } from "./response.ts";

export interface EmulatorRequest {
  readonly method: string;
  /** The request target: path and query, still percent-encoded (Node's `req.url`). */
  readonly url: string;
  /** The `If-None-Match` header, if any. */
  readonly ifNoneMatch?: string | undefined;
  /** `Access-Control-Request-Headers` of a CORS preflight, if any. */
  readonly accessControlRequestHeaders?: string | undefined;
}

export interface HandlerOptions {
  /** Most answers kept per cache; a full cache is emptied and refilled (answers are cheap to remake). */
  readonly cacheLimit?: number;
}

export type Handler = (request: EmulatorRequest) => EmulatorResponse;

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** One cached answer in its three forms, so a cache hit allocates nothing. */
interface Entry {
  readonly get: EmulatorResponse;
  readonly head: EmulatorResponse;
  /** The 304 for a matching If-None-Match; only for 200s. */
  readonly notModified: EmulatorResponse | null;
  readonly etag: string | null;
}

/**
 * Builds the request handler over a dataset.
 * Answers GET and HEAD on the service paths, OPTIONS (CORS preflight, 204) anywhere, 405 otherwise.
 */
export function createHandler(dataset: Dataset, options: HandlerOptions = {}): Handler {
  const limit = options.cacheLimit ?? 10_000;
  const byTarget = new Map<string, Entry>();
  const byQuery = new Map<string, Entry>();

  function remember(cache: Map<string, Entry>, key: string, entry: Entry): void {
    if (cache.size >= limit) cache.clear();
    cache.set(key, entry);
  }

  return (request) => {
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") return preflight(ALLOWED_METHODS, request.accessControlRequestHeaders);
    if (method !== "GET" && method !== "HEAD") {
      const e = methodNotAllowed(method, ALLOWED_METHODS);
      return jsonResponse(e.code, errorBody(e.code, e.status, e.message, true), { Allow: ALLOWED_METHODS });
    }
    let entry = byTarget.get(request.url);
    if (!entry) {
      entry = answer(dataset, request.url, byQuery, remember);
      remember(byTarget, request.url, entry);
    }
    if (
      entry.notModified &&
      request.ifNoneMatch !== undefined &&
      etagMatches(request.ifNoneMatch, entry.etag)
    ) {
      return entry.notModified;
    }
    return method === "HEAD" ? entry.head : entry.get;
  };
}

/** The answer to a CORS preflight: 204 allowing `methods` and whatever headers were asked for. */
export function preflight(methods: string, requestHeaders: string | undefined): EmulatorResponse {
  return emptyResponse(204, {
    Allow: methods,
    "Access-Control-Allow-Methods": methods,
    ...(requestHeaders ? { "Access-Control-Allow-Headers": requestHeaders } : {}),
    "Access-Control-Max-Age": "86400",
  });
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
function etagMatches(header: string, etag: string | null): boolean {
  if (etag === null) return false;
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === etag;
  });
}

function entryOf(response: EmulatorResponse): Entry {
  const etag = response.headers["ETag"] ?? null;
  const { "Content-Type": _type, "Content-Length": _length, ...rest } = response.headers;
  return {
    get: response,
    head: { ...response, body: Buffer.alloc(0) },
    notModified: etag === null ? null : emptyResponse(304, { ...rest }),
    etag,
  };
}

/** Splits the target into path and query; `prettyPrint=false` is honoured even on error answers. */
function answer(
  dataset: Dataset,
  target: string,
  byQuery: Map<string, Entry>,
  remember: (cache: Map<string, Entry>, key: string, entry: Entry) => void,
): Entry {
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  const params = new URLSearchParams(q < 0 ? "" : target.slice(q + 1));
  let pretty = params.get("prettyPrint") !== "false";
  try {
    const route = routeOf(path);
    const bound = bind(params, route.kind);
    pretty = bound.pretty;
    const view = findView(dataset, route);
    const query = readQuery(route, bound);
    const mask = bound.fields === undefined ? true : parseFieldMask(bound.fields, ANSWER_SHAPES[route.kind]);
    const key = JSON.stringify([
      maskKey(mask),
      route,
      query.filter,
      query.orderBy,
      query.pageSize,
      bound.pageToken ?? "",
      pretty,
    ]);
    let entry = byQuery.get(key);
    if (!entry) {
      entry = entryOf(list(view, route, query, bound.pageToken ?? "", pretty, mask));
      remember(byQuery, key, entry);
    }
    return entry;
  } catch (e) {
    if (!(e instanceof GoogleApiError)) throw e;
    return entryOf(jsonResponse(e.code, errorBody(e.code, e.status, e.message, pretty)));
  }
}

/** The product's view, after checking platform and channel exist in its data (404 names what is missing). */
function findView(dataset: Dataset, route: Route): ProductView {
  const view = dataset.view(route.product);
  if (!view) {
    throw notFound(
      `Product "${route.product}" not found; products are chrome and fuchsiawebengine (or browser and webengine).`,
    );
  }
  if (route.kind === "platforms") return view;
  const { platform, channel, product } = route;
  if (platform !== "all" && !view.channels.has(platform)) {
    throw notFound(`Platform "${platform}" not found for product "${product}".`);
  }
  if (route.kind === "channels" || channel === "all") return view;
  const known =
    platform === "all"
      ? [...view.channels.values()].some((cs) => cs.includes(channel))
      : (view.channels.get(platform) ?? []).includes(channel);
  if (!known) {
    throw notFound(
      platform === "all"
        ? `Channel "${channel}" not found for product "${product}".`
        : `Channel "${channel}" not found for platform "${platform}" of product "${product}".`,
    );
  }
  return view;
}

function inScope<R extends QueryRow>(rows: readonly R[], route: Route): readonly R[] {
  const { platform, channel } = route;
  if (platform === "all" && channel === "all") return rows;
  return rows.filter(
    (r) => (platform === "all" || r.platform === platform) && (channel === "all" || r.channel === channel),
  );
}

/** One page of the list, as the service's JSON. */
function list(
  view: ProductView,
  route: Route,
  query: Query,
  pageToken: string,
  pretty: boolean,
  mask: Mask | true,
): EmulatorResponse {
  const { product } = view;
  let items: readonly unknown[];
  switch (route.kind) {
    case "platforms":
      items = view.platforms.map((p) => ({ name: `${product}/platforms/${p}`, platformType: typeOf(p) }));
      break;
    case "channels": {
      const platforms = route.platform === "all" ? view.platforms : [route.platform];
      items = platforms.flatMap((p) =>
        (view.channels.get(p) ?? []).map((c) => ({
          name: `${product}/platforms/${p}/channels/${c}`,
          channelType: typeOf(c),
        })),
      );
      break;
    }
    case "versions":
      items = runQuery(
        inScope(view.versions, route),
        query.parsed.filter,
        query.parsed.orderBy,
        "versions",
      ).map((r) => r.resource);
      break;
    case "releases": {
      const scoped = inScope(view.releases, route);
      const rows = route.version === "all" ? scoped : scoped.filter((r) => r.version === route.version);
      items = runQuery(rows, query.parsed.filter, query.parsed.orderBy, "releases").map((r) => r.resource);
      break;
    }
  }
  const path = `/v1/${[
    product,
    "platforms",
    route.platform,
    "channels",
    route.channel,
    "versions",
    route.version,
  ]
    .slice(0, SHAPES.indexOf(route.kind) * 2 + 1)
    .join("/")}/${route.kind}`;
  const fingerprint = queryFingerprint([path, query.filter, query.orderBy]);
  const offset = decodePageToken(pageToken, fingerprint, items.length);
  const page = pageOf(items, offset, query.pageSize, fingerprint);
  const body = applyFieldMask({ [route.kind]: page.items, nextPageToken: page.nextPageToken }, mask);
  const text = pretty ? `${JSON.stringify(body, null, 2)}\n` : JSON.stringify(body);
  const bytes = Buffer.from(text);
  return jsonResponse(200, bytes, { ETag: `"${createHash("sha1").update(bytes).digest("base64url")}"` });
}
