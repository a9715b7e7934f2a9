/**
 * One poll: every live release of every platform and channel in one request (issue 3, steady state), stored
 * as the new snapshot. A failure keeps the last good snapshot and reports the error instead.
 */
import type { VersionHistoryClient } from "../core/client/index.ts";
import { ReleaseRadarError } from "../core/errors.ts";
import type { Snapshot } from "./snapshot.ts";

export type PollOutcome =
  { readonly ok: true; readonly snapshot: Snapshot } | { readonly ok: false; readonly error: string };

export async function pollLive(client: VersionHistoryClient): Promise<PollOutcome> {
  try {
    const result = await client.releases({ filter: "endtime=none" });
    return {
      ok: true,
      snapshot: {
        baseUrl: client.baseUrl,
        product: client.product,
        fetchedAt: result.fetchedAt,
        releases: result.items,
      },
    };
  } catch (error) {
    // Our own errors carry a message a person can act on; anything else is a bug, and says what it was.
    if (error instanceof ReleaseRadarError) return { ok: false, error: error.message };
    return { ok: false, error: `unexpected ${String(error)}` };
  }
}
