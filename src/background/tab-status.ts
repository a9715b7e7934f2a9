/**
 * What the button says on a release page: a pure function of the page's context, what is live (live.ts),
 * the watched platform and, when fetched, the milestone's history. The service worker applies the result per
 * tab; nothing here reads the toolbar back.
 *
 * Milestone and version pages get a badge saying where the milestone is live on the watched platform; channel
 * pages get the global badge of that channel, which the caller computes and injects.
 */
import { compareChannelsForDisplay, labelOf } from "../core/catalog.ts";
import type { CalendarDay, MilestoneSchedule } from "../core/client/schedule.ts";
import { parseRfc3339 } from "../core/query/time.ts";
import { compareVersions, milestoneOf } from "../core/version.ts";
import { countdownBadge, scheduleLines } from "../shared/countdown.ts";
import type { ChannelHistory, MilestoneHistory } from "../shared/history.ts";
import { liveOnPlatform, type LiveVersion } from "../shared/live.ts";
import { popupPath, type PageContext } from "../shared/page-context.ts";
import { liveVersionDayText, shareText } from "../shared/rollout-wording.ts";
import { formatDay } from "../shared/time.ts";
import { COLORS, headLine, rolloutIcon, statusLines, type BadgeView, type ServiceStatus } from "./badge.ts";
import type { IconSpec } from "./icon.ts";

/**
 * The badge of the first channel, in this order, where the milestone is live. canary_asan shares canary's
 * badge: for a person it is the same build, instrumented.
 */
const MILESTONE_BADGES = [
  { channel: "stable", text: "STBL", color: "#188038" },
  { channel: "extended", text: "EXT", color: "#007B83" },
  { channel: "beta", text: "BETA", color: "#1A73E8" },
  { channel: "dev", text: "DEV", color: "#9334E6" },
  { channel: "canary", text: "CNRY", color: "#E37400" },
  { channel: "canary_asan", text: "CNRY", color: "#E37400" },
] as const;

/** Not live and not newer than the newest live milestone. */
const OLD_BADGE = { text: "OLD", color: "#80868B" } as const;
/** Newer than every live milestone. */
const NEXT_BADGE = { text: "NEXT", color: "#5F6368" } as const;

/** Chrome shows long tooltips, but past a few lines nobody reads them. */
export const MAX_TITLE_LENGTH = 600;

/** Live versions listed per channel line before "and N more". */
const MAX_VERSIONS_PER_LINE = 3;

export interface TabViewInput extends ServiceStatus {
  readonly context: PageContext;
  /** The watched platform id (already resolved from `auto`). */
  readonly platform: string;
  /** Named in the title's first line, as the global title does. */
  readonly product: string;
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

function milestoneBadge(input: TabViewInput, context: MilestoneContext): BadgeView {
  const { snapshot, platform } = input;
  const m = context.milestone;
  const subject = context.kind === "version" ? `${context.version} (M${m})` : `M${m}`;
  const head = headLine(input.product, subject, platform);
  const status = statusLines(input);
  if (!snapshot) return view("", OLD_BADGE.color, [head], status, rolloutIcon(input, null));

  // History of another milestone (a late answer arriving after the tab moved on) says nothing about this one.
  const history = input.history?.milestone === m ? input.history.channels : {};
  const everyChannel = liveOnPlatform(snapshot, platform);
  const live = new Map<string, LiveVersion[]>();
  for (const l of everyChannel) {
    const ofMilestone = l.versions.filter((v) => milestoneOf(v.version) === m);
    if (ofMilestone.length > 0) live.set(l.channel, ofMilestone);
  }

  const lines = [head];
  if (context.kind === "version") lines.push(versionLine(context.version, live, history));

  const first = MILESTONE_BADGES.find((b) => live.has(b.channel));
  let text = "";
  let color: string = OLD_BADGE.color;
  if (first) {
    ({ text, color } = first);
  } else {
    const newest = newestMilestone(everyChannel.flatMap((l) => l.versions));
    if (newest === null) {
      lines.push(`No live release on ${labelOf(platform)}`);
    } else if (m > newest) {
      ({ text, color } = NEXT_BADGE);
      lines.push(`M${m} is newer than every live milestone (newest: M${newest})`);
    } else {
      // M may still be live on a channel without a badge of its own (lts); its line below says so.
      ({ text, color } = OLD_BADGE);
      lines.push(`M${m} is older than the newest live milestone, M${newest}`);
    }
  }

  // A milestone not yet on Stable counts down to its Stable day; NEXT stays only where no date is known.
  const schedule = input.schedule?.mstone === m ? input.schedule : undefined;
  // Past its Stable day (no countdown) the release history speaks for it, and the schedule is not repeated.
  const countdown = schedule && input.today !== undefined ? countdownBadge(schedule, input.today) : null;
  if (schedule && input.today !== undefined && countdown !== null) {
    if (!live.has("stable")) {
      text = countdown;
      if (!first) color = NEXT_BADGE.color;
    }
    lines.push(...scheduleLines(schedule, input.today));
  }

  const channels = [...new Set([...live.keys(), ...Object.keys(history)])].sort(compareChannelsForDisplay);
  for (const channel of channels) lines.push(channelLine(m, channel, live.get(channel), history[channel]));
  // The icon follows the global rule for this milestone: the share of its newest version on the channel the
  // badge names (the ring is empty where the milestone is not live).
  const named = first ? live.get(first.channel)?.[0] : undefined;
  return view(text, color, lines, status, rolloutIcon(input, named ? named.fraction : null));
}

/** The newest milestone among live versions, or null when nothing is live. */
function newestMilestone(versions: readonly LiveVersion[]): number | null {
  let newest: number | null = null;
  for (const v of versions) {
    const m = milestoneOf(v.version);
    if (m !== null && (newest === null || m > newest)) newest = m;
  }
  return newest;
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
    const shown = live.slice(0, MAX_VERSIONS_PER_LINE).map(liveVersionDayText);
    const more =
      live.length > MAX_VERSIONS_PER_LINE ? ` and ${live.length - MAX_VERSIONS_PER_LINE} more` : "";
    const versions = `${shown.join(", ")}${more}`;
    return past
      ? `M${m} on ${label} since ${day(past.firstStart)}; live now: ${versions}`
      : `M${m} live on ${label} now: ${versions}`;
  }
  // Only history lists a channel without live releases (see the caller), so `past` is there.
  const versions = past?.versions ?? [];
  const range =
    versions.length > 1
      ? `${versions[0]} to ${versions[versions.length - 1]} (${versions.length} versions)`
      : (versions[0] ?? "");
  const from = past ? day(past.firstStart) : "";
  // A history younger than the snapshot may still call the channel live; the snapshot is the newer truth.
  return past?.lastEnd
    ? `M${m} on ${label} from ${from} to ${day(past.lastEnd)}: ${range}`
    : `M${m} on ${label} since ${from}, no longer live: ${range}`;
}

/** The UTC day of an RFC 3339 time (its own first ten characters when it does not parse). */
function day(rfc3339: string): string {
  const micros = parseRfc3339(rfc3339);
  return micros === null ? rfc3339.slice(0, 10) : formatDay(Math.floor(micros / 1000));
}

/**
 * Joins the title: the page's lines, then the status lines (when the data is from, whether the check
 * failed). Past MAX_TITLE_LENGTH whole lines are dropped from the end of the page's part, with an ellipsis
 * line, so the status is always there.
 */
function view(
  text: string,
  color: string,
  lines: readonly string[],
  status: readonly string[],
  icon: IconSpec | null,
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
  return { text, color, textColor: COLORS.white, title: [body, ...status].join("\n"), icon };
}
