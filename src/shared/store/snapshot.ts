/**
 * The last good answer of the service, kept in storage so the popup and a restarted service worker show it
 * at once, without a request, and so a failing service never takes away what the user had.
 */
import type { KeySpec } from "./store.ts";
import { MINUTE_MS } from "../../core/duration.ts";
import { StoredReleaseSchema } from "../../core/client/validate-release.ts";
import { array, check, number, object, optional, string, type Infer } from "../../core/schema.ts";

/** Which service a stored value belongs to: the base URL and product the settings named when it was made. */
export const ServiceIdSchema = object({ baseUrl: string(), product: string() });
export type ServiceId = Infer<typeof ServiceIdSchema>;

const SnapshotSchema = object({
  /** The service it came from and the product asked for, so a settings change can tell it is foreign. */
  baseUrl: string(),
  product: string(),
  /** Epoch ms of the successful fetch. */
  fetchedAt: number(),
  /** Every live release of every platform and channel (`filter=endtime=none`), checked as the service's own answers are. */
  releases: array(StoredReleaseSchema, "a list of releases"),
  /** The service's ETag for that answer, sent back as `If-None-Match` so an unchanged answer is a 304. */
  etag: optional(string()),
});
export type Snapshot = Infer<typeof SnapshotSchema>;

/** True when two values name the same service and product. */
export function sameService(a: ServiceId, b: ServiceId): boolean {
  return a.baseUrl === b.baseUrl && a.product === b.product;
}

/** The snapshot when it came from this service and product, else null (a settings change made it foreign). */
export function snapshotOf(snapshot: Snapshot | null, service: ServiceId): Snapshot | null {
  return snapshot !== null && sameService(snapshot, service) ? snapshot : null;
}

/** A snapshot is stale when its last success is older than this many poll intervals. */
export const STALE_INTERVALS = 3;

/** True when data fetched at `fetchedAt` is stale at `now` with this poll interval (toolbar and popup). */
export function isStale(fetchedAt: number, pollMinutes: number, now: number): boolean {
  return now - fetchedAt > STALE_INTERVALS * pollMinutes * MINUTE_MS;
}

/** The `snapshot` key (local): the last good answer, or null when none is stored or it fails its check. */
export const SNAPSHOT_KEY: KeySpec<Snapshot | null> = {
  area: "local",
  read: (value, warn) => {
    if (value === undefined) return null;
    // An older version of the extension (or a person in the console) may have written anything there.
    const read = check(SnapshotSchema, value);
    if (!read.ok) warn(`snapshot: ignored (${read.error.message}); the next poll replaces it`);
    return read.ok ? read.value : null;
  },
};
