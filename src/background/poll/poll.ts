/**
 * One poll: every live release of every platform and channel in one request,
 * `.../platforms/all/channels/all/versions/all/releases?filter=endtime=none`, with `If-None-Match` when the
 * last answer had an ETag, so an unchanged service answers 304 with no body. A failure reports what went
 * wrong and any `Retry-After`; the caller keeps the last good snapshot.
 */
import {
  HttpError,
  InvalidResponseError,
  pageWalk,
  ResponseTooLargeError,
  type VersionHistoryClient,
} from "../../core/client/index.ts";
import { ReleaseRadarError } from "../../core/errors.ts";
import type { ReleaseResource } from "../../core/types.ts";
import type { Failure } from "../../shared/status/failure.ts";
import { failureOf } from "../../shared/status/failure-of-error.ts";
import { snapshotOf, type Snapshot } from "../../shared/store/snapshot.ts";

const LIVE_FILTER = "endtime=none";

/**
 * The most live releases kept: every platform and channel of the service fits one page of 1,000 today, so
 * 5,000 leaves room for growth while a snapshot stays well inside storage's quota (about 1.5 MB at most).
 */
export const MAX_LIVE_RELEASES = 5000;

export type PollResult =
  | { readonly ok: true; readonly snapshot: Snapshot }
  | { readonly ok: false; readonly failure: Failure; readonly retryAfterMs?: number };

/**
 * Polls the client's service. `signal` aborts it (the settings named another service meanwhile): the
 * promise then rejects with the signal's reason, and nothing of it is to be stored.
 */
export async function pollLive(
  client: VersionHistoryClient,
  previous: Snapshot | null,
  signal?: AbortSignal,
): Promise<PollResult> {
  try {
    const same = snapshotOf(previous, client);
    const first = await client.releasesPage({
      filter: LIVE_FILTER,
      ...(same?.etag ? { ifNoneMatch: same.etag } : {}),
      ...(signal ? { signal } : {}),
    });
    if (first.status === "not-modified") {
      // same is set: a 304 only answers the If-None-Match we sent from it.
      return { ok: true, snapshot: { ...(same as Snapshot), fetchedAt: first.fetchedAt } };
    }
    const releases: ReleaseResource[] = [...first.items];
    // A page token that comes back, or pages past the cap, fail the poll (paging.ts): never a partial list
    // stored as the whole.
    const walk = pageWalk(first.url);
    let token = first.nextPageToken;
    let fetchedAt = first.fetchedAt;
    while (releases.length <= MAX_LIVE_RELEASES && walk.next(token)) {
      const next = await client.releasesPage({
        filter: LIVE_FILTER,
        pageToken: token,
        ...(signal ? { signal } : {}),
      });
      if (next.status !== "ok")
        throw new ReleaseRadarError(`unexpected 304 for page ${walk.pages + 1} of ${first.url}`);
      releases.push(...next.items);
      token = next.nextPageToken;
      fetchedAt = next.fetchedAt;
    }
    if (releases.length > MAX_LIVE_RELEASES) {
      throw new ResponseTooLargeError("GET", first.url, `more than ${MAX_LIVE_RELEASES} live releases`);
    }
    refuseRepeats(releases, first.url);
    const snapshot: Snapshot = {
      baseUrl: client.baseUrl,
      product: client.product,
      fetchedAt,
      releases,
      // An ETag covers one page; a multi-page answer cannot be revalidated as a whole.
      ...(first.etag && first.nextPageToken === "" ? { etag: first.etag } : {}),
    };
    return { ok: true, snapshot };
  } catch (error) {
    if (signal?.aborted) throw error;
    const retryAfterMs = error instanceof HttpError ? error.retryAfterMs : undefined;
    return { ok: false, failure: failureOf(error), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
}

/**
 * A release is sent once: one that comes again (a page sent twice, 40 rows for 4 releases) would be counted
 * twice in every share, so the answer is refused, said as data that is not what the service sends.
 */
function refuseRepeats(releases: readonly ReleaseResource[], url: string): void {
  const names = new Set<string>();
  releases.forEach(({ name }, i) => {
    if (names.has(name))
      throw new InvalidResponseError(
        url,
        `releases[${i}].name`,
        "a release sent once, found one sent before",
      );
    names.add(name);
  });
}

/**
 * pollLive over a client made here, so a base URL the client refuses (plain http off this machine, a
 * malformed URL) is the poll's failure like any other. Null when `signal` aborted it: nothing is to be stored.
 */
export async function pollService(
  makeClient: () => VersionHistoryClient,
  previous: Snapshot | null,
  signal: AbortSignal,
): Promise<PollResult | null> {
  try {
    return await pollLive(makeClient(), previous, signal);
  } catch (error) {
    if (signal.aborted) return null;
    if (!(error instanceof ReleaseRadarError)) throw error;
    return { ok: false, failure: failureOf(error) };
  }
}
