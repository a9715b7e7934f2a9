/**
 * The answer about a web feature: the Chrome milestone that shipped it, how many users of the watched
 * platform and channel have it now (the live releases at or above that milestone, shares.ts) or when they
 * will (its Stable day, counted down), the same for every other live platform on that channel, the other
 * browsers' versions and the Baseline status, and two honest notes: a shipped feature can still be switched
 * off remotely, and which data this is.
 */
import { labelOf } from "../../core/catalog.ts";
import {
  identityLine,
  supportIn,
  type AssetFeature,
  type SupportBrowser,
} from "../../core/features/asset.ts";
import { milestoneOf } from "../../core/version.ts";
import { releaseNotesUrl } from "../release-notes.ts";
import { shareText } from "../rollout-wording.ts";
import type { Answer, AnswerLink, AskContext } from "./answer.ts";
import { daysUntil, milestoneDays, stableDayText } from "./days.ts";
import { asOfLine, unknownShareReason } from "./live-note.ts";
import { livePlatforms, shareAtOrAbove } from "./shares.ts";

export const REMOTE_OFF_CAVEAT =
  "A shipped feature can still be switched off remotely for some users, so a share is the most who can have it.";

/** Chrome on iOS runs Apple's WebKit, not Blink: its versions say nothing of a feature. */
const WEBKIT_PLATFORMS = new Set(["ios"]);
const ANDROID_PLATFORMS = new Set(["android", "webview"]);

/** A web-features version as a milestone: `105` -> 105, `≤80` -> 80 ("80 or earlier"). */
export function versionMilestone(version: string): number | null {
  return milestoneOf(version.replace(/^≤/, ""));
}

/** The browser whose version decides a feature on a Chrome platform, or null for WebKit platforms. */
function browserOf(platform: string): SupportBrowser | null {
  if (WEBKIT_PLATFORMS.has(platform)) return null;
  return ANDROID_PLATFORMS.has(platform) ? "chrome_android" : "chrome";
}

/** The milestone a platform's Chrome needs for the feature, or null when none has it (or it is WebKit). */
export function featureMilestone(feature: AssetFeature, platform: string): number | null {
  const browser = browserOf(platform);
  const version = browser === null ? null : supportIn(feature, browser);
  return version === null ? null : versionMilestone(version);
}

/** "Stable on Windows". */
const where = (platform: string, channel: string): string => `${labelOf(channel)} on ${labelOf(platform)}`;

export function featureAnswer(
  feature: AssetFeature,
  ctx: AskContext,
  others: readonly AssetFeature[] = [],
): Answer {
  const chrome = supportIn(feature, "chrome");
  const milestone = chrome === null ? null : versionMilestone(chrome);
  const lines = [headline(feature, ctx, chrome, milestone)];
  const watched = watchedLine(feature, ctx);
  if (watched !== null) lines.push(watched.line);
  lines.push(...otherPlatformLines(feature, ctx));
  lines.push(otherBrowsersLine(feature), baselineLine(feature), REMOTE_OFF_CAVEAT, identityLine(ctx.asset));
  if (others.length > 0) lines.push(`Other matches: ${others.map((f) => f.name).join(", ")}`);
  const links: AnswerLink[] = [];
  if (feature.url !== undefined) links.push({ text: linkText(feature.url), url: feature.url });
  if (milestone !== null)
    links.push({ text: `Chrome ${milestone} release notes`, url: releaseNotesUrl(milestone) });
  const summary = [
    feature.name,
    chrome === null ? "no Chrome version" : `Chrome ${chrome}`,
    ...(watched === null ? [] : [watched.short]),
    baselineShort(feature),
  ].join(" · ");
  return { kind: "feature", title: feature.name, lines, links, summary };
}

function headline(
  feature: AssetFeature,
  ctx: AskContext,
  chrome: string | null,
  milestone: number | null,
): string {
  if (chrome === null) {
    return feature.chromePart === undefined
      ? `No Chrome version supports ${feature.name}.`
      : `No Chrome version supports all of ${feature.name} yet; parts of it since Chrome ${feature.chromePart}.`;
  }
  const orEarlier = chrome.startsWith("≤") ? " or earlier" : "";
  const days = milestone === null ? null : milestoneDays(ctx, milestone);
  const when = days === null || days.stable === undefined || orEarlier ? "" : `: ${stableDayText(ctx, days)}`;
  return `Chrome ${chrome.replace(/^≤/, "")}${orEarlier} shipped it${when}`;
}

