/**
 * Pure: the rows of the popup's live-release table (`#live`, the header's "Live everywhere" summary) from a
 * snapshot, one per platform and channel: its newest version with that version's largest share.
 */
import { channelRank, labelOf, parseResourceName } from "../core/catalog.ts";
import { compareVersions } from "../core/version.ts";
import { shareText } from "../background/share.ts";
import type { Snapshot } from "../background/snapshot.ts";

export interface LiveRow {
  readonly platform: string;
  readonly channel: string;
  readonly version: string;
  readonly share: string;
  readonly since: string;
}

export function liveRows(snapshot: Snapshot): LiveRow[] {
  const best = new Map<
    string,
    { platform: string; channel: string; version: string; fraction: number; since: string }
  >();
  for (const r of snapshot.releases) {
    const p = parseResourceName(r.name);
    if (!p?.channel) continue;
    const key = `${p.platform}/${p.channel}`;
    const cur = best.get(key);
    const cmp = cur ? compareVersions(r.version, cur.version) : 1;
    if (cmp > 0 || (cur && cmp === 0 && r.fraction > cur.fraction)) {
      best.set(key, {
        platform: p.platform,
        channel: p.channel,
        version: r.version,
        fraction: r.fraction,
        since: r.serving.startTime.slice(0, 10),
      });
    }
  }
  return [...best.values()]
    .sort((a, b) => channelRank(a.channel) - channelRank(b.channel) || (a.platform < b.platform ? -1 : 1))
    .map((b) => ({
      platform: labelOf(b.platform),
      channel: labelOf(b.channel),
      version: b.version,
      share: shareText(b.fraction),
      since: b.since,
    }));
}
