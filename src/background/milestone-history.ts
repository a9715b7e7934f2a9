/**
 * The history of one milestone on one platform, for the per-tab title of pages about a milestone that is no
 * longer (or not only) live (issue 3: "History that per-tab status needs for non-live milestones is fetched
 * on demand with a narrow filter and cached").
 *
 * `summarizeMilestone` is pure. `fetchMilestoneHistory` takes its effects as parameters (client, cache store,
 * clock), so the service worker passes the real ones and tests pass fakes.
 */
import { channelRank, parseResourceName } from "../core/catalog.ts";
import type { VersionHistoryClient } from "../core/client/client.ts";
import { parseRfc3339 } from "../core/query/time.ts";
import type { ReleaseResource } from "../core/types.ts";
import { compareVersions, milestoneOf } from "../core/version.ts";

/** What one channel saw of the milestone. */
export interface ChannelHistory {
  /** Distinct versions of the milestone served on the channel, oldest first. */
  readonly versions: readonly string[];
  /** The earliest start time: when the milestone reached the channel (RFC 3339, as the service sent it). */
  readonly firstStart: string;
  /** The latest end time, or null while any release of the milestone is still live on the channel. */
  readonly lastEnd: string | null;
}

export interface MilestoneHistory {
  readonly milestone: number;
  /** By channel id; channels that never served the milestone are absent. */
  readonly channels: Readonly<Record<string, ChannelHistory>>;
}

/** A cache entry younger than this is used without a request. Six hours: history only grows at release pace. */
export const HISTORY_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** Where the summary of milestone M on platform P is cached. */
export function historyCacheKey(platform: string, milestone: number): string {
  return `history:${platform}:${milestone}`;
}

/** A key-value store such as `chrome.storage.local`, reduced to what this module needs. */
export interface HistoryCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface HistoryDeps {
  readonly client: VersionHistoryClient;
  readonly cache: HistoryCache;
  /** Epoch milliseconds. */
  readonly now: () => number;
}

/** The cached value: the summary, when it was fetched, and from which service and product. */
interface CacheEntry {
  readonly fetchedAt: number;
  readonly baseUrl: string;
  readonly product: string;
  readonly history: MilestoneHistory;
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

/**
 * The history of `milestone` on `platform`: from the cache when an entry of the same service and product is
 * younger than six hours, else from ONE narrow request (every channel, versions M.* only), which is then
 * cached under `history:PLATFORM:M`. Errors of the request propagate (the caller shows the title without
 * dates); the cache is best effort, so a store that fails to read or write costs a request, never the answer.
 */
export async function fetchMilestoneHistory(
  deps: HistoryDeps,
  platform: string,
  milestone: number,
): Promise<MilestoneHistory> {
  const { client, cache, now } = deps;
  const key = historyCacheKey(platform, milestone);
  const cached = await cache.get(key).catch(() => undefined);
  const t = now();
  if (
    isCacheEntry(cached, milestone) &&
    cached.baseUrl === client.baseUrl &&
    cached.product === client.product &&
    // An entry from the future (the clock went back) is of unknown age, so it is not trusted.
    cached.fetchedAt <= t &&
    t - cached.fetchedAt < HISTORY_MAX_AGE_MS
  ) {
    return cached.history;
  }
  // `version<M+1` rather than `version<=M.max`: versions compare with missing fields as 0 (seed 000), so this
  // is exactly the milestone M, and the service answers it with a range scan.
  const result = await client.releases({
    platform,
    channel: "all",
    filter: `version>=${milestone},version<${milestone + 1}`,
  });
  const history = summarizeMilestone(result.items, milestone);
  const entry: CacheEntry = { fetchedAt: t, baseUrl: client.baseUrl, product: client.product, history };
  await cache.set(key, entry).catch(() => undefined);
  return history;
}

/** Whether a stored value is a well-formed entry for this milestone; anything else is re-fetched. */
function isCacheEntry(value: unknown, milestone: number): value is CacheEntry {
  if (!isRecord(value)) return false;
  const { fetchedAt, baseUrl, product, history } = value;
  if (typeof fetchedAt !== "number" || !Number.isFinite(fetchedAt)) return false;
  if (typeof baseUrl !== "string" || typeof product !== "string") return false;
  if (!isRecord(history) || history.milestone !== milestone || !isRecord(history.channels)) return false;
  return Object.values(history.channels).every(isChannelHistory);
}

function isChannelHistory(value: unknown): value is ChannelHistory {
  if (!isRecord(value)) return false;
  const { versions, firstStart, lastEnd } = value;
  return (
    Array.isArray(versions) &&
    versions.every((v) => typeof v === "string") &&
    typeof firstStart === "string" &&
    parseRfc3339(firstStart) !== null &&
    (lastEnd === null || (typeof lastEnd === "string" && parseRfc3339(lastEnd) !== null))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
