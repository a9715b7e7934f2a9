/**
 * Request URLs of the version-history service: the path of each of the five list endpoints, and their query
 * parameters (the base URL is checked by base-url.ts). Pure (no I/O), so the popup can show the exact URL a request would use without a
 * client, and the transport in client.ts only ever sends what this module built.
 *
 * Endpoints and identifiers: https://developer.chrome.com/docs/web-platform/versionhistory/reference
 * Filtering, ordering and paging: https://developer.chrome.com/docs/web-platform/versionhistory/guide
 */
import type { Endpoint as QueryEndpoint, Filter, OrderBy } from "../query/ast.ts";
import { parseFilter, parseOrderBy } from "../query/parse.ts";
import { serializeFilter, serializeOrderBy } from "../query/serialize.ts";
import { normalizeBaseUrl } from "./base-url.ts";

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
