/**
 * A watched item's state on one counted platform, in the words the popup's list shows: "not in Chrome yet",
 * "ships in M154, Stable 2026-12-27", "rolling out: 38% of Windows Stable", "reached 95% on Android on
 * 2026-12-04", "fell back to 80% of Android Stable", "removed in M127". Pure.
 */
import { labelOf } from "../../core/catalog.ts";
import type { MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import { shareText } from "../status/rollout-wording.ts";
import { percent } from "../answers/users.ts";
import { pairKey, type TrackedMemory } from "./memory.ts";
import { atThreshold, type PlatformShare } from "./progress.ts";

export type RowState =
  "webkit" | "removed" | "absent" | "unknown" | "upcoming" | "rolling" | "reached" | "fell-back" | "users";

export interface RowWords {
  readonly state: RowState;
  readonly text: string;
}

/** The words for one platform's share of an item watched until `threshold` percent. */
export function rowWords(
  s: PlatformShare,
  threshold: number,
  memory: TrackedMemory | undefined,
  schedules: readonly MilestoneSchedule[],
): RowWords {
  if (s.users !== undefined) return usersWords(s, s.users, threshold, memory);
  const where = `${labelOf(s.platform)} ${labelOf(s.channel)}`;
  if (s.webkit) return { state: "webkit", text: "Chrome on iOS runs Apple's WebKit: Safari on iOS decides" };
  if (s.needed === null) {
    return s.removed !== null
      ? { state: "removed", text: `removed in M${s.removed}` }
      : { state: "absent", text: "not in Chrome yet" };
  }
  if (s.share === null) return { state: "unknown", text: `share on ${where} not known yet` };
  const reached = memory?.reached[pairKey(s.platform, s.channel)];
  if (atThreshold(s.share, threshold))
    return { state: "reached", text: reachedText(threshold, `on ${labelOf(s.platform)}`, reached) };
  if (reached !== undefined) {
    return {
      state: "fell-back",
      text: `fell back to ${shareText(s.share)} of ${where} (${reachedText(threshold, "", reached)})`,
    };
  }
  if (s.share > 0) return { state: "rolling", text: `rolling out: ${shareText(s.share)} of ${where}` };
  const stable = schedules.find((x) => x.mstone === s.needed)?.stableDate;
  return {
    state: "upcoming",
    text: stable === undefined ? `ships in M${s.needed}` : `ships in M${s.needed}, Stable ${stable}`,
  };
}

/** A share of users: "94.8% of users worldwide have it (caniuse usage of 2026-09-28)", reached, fell back. */
function usersWords(
  s: PlatformShare,
  users: NonNullable<PlatformShare["users"]>,
  threshold: number,
  memory: TrackedMemory | undefined,
): RowWords {
  if (s.share === null) return { state: "unknown", text: `share of ${users.name} unknown: ${users.why}` };
  const reached = memory?.reached[pairKey(s.platform, s.channel)];
  const of = users.when === "" ? "" : ` (${users.when})`;
  if (atThreshold(s.share, threshold))
    return { state: "reached", text: `${reachedText(threshold, `of ${users.name}`, reached)}${of}` };
  const now = `${percent(s.share * 100)} of ${users.name} have it${of}`;
  if (reached !== undefined)
    return { state: "fell-back", text: `fell back: ${now} (${reachedText(threshold, "", reached)})` };
  return { state: "users", text: now };
}

/**
 * "reached 95% on Windows on 2026-12-04": the day a crossing was seen while watched. Reached before the watch
 * began, it is "already reached … when watched on 2026-12-01": that day is the watch's, never said as the day
 * it was reached.
 */
function reachedText(
  threshold: number,
  where: string,
  reached: { readonly day: string; readonly before: boolean } | undefined,
): string {
  const at = `${threshold}%${where === "" ? "" : ` ${where}`}`;
  if (reached === undefined) return `reached ${at}`;
  return reached.before
    ? `already reached ${at} when watched on ${reached.day}`
    : `reached ${at} on ${reached.day}`;
}
