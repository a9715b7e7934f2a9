/**
 * What the button says on a release page: a pure function of the page's context, what is live (live.ts),
 * the watched platform and, when fetched, the milestone's history. The service worker applies the result per
 * tab; nothing here reads the toolbar back.
 *
 * Milestone and version pages get a badge saying where the milestone is live on the watched platform; channel
 * pages get the global badge of that channel, which the caller computes and injects.
 */
import { compareChannelsForDisplay, isServiceId, labelOf } from "../../core/catalog.ts";
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule.ts";
import { parseRfc3339Ms } from "../../core/query/time.ts";
import { compareVersions, milestoneOf } from "../../core/version.ts";
import { countdownBadge, scheduleLines } from "../../shared/status/countdown.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";
import type { ChannelHistory, MilestoneHistory } from "../../shared/store/histories.ts";
import { liveEverywhere, type Live, type LiveVersion } from "../../shared/watch/live.ts";
import { popupPath, type PageContext } from "../../shared/page/page-context.ts";
import { listSome, liveVersionDayText, namedList, shareText } from "../../shared/status/rollout-wording.ts";
import { formatDay } from "../../shared/status/time.ts";
import {
  headLine,
  rolloutIcon,
  stateColours,
  stateOf,
  statusLines,
  type BadgeView,
  type ServiceStatus,
} from "./toolbar-wording.ts";

/**
 * A channel's short name on a release page's badge. canary_asan shares canary's: for a person it is the same
 * build, instrumented. A channel without one of its own (lts, or one the service adds) shows its id's first
 * four letters.
 */
const CHANNEL_TEXT: ReadonlyMap<string, string> = new Map([
  ["stable", "STBL"],
  ["extended", "EXT"],
  ["beta", "BETA"],
  ["dev", "DEV"],
  ["canary", "CNRY"],
  ["canary_asan", "CNRY"],
]);

function channelText(channel: string): string {
  // The badge is no place for a service's odd text: an id outside the id rule gets none (the title names it).
  return CHANNEL_TEXT.get(channel) ?? (isServiceId(channel) ? channel.slice(0, 4).toUpperCase() : "");
}

/** Chrome shows long tooltips, but past a few lines nobody reads them. */
export const MAX_TITLE_LENGTH = 600;

export interface TabViewInput extends ServiceStatus {
  readonly context: PageContext;
  /**
   * What the toolbar watches: its product is named in the title's first line, as the global title does; a
   * milestone is old when its channel has moved past it.
   */
  readonly watch: Watch;
  /** The milestone's history on the platform, when fetched; adds when it reached each channel. */
  readonly history?: MilestoneHistory | undefined;
  /** The milestone's planned dates, when known. */
  readonly schedule?: MilestoneSchedule | undefined;
  /** The reader's calendar day, for the countdown to Stable. */
  readonly today?: CalendarDay;
  /** The global badge rules for a channel (globalBadge with the channel swapped in). */
  readonly channelBadge: (channel: string) => BadgeView;
  /** Whether drawn icons work here (badge.ts GlobalInput.icons); without them the tab keeps the static icon. */
  readonly icons: boolean;
}

export interface TabView {
  readonly badge: BadgeView;
  /** The per-tab popup path, with the context in its query so the popup opens filtered to it. */
  readonly popup: string;
}

/** The per-tab badge and popup for a release page. */
export function tabView(input: TabViewInput): TabView {
  const { context } = input;
  const popup = popupPath(context);
  // A channel page (a Chrome Releases post) is about the channel: the global rules for that channel apply.
  if (context.kind === "channel") return { badge: input.channelBadge(context.channel), popup };
  return { badge: milestoneBadge(input, context), popup };
}

type MilestoneContext = Exclude<PageContext, { kind: "channel" }>;

/**
 * A release page's badge says where its milestone M is for the person: on the watched channel and platform
 * first.
 *
 *   M live on the watched channel          the channel's short name (STBL), coloured by M's share there
 *   the watched channel has moved past M   OLD
 *   the watched channel is not there yet   the countdown to M's Stable day (9d, TODAY) when scheduled, else
 *                                          the first channel where M is live on the platform (BETA), else NEXT
 *
 * The colour follows the global badge's one rule (toolbar-wording.ts stateOf): green is 100% of the named channel's
 * users, amber a rollout under way, grey where the badge names no channel where M is live (OLD, NEXT, a
 * countdown), grey when stale and red when the latest check failed. The title says the same in words, with
 * where M is on the watched channel elsewhere ("M152 is on Stable on 4 platforms, not yet on Linux, which
 * runs 151"), then each channel of the platform M is or was on.
 */
