/**
 * The first line of a feature's or a key's answer: what Chrome did with it. Shipped (and since when), will
 * ship (a milestone whose Stable day is still ahead, or beyond what Stable runs), removed (in which version,
 * or in one still ahead), supported only in parts (since when, how many), only on Android, or not at all.
 */
import type { AskContext } from "./answer.ts";
import { daysUntil, milestoneDays, stableDayText } from "./days.ts";
import { newestLiveStable } from "./shares.ts";
import { removedIn, versionIn, versionMilestone, versionText, type Supported } from "./supported.ts";

/**
 * Whether milestone `m` has not reached Stable yet: beyond what Stable runs anywhere in the service's data,
 * else (with no data) by its Stable day. The data decides first: a schedule's day can pass while the
 * service watched still serves older Stable versions (a mirror, the emulator's bundled history).
 */
function isAhead(ctx: AskContext, milestone: number): boolean {
  const newest = ctx.snapshot === null ? null : newestLiveStable(ctx.snapshot);
  if (newest !== null) return milestone > newest;
  const days = milestoneDays(ctx, milestone);
  return days.stable !== undefined && daysUntil(ctx, days.stable) > 0;
}

/** The line, and a few words for the one-line summary. */
export function chromeLine(s: Supported, ctx: AskContext): { line: string; short: string } {
  const chrome = versionIn(s, "chrome");
  const milestone = chrome === null ? null : versionMilestone(chrome);
  if (chrome !== null && milestone !== null) {
    const days = milestoneDays(ctx, milestone);
    if (!chrome.startsWith("≤") && isAhead(ctx, milestone)) {
      const when =
        days.stable === undefined
          ? "no Stable day in the schedule yet"
          : daysUntil(ctx, days.stable) >= 0
            ? stableDayText(ctx, days)
            : `not on Stable in the service's data yet (the schedule's Stable day was ${days.stable})`;
      return { line: `Chrome ${milestone} will ship it: ${when}`, short: `will ship in Chrome ${milestone}` };
    }
    const when = days.stable === undefined || chrome.startsWith("≤") ? "" : `: ${stableDayText(ctx, days)}`;
    return { line: `Chrome ${versionText(chrome)} shipped it${when}`, short: `Chrome ${chrome}` };
  }
  const removed = removedIn(s, "chrome");
  if (removed !== null) {
    const gone = versionMilestone(removed.removed);
    if (gone !== null && isAhead(ctx, gone)) {
      const days = milestoneDays(ctx, gone);
      const when = days.stable === undefined ? "" : `: ${stableDayText(ctx, days)}`;
      return {
        line: `To be removed in Chrome ${gone}${when} (supported since Chrome ${versionText(removed.added)})`,
        short: `to be removed in Chrome ${gone}`,
      };
    }
    return {
      line: `Removed in Chrome ${removed.removed} (supported since Chrome ${versionText(removed.added)})`,
      short: `removed in Chrome ${removed.removed}`,
    };
  }
  // Chrome on Android alone: the answer's Android line says it has it, so this one says which Chrome.
  const android = versionIn(s, "chrome_android");
  if (android !== null && s.chromePart === undefined) {
    return {
      line: `No desktop Chrome version supports ${s.name}; Chrome Android ${versionText(android)} does.`,
      short: `Chrome Android ${android} only`,
    };
  }
  const androidGone = removedIn(s, "chrome_android");
  if (androidGone !== null && s.chromePart === undefined) {
    return {
      line: `No Chrome version supports ${s.name} now: Chrome Android removed it in ${androidGone.removed}.`,
      short: `removed in Chrome Android ${androidGone.removed}`,
    };
  }
  const part = s.chromePart;
  if (part !== undefined) {
    return {
      line:
        `No Chrome version supports all of ${s.name} yet: Chrome supports ${part.keys} of its ${part.of}` +
        ` parts, the first since Chrome ${versionText(part.since)}.`,
      short: `parts since Chrome ${part.since}`,
    };
  }
  return { line: `No Chrome version supports ${s.name}.`, short: "no Chrome version" };
}
