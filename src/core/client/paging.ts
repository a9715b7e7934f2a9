/**
 * Following a list's `nextPageToken`: the one rule for every walk over a service's pages (the client's lists
 * and the worker's poll). A service that pages forever, or sends a token it sent before (A, B, A …), is not
 * walked until a cap and then taken as the whole list: it ends the walk with a PagingError, which is said
 * like any failure, so the last good data stays rather than a partial list standing in for it.
 */
import { ReleaseRadarError } from "../errors.ts";

/** Live releases fit one page of 1,000 today: 20 pages is room for twenty times that. */
export const DEFAULT_MAX_PAGES = 20;

/** The service's pages do not end: a token came back, or there were more than the cap allows. */
export class PagingError extends ReleaseRadarError {
  override name = "PagingError";
  /** In words, without the token itself (the service's text): "more than 20 pages". */
  readonly detail: string;
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super(`Paging ${url}: ${detail}`);
    this.detail = detail;
  }
}

export interface PageWalk {
  /**
   * Called with each page's `nextPageToken` once the page is read: true when there is a next page to ask
   * for; false on the last page (`""`); throws PagingError for a token seen before in this walk or a page
   * past `maxPages`, unless `truncate` says to stop there without it.
   */
  next(token: string): boolean;
  /** Pages read so far. */
  readonly pages: number;
}

/**
 * A walk over the pages of `url`. `truncate` (the client's lists, whose callers asked for a cap and read
 * `truncated`): past `maxPages`, next() returns false instead of throwing; a token that came back still throws.
 */
export function pageWalk(url: string, maxPages = DEFAULT_MAX_PAGES, truncate = false): PageWalk {
  const seen = new Set<string>();
  let pages = 0;
  return {
    next(token) {
      pages++;
      if (token === "") return false;
      if (seen.has(token)) {
        throw new PagingError(url, `page ${pages} sent a page token it had sent before: the pages go round`);
      }
      seen.add(token);
      if (pages < maxPages) return true;
      if (truncate) return false;
      throw new PagingError(url, `more than ${maxPages} pages, the most Release Radar reads`);
    },
    get pages() {
      return pages;
    },
  };
}