function milestoneBadge(input: TabViewInput, context: MilestoneContext): BadgeView {
  const { snapshot } = input;
  const { product, platform, channel } = input.watch;
  const m = context.milestone;
  const subject = context.kind === "version" ? `${context.version} (M${m})` : `M${m}`;
  const head = headLine(product, subject, platform);
  const status = statusLines(input);
  if (!snapshot) return view("", input, null, [head], status);

  // History of another milestone (a late answer arriving after the tab moved on) says nothing about this one.
  const history = input.history?.milestone === m ? input.history.channels : {};
  const everywhere = liveEverywhere(snapshot);
  const here = everywhere.filter((l) => l.platform === platform);
  const live = new Map<string, LiveVersion[]>();
  for (const l of here) {
    const ofMilestone = ofMilestoneM(l, m);
    if (ofMilestone.length > 0) live.set(l.channel, ofMilestone);
  }

  const lines = [head];
  if (context.kind === "version") lines.push(versionLine(context.version, live, history));

  const watched = here.find((l) => l.channel === channel);
  const newestHere = watched?.newest ? milestoneOf(watched.newest.version) : null;
  const moved = !live.has(channel) && newestHere !== null && newestHere > m;
  const schedule = input.schedule?.mstone === m ? input.schedule : undefined;
  // Past its Stable day (no countdown) the release history speaks for it, and the schedule is not repeated.
  const countdown = schedule && input.today !== undefined ? countdownBadge(schedule, input.today) : null;

  // The channel the badge names, where M is live on the platform: the watched one, else (M is ahead of the
  // watched channel and has no countdown) the first in display order.
  let named: string | undefined;
  let text: string;
  if (live.has(channel)) named = channel;
  // `live` is in display order (liveEverywhere's), so its first key is the first channel people read.
  else if (!moved && countdown === null) named = [...live.keys()][0];
  if (named !== undefined) text = channelText(named);
  else if (here.length === 0) text = "";
  else if (moved) text = "OLD";
  else text = countdown ?? "NEXT";

  const where =
    here.length === 0
      ? `No live release on ${labelOf(platform)}`
      : watchedLine(m, channel, platform, everywhere, newestHere);
  if (where !== null) lines.push(where);
  if (schedule && input.today !== undefined && countdown !== null) {
    lines.push(...scheduleLines(schedule, input.today));
  }

  const channels = [...new Set([...live.keys(), ...Object.keys(history)])].sort(compareChannelsForDisplay);
  for (const c of channels) lines.push(channelLine(m, c, live.get(c), history[c]));
  // The icon rings the share of M's newest version on the channel the badge names (empty where it names none).
  const share = named === undefined ? null : (live.get(named)?.[0]?.fraction ?? null);
  return view(text, input, share, lines, status);
}

/** The live versions of milestone `m` in `l`, newest first. */
function ofMilestoneM(l: Live, m: number): LiveVersion[] {
  return l.versions.filter((v) => milestoneOf(v.version) === m);
}

/**
 * Where M is on the watched channel: on this platform, and on the others; null when it is on this platform
 * only (its channel line says so).
 *
 *   M152 is on Stable on Linux, and on Windows, Mac and 2 more
 *   M152 is on Stable on 4 platforms, not yet on Linux, which runs 151
 *   M150 is no longer on Stable on Linux, which runs 152; still on Stable on Android
 *   M155 is not on Stable yet; Linux runs 151
 */
function watchedLine(
  m: number,
  channel: string,
  platform: string,
  everywhere: readonly Live[],
  newestHere: number | null,
): string | null {
  const label = labelOf(channel);
  const on = everywhere.filter((l) => l.channel === channel && ofMilestoneM(l, m).length > 0);
  const others = on.filter((l) => l.platform !== platform).map((l) => labelOf(l.platform));
  const runs = newestHere === null ? `has no live ${label} release` : `runs ${newestHere}`;
  if (on.some((l) => l.platform === platform)) {
    return others.length ? `M${m} is on ${label} on ${labelOf(platform)}, and on ${namedList(others)}` : null;
  }
  if (newestHere !== null && newestHere > m) {
    const still = others.length ? `; still on ${label} on ${namedList(others)}` : "";
    return `M${m} is no longer on ${label} on ${labelOf(platform)}, which runs ${newestHere}${still}`;
  }
  if (others.length) {
    const count = others.length === 1 ? others[0] : `${others.length} platforms`;
    return `M${m} is on ${label} on ${count}, not yet on ${labelOf(platform)}, which ${runs}`;
  }
  return `M${m} is not on ${label} yet; ${labelOf(platform)} ${runs}`;
}

