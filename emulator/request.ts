/**
 * A request to the emulated service read as the real front end reads it: the endpoint and its path ids
 * (404 for anything else), the query parameters under their canonical names (refusing what the real service
 * refuses), and the filter and order parsed by the core into canonical text for cache keys and page tokens.
 */
import { InvalidQueryError } from "../src/core/errors.ts";
import { invalidArgument, invalidValue, notFound, unknownParameter } from "./google-errors.ts";
import { parsePageSize } from "./paging.ts";
import {
  parseFilter,
  parseOrderBy,
  serializeFilter,
  serializeOrderBy,
  type Endpoint,
} from "../src/core/query/index.ts";

export type Kind = "platforms" | "channels" | "versions" | "releases";

export interface Route {
  readonly kind: Kind;
  readonly product: string;
  readonly platform: string;
  readonly channel: string;
  readonly version: string;
}

/**
 * Query parameters: accepted spellings mapped to one canonical name. The recorded real responses in
 * test/fixtures/ use both spellings (`order_by`/`page_size` and `orderBy`/`pageSize`).
 */
const PARAMETERS: Readonly<Record<string, string>> = {
  filter: "filter",
  order_by: "orderBy",
  orderBy: "orderBy",
  pageSize: "pageSize",
  page_size: "pageSize",
  pageToken: "pageToken",
  page_token: "pageToken",
  alt: "alt",
  prettyPrint: "prettyPrint",
  fields: "fields",
};

/** Google system parameters a client library may send, which change nothing here. */
const IGNORED = new Set(["key", "quotaUser", "$.xgafv", "access_token", "upload_protocol", "uploadType"]);

export interface Bound {
  readonly filter?: string;
  readonly orderBy?: string;
  readonly pageSize?: string;
  readonly pageToken?: string;
  readonly fields?: string;
  readonly pretty: boolean;
}

export const SHAPES: readonly Kind[] = ["platforms", "channels", "versions", "releases"];

/** The endpoint and its path ids; 404 for anything else. */
export function routeOf(path: string): Route {
  const unknown = (): never => {
    throw notFound(`The requested URL ${path} was not found on this server.`);
  };
  // One trailing slash is tolerated; `/v1/chrome/platforms//` is not a path of the service.
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  const raw = trimmed.split("/");
  if (raw[0] !== "" || raw[1] !== "v1") unknown();
  let ids: string[];
  try {
    ids = raw.slice(2).map(decodeURIComponent);
  } catch {
    return unknown();
  }
  // ids: product, "platforms", platform, "channels", channel, "versions", version, "releases"
  const depth = ids.length / 2 - 1;
  const kind = SHAPES[depth];
  if (!kind || ids.length % 2 !== 0) return unknown();
  for (let i = 0; i < ids.length; i += 2) {
    if (!ids[i] || ids[i + 1] !== SHAPES[i / 2]) unknown();
  }
  return {
    kind,
    product: ids[0] ?? "",
    platform: ids[2] ?? "",
    channel: ids[4] ?? "",
    version: ids[6] ?? "",
  };
}

/** Query parameters to their canonical names, refusing what the real front end refuses. */
export function bind(params: URLSearchParams, kind: Kind): Bound {
  const values = new Map<string, string>();
  for (const [name, value] of params) {
    if (IGNORED.has(name)) continue;
    const canonical = PARAMETERS[name];
    // The platforms and channels requests have no filter or order field, so Google cannot bind them.
    if (!canonical || ((canonical === "filter" || canonical === "orderBy") && !isQueryable(kind))) {
      throw unknownParameter(name);
    }
    const before = values.get(canonical);
    if (before !== undefined && before !== value) {
      throw invalidArgument(`Query parameter "${name}" is given more than once with different values.`);
    }
    values.set(canonical, value);
  }
  const alt = values.get("alt");
  if (alt !== undefined && alt !== "json") {
    throw invalidArgument(
      `alt=${alt} is not supported by this service emulator; use alt=json (the default).`,
    );
  }
  const prettyText = values.get("prettyPrint");
  let pretty = true;
  if (prettyText !== undefined) {
    const bool = { true: true, false: false, "1": true, "0": false }[prettyText.toLowerCase()];
    if (bool === undefined) throw invalidValue("pretty_print", "TYPE_BOOL", prettyText);
    pretty = bool;
  }
  const filter = values.get("filter");
  const orderBy = values.get("orderBy");
  const pageSize = values.get("pageSize");
  const pageToken = values.get("pageToken");
  const fields = values.get("fields");
  return {
    ...(fields !== undefined && { fields }),
    pretty,
    ...(filter !== undefined && { filter }),
    ...(orderBy !== undefined && { orderBy }),
    ...(pageSize !== undefined && { pageSize }),
    ...(pageToken !== undefined && { pageToken }),
  };
}

export function isQueryable(kind: Kind): kind is Endpoint {
  return kind === "versions" || kind === "releases";
}

export interface Query {
  readonly filter: string;
  readonly orderBy: string;
  readonly pageSize: number;
  readonly parsed: {
    readonly filter: ReturnType<typeof parseFilter>;
    readonly orderBy: ReturnType<typeof parseOrderBy>;
  };
}

/** Filter and order parsed by the core, in canonical text for cache keys and page-token fingerprints. */
export function readQuery(route: Route, bound: Bound): Query {
  const pageSize = parsePageSize(bound.pageSize);
  if (!isQueryable(route.kind))
    return { filter: "", orderBy: "", pageSize, parsed: { filter: [], orderBy: [] } };
  try {
    const filter = parseFilter(bound.filter ?? "", route.kind);
    const orderBy = parseOrderBy(bound.orderBy ?? "", route.kind);
    return {
      filter: serializeFilter(filter),
      orderBy: serializeOrderBy(orderBy),
      pageSize,
      parsed: { filter, orderBy },
    };
  } catch (e) {
    // The core's message names the parameter, the clause and the character, so the caller can fix the query.
    if (e instanceof InvalidQueryError) throw invalidArgument(e.message);
    throw e;
  }
}
