/**
 * The exact request the explorer sends, to show and to copy: its URL, and a curl command for it. Pure.
 */
import { buildUrl, type RequestParams, type RequestTarget } from "../../core/client/index.ts";
import { stateToFilter, stateToOrderBy } from "./filter.ts";
import type { ExplorerState } from "./state.ts";

/**
 * The exact URL the explorer requests, built by the core client (same path, canonical filter and order_by,
 * percent-encoding with encodeURIComponent), so the page shows what is fetched. Releases are listed across
 * versions (`versions/all/releases`), since version bounds are filter clauses. Throws what buildUrl throws: an
 * InvalidBaseUrlError for a base URL the client refuses, a RangeError for an empty id or a bad pageSize.
 */
export function requestUrl(
  baseUrl: string,
  state: ExplorerState,
  pageSize?: number,
  pageToken?: string,
): string {
  const { platform, channel } = state;
  const target: RequestTarget =
    state.view === "releases"
      ? { kind: "releases", platform, channel, version: "all" }
      : { kind: "versions", platform, channel };
  const params: { -readonly [K in keyof RequestParams]: RequestParams[K] } = {
    filter: stateToFilter(state),
    orderBy: stateToOrderBy(state),
  };
  if (pageSize !== undefined) params.pageSize = pageSize;
  if (pageToken !== undefined) params.pageToken = pageToken;
  return buildUrl(baseUrl, state.product, target, params);
}

/**
 * A curl command for a POSIX shell. The URL goes in single quotes, inside which a shell expands nothing; a
 * single quote itself (encodeURIComponent leaves `'` as it is, so a filter value can carry one) is written
 * `'\''`: close, escaped quote, reopen.
 */
export function curlCommand(url: string): string {
  return `curl '${url.replace(/'/g, `'\\''`)}'`;
}