/**
 * The version page's own line: whether V is live and where, else which version of its milestone is served
 * ("120.0.6099.71 is not live; Stable serves 120.0.6099.109").
 */
function versionLine(
  version: string,
  live: ReadonlyMap<string, readonly LiveVersion[]>,
  history: Readonly<Record<string, ChannelHistory>>,
): string {
  const channels = [...live.keys()].sort(compareChannelsForDisplay);
  const where: string[] = [];
  for (const channel of channels) {
    const own = live.get(channel)?.find((v) => compareVersions(v.version, version) === 0);
    if (own) where.push(`${labelOf(channel)} at ${shareText(own.fraction)} since ${formatDay(own.since)}`);
  }
  if (where.length) return `${version} is live on ${where.join(", ")}`;
  const was = Object.keys(history)
    .sort(compareChannelsForDisplay)
    .filter((c) => history[c]?.versions.some((v) => compareVersions(v, version) === 0));
  const wasText = was.length ? ` (it was on ${was.map(labelOf).join(", ")})` : "";
  const serving = channels.map((c) => ({ c, v: live.get(c)?.[0] })).find((x) => x.v);
  return serving?.v
    ? `${version} is not live${wasText}; ${labelOf(serving.c)} serves ${serving.v.version}`
    : `${version} is not live${wasText}`;
}

/**
 * One channel's line. "Since" always says what it is about: the milestone reached the channel on the
 * history's date, and each live version started serving on its own date:
 *
 *   M120 on Stable since 2023-12-06; live now: 120.0.6099.110 at 25% since 2023-12-13, 120.0.6099.71 at ...
 *   M120 live on Stable now: 120.0.6099.110 at 25% since 2023-12-13, ...      (no history fetched yet)
 *   M120 on Beta from 2023-11-01 to 2023-12-06: 120.0.6099.5 to 120.0.6099.62 (2 versions)
 */
function channelLine(
  m: number,
  channel: string,
  live: readonly LiveVersion[] | undefined,
  past: ChannelHistory | undefined,
): string {
  const label = labelOf(channel);
  if (live?.length) {
    const versions = listSome(live, liveVersionDayText, ", ");
    return past
      ? `M${m} on ${label} since ${day(past.firstStart)}; live now: ${versions}`
      : `M${m} live on ${label} now: ${versions}`;
  }
  // Only history lists a channel without live releases (see the caller), so `past` is there.
  const versions = past?.versions ?? [];
  const range =
    versions.length > 1
      ? `${versions[0]} to ${versions.at(-1)} (${versions.length} versions)`
      : (versions[0] ?? "");
  const from = past ? day(past.firstStart) : "";
  // A history younger than the snapshot may still call the channel live; the snapshot is the newer truth.
  return past?.lastEnd
    ? `M${m} on ${label} from ${from} to ${day(past.lastEnd)}: ${range}`
    : `M${m} on ${label} since ${from}, no longer live: ${range}`;
}

/** The UTC day of an RFC 3339 time (its own first ten characters when it does not parse). */
function day(rfc3339: string): string {
  const ms = parseRfc3339Ms(rfc3339);
  return ms === null ? rfc3339.slice(0, 10) : formatDay(ms);
}

/**
 * Joins the title: the page's lines, then the status lines (when the data is from, whether the check
 * failed). Past MAX_TITLE_LENGTH whole lines are dropped from the end of the page's part, with an ellipsis
 * line, so the status is always there. The colours and the icon follow the state for `share` (null: the
 * badge names no channel where the milestone is live).
 */
function view(
  text: string,
  input: TabViewInput,
  share: number | null,
  lines: readonly string[],
  status: readonly string[],
): BadgeView {
  const budget = MAX_TITLE_LENGTH - status.join("\n").length - 1;
  let body = lines.join("\n");
  if (body.length > budget) {
    const kept: string[] = [];
    for (const line of lines) {
      if ([...kept, line, "…"].join("\n").length > budget) break;
      kept.push(line);
    }
    body = [...kept, "…"].join("\n").slice(0, Math.max(0, budget));
  }
  return {
    text,
    ...stateColours(stateOf(input, share)),
    title: [body, ...status].join("\n"),
    icon: rolloutIcon(input, share),
  };
}
