/**
 * One poll (issue 3, "Polling"): every live release of every platform and channel in one request,
 * `.../platforms/all/channels/all/versions/all/releases?filter=endtime=none`, with `If-None-Match` when the
 * last answer had an ETag, so an unchanged service answers 304 with no body. A failure reports the error and
 * any `Retry-After`; the caller keeps the last good snapshot.
 */
import { HttpError, type VersionHistoryClient } from "../core/client/index.ts";
import { ReleaseRadarError } from "../core/errors.ts";
import type { ReleaseResource } from "../core/types.ts";
import { isFrom, type Snapshot } from "./snapshot.ts";

export const LIVE_FILTER = "endtime=none";

/** Live releases fit one page of 1,000 today; the cap only guards against a service that pages forever. */
const MAX_PAGES = 20;

export type PollResult =
  | { readonly ok: true; readonly snapshot: Snapshot; readonly changed: boolean }
  | { readonly ok: false; readonly error: string; readonly retryAfterMs?: number };

export async function pollLive(client: VersionHistoryClient, previous: Snapshot | null): Promise<PollResult> {
  try {
    const same = isFrom(previous, client.baseUrl, client.product) ? previous : null;
    const first = await client.releasesPage({
      filter: LIVE_FILTER,
      ...(same?.etag ? { ifNoneMatch: same.etag } : {}),
    });
    if (first.status === "not-modified") {
      // same is set: a 304 only answers the If-None-Match we sent from it.
      return { ok: true, snapshot: { ...(same as Snapshot), fetchedAt: first.fetchedAt }, changed: false };
    }
    const releases: ReleaseResource[] = [...first.items];
    let token = first.nextPageToken;
    let fetchedAt = first.fetchedAt;
    for (let page = 1; token !== "" && page < MAX_PAGES; page++) {
      const next = await client.releasesPage({ filter: LIVE_FILTER, pageToken: token });
      if (next.status !== "ok")
        throw new ReleaseRadarError(`unexpected 304 for page ${page + 1} of ${first.url}`);
      releases.push(...next.items);
      token = next.nextPageToken;
      fetchedAt = next.fetchedAt;
    }
    const snapshot: Snapshot = {
      baseUrl: client.baseUrl,
      product: client.product,
      fetchedAt,
      releases,
      // An ETag covers one page; a multi-page answer cannot be revalidated as a whole.
      ...(first.etag && first.nextPageToken === "" ? { etag: first.etag } : {}),
    };
    return {
      ok: true,
      snapshot,
      changed: JSON.stringify(releases) !== JSON.stringify(same?.releases ?? null),
    };
  } catch (error) {
    // Our own errors carry a message a person can act on; anything else is a bug, and says what it was.
    if (!(error instanceof ReleaseRadarError)) return { ok: false, error: `unexpected ${String(error)}` };
    const retryAfterMs = error instanceof HttpError ? error.retryAfterMs : undefined;
    return { ok: false, error: error.message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
}
