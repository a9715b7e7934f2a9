/**
 * Request URLs of the version-history service: the base URL check, the path of each of the five list endpoints,
 * and their query parameters. Pure (no I/O), so the popup can show the exact URL a request would use without a
 * client, and the transport in client.ts only ever sends what this module built.
 *
 * Endpoints and identifiers: https://developer.chrome.com/docs/web-platform/versionhistory/reference
 * Filtering, ordering and paging: https://developer.chrome.com/docs/web-platform/versionhistory/guide
 */
import type { Endpoint as QueryEndpoint, Filter, OrderBy } from "../query/ast.ts";
import { parseFilter, parseOrderBy } from "../query/parse.ts";
import { serializeFilter, serializeOrderBy } from "../query/serialize.ts";
import { InvalidBaseUrlError } from "./errors.ts";

/**
 * Which endpoint, and the ids of its path. An id left out is `all`, which the service accepts for the platform,
 * channel and version segments.
 */
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

/**
 * The base URL, normalised (no trailing slash), or InvalidBaseUrlError. The service is reached over HTTPS only;
 * plain `http:` is allowed only to a loopback IP literal, for the local emulator. `localhost` is refused: it is a
 * name, which a hosts file or resolver may point off the machine, and then requests would leave it in clear text.
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

/** One path segment from an id; throws RangeError for an empty one (it would collapse the path). */
export function segment(name: string, value: string): string {
  if (value === "") throw new RangeError(`${name} must not be empty`);
  // Ids come from users and from the service; encoding keeps "/", "?" or "#" in one from changing the path.
  return encodeURIComponent(value);
}

/** The canonical text of a filter or order, parsed for `endpoint` first; "" when absent. */
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
 * space is `%20`: URLSearchParams would write `+`, which means a space only in form encoding, while `%20` reads
 * as a space in any URL parser. `order_by` is the guide's spelling; `pageSize`/`pageToken` are the names the
 * service's discovery document gives its paging parameters.
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
    // The guide describes filtering and ordering for versions and releases only.
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
