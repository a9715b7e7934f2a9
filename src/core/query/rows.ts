/**
 * Records as the query engine sees them: the fields the language can filter and order on, already parsed, so
 * filtering and sorting 100,000 releases does no string parsing in the hot loop.
 */
import { channelRank, parseResourceName } from "../catalog.ts";
import type { ReleaseResource, VersionResource } from "../types.ts";
import { parseVersion, versionSortKey } from "../version.ts";
import { parseRfc3339 } from "./time.ts";

export interface QueryRow {
  readonly version: string;
  /** null for non-numeric versions such as `unknown_version`. */
  readonly versionParts: readonly number[] | null;
  /** versionSortKey(versionParts): a number in version order, or -1 (then compare versionParts). */
  readonly versionKey: number;
  readonly name: string;
  readonly platform: string;
  readonly channel: string;
  readonly channelRank: number;
  /** Start of serving in epoch microseconds; 0 for version records. */
  readonly start: number;
  /**
   * End of serving in epoch microseconds; 0 while live (the reference treats an unpopulated end time as
   * 1970-01-01T00:00:00Z).
   */
  readonly end: number;
  readonly fraction: number;
}

export interface ReleaseRow extends QueryRow {
  readonly resource: ReleaseResource;
}

export interface VersionRow extends QueryRow {
  readonly resource: VersionResource;
}

/** The fields every record has: ids from the name (`PRODUCT/platforms/P/channels/C/...`) and the version. */
function baseRow(name: string, version: string): Omit<QueryRow, "start" | "end" | "fraction"> {
  const parts = parseResourceName(name);
  if (!parts?.channel) throw new Error(`not a channel-scoped resource name: "${name}"`);
  const versionParts = parseVersion(version);
  return {
    version,
    versionParts,
    versionKey: versionSortKey(versionParts),
    name,
    platform: parts.platform,
    channel: parts.channel,
    channelRank: channelRank(parts.channel),
  };
}

/** The query view of a validated release. Throws on a name or time the boundary should have refused. */
export function releaseRow(resource: ReleaseResource): ReleaseRow {
  const start = parseRfc3339(resource.serving.startTime);
  const end = resource.serving.endTime === undefined ? 0 : parseRfc3339(resource.serving.endTime);
  if (start === null || end === null) throw new Error(`bad serving times in "${resource.name}"`);
  return { resource, ...baseRow(resource.name, resource.version), start, end, fraction: resource.fraction };
}

/** The query view of a validated version record; it has no serving times or share. */
export function versionRow(resource: VersionResource): VersionRow {
  return { resource, ...baseRow(resource.name, resource.version), start: 0, end: 0, fraction: 0 };
}
