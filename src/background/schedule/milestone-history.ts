/**
 * The history of one milestone on one platform, for the per-tab title of pages about a milestone that is no
 * longer (or not only) live: fetched on demand with one narrow filter and cached (bounded, see shared/store/histories.ts).
 *
 * `summarizeMilestone` is pure. `createMilestoneHistories` takes its effects as parameters (client, cache,
 * clock), so the service worker passes the real ones and tests pass fakes.
 */
import { channelRank, parseResourceName } from "../../core/catalog.ts";
import type { VersionHistoryClient } from "../../core/client/index.ts";
import { HOUR_MS } from "../../core/duration.ts";
import { parseRfc3339 } from "../../core/query/time.ts";
import type { ReleaseResource } from "../../core/types.ts";
import { compareVersions, milestoneOf } from "../../core/version.ts";
import {
  isEntryFor,
  MAX_HISTORIES,
  withEntry,
  type ChannelHistory,
  type HistoryEntry,
  type MilestoneHistory,
} from "../../shared/store/histories.ts";
import type { ServiceId } from "../../shared/store/snapshot.ts";
import { createCachedResource, type CachedResource, type StoredWaits } from "../cache/cached-resource.ts";
import { failureWaitMs } from "../cache/failure-wait.ts";

/** A cache entry younger than this is used without a request. Six hours: history only grows at release pace. */
export const HISTORY_MAX_AGE_MS = 6 * HOUR_MS;

/** The stored list of histories (storage key `histories`), read and written whole. */
export interface HistoryCache {
  get(): Promise<readonly HistoryEntry[]>;
  set(entries: readonly HistoryEntry[]): Promise<void>;
}

/**
 * Per channel, the versions of `milestone` seen in `releases` (all of one platform), when the milestone first
 * reached the channel and when its last release there ended (null while one is live). Releases of other
 * milestones, and releases whose name or times do not parse, are skipped.
 */
export function summarizeMilestone(
  releases: readonly ReleaseResource[],
  milestone: number,
): MilestoneHistory {
  interface Acc {
    versions: Set<string>;
    start: number;
    startText: string;
    end: number;
    endText: string | null;
    live: boolean;
  }
  const acc = new Map<string, Acc>();
  for (const r of releases) {
    if (milestoneOf(r.version) !== milestone) continue;
    const channel = parseResourceName(r.name)?.channel;
    const start = parseRfc3339(r.serving.startTime);
    if (!channel || start === null) continue;
    // Compared as instants, not as text: the service's fraction digits vary, and "28.1Z" < "28Z" as text.
    const end = r.serving.endTime === undefined ? null : parseRfc3339(r.serving.endTime);
    // An end that does not parse would otherwise read as "still live".
    if (r.serving.endTime !== undefined && end === null) continue;
    let a = acc.get(channel);
    if (!a) {
      a = {
        versions: new Set(),
        start,
        startText: r.serving.startTime,
        end: -Infinity,
        endText: null,
        live: false,
      };
      acc.set(channel, a);
    }
    a.versions.add(r.version);
    if (start < a.start) {
      a.start = start;
      a.startText = r.serving.startTime;
    }
    if (r.serving.endTime === undefined) a.live = true;
    else if (end !== null && end > a.end) {
      a.end = end;
      a.endText = r.serving.endTime;
    }
  }
  const entries = [...acc].sort(([x], [y]) => channelRank(x) - channelRank(y) || (x < y ? -1 : 1));
  // fromEntries defines own properties, so even a channel id such as "__proto__" stays data.
  const channels = Object.fromEntries(
    entries.map(([id, a]): [string, ChannelHistory] => [
      id,
      {
        versions: [...a.versions].sort(compareVersions),
        firstStart: a.startText,
        lastEnd: a.live ? null : a.endText,
      },
    ]),
  );
  return { milestone, channels };
}

/** Which history: of one milestone on one platform of one service and product. */
export interface HistoryAt extends ServiceId {
  readonly platform: string;
  readonly milestone: number;
}

export interface HistoryDeps {
  /** A client of the service; throws (ReleaseRadarError) for a base URL it must not use. */
  readonly client: (service: ServiceId) => VersionHistoryClient;
  readonly cache: HistoryCache;
  /** Where a failed history's wait outlives the worker; in memory only without. */
  readonly waits?: StoredWaits;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** Told why a request failed: the title keeps the last good dates, if any, and the next page view asks again. */
  readonly warn: (message: string) => void;
}

/**
 * Milestone histories, each asked with ONE narrow request (every channel, versions M.* only) at most once per
 * HISTORY_MAX_AGE_MS, however many tab updates a navigation reports, and kept in the stored list, where the
 * histories an earlier worker fetched are found again (a use makes an entry the most recently used there).
 * The stored list is best effort: a store that fails to read or write costs a request, never the answer.
 */
export function createMilestoneHistories(deps: HistoryDeps): CachedResource<HistoryAt, MilestoneHistory> {
  const { cache, now } = deps;
  return createCachedResource({
    idOf: (at) => JSON.stringify([at.baseUrl, at.product, at.platform, at.milestone]),
    maxAgeMs: HISTORY_MAX_AGE_MS,
    maxKeys: MAX_HISTORIES,
    now,
    waitAfter: failureWaitMs,
    ...(deps.waits && { waits: deps.waits }),
    async fetch(at) {
      try {
        // `version<M+1` rather than `version<=M.max`: versions compare with missing fields as 0, so this is
        // exactly the milestone M, and the service answers it with a range scan.
        const result = await deps.client(at).releases({
          platform: at.platform,
          channel: "all",
          filter: `version>=${at.milestone},version<${at.milestone + 1}`,
        });
        return summarizeMilestone(result.items, at.milestone);
      } catch (error) {
        deps.warn(`Release Radar: no history for milestone ${at.milestone}: ${String(error)}`);
        throw error;
      }
    },
    stored: {
      async read(at) {
        const entries = await cache.get();
        const found = entries.find((e) => isEntryFor(e, at));
        if (!found) return undefined;
        await cache.set(withEntry(entries, { ...found, usedAt: now() })).catch(() => undefined);
        return { value: found.history, fetchedAt: found.fetchedAt };
      },
      async write(at, { value, fetchedAt }) {
        const { baseUrl, product, platform } = at;
        const entry: HistoryEntry = { baseUrl, product, platform, fetchedAt, usedAt: now(), history: value };
        await cache.set(withEntry(await cache.get().catch(() => []), entry));
      },
    },
  });
}
