/**
 * Pure: the explorer's loaded items (releases or versions) as display rows: cells as text, the share as a
 * number for the bar, and two links:
 *
 * - source changes since the previous version on the same platform and channel, where "previous" is the next
 *   lower version among the rows loaded so far (omitted when there is none: a guess would mislead);
 * - the milestone's release notes.
 *
 * Links are built only from versions that parse as dotted numbers, each part percent-encoded, so no text from
 * the service can become anything but a path segment.
 */
import { shareText } from "../shared/rollout-wording.ts";
import { formatTableTime } from "../shared/time.ts";
import { labelOf, parseResourceName } from "../core/catalog.ts";
import type { ReleaseResource, VersionResource } from "../core/types.ts";
import { compareVersions, milestoneOf, parseVersion } from "../core/version.ts";

export type LoadedItems =
  | { readonly view: "releases"; readonly items: readonly ReleaseResource[] }
  | { readonly view: "versions"; readonly items: readonly VersionResource[] };

export interface ResultRow {
  /** The resource name: unique in a list, so it keys the row. */
  readonly key: string;
  readonly version: string;
  readonly platform: string;
  readonly platformLabel: string;
  readonly channel: string;
  readonly channelLabel: string;
  /** Start as `YYYY-MM-DD HH:MM` (UTC); null for versions. */
  readonly start: string | null;
  /** The start time as the service sent it, for a title. */
  readonly startTitle: string | null;
  /** End as `YYYY-MM-DD HH:MM` (UTC), or `live`; null for versions. */
  readonly end: string | null;
  readonly live: boolean;
  /** Share of users, 1 = 100%; null for versions. */
  readonly fraction: number | null;
  readonly share: string | null;
  /** The version this one's changes are counted from, and the log of those changes. */
  readonly previous: string | null;
  readonly changesUrl: string | null;
  readonly notesUrl: string | null;
}

const LOG_BASE = "https://chromium.googlesource.com/chromium/src/+log/";
const NOTES_BASE = "https://developer.chrome.com/release-notes/";

/** The rows of what is loaded, in the order loaded. */
export function resultRows(loaded: LoadedItems): ResultRow[] {
  const items: readonly (ReleaseResource | VersionResource)[] = loaded.items;
  const previous = previousVersions(items);
  return items.map((item) => {
    const parts = parseResourceName(item.name);
    const platform = parts?.platform ?? "";
    const channel = parts?.channel ?? "";
    const prev = previous.get(groupKey(platform, channel))?.get(item.version) ?? null;
    const base = {
      key: item.name,
      version: item.version,
      platform,
      platformLabel: labelOf(platform),
      channel,
      channelLabel: labelOf(channel),
      previous: prev,
      changesUrl: prev === null ? null : changesUrl(prev, item.version),
      notesUrl: notesUrl(item.version),
    };
    if (!("serving" in item)) {
      return { ...base, start: null, startTitle: null, end: null, live: false, fraction: null, share: null };
    }
    const live = item.serving.endTime === undefined;
    return {
      ...base,
      start: shortTime(item.serving.startTime),
      startTitle: item.serving.startTime,
      end: item.serving.endTime === undefined ? "live" : shortTime(item.serving.endTime),
      live,
      fraction: item.fraction,
      share: shareText(item.fraction),
    };
  });
}

/** The log of source changes from `previous` to `version`, or null unless both are numeric versions. */
export function changesUrl(previous: string, version: string): string | null {
  if (parseVersion(previous) === null || parseVersion(version) === null) return null;
  const range = `${encodeURIComponent(previous)}..${encodeURIComponent(version)}`;
  return `${LOG_BASE}${range}?pretty=fuller&n=10000`;
}

/** The release notes of a version's milestone, or null for a version that is not numeric. */
export function notesUrl(version: string): string | null {
  const milestone = milestoneOf(version);
  return milestone === null ? null : `${NOTES_BASE}${encodeURIComponent(milestone)}`;
}

/**
 * `2023-12-06T21:01:00Z` -> `2023-12-06 21:01`, for the columns headed "(UTC)"; a text that is not a time is
 * kept as it is.
 */
export function shortTime(rfc3339: string): string {
  const ms = Date.parse(rfc3339);
  return Number.isNaN(ms) ? rfc3339 : formatTableTime(ms);
}

function groupKey(platform: string, channel: string): string {
  return `${platform}/${channel}`;
}

/**
 * For each platform/channel, each numeric version's next lower numeric version among `items`. Releases of
 * one version share their previous version; versions equal but for padding (`80`, `80.0`) count as one.
 */
function previousVersions(
  items: readonly { readonly name: string; readonly version: string }[],
): Map<string, Map<string, string>> {
  const groups = new Map<string, Set<string>>();
  for (const item of items) {
    if (parseVersion(item.version) === null) continue;
    const parts = parseResourceName(item.name);
    const key = groupKey(parts?.platform ?? "", parts?.channel ?? "");
    let set = groups.get(key);
    if (!set) groups.set(key, (set = new Set()));
    set.add(item.version);
  }
  const out = new Map<string, Map<string, string>>();
  for (const [key, set] of groups) {
    const sorted = [...set].sort(compareVersions);
    const prev = new Map<string, string>();
    let lower: string | null = null;
    for (let i = 0; i < sorted.length; i++) {
      const version = sorted[i] as string;
      const before = sorted[i - 1];
      // A padded twin (`80` after `80.0`) keeps the previous of the group it belongs to.
      if (before !== undefined && compareVersions(before, version) !== 0) lower = before;
      if (lower !== null) prev.set(version, lower);
    }
    out.set(key, prev);
  }
  return out;
}
