/**
 * The history of one milestone on one platform, for the per-tab title of pages about a milestone that is no
 * longer (or not only) live: fetched on demand with one narrow filter and cached (bounded, see history.ts).
 *
 * `summarizeMilestone` is pure. `fetchMilestoneHistory` takes its effects as parameters (client, cache,
 * clock), so the service worker passes the real ones and tests pass fakes.
 */
import { channelRank, parseResourceName } from "../core/catalog.ts";
import type { VersionHistoryClient } from "../core/client/index.ts";
import { parseRfc3339 } from "../core/query/time.ts";
import type { ReleaseResource } from "../core/types.ts";
import { compareVersions, milestoneOf } from "../core/version.ts";
import {
  isEntryFor,
  withEntry,
  type ChannelHistory,
  type HistoryEntry,
  type MilestoneHistory,
} from "../shared/history.ts";

/** A cache entry younger than this is used without a request. Six hours: history only grows at release pace. */
export const HISTORY_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** The stored list of histories (storage key `histories`), read and written whole. */
export interface HistoryCache {
  get(): Promise<readonly HistoryEntry[]>;
  set(entries: readonly HistoryEntry[]): Promise<void>;
}

export interface HistoryDeps {
  readonly client: VersionHistoryClient;
  readonly cache: HistoryCache;
  /** Epoch milliseconds. */
  readonly now: () => number;
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
 * younger than six hours (it becomes the most recently used), else from ONE narrow request (every channel,
 * versions M.* only), which then joins the cache. Errors of the request propagate (the caller shows the title
 * without those dates); the cache is best effort, so a store that fails to read or write costs a request,
 * never the answer.
 */
export async function fetchMilestoneHistory(
  deps: HistoryDeps,
  platform: string,
  milestone: number,
): Promise<MilestoneHistory> {
  const { client, cache, now } = deps;
  const at = { baseUrl: client.baseUrl, product: client.product, platform, milestone };
  const entries = await cache.get().catch(() => []);
  const cached = entries.find((e) => isEntryFor(e, at));
  const t = now();
  // An entry from the future (the clock went back) is of unknown age, so it is not trusted.
  if (cached && cached.fetchedAt <= t && t - cached.fetchedAt < HISTORY_MAX_AGE_MS) {
    await cache.set(withEntry(entries, { ...cached, usedAt: t })).catch(() => undefined);
    return cached.history;
  }
  // `version<M+1` rather than `version<=M.max`: versions compare with missing fields as 0, so this is
  // exactly the milestone M, and the service answers it with a range scan.
  const result = await client.releases({
    platform,
    channel: "all",
    filter: `version>=${milestone},version<${milestone + 1}`,
  });
  const history = summarizeMilestone(result.items, milestone);
  const entry: HistoryEntry = {
    baseUrl: client.baseUrl,
    product: client.product,
    platform,
    fetchedAt: t,
    usedAt: t,
    history,
  };
  await cache.set(withEntry(await cache.get().catch(() => entries), entry)).catch(() => undefined);
  return history;
}