/** The watched platform and channel: a line for the answer and a few words for its summary. */
function watchedLine(feature: AssetFeature, ctx: AskContext): { line: string; short: string } | null {
  const { platform, channel, snapshot } = ctx;
  const here = where(platform, channel);
  if (browserOf(platform) === null) {
    return { line: `${here}: ${webkitText(feature)}.`, short: `${here}: WebKit` };
  }
  const milestone = featureMilestone(feature, platform);
  if (milestone === null) return null;
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
        ? `M${milestone} has no Stable day published yet`
        : `M${milestone} ${stableDayText(ctx, days)}`;
    return {
      line: `${here}: no user has it yet; ${when}. ${asOfLine(ctx, snapshot.fetchedAt)}`,
      short: `not yet on ${here}`,
    };
  }
  return {
    line: `${here}: ${shareText(share)} of users have it now (M${milestone} or later)${countdown}. ${asOfLine(ctx, snapshot.fetchedAt)}`,
    short: `${shareText(share)} of ${here} have it`,
  };
}

const haveIt = (share: number): string => (share === 0 ? "nobody has it yet" : `${shareText(share)} have it`);

/** "Chrome there runs Apple's WebKit: it comes with Safari on iOS 15.4". */
function webkitText(feature: AssetFeature): string {
  const safari = supportIn(feature, "safari_ios");
  const has = safari === null ? "no Safari on iOS version has it" : `it comes with Safari on iOS ${safari}`;
  return `Chrome there runs Apple's WebKit: ${has}`;
}

/** One line per other platform with a live release on the watched channel. */
function otherPlatformLines(feature: AssetFeature, ctx: AskContext): string[] {
  const { snapshot, channel } = ctx;
  // With no Chrome version at all, the headline said so: a line per platform would only repeat it.
  const anyChrome = supportIn(feature, "chrome") !== null || supportIn(feature, "chrome_android") !== null;
  if (snapshot === null || !anyChrome) return [];
  return livePlatforms(snapshot, channel)
    .filter((p) => p !== ctx.platform)
    .map((p) => {
      if (browserOf(p) === null) return `${labelOf(p)}: ${webkitText(feature)}`;
      const milestone = featureMilestone(feature, p);
      return milestone === null
        ? `${labelOf(p)}: no Chrome version has it`
        : `${labelOf(p)}: ${haveIt(shareAtOrAbove(snapshot, p, channel, milestone))}`;
    });
}

const OTHER_BROWSERS: readonly [SupportBrowser, string][] = [
  ["edge", "Edge"],
  ["firefox", "Firefox"],
  ["safari", "Safari"],
  ["chrome_android", "Chrome Android"],
  ["firefox_android", "Firefox for Android"],
  ["safari_ios", "Safari on iOS"],
];

/** "Edge 105 · Firefox 121 · Safari 15.4 · ...", "Firefox: not yet" where a browser lacks it. */
function otherBrowsersLine(feature: AssetFeature): string {
  return OTHER_BROWSERS.map(([b, name]) => `${name} ${supportIn(feature, b) ?? "not yet"}`).join(" · ");
}

export function baselineLine(feature: AssetFeature): string {
  if (feature.baseline === "high") {
    return `Baseline: widely available since ${feature.baselineHigh ?? "?"} (newly available since ${feature.baselineLow ?? "?"})`;
  }
  if (feature.baseline === "low")
    return `Baseline: newly available since ${feature.baselineLow ?? "?"}, not yet widely available`;
  return "Baseline: limited availability (not yet in every core browser)";
}

function baselineShort(feature: AssetFeature): string {
  if (feature.baseline === "high") return "Baseline widely available";
  return feature.baseline === "low" ? "Baseline newly available" : "Baseline limited";
}

function linkText(url: string): string {
  return url.startsWith("https://developer.mozilla.org/") ? "MDN" : "Specification";
}
