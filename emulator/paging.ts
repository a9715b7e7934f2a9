/**
 * Paging of list answers: `pageSize` in, `nextPageToken` out, `pageToken` back in (AIP-158,
 * https://google.aip.dev/158; the recorded real responses in test/fixtures/ show `pageSize` and
 * `nextPageToken`).
 *
 * A token is opaque to clients but not secret: base64url of `{"o": offset, "q": fingerprint}`, where the
 * fingerprint is a hash of the path, the canonical filter and the canonical order. A token therefore only
 * works for the query that made it (AIP-158: the other parameters must not change between pages; `pageSize`
 * may). The dataset never changes while the emulator runs, so an offset stays valid for as long as it lives.
 */
import { createHash } from "node:crypto";
import { isRecord } from "../src/core/schema.ts";
import { invalidArgument, invalidValue } from "./google-errors.ts";

/** Page size when none (or 0) is asked for, and the largest served; larger asks are clamped (AIP-158). */
export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;

const INT32_MAX = 2 ** 31 - 1;

/**
 * The page size from the `pageSize` text: absent or 0 is the default, above the maximum is the maximum.
 * Throws a 400 GoogleApiError for text that is not an int32, or a negative size.
 */
export function parsePageSize(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PAGE_SIZE;
  const n = /^[+-]?\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > INT32_MAX + (n < 0 ? 1 : 0)) {
    throw invalidValue("page_size", "TYPE_INT32", text);
  }
  if (n < 0) throw invalidArgument(`page_size must not be negative, found ${n}`);
  if (n === 0) return DEFAULT_PAGE_SIZE;
  return Math.min(n, MAX_PAGE_SIZE);
}

/** A short hash naming one query; `parts` are the path, canonical filter and canonical order. */
export function queryFingerprint(parts: readonly string[]): string {
  // JSON keeps the boundaries between parts unambiguous ("a","bc" differs from "ab","c").
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16);
}

export function encodePageToken(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, q: fingerprint })).toString("base64url");
}

/**
 * The offset a page token stands for. `""` is the first page. Anything this query did not hand out (garbage,
 * a token of another query, an offset outside the results) is a 400, never a silently wrong page.
 */
export function decodePageToken(token: string, fingerprint: string, total: number): number {
  if (token === "") return 0;
  let decoded: unknown;
  try {
    const text = Buffer.from(token, "base64url").toString("utf8");
    // Buffer.from skips characters outside the alphabet; insisting on a round trip refuses such garbage.
    if (Buffer.from(text).toString("base64url") !== token) throw new Error("not base64url");
    decoded = JSON.parse(text);
  } catch {
    throw invalidArgument("invalid page token: it is not a token this service hands out");
  }
  const { o, q } = isRecord(decoded) ? decoded : {};
  if (typeof o !== "number" || typeof q !== "string" || !Number.isSafeInteger(o)) {
    throw invalidArgument("invalid page token: it is not a token this service hands out");
  }
  if (q !== fingerprint) {
    throw invalidArgument(
      "invalid page token: it belongs to a different query; keep the path, filter and order_by of the " +
        "request that returned it, or start again without pageToken",
    );
  }
  // Tokens are only made for offsets strictly inside the results (the last page gets "").
  if (o <= 0 || o >= total) throw invalidArgument("invalid page token: its position is outside the results");
  return o;
}

/** One page of `items` from `offset`, with the token of the next page or `""` on the last page. */
export function pageOf<T>(
  items: readonly T[],
  offset: number,
  size: number,
  fingerprint: string,
): { items: readonly T[]; nextPageToken: string } {
  const end = offset + size;
  return {
    items: items.slice(offset, end),
    nextPageToken: end < items.length ? encodePageToken(end, fingerprint) : "",
  };
}
