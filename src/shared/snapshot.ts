/**
 * The last good answer of the service, kept in storage so the popup and a restarted service worker show it
 * at once, without a request, and so a failing service never takes away what the user had.
 */
import type { KeySpec } from "./storage.ts";
import { MINUTE_MS } from "../core/duration.ts";
import { validateRelease } from "../core/client/validate-release.ts";
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

/** Which service a stored value belongs to: the base URL and product the settings named when it was made. */
export interface ServiceId {
  readonly baseUrl: string;
  readonly product: string;
}

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

/**
 * A stored value as a snapshot, or why it is not one. An older version of the extension (or a person in the
 * console) may have written anything there, so every release is checked as strictly as the service's own
 * answers are.
 */
export function readSnapshot(value: unknown): { ok: true; value: Snapshot } | { ok: false; reason: string } {
  if (typeof value !== "object" || value === null) return { ok: false, reason: "not an object" };
  const v = value as Record<string, unknown>;
  if (typeof v.baseUrl !== "string" || typeof v.product !== "string") {
    return { ok: false, reason: "no service named" };
  }
  if (typeof v.fetchedAt !== "number" || !Number.isFinite(v.fetchedAt)) {
    return { ok: false, reason: "no fetch time" };
  }
  if (v.etag !== undefined && typeof v.etag !== "string") return { ok: false, reason: "etag is not text" };
  if (!Array.isArray(v.releases)) return { ok: false, reason: "releases is not a list" };
  const releases: ReleaseResource[] = [];
  for (const [i, item] of (v.releases as unknown[]).entries()) {
    try {
      releases.push(validateRelease(item, `releases[${i}]`));
    } catch (e) {
      return { ok: false, reason: e instanceof Error ? e.message : String(e) };
    }
  }
  return {
    ok: true,
    value: {
      baseUrl: v.baseUrl,
      product: v.product,
      fetchedAt: v.fetchedAt,
      releases,
      ...(typeof v.etag === "string" && { etag: v.etag }),
    },
  };
}

/** The `snapshot` key (local): the last good answer, or null when none is stored or it fails its check. */
export const SNAPSHOT_KEY: KeySpec<Snapshot | null> = {
  area: "local",
  read: (value, warn) => {
    if (value === undefined) return null;
    const read = readSnapshot(value);
    if (!read.ok) warn(`snapshot: ignored (${read.reason}); the next poll replaces it`);
    return read.ok ? read.value : null;
  },
};
