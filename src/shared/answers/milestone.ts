/**
 * The answer about a Chrome milestone: where it stands today (in development, branched, Beta, early stable,
 * Stable for everyone, past), where it is live now and at what share, its early-stable and Stable days with a
 * countdown, and its release notes. The schedule's days decide the phase where one is stored (countdown.ts
 * phaseOf, as the badges); otherwise the live releases say what they can.
 */
import { compareChannelsForDisplay, labelOf, parseResourceName } from "../../core/catalog.ts";
import { isMilestone, milestoneOf } from "../../core/version.ts";
import { inDays, localDay, phaseOf } from "../countdown.ts";
import { releaseNotesUrl } from "../release-notes.ts";
import { shareText } from "../rollout-wording.ts";
import type { Snapshot } from "../snapshot.ts";
import type { Answer, AskContext } from "./answer.ts";
import { daysUntil, milestoneDays, stableDayText, type MilestoneDays } from "./days.ts";
import { asOfLine, unknownShareLine } from "./live-note.ts";
import { livePlatforms, shareOfMilestone } from "./shares.ts";

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

/** The highest milestone live on Stable on any platform, or null. */
function newestStable(snapshot: Snapshot): number | null {
  let best: number | null = null;
  for (const r of snapshot.releases) {
    const m = milestoneOf(r.version);
    if (m !== null && r.serving.endTime === undefined && parseResourceName(r.name)?.channel === "stable")
      best = Math.max(best ?? 0, m);
  }
  return best;
}

/**
 * The highest milestone whose Stable day has come by the days known without the service: the stored
 * schedules and the published ones. For telling a past milestone when no live releases are stored.
 */
function newestPublished(ctx: AskContext): number | null {
  const today = localDay(ctx.now);
  const days = [
    ...ctx.schedules.map((s) => ({ milestone: s.mstone, day: s.stableDate })),
    ...ctx.asset.releases.chrome.map((r) => ({ milestone: Number(r.version), day: r.date })),
  ];
  let best: number | null = null;
  for (const d of days) {
    if (d.day !== undefined && d.day <= today && isMilestone(d.milestone))
      best = Math.max(best ?? 0, d.milestone);
  }
  return best;
}

/** Where the milestone stands today, in words that follow "M153 is". */
export function standing(milestone: number, ctx: AskContext, days: MilestoneDays): string {
  const shares = ctx.snapshot === null ? null : liveShares(ctx.snapshot, milestone);
  const live = shares?.map((c) => c.channel) ?? null;
  // After its Stable day a milestone can still be rolling out on some platforms: not yet "for everyone".
  const rolling = shares?.some((c) => c.channel === "stable" && c.shares.some((s) => s.share < 1)) ?? false;
  const newest = ctx.snapshot === null ? newestPublished(ctx) : newestStable(ctx.snapshot);
  if (newest !== null && newest > milestone && !(live ?? []).includes("stable")) {
    return ctx.snapshot === null
      ? `past: M${newest} has reached Stable since`
      : `past: Stable runs M${newest} now`;
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
        return "in early stable: on Stable for a small share of users";
      case "stable-day":
        return rolling ? "reaching Stable today, still rolling out" : "reaching Stable for everyone today";
      case "stable":
        return rolling ? "on Stable, still rolling out" : "Stable for everyone";
    }
  }
  if (live === null) {
    if (days.stable === undefined)
      return "somewhere the stored data cannot say: no schedule and no live releases are stored";
    return daysUntil(ctx, days.stable) < 0
      ? "Stable by its published day"
      : "not yet Stable by its published day";
  }
  if (live.includes("stable")) return "on Stable";
  if (live.includes("beta")) return "in Beta";
  return live.length > 0 ? "in development" : "not live anywhere yet";
}

export function milestoneAnswer(milestone: number, ctx: AskContext): Answer {
  const days = milestoneDays(ctx, milestone);
  const where = standing(milestone, ctx, days);
  const lines = [`M${milestone} is ${where}.`];
  if (ctx.snapshot === null) lines.push(unknownShareLine(ctx));
  else {
    const live = liveShares(ctx.snapshot, milestone).filter((c) => c.shares.length > 0);
    if (live.length === 0) lines.push(`It is not live on any platform or channel now.`);
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
    title: `Chrome ${milestone}`,
    lines,
    links: [{ text: `Chrome ${milestone} release notes`, url: notes }],
    summary: `Chrome ${milestone} · ${where} · ${stableDayText(ctx, days)}`,
  };
}
