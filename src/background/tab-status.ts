/**
 * What the button says on a release page (issue 3, "Per-tab status on release pages"): a pure function of the
 * page's context, the stored snapshot, the watched platform and, when fetched, the milestone's history. The
 * service worker applies the result per tab; nothing here reads the toolbar back (STYLE.md).
 *
 * Milestone and version pages get a badge saying where the milestone is live on the watched platform; channel
 * pages get the global badge of that channel, which the caller computes and injects.
 */
import { channelRank, labelOf, parseResourceName } from "../core/catalog.ts";
import { parseRfc3339 } from "../core/query/time.ts";
import type { ReleaseResource } from "../core/types.ts";
import { compareVersions, milestoneOf } from "../core/version.ts";
import { COLORS } from "./badge.ts";
import { shareText } from "./share.ts";
import type { ChannelHistory, MilestoneHistory } from "./milestone-history.ts";
import type { Snapshot } from "./snapshot.ts";

import type { BadgeView, TabContext } from "./model.ts";

/** The popup's path in the built extension; the context goes in its query so it opens filtered (issue 3). */
export const POPUP_PAGE = "src/popup/index.html";

/**
 * Issue 3: "checking channels in this order", with the badge of the first channel where the milestone is
 * live. canary_asan shares canary's badge: for a person it is the same build, instrumented.
 */
export const MILESTONE_BADGES = [
  { channel: "stable", text: "STBL", color: "#188038" },
  { channel: "extended", text: "EXT", color: "#007B83" },
  { channel: "beta", text: "BETA", color: "#1A73E8" },
  { channel: "dev", text: "DEV", color: "#9334E6" },
  { channel: "canary", text: "CNRY", color: "#E37400" },
  { channel: "canary_asan", text: "CNRY", color: "#E37400" },
] as const;

/** Issue 3: not live and not newer than the newest live milestone. */
export const OLD_BADGE = { text: "OLD", color: "#80868B" } as const;
/** Issue 3: newer than every live milestone. */
export const NEXT_BADGE = { text: "NEXT", color: "#5F6368" } as const;

/** Chrome shows long tooltips, but past a few lines nobody reads them. */
export const MAX_TITLE_LENGTH = 600;

/** Live versions listed per channel line before "and N more". */
const MAX_VERSIONS_PER_LINE = 3;

export interface TabViewInput {
  readonly context: TabContext;
  /** Every live release of every platform and channel, or null before the first successful poll. */
  readonly snapshot: Snapshot | null;
  /** The watched platform id (already resolved from `auto`). */
  readonly platform: string;
  /** The milestone's history on the platform, when fetched (fetchMilestoneHistory); adds dates to the title. */
  readonly history?: MilestoneHistory | undefined;
  /** The global badge rules for a channel (globalBadge with the channel swapped in). */
  readonly channelBadge: (channel: string) => BadgeView;
  /** Named in the title's first line, as the global title does. */
  readonly product?: string | undefined;
}

export interface TabView {
  readonly badge: BadgeView;
  /** The per-tab popup path, with the context in its query. */
  readonly popup: string;
}

/** The per-tab badge and popup for a release page. */
export function tabView(input: TabViewInput): TabView {
  const { context } = input;
  const popup = tabPopup(context);
  // Issue 3: "Channel context: the per-tab badge and title follow the global rules for that channel."
  if (context.kind === "channel") return { badge: input.channelBadge(context.channel), popup };
  return { badge: milestoneBadge(input, context), popup };
}

/** `src/popup/index.html?milestone=M`, `?version=V` or `?channel=C` (issue 3, "Per-tab popup"). */
export function tabPopup(context: TabContext): string {
  switch (context.kind) {
    case "milestone":
      return `${POPUP_PAGE}?milestone=${encodeURIComponent(context.milestone)}`;
    case "version":
      return `${POPUP_PAGE}?version=${encodeURIComponent(context.version)}`;
    case "channel":
      return `${POPUP_PAGE}?channel=${encodeURIComponent(context.channel)}`;
  }
}

