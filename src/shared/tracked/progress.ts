/**
 * How far a watched item has got, from the snapshot each poll already has (no request): on each counted
 * platform, the milestone its Chrome needs and the share of users on it or later (shares.ts, the answers' own
 * rule). Pure, and cheap: a few passes over the live releases per item.
 */
import { neededMilestone, runsWebKit } from "../answers/reach.ts";
import { livePlatforms, liveRows, shareAtOrAbove } from "../answers/shares.ts";
import { removedIn, versionMilestone, type Supported } from "../answers/supported.ts";
import type { Snapshot } from "../store/snapshot.ts";
import type { Watch } from "../watch/device-platform.ts";
import type { TrackedItem } from "./items.ts";
import type { AssetFeature } from "../../core/features/asset.ts";
import type { CompatKey } from "../../core/features/compat-keys.ts";

/** The feature or compat key itself, to read its support per browser version (users-share.ts). */
export type RawSubject =
  | { readonly kind: "feature"; readonly feature: AssetFeature }
  | { readonly kind: "key"; readonly key: CompatKey };

/** What a watched item is, as resolved from the bundled feature data (subject.ts), or a milestone. */
export type TrackedSubject =
  | {
      readonly kind: "support";
      readonly label: string;
      readonly supported: Supported;
      /** The feature or key itself, for its share of users (users-share.ts). */
      readonly raw?: RawSubject;
    }
  | { readonly kind: "milestone"; readonly label: string; readonly milestone: number };

/** One counted platform and channel. */
export interface PlatformShare {
  readonly platform: string;
  readonly channel: string;
  /** The milestone its Chrome needs; null where none has it (or Chrome there runs WebKit). */
  readonly needed: number | null;
  /** Chrome there runs Apple's WebKit (iOS): Safari on iOS's version decides, not a Chrome milestone. */
  readonly webkit: boolean;
  /** Where Chrome removed it (feature or key), the milestone it was removed in. */
  readonly removed: number | null;
  /** Share (0 to 1) on `needed` or later; null without a snapshot, nothing live there, or no milestone. */
  readonly share: number | null;
  /**
   * A share of users (users-share.ts) rather than of a platform's rollout: whose (`users worldwide`), of
   * when (`caniuse usage of 2026-09-28`), and why (the largest groups without it, or why it is unknown).
   */
  readonly users?: { readonly name: string; readonly when: string; readonly why: string };
}

/** The platforms and channels an item counts: the toolbar's watch, or every platform live on Stable. */
export function countedPairs(item: TrackedItem, watch: Watch, snapshot: Snapshot | null): [string, string][] {
  if (item.where === "watched" || snapshot === null)
    return [[watch.platform, item.where === "watched" ? watch.channel : "stable"]];
  return livePlatforms(snapshot, "stable").map((p): [string, string] => [p, "stable"]);
}

/** The item's share on each counted platform. */
export function measure(
  item: TrackedItem,
  subject: TrackedSubject,
  watch: Watch,
  snapshot: Snapshot | null,
): PlatformShare[] {
  return countedPairs(item, watch, snapshot).map(([platform, channel]) => {
    const needed =
      subject.kind === "milestone"
        ? subject.milestone
        : (neededMilestone(subject.supported, platform)?.milestone ?? null);
    const removal =
      subject.kind === "support"
        ? removedIn(subject.supported, platform === "android" ? "chrome_android" : "chrome")
        : null;
    const live = snapshot !== null && liveRows(snapshot, platform, channel).length > 0;
    return {
      platform,
      channel,
      webkit: subject.kind === "support" && runsWebKit(platform),
      needed,
      removed: removal === null ? null : versionMilestone(removal.removed),
      share: needed === null || !live ? null : shareAtOrAbove(snapshot, platform, channel, needed),
    };
  });
}

/** Whether a share has reached `threshold` percent (a share is a fraction; its float sums may fall a hair short). */
export const atThreshold = (share: number | null, threshold: number): boolean =>
  share !== null && share * 100 >= threshold - 1e-9;
