/**
 * What is live: the one rule every surface renders (toolbar badge and title, per-tab status, notifications,
 * the popup's header and its table of every live platform and channel).
 *
 * The service answers one release per version and fraction group; a version can be live as several releases
 * at once, and the releases of one group share its users (their fractions sum to 1). So, for one platform
 * and channel:
 *
 * - a version's **share** is the largest fraction among its live releases (what its users see);
 * - it has been **serving since** the earliest start among its live releases;
 * - the **newest** is the highest version; **most users** run the version with the largest share (the newer
 *   one on a tie). During a staged rollout the two differ: the newest serves a few, the previous one most.
 */
import { compareChannelsForDisplay, comparePlatforms, parseResourceName } from "../../core/catalog.ts";
import { parseRfc3339Ms } from "../../core/query/time.ts";
import { compareParsed, parseVersion } from "../../core/version.ts";
import type { Snapshot } from "../store/snapshot.ts";

export interface LiveVersion {
  readonly version: string;
  /** Largest share among its live releases, 0 to 1. */
  readonly fraction: number;
  /** Epoch ms when it started serving: the earliest start among its live releases. */
  readonly since: number;
}

export interface Live {
  readonly platform: string;
  readonly channel: string;
  /** Every live version, newest first. */
  readonly versions: readonly LiveVersion[];
  /** The highest live version, or null when nothing is live. */
  readonly newest: LiveVersion | null;
  /** The version with the largest share (the newer one on a tie), or null when nothing is live. */
  readonly mostUsers: LiveVersion | null;
}

/** What is live on one platform and channel of the snapshot. */
export function liveOn(snapshot: Snapshot, platform: string, channel: string): Live {
  return view(snapshot).get(key(platform, channel)) ?? liveOf(platform, channel, undefined);
}

/**
 * What is live on every platform and channel that has a live release, in the order people read them:
 * channels from stable outwards, then platforms in the catalog's order. Releases whose name does not parse
 * are left out (there is no platform or channel to put them under).
 */
export function liveEverywhere(snapshot: Snapshot): Live[] {
  return [...view(snapshot).values()];
}

interface Group {
  readonly platform: string;
  readonly channel: string;
  readonly versions: Map<string, { fraction: number; since: number }>;
}

function key(platform: string, channel: string): string {
  return `${platform}/${channel}`;
}

/**
 * Each snapshot's view by platform and channel, in display order, worked out once: every surface and every
 * redraw asks for it (the popup's glance several times an open), and with thousands of live releases each
 * working out costs tens of milliseconds. Keyed by the releases list, which a 304's new snapshot keeps.
 */
const views = new WeakMap<readonly unknown[], Map<string, Live>>();

function view(snapshot: Snapshot): Map<string, Live> {
  let seen = views.get(snapshot.releases);
  if (seen === undefined) {
    const list = [...gather(snapshot).values()]
      .map((g) => liveOf(g.platform, g.channel, g))
      .sort(
        (a, b) => compareChannelsForDisplay(a.channel, b.channel) || comparePlatforms(a.platform, b.platform),
      );
    seen = new Map(list.map((l) => [key(l.platform, l.channel), l]));
    views.set(snapshot.releases, seen);
  }
  return seen;
}

function gather(snapshot: Snapshot): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const r of snapshot.releases) {
    const parts = parseResourceName(r.name);
    if (!parts?.channel) continue;
    const k = key(parts.platform, parts.channel);
    let group = groups.get(k);
    if (!group)
      groups.set(k, (group = { platform: parts.platform, channel: parts.channel, versions: new Map() }));
    const start = parseRfc3339Ms(r.serving.startTime) ?? Infinity;
    const seen = group.versions.get(r.version);
    group.versions.set(r.version, {
      fraction: Math.max(seen?.fraction ?? 0, r.fraction),
      since: Math.min(seen?.since ?? Infinity, start),
    });
  }
  return groups;
}

function liveOf(platform: string, channel: string, group: Group | undefined): Live {
  // Each version parsed once, not once per comparison.
  const versions: LiveVersion[] = [...(group?.versions ?? [])]
    .map(([version, v]) => ({
      live: { version, fraction: v.fraction, since: v.since },
      parsed: parseVersion(version),
    }))
    .sort((a, b) => compareParsed(b.parsed, b.live.version, a.parsed, a.live.version))
    .map((v) => v.live);
  // Newest first, so the first of the largest share is the newer one on a tie.
  const mostUsers = versions.reduce<LiveVersion | null>(
    (best, v) => (best === null || v.fraction > best.fraction ? v : best),
    null,
  );
  return { platform, channel, versions, newest: versions[0] ?? null, mostUsers };
}