type MilestoneContext = Exclude<TabContext, { kind: "channel" }>;

function milestoneBadge(input: TabViewInput, context: MilestoneContext): BadgeView {
  const { snapshot, platform } = input;
  const m = context.milestone;
  const subject = context.kind === "version" ? `${context.version} (M${m})` : `M${m}`;
  const product = input.product ? `${input.product} ` : "";
  const head = `Release Radar: ${product}${subject} on ${labelOf(platform)}`;
  if (!snapshot) return view("", OLD_BADGE.color, [head, "No data yet"]);

  // History of another milestone (a stale answer arriving after the tab moved on) says nothing about this one.
  const history = input.history?.milestone === m ? input.history.channels : {};
  const onPlatform = snapshot.releases.filter((r) => parseResourceName(r.name)?.platform === platform);
  const live = liveByChannel(onPlatform.filter((r) => milestoneOf(r.version) === m));

  const lines = [head];
  if (context.kind === "version") lines.push(versionLine(context.version, live, history));

  const first = MILESTONE_BADGES.find((b) => live.has(b.channel));
  let text = "";
  let color: string = OLD_BADGE.color;
  if (first) {
    text = first.text;
    color = first.color;
  } else {
    const newest = newestMilestone(onPlatform);
    if (newest === null) {
      lines.push(`No live release on ${labelOf(platform)}`);
    } else if (m > newest) {
      ({ text, color } = NEXT_BADGE);
      lines.push(`M${m} is newer than every live milestone (newest: M${newest})`);
    } else {
      // M may still be live on a channel outside the list (lts); its line below says so.
      ({ text, color } = OLD_BADGE);
      lines.push(`M${m} is older than the newest live milestone, M${newest}`);
    }
  }

  for (const channel of displayOrder([...live.keys(), ...Object.keys(history)])) {
    lines.push(channelLine(channel, live.get(channel), history[channel]));
  }
  return view(text, color, lines);
}

/** One live version on a channel: its largest share and earliest start across fraction groups. */
interface LiveVersion {
  readonly version: string;
  readonly fraction: number;
  readonly start: string;
}

/** Live versions per channel, newest first. */
function liveByChannel(releases: readonly ReleaseResource[]): Map<string, LiveVersion[]> {
  const byChannel = new Map<string, Map<string, LiveVersion>>();
  for (const r of releases) {
    const channel = parseResourceName(r.name)?.channel;
    if (!channel) continue;
    const versions = byChannel.get(channel) ?? new Map<string, LiveVersion>();
    byChannel.set(channel, versions);
    const seen = versions.get(r.version);
    versions.set(r.version, {
      version: r.version,
      fraction: Math.max(seen?.fraction ?? 0, r.fraction),
      start: seen && earlier(seen.start, r.serving.startTime) ? seen.start : r.serving.startTime,
    });
  }
  const out = new Map<string, LiveVersion[]>();
  for (const [channel, versions] of byChannel) {
    out.set(
      channel,
      [...versions.values()].sort((a, b) => compareVersions(b.version, a.version)),
    );
  }
  return out;
}

/** The newest milestone live on the platform on any channel, or null when nothing is live there. */
function newestMilestone(releases: readonly ReleaseResource[]): number | null {
  let newest: number | null = null;
  for (const r of releases) {
    const m = milestoneOf(r.version);
    if (m !== null && (newest === null || m > newest)) newest = m;
  }
  return newest;
}

/**
 * The version page's own line: whether V is live and where, else which version of its milestone is served
 * (issue 3: "120.0.6099.71 is not live; Stable serves 120.0.6099.109").
 */
