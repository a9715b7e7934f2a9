/**
 * "What is the current Chrome stable version", "chrome beta version": the newest version live on that channel
 * of the platform named, else the watched one, in the stored data, answered as that version is; with no Beta
 * release stored, the milestone the schedule has in Beta.
 */
import { labelOf } from "../../core/catalog.ts";
import { milestoneOf } from "../../core/version.ts";
import { liveOn } from "../watch/live.ts";
import type { Answer, AskContext } from "./answer.ts";
import { versionAnswer } from "./version.ts";
import { milestoneAnswer } from "./milestone.ts";
import { localDay } from "../status/countdown.ts";
import type { MilestoneSchedule } from "../../core/client/schedule-fields.ts";

export function channelAnswer(channel: string, ctx: AskContext, platform = ctx.watch.platform): Answer {
  const where = `Chrome ${labelOf(channel)} on ${labelOf(platform)}`;
  const newest = ctx.snapshot === null ? null : liveOn(ctx.snapshot, platform, channel).newest;
  const milestone = newest === null ? null : milestoneOf(newest.version);
  if (newest === null || milestone === null) {
    const title = `Nothing is live on ${where} in the stored data`;
    const planned = channel === "beta" ? inBeta(ctx) : null;
    if (planned === null) return { kind: "miss", title, lines: [], links: [], summary: title };
    // The schedule says which milestone is in Beta when no Beta release is stored (the bundled history
    // has none): said as the schedule's, beside what the data lacks.
    const line = `${title}; by the milestone schedule, Chrome ${planned.mstone} is in Beta (since ${planned.earliestBeta}).`;
    const answer = milestoneAnswer(planned.mstone, ctx);
    return { ...answer, lines: [line, ...answer.lines], summary: `${line} ${answer.summary}` };
  }
  const answer = versionAnswer({ version: newest.version, milestone, prefix: false }, ctx);
  const line = `The newest version on ${where} is ${newest.version}.`;
  return { ...answer, lines: [line, ...answer.lines], summary: `${line} ${answer.summary}` };
}

/** The newest milestone whose Beta has begun and whose Stable day has not come, by the stored schedules. */
function inBeta(ctx: AskContext): (MilestoneSchedule & { readonly earliestBeta: string }) | null {
  const today = localDay(ctx.now);
  const open = ctx.schedules.filter(
    (s): s is MilestoneSchedule & { readonly earliestBeta: string } =>
      s.earliestBeta !== undefined && s.earliestBeta <= today && today < s.stableDate,
  );
  return open.reduce<(typeof open)[number] | null>(
    (best, s) => (best === null || s.mstone > best.mstone ? s : best),
    null,
  );
}
