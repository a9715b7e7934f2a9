/**
 * Which version is "really" Stable, said the way a person asks it. During a staged rollout several versions
 * are live on one channel at once (their fractions share one fraction group): the newest serves some users
 * and an older one serves most. Before a milestone's Stable day Chrome pushes it to a small share of Stable
 * users, the early-stable release; tools that read only the newest version call it "the Stable version" a
 * week early.
 *
 * An early-stable push is named as such when the newest version's milestone is newer than the one most
 * users run on Stable, and either its schedule says so (on or after its early-stable day, before its Stable
 * day) or, with no such dates, its share is small (at most EARLY_STABLE_MAX_SHARE). A schedule with those
 * dates decides: after its Stable day a small share is the start of the ordinary staged rollout.
 */
import { milestoneOf } from "../../core/version.ts";
import type { Live } from "./live.ts";
import { shareText } from "../status/rollout-wording.ts";

/** The share up to which a new milestone's push to Stable reads as early stable when no dates are known. */
export const EARLY_STABLE_MAX_SHARE = 0.05;

export type Rollout =
  /** Nothing live. */
  | { readonly kind: "none" }
  /** The newest version serves everyone (or is the only live one): nothing to split. */
  | { readonly kind: "single"; readonly milestone: number | null }
  | {
      readonly kind: "early-stable" | "staged";
      /** How the two versions are named: their milestones when those differ, else the versions. */
      readonly newest: string;
      readonly mostUsers: string;
      readonly share: number;
    };

/**
 * What the rollout of `live` is. `scheduled` is what the newest version's milestone's schedule says of
 * today (countdown.ts `inEarlyStable`): true or false where it has the dates, null where it does not (or is
 * not known here: the popup's first paint reads no schedule), and then the shares decide.
 */
export function rolloutOf(live: Live, scheduled: boolean | null = null): Rollout {
  const { newest, mostUsers } = live;
  if (!newest) return { kind: "none" };
  const milestone = milestoneOf(newest.version);
  if (!mostUsers || mostUsers === newest) return { kind: "single", milestone };
  const older = milestoneOf(mostUsers.version);
  const newMilestone = milestone !== null && older !== null && milestone > older;
  const split = newMilestone
    ? { newest: String(milestone), mostUsers: String(older), share: newest.fraction }
    : { newest: newest.version, mostUsers: mostUsers.version, share: newest.fraction };
  if (live.channel !== "stable" || !newMilestone) return { kind: "staged", ...split };
  const early = scheduled ?? newest.fraction <= EARLY_STABLE_MAX_SHARE;
  return { kind: early ? "early-stable" : "staged", ...split };
}

/**
 * The title's line for a split rollout: "Early stable: 152 to 1% of users; most users run 151", or
 * "Rolling out: 152 to 25% of users; most users run 151"; null when there is nothing to split.
 */
export function rolloutLine(rollout: Rollout): string | null {
  if (rollout.kind !== "early-stable" && rollout.kind !== "staged") return null;
  const lead = rollout.kind === "early-stable" ? "Early stable" : "Rolling out";
  return `${lead}: ${rollout.newest} to ${shareText(rollout.share)} of users; most users run ${rollout.mostUsers}`;
}
