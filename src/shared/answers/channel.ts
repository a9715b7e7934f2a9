/**
 * "What is the current Chrome stable version", "chrome beta version": the newest version live on that channel
 * of the platform named, else the watched one, in the stored data, answered as that version is.
 */
import { labelOf } from "../../core/catalog.ts";
import { milestoneOf } from "../../core/version.ts";
import { liveOn } from "../watch/live.ts";
import type { Answer, AskContext } from "./answer.ts";
import { versionAnswer } from "./version.ts";

export function channelAnswer(channel: string, ctx: AskContext, platform = ctx.watch.platform): Answer {
  const where = `Chrome ${labelOf(channel)} on ${labelOf(platform)}`;
  const newest = ctx.snapshot === null ? null : liveOn(ctx.snapshot, platform, channel).newest;
  const milestone = newest === null ? null : milestoneOf(newest.version);
  if (newest === null || milestone === null) {
    const title = `Nothing is live on ${where} in the stored data`;
    return { kind: "miss", title, lines: [], links: [], summary: title };
  }
  const answer = versionAnswer({ version: newest.version, milestone, prefix: false }, ctx);
  const line = `The newest version on ${where} is ${newest.version}.`;
  return { ...answer, lines: [line, ...answer.lines], summary: `${line} ${answer.summary}` };
}
