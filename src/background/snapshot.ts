/**
 * The last good answer of the service, as stored in `chrome.storage.local` (issue 3, polling): the popup and
 * a restarted service worker show it at once, without a request.
 */
import { parseResourceName } from "../core/catalog.ts";
import { compareVersions } from "../core/version.ts";
import type { ReleaseResource } from "../core/types.ts";

export interface Snapshot {
  /** The service it came from and the product asked for, so a settings change can tell it is foreign. */
  readonly baseUrl: string;
  readonly product: string;
  /** Epoch ms of the successful fetch. */
  readonly fetchedAt: number;
  /** Every live release of every platform and channel (`filter=endtime=none`). */
  readonly releases: readonly ReleaseResource[];
  /** The service's ETag for that answer, sent back as `If-None-Match` so an unchanged answer is a 304. */
  readonly etag?: string;
}

/** True when the snapshot came from this service and product (a settings change makes it foreign). */
export function isFrom(snapshot: Snapshot | null, baseUrl: string, product: string): snapshot is Snapshot {
  return snapshot !== null && snapshot.baseUrl === baseUrl && snapshot.product === product;
}

/** Live releases of one platform and channel, newest version first. */
export function liveOf(snapshot: Snapshot, platform: string, channel: string): ReleaseResource[] {
  return snapshot.releases
    .filter((r) => {
      const p = parseResourceName(r.name);
      return p?.platform === platform && p.channel === channel;
    })
    .sort((a, b) => compareVersions(b.version, a.version));
}
