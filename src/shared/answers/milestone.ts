/**
 * The answer about a Chrome milestone: where it stands today (in development, branched, Beta, early stable,
 * Stable for everyone, past), where it is live now and at what share, its early-stable and Stable days with a
 * countdown, and its release notes. The schedule's days decide the phase where one is stored (countdown.ts
 * phaseOf, as the badges); otherwise the live releases say what they can.
 */
import { compareChannelsForDisplay, labelOf, parseResourceName } from "../../core/catalog.ts";
import { isMilestone, milestoneOf } from "../../core/version.ts";
import { inDays, localDay, phaseOf } from "../status/countdown.ts";
import { releaseNotesUrl } from "../page/release-notes.ts";
import { shareText } from "../status/rollout-wording.ts";
import type { Snapshot } from "../store/snapshot.ts";
import type { Answer, AskContext } from "./answer.ts";
import { daysUntil, milestoneDays, stableDayText, type MilestoneDays } from "./days.ts";
import { asOfLine, unknownShareLine } from "./live-note.ts";
import { livePlatforms, newestLiveStable, shareOfMilestone } from "./shares.ts";

/** Per channel with the milestone live: its platforms and shares, channels in the order people read them. */
export function liveShares(
  snapshot: Snapshot,
  milestone: number,
): { channel: string; shares: { platform: string; share: number }[] }[] {
  const channels = new Set<string>();
  for (const r of snapshot.releases) {
    const channel = parseResourceName(r.name)?.channel;
    if (channel !== undefined && r.serving.endTime === undefined && milestoneOf(r.version) === milestone)
      channels.add(channel);
  }
  return [...channels].sort(compareChannelsForDisplay).map((channel) => ({
    channel,
    shares: livePlatforms(snapshot, channel)
      .map((platform) => ({ platform, share: shareOfMilestone(snapshot, platform, channel, milestone) }))
      .filter((s) => s.share > 0),
  }));
}

/**
 * The highest milestone whose Stable day has come by the stored schedules: for telling a past milestone when
 * no live releases are stored.
 */
function newestScheduled(ctx: AskContext): number | null {
  const today = localDay(ctx.now);
  let best: number | null = null;
  for (const s of ctx.schedules) {
    if (s.stableDate <= today && isMilestone(s.mstone)) best = Math.max(best ?? 0, s.mstone);
  }
  return best;
}

/**
 * The newest milestone live on Stable where the person looks: the watched platform when Stable is live there,
 * else any platform. "M150 is past" is said against what the watched pair runs (Linux Stable runs 151), not
 * against another platform's newer milestone.
 */
function newestStableFor(snapshot: Snapshot, platform: string): { milestone: number; where: string } | null {
  const here = newestLiveStable(snapshot, platform);
  if (here !== null) return { milestone: here, where: `Stable on ${labelOf(platform)}` };
  const anywhere = newestLiveStable(snapshot);
  return anywhere === null ? null : { milestone: anywhere, where: "Stable" };
}

/** Where the milestone stands today, in words that follow "M153 is". */
export function standing(milestone: number, ctx: AskContext, days: MilestoneDays): string {
  const shares = ctx.snapshot === null ? null : liveShares(ctx.snapshot, milestone);
  const live = shares?.filter((c) => c.shares.length > 0).map((c) => c.channel) ?? null;
  // After its Stable day a milestone can still be rolling out on some platforms: not yet "for everyone".
  const rolling = shares?.some((c) => c.channel === "stable" && c.shares.some((s) => s.share < 1)) ?? false;
  if (!(live ?? []).includes("stable")) {
    if (ctx.snapshot === null) {
      const newest = newestScheduled(ctx);
      if (newest !== null && newest > milestone) return `past: M${newest} has reached Stable since`;
    } else {
      const newest = newestStableFor(ctx.snapshot, ctx.watch.platform);
      if (newest !== null && newest.milestone > milestone)
        return `past: ${newest.where} runs M${newest.milestone} now`;
    }
  }
  if (days.schedule !== null) {
    switch (phaseOf(days.schedule, localDay(ctx.now))) {
      case "before-branch":
        return "in development (Canary and Dev)";
      case "branched":
        return "branched, not yet in Beta";
      case "beta":
        return "in Beta";
      case "early-stable":
        return "in early stable: on Stable for some users before its Stable day";
      case "stable-day":
        return rolling ? "reaching Stable today, still rolling out" : "reaching Stable for everyone today";
      case "stable":
        return rolling ? "on Stable, still rolling out" : "Stable for everyone";
    }
  }
  if (live === null) {
    return days.stable === undefined
      ? "somewhere the stored data cannot say: no schedule and no live releases are stored"
      : daysUntil(ctx, days.stable) < 0
        ? "Stable by its scheduled day"
        : "not yet Stable by its scheduled day";
  }
  if (live.includes("stable")) return "on Stable";
  if (live.includes("beta")) return "in Beta";
  return live.length > 0 ? "in development" : "not live anywhere yet";
}

/**
 * Why a milestone the schedule places in a channel is not live anywhere: said beside "not live", so the two
 * never stand side by side unexplained.
 */
function notLiveLine(ctx: AskContext, days: MilestoneDays, milestone: number): string {
  if (days.schedule === null) return "It is not live on any platform or channel now.";
  const phase = phaseOf(days.schedule, localDay(ctx.now));
  if (phase === "before-branch" || phase === "branched" || phase === "beta") {
    return `It is not live on any platform or channel now: the schedule places M${milestone} there, but the service lists no live release of it.`;
  }
  return "It is not live on any platform or channel now.";
}

export function milestoneAnswer(milestone: number, ctx: AskContext): Answer {
  const days = milestoneDays(ctx, milestone);
  const where = standing(milestone, ctx, days);
  const lines = [`M${milestone} is ${where}.`];
  if (ctx.snapshot === null) lines.push(unknownShareLine(ctx));
  else {
    const live = liveShares(ctx.snapshot, milestone).filter((c) => c.shares.length > 0);
    if (live.length === 0) lines.push(notLiveLine(ctx, days, milestone));
    for (const c of live) {
      lines.push(
        `${labelOf(c.channel)}: ${c.shares.map((s) => `${labelOf(s.platform)} ${shareText(s.share)}`).join(", ")}`,
      );
    }
    lines.push(asOfLine(ctx, ctx.snapshot.fetchedAt));
  }
  if (days.earlyStable !== undefined) {
    const n = daysUntil(ctx, days.earlyStable);
    lines.push(`Early stable ${n < 0 ? "since" : "on"} ${days.earlyStable}${n < 0 ? "" : `, ${inDays(n)}`}`);
  }
  lines.push(stableDayText(ctx, days).replace(/^./, (c) => c.toUpperCase()));
  const notes = releaseNotesUrl(milestone);
  return {
    kind: "milestone",
    subject: `milestone:${milestone}`,
    title: `Chrome ${milestone}`,
    scheduleOf: milestone,
    lines,
    links: [{ text: `Chrome ${milestone} release notes`, url: notes }],
    summary: `Chrome ${milestone} · ${where} · ${stableDayText(ctx, days)}`,
  };
}
