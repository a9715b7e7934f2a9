/**
 * The answer about a web feature: what Chrome did with it (chrome-line.ts), how many users of the watched
 * platform and channel have it now and the other live platforms (reach.ts), whether it is discouraged and
 * what to use instead, the other browsers, Baseline, and two honest notes: a shipped feature can still be
 * switched off remotely, and which data this is. Links go to the feature itself: webstatus.dev, caniuse, its
 * specification, and MDN only for the compat key that is the feature.
 */
import { identityLine, type AssetFeature } from "../../core/features/asset.ts";
import { compatKeys, ownKeyPage, type CompatKey } from "../../core/features/compat-keys.ts";
import { keyTitle } from "../../core/features/key-title.ts";
import { releaseNotesUrl } from "../page/release-notes.ts";
import type { Answer, AnswerChoices, AnswerLink, AskContext } from "./answer.ts";
import { neededMilestone, reachLines } from "./reach.ts";
import {
  otherBrowsersLine,
  supportedOfFeature,
  versionIn,
  versionMilestone,
  type Supported,
} from "./supported.ts";
import { usersLines } from "./users.ts";

export const REMOTE_OFF_CAVEAT =
  "A shipped feature can still be switched off remotely for some users, so a share is the most who can have it.";

/** The caveat, where some Chrome ships it now: of a feature no Chrome has, it would speak of nothing. */
export const remoteOffCaveat = (s: Supported): string[] =>
  versionIn(s, "chrome") !== null || versionIn(s, "chrome_android") !== null ? [REMOTE_OFF_CAVEAT] : [];

/** `choices`: questions to offer with the answer ("Other matches"), each answering one subject. */
export function featureAnswer(
  feature: AssetFeature,
  ctx: AskContext,
  choices: readonly AnswerChoices[] = [],
): Answer {
  const supported = supportedOfFeature(feature);
  const users =
    ctx.usage === undefined ? null : usersLines(ctx.usage, ctx.asset, { kind: "feature", feature });
  const { lines, chrome, watched } = reachLines(
    supported,
    ctx,
    users?.lines ?? (ctx.usageProblem === undefined ? [] : [ctx.usageProblem]),
  );
  const discouraged = feature.discouraged;
  const insteadOf = (discouraged?.alternatives ?? []).flatMap((id) => {
    const f = ctx.asset.features.find((x) => x.id === id);
    return f === undefined ? [] : [{ text: f.name, question: id }];
  });
  // Removed or on its way out, it says what to use instead in the same line.
  const instead = insteadOf.length === 0 ? "" : ` Use ${insteadOf.map((q) => q.text).join(" or ")} instead.`;
  if (discouraged !== undefined) lines.push(`Discouraged: ${discouraged.reason}${instead}`);
  lines.push(
    otherBrowsersLine(supported),
    baselineLine(feature),
    ...remoteOffCaveat(supported),
    ...(users === null ? [] : [users.credit]),
    identityLine(ctx.asset),
  );
  const summary = [
    feature.name,
    ...(users === null ? [] : [users.short]),
    chrome.short,
    ...(watched === null ? [] : [watched.short]),
    baselineShort(feature),
    ...(discouraged === undefined ? [] : ["discouraged"]),
  ].join(" · ");
  const needed = neededMilestone(supported, "linux");
  return {
    kind: "feature",
    subject: `feature:${feature.id}`,
    title: feature.name,
    ...(needed !== null && { scheduleOf: needed.milestone }),
    lines,
    links: featureLinks(feature, ctx),
    choices: [...(insteadOf.length > 0 ? [{ label: "Use instead", questions: insteadOf }] : []), ...choices],
    summary,
    ...(users !== null && { users: users.view }),
  };
}

/** The feature's own pages: webstatus.dev, caniuse, its specification, MDN for its own key; release notes. */
export function featureLinks(feature: AssetFeature, ctx: AskContext): AnswerLink[] {
  const links: AnswerLink[] = [
    { text: "webstatus.dev", url: `https://webstatus.dev/features/${encodeURIComponent(feature.id)}` },
  ];
  if (feature.caniuse !== undefined)
    links.push({ text: "caniuse", url: `https://caniuse.com/${encodeURIComponent(feature.caniuse)}` });
  if (feature.spec !== undefined) links.push({ text: "Specification", url: feature.spec });
  links.push(...mdnLinks(feature, ctx));
  const chrome = versionIn(supportedOfFeature(feature), "chrome");
  const milestone = chrome === null ? null : versionMilestone(chrome);
  if (milestone !== null)
    links.push({ text: `Chrome ${milestone} release notes`, url: releaseNotesUrl(milestone) });
  return links;
}

/** How many MDN pages of its keys a feature with no page of its own links. */
const KEY_PAGES = 2;

/**
 * MDN for the feature: its own key's page; else the pages of its first entries (`@container`,
 * `container-type` for container queries), each named, so no link reads as the feature's own page.
 */
function mdnLinks(feature: AssetFeature, ctx: AskContext): AnswerLink[] {
  const own = ownKeyPage(ctx.asset, feature);
  if (own !== undefined) return [{ text: "MDN", url: own }];
  // Entries before members; what a page's author writes (CSS, HTML, JavaScript) before the API behind it.
  const rank = (k: CompatKey): number => k.key.split(".").length + (k.key.startsWith("api.") ? 100 : 0);
  return compatKeys(ctx.asset)
    .filter((k) => k.feature === feature && k.page !== undefined)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, KEY_PAGES)
    .map((k) => ({ text: `MDN: ${keyTitle(k)}`, url: k.page ?? "" }));
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
