/**
 * Who has a feature or compat key now: the share of the watched platform and channel on a milestone that
 * supports it (shares.ts), when the rest will (its Stable day, counted down), and a line per other platform
 * live on that channel. Chrome on iOS runs Apple's WebKit, so there Safari on iOS's version decides.
 */
import { labelOf } from "../../core/catalog.ts";
import type { SupportBrowser } from "../../core/features/asset.ts";
import { shareText } from "../status/rollout-wording.ts";
import type { AskContext } from "./answer.ts";
import { chromeLine } from "./chrome-line.ts";
import { daysUntil, milestoneDays, stableDayText } from "./days.ts";
import { asOfLine, unknownShareReason } from "./live-note.ts";
import { livePlatforms, shareAtOrAbove } from "./shares.ts";
import { versionIn, versionMilestone, type Supported } from "./supported.ts";

const WEBKIT_PLATFORMS = new Set(["ios"]);
const ANDROID_PLATFORMS = new Set(["android", "webview"]);

/** Whether Chrome on `platform` runs Apple's WebKit (iOS): there Safari on iOS's version decides. */
export const runsWebKit = (platform: string): boolean => WEBKIT_PLATFORMS.has(platform);

/** The browser whose version decides on a Chrome platform, or null for WebKit platforms. */
function browserOf(platform: string): SupportBrowser | null {
  if (runsWebKit(platform)) return null;
  return ANDROID_PLATFORMS.has(platform) ? "chrome_android" : "chrome";
}

/**
 * The milestone a platform's Chrome needs for it, or null when none has it (or it is WebKit). Where Chrome
 * supports only parts, the milestone of its first part, and `part` says so.
 */
export function neededMilestone(s: Supported, platform: string): { milestone: number; part: boolean } | null {
  const browser = browserOf(platform);
  if (browser === null) return null;
  const version = versionIn(s, browser);
  if (version !== null) {
    const milestone = versionMilestone(version);
    return milestone === null ? null : { milestone, part: false };
  }
  const since = s.chromePart?.since;
  const milestone = since === undefined ? null : versionMilestone(since);
  return milestone === null ? null : { milestone, part: true };
}

/** "Stable on Windows". */
export const where = (platform: string, channel: string): string =>
  `${labelOf(channel)} on ${labelOf(platform)}`;

/** "Chrome there runs Apple's WebKit: it comes with Safari on iOS 15.4". */
function webkitText(s: Supported): string {
  const safari = versionIn(s, "safari_ios");
  const has = safari === null ? "no Safari on iOS version has it" : `it comes with Safari on iOS ${safari}`;
  return `Chrome there runs Apple's WebKit: ${has}`;
}

/** The watched platform and channel: a line for the answer and a few words for its summary. */
export function watchedLine(s: Supported, ctx: AskContext): { line: string; short: string } | null {
  const { snapshot } = ctx;
  const { platform, channel } = ctx.watch;
  const here = where(platform, channel);
  if (browserOf(platform) === null) return { line: `${here}: ${webkitText(s)}.`, short: `${here}: WebKit` };
  const needed = neededMilestone(s, platform);
  if (needed === null) return null;
  const { milestone, part } = needed;
  const it = part ? "its first parts" : "it";
  const days = milestoneDays(ctx, milestone);
  const future = days.stable !== undefined && daysUntil(ctx, days.stable) >= 0;
  const countdown = future ? `; M${milestone} ${stableDayText(ctx, days)}` : "";
  if (snapshot === null) {
    return {
      line: `${here}: live share unknown${countdown}. ${unknownShareReason(ctx)}`,
      short: "live share unknown",
    };
  }
  if (!livePlatforms(snapshot, channel).includes(platform)) {
    return {
      line: `${here}: nothing is live there in the stored data. ${asOfLine(ctx, snapshot.fetchedAt)}`,
      short: `nothing live on ${here}`,
    };
  }
  const share = shareAtOrAbove(snapshot, platform, channel, milestone);
  if (share === 0) {
    const when =
      days.stable === undefined
        ? `M${milestone} has no Stable day in the schedule yet`
        : `M${milestone} ${stableDayText(ctx, days)}`;
    return {
      line: `${here}: no user has ${it} yet; ${when}. ${asOfLine(ctx, snapshot.fetchedAt)}`,
      short: `not yet on ${here}`,
    };
  }
  return {
    line: `${here}: ${shareText(share)} of users have ${it} now (M${milestone} or later)${countdown}. ${asOfLine(ctx, snapshot.fetchedAt)}`,
    short: `${shareText(share)} of ${here} have ${it}`,
  };
}

/** One line per other platform with a live release on the watched channel. */
export function otherPlatformLines(s: Supported, ctx: AskContext): string[] {
  const { snapshot } = ctx;
  const { channel } = ctx.watch;
  // With no Chrome version at all, the headline said so: a line per platform would only repeat it.
  const anyChrome = neededMilestone(s, "linux") !== null || neededMilestone(s, "android") !== null;
  if (snapshot === null || !anyChrome) return [];
  return livePlatforms(snapshot, channel)
    .filter((p) => p !== ctx.watch.platform)
    .map((p) => {
      if (browserOf(p) === null) return `${labelOf(p)}: ${webkitText(s)}`;
      const needed = neededMilestone(s, p);
      if (needed === null) return `${labelOf(p)}: no Chrome version has it`;
      const share = shareAtOrAbove(snapshot, p, channel, needed.milestone);
      return `${labelOf(p)}: ${share === 0 ? "nobody has it yet" : `${shareText(share)} have it`}`;
    });
}

/**
 * The lines every feature's and key's answer opens with: how many of all users have it (`users`, users.ts,
 * where the usage data is read), what Chrome did with it, the watched platform and channel, and the other
 * live platforms; with the Chrome and watched lines' words for the summary.
 */
export function reachLines(
  s: Supported,
  ctx: AskContext,
  users: readonly string[] = [],
): { lines: string[]; chrome: { short: string }; watched: { short: string } | null } {
  const chrome = chromeLine(s, ctx);
  const watched = watchedLine(s, ctx);
  const lines = [
    ...users,
    chrome.line,
    ...(watched === null ? [] : [watched.line]),
    ...otherPlatformLines(s, ctx),
  ];
  return { lines, chrome, watched };
}
