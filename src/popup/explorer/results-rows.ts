/**
 * Pure: the explorer's loaded items (releases or versions) as display rows: cells as text, the share as a
 * number for the bar, and two links:
 *
 * - source changes since the previous version on the same platform and channel, where "previous" is the next
 *   lower version the service lists there, as `previous` tells (previous-versions.ts asks the service). The
 *   rows loaded cannot tell it: a filter hides the versions between them, and the lowest row's previous is not
 *   loaded at all. Omitted while it is not known, and when there is none: a guess would mislead;
 * - the milestone's release notes.
 *
 * Links are built only from versions that parse as dotted numbers, each part percent-encoded, so no text from
 * the service can become anything but a path segment.
 */
import { shareText } from "../../shared/status/rollout-wording.ts";
import { formatTableTime } from "../../shared/status/time.ts";
import { releaseNotesUrl } from "../../shared/page/release-notes.ts";
import { labelOf, parseResourceName } from "../../core/catalog.ts";
import type { ReleaseResource, VersionResource } from "../../core/types.ts";
import { milestoneOf, parseVersion } from "../../core/version.ts";

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

/**
 * What is known of a version's previous version on a platform and channel: that version, null when it has
 * none (the lowest the service lists, or a version that is not numeric), undefined while it is not known
 * (still being asked for, or the asking failed).
 */
export type PreviousOf = (platform: string, channel: string, version: string) => string | null | undefined;

/** The rows of what is loaded, in the order loaded, with the previous versions `previous` knows. */
export function resultRows(loaded: LoadedItems, previous: PreviousOf): ResultRow[] {
  const items: readonly (ReleaseResource | VersionResource)[] = loaded.items;
  return items.map((item) => {
    const parts = parseResourceName(item.name);
    const platform = parts?.platform ?? "";
    const channel = parts?.channel ?? "";
    const prev = parts === null ? null : (previous(platform, channel, item.version) ?? null);
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
  return milestone === null ? null : releaseNotesUrl(milestone);
}

/**
 * `2023-12-06T21:01:00Z` -> `2023-12-06 21:01`, for the columns headed "(UTC)"; a text that is not a time is
 * kept as it is.
 */
export function shortTime(rfc3339: string): string {
  const ms = Date.parse(rfc3339);
  return Number.isNaN(ms) ? rfc3339 : formatTableTime(ms);
}
