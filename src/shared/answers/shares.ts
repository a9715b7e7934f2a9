/**
 * How many users of one platform and channel run a version a question is about, from the stored live
 * releases. The service gives one release per version and fraction group, and the releases of one group share
 * its users (their fractions sum to 1): so the share is summed within a group and, as live.ts takes a
 * version's share, the largest over groups. Summing across groups would count the same users twice, and a
 * version live in two groups at 100% would read as 200%.
 */
import { parseResourceName } from "../../core/catalog.ts";
import { milestoneOf } from "../../core/version.ts";
import { liveEverywhere, liveOn } from "../watch/live.ts";
import type { Snapshot } from "../store/snapshot.ts";

/** A live release as the shares read it: its version, milestone, fraction group and fraction. */
export interface LiveRow {
  readonly version: string;
  readonly milestone: number | null;
  readonly group: string;
  readonly fraction: number;
  /** The release's start, as the service sent it. */
  readonly startTime: string;
}

/** The live releases of each platform and channel, read once per snapshot (a snapshot is never changed). */
const rowsOf = new WeakMap<Snapshot, Map<string, LiveRow[]>>();

/** The live releases of `platform`/`channel`, their names parsed once per snapshot. */
export function liveRows(snapshot: Snapshot, platform: string, channel: string): readonly LiveRow[] {
  let rows = rowsOf.get(snapshot);
  if (rows === undefined) {
    rows = new Map();
    for (const r of snapshot.releases) {
      if (r.serving.endTime !== undefined) continue;
      const parts = parseResourceName(r.name);
      if (parts === null) continue;
      const key = `${parts.platform}/${parts.channel}`;
      const list = rows.get(key) ?? [];
      // A release without a group shares users with no other: its own name is its group.
      list.push({
        version: r.version,
        milestone: milestoneOf(r.version),
        group: r.fractionGroup ?? r.name,
        fraction: r.fraction,
        startTime: r.serving.startTime,
      });
      rows.set(key, list);
    }
    rowsOf.set(snapshot, rows);
  }
  return rows.get(`${platform}/${channel}`) ?? [];
}

/** The share (0 to 1) of the live releases on `platform`/`channel` whose version `wanted` accepts. */
export function shareWhere(
  snapshot: Snapshot,
  platform: string,
  channel: string,
  wanted: (row: LiveRow) => boolean,
): number {
  const groups = new Map<string, number>();
  for (const r of liveRows(snapshot, platform, channel)) {
    if (wanted(r)) groups.set(r.group, (groups.get(r.group) ?? 0) + r.fraction);
  }
  return Math.min(1, Math.max(0, ...groups.values()));
}

/** The share of `platform`/`channel` users whose version is milestone `milestone` or later: who have a feature. */
export function shareAtOrAbove(
  snapshot: Snapshot,
  platform: string,
  channel: string,
  milestone: number,
): number {
  return shareWhere(snapshot, platform, channel, (r) => (r.milestone ?? 0) >= milestone);
}

/** The share of `platform`/`channel` users on milestone `milestone` exactly. */
export function shareOfMilestone(
  snapshot: Snapshot,
  platform: string,
  channel: string,
  milestone: number,
): number {
  return shareWhere(snapshot, platform, channel, (r) => r.milestone === milestone);
}

/** The platforms with a live release on `channel`, in the catalog's order: what live.ts finds live there. */
export function livePlatforms(snapshot: Snapshot, channel: string): string[] {
  return liveEverywhere(snapshot)
    .filter((live) => live.channel === channel)
    .map((live) => live.platform);
}

/**
 * The highest milestone live on Stable, on `platform` or, without one, on any platform; null when none is:
 * read from live.ts, the one reading of what is live.
 */
export function newestLiveStable(snapshot: Snapshot, platform?: string): number | null {
  const lives =
    platform === undefined
      ? liveEverywhere(snapshot).filter((live) => live.channel === "stable")
      : [liveOn(snapshot, platform, "stable")];
  let best: number | null = null;
  for (const live of lives) {
    const m = live.newest === null ? null : milestoneOf(live.newest.version);
    if (m !== null) best = Math.max(best ?? 0, m);
  }
  return best;
}