function versionLine(
  version: string,
  live: ReadonlyMap<string, readonly LiveVersion[]>,
  history: Readonly<Record<string, ChannelHistory>>,
): string {
  const where: string[] = [];
  for (const channel of displayOrder([...live.keys()])) {
    const own = live.get(channel)?.find((v) => compareVersions(v.version, version) === 0);
    if (own) where.push(`${labelOf(channel)} at ${shareText(own.fraction)}`);
  }
  if (where.length) return `${version} is live on ${where.join(", ")}`;
  const was = displayOrder(Object.keys(history)).filter((c) =>
    history[c]?.versions.some((v) => compareVersions(v, version) === 0),
  );
  const wasText = was.length ? ` (it was on ${was.map(labelOf).join(", ")})` : "";
  const serving = displayOrder([...live.keys()])
    .map((c) => ({ c, v: live.get(c)?.[0] }))
    .find((x) => x.v);
  return serving?.v
    ? `${version} is not live${wasText}; ${labelOf(serving.c)} serves ${serving.v.version}`
    : `${version} is not live${wasText}`;
}

/**
 * One channel's line: live versions with shares and since when the milestone is on the channel, or, for a
 * channel it has left, when it reached it and when it ended (issue 3: "reached stable DATE, ended DATE").
 */
function channelLine(
  channel: string,
  live: readonly LiveVersion[] | undefined,
  past: ChannelHistory | undefined,
): string {
  const label = labelOf(channel);
  if (live?.length) {
    const shown = live.slice(0, MAX_VERSIONS_PER_LINE).map((v) => `${v.version} at ${shareText(v.fraction)}`);
    const more =
      live.length > MAX_VERSIONS_PER_LINE ? ` and ${live.length - MAX_VERSIONS_PER_LINE} more,` : "";
    // The history knows when the milestone reached the channel; without it, the oldest live release's start
    // is the best date there is.
    const since = past?.firstStart ?? live.map((v) => v.start).reduce((a, b) => (earlier(b, a) ? b : a));
    return `${label}: ${shown.join(", ")}${more} since ${day(since)}`;
  }
  // Only history lists a channel without live releases (see the caller), so `past` is there.
  const versions = past?.versions ?? [];
  const range =
    versions.length > 1
      ? `${versions[0]} to ${versions[versions.length - 1]} (${versions.length} versions)`
      : (versions[0] ?? "");
  const reached = past ? `, reached ${label.toLowerCase()} ${day(past.firstStart)}` : "";
  // A history younger than the snapshot may still call the channel live; the snapshot is the newer truth.
  const ended = past?.lastEnd ? `, ended ${day(past.lastEnd)}` : ", no longer live";
  return `${label}: ${range}${reached}${ended}`;
}

/** The channel order (stable, extended, beta, dev, canary, canary_asan), then the rest by rank. */
function displayOrder(channels: readonly string[]): string[] {
  const order = (c: string): number => {
    const i = MILESTONE_BADGES.findIndex((b) => b.channel === c);
    return i >= 0 ? i : MILESTONE_BADGES.length + channelRank(c);
  };
  return [...new Set(channels)].sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether RFC 3339 time `a` is before `b`, as instants (fraction digits vary, so text order is wrong). */
function earlier(a: string, b: string): boolean {
  return (parseRfc3339(a) ?? Infinity) < (parseRfc3339(b) ?? Infinity);
}

/** `YYYY-MM-DD` in UTC, as the global title's times are. */
function day(rfc3339: string): string {
  const micros = parseRfc3339(rfc3339);
  return micros === null
    ? rfc3339.slice(0, 10)
    : new Date(Math.floor(micros / 1000)).toISOString().slice(0, 10);
}

/** Joins the title lines, dropping whole lines from the end (with an ellipsis line) past MAX_TITLE_LENGTH. */
function view(text: string, color: string, lines: readonly string[]): BadgeView {
  let title = lines.join("\n");
  if (title.length > MAX_TITLE_LENGTH) {
    const kept: string[] = [];
    for (const line of lines) {
      if ([...kept, line, "…"].join("\n").length > MAX_TITLE_LENGTH) break;
      kept.push(line);
    }
    title = [...kept, "…"].join("\n").slice(0, MAX_TITLE_LENGTH);
  }
  return { text, color, textColor: COLORS.white, title };
}
