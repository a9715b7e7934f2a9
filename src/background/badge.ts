/**
 * What the toolbar button says globally: a pure function of the stored snapshot, the watched product,
 * platform and channel, the poll state and the clock. Nothing is read back from the toolbar; the action
 * adapter applies the result.
 * https://developer.chrome.com/docs/extensions/reference/api/action#badge
 */
import { labelOf, productLabel } from "../core/catalog.ts";
import { milestoneOf } from "../core/version.ts";
import { browserLine, type ThisBrowser } from "../shared/status/this-browser.ts";
import { failureMessage } from "../shared/status/failure-sentence.ts";
import { liveOn } from "../shared/watch/live.ts";
import { checkStatus } from "../shared/status/check-status.ts";
import type { PollState } from "../shared/store/poll-state.ts";
import { listSome, liveVersionText, shareText } from "../shared/status/rollout-wording.ts";
import type { Snapshot } from "../shared/store/snapshot.ts";
import { formatTime, relativeTime } from "../shared/status/time.ts";
import type { CalendarDay, MilestoneSchedule } from "../core/client/schedule-fields.ts";
import { rolloutLine, rolloutOf } from "../shared/watch/early-stable.ts";
import { inEarlyStable } from "../shared/status/countdown.ts";
import type { Settings } from "../shared/store/settings.ts";
import type { IconSpec, IconState } from "./icon.ts";

/** One badge: text, colours as `#RRGGBB`, the tooltip, and the icon (null: the static one). */
export interface BadgeView {
  readonly text: string;
  readonly color: string;
  readonly textColor: string;
  readonly title: string;
  readonly icon: IconSpec | null;
}

export interface Watch {
  readonly product: string;
  readonly platform: string;
  readonly channel: string;
}

export const COLORS = {
  full: "#188038",
  partial: "#F9AB00",
  stale: "#80868B",
  error: "#D93025",
  white: "#FFFFFF",
  dark: "#202124",
} as const;

/** What is known of the watched service, which every tooltip ends with. */
export interface ServiceStatus {
  /** The last good snapshot of the service the settings name, or null. */
  readonly snapshot: Snapshot | null;
  /** The poll state of that service, or null before its first poll. */
  readonly poll: PollState | null;
  /** host[:port] of the service. */
  readonly host: string;
  readonly now: number;
  readonly pollMinutes: number;
}

export interface GlobalInput extends ServiceStatus {
  readonly watch: Watch;
  /** This browser's name and version, when known. */
  readonly thisBrowser?: ThisBrowser;
  /**
   * Whether the icon carries the share (drawn icons work here): then the badge says what `badgeText` asks;
   * without them it keeps the share, the static icon being unable to.
   */
  readonly icons: boolean;
  readonly badgeText: Settings["badgeText"];
  /** Planned dates by milestone (the newest live one's names an early-stable push), and the reader's day. */
  readonly schedules?: ReadonlyMap<number, MilestoneSchedule>;
  readonly today?: CalendarDay;
}

/**
 * The state the badge's colour and the icon's arc say, by check-status.ts's rule (the popup's too), most
 * urgent first: data older than polling allows is stale (grey), also while checks keep failing, so nobody
 * takes it for current; fresh data whose latest check failed, or no data and a failure, is an error (red);
 * else how far the newest version has got.
 */
export function stateOf(status: ServiceStatus, fraction: number | null): IconState {
  const check = checkStatus(status.snapshot, status.poll, status.pollMinutes, status.now);
  if (check.kind === "stale" || (check.kind === "failing" && check.stale)) return "stale";
  if (check.kind === "failing") return "error";
  if (fraction === null) return "none";
  return fraction >= 1 ? "full" : "rolling";
}

/**
 * The icon for the share `fraction` of the newest version in the service's state; null (the static icon)
 * where drawn icons do not work. The global badge and the release pages' badges draw by this one rule.
 */
export function rolloutIcon(
  input: ServiceStatus & { readonly icons: boolean },
  fraction: number | null,
): IconSpec | null {
  return input.icons ? { state: stateOf(input, fraction), share: fraction } : null;
}

/** The badge's colours for a state: its own background, so its text contrast does not hang on the toolbar. */
export function stateColours(state: IconState): Pick<BadgeView, "color" | "textColor"> {
  switch (state) {
    case "error":
      return { color: COLORS.error, textColor: COLORS.white };
    case "stale":
    case "none":
      return { color: COLORS.stale, textColor: COLORS.white };
    case "full":
      return { color: COLORS.full, textColor: COLORS.white };
    case "rolling":
      return { color: COLORS.partial, textColor: COLORS.dark };
  }
}

/** The tooltip's first line: what is watched. */
export function headLine(product: string, subject: string, platform: string): string {
  return `Release Radar: ${productLabel(product)} ${subject} on ${labelOf(platform)}`;
}

/**
 * The tooltip's last lines: when the data is from and whether the latest check failed (check-status.ts,
 * the same rule the popup follows). "Last checked" is said only of a check that succeeded and is the latest.
 */
export function statusLines(status: ServiceStatus): string[] {
  const { host, now } = status;
  const check = checkStatus(status.snapshot, status.poll, status.pollMinutes, now);
  const good = (at: number, stale: boolean): string =>
    `Last good check ${formatTime(at)} (${relativeTime(at, now)}) at ${host}${stale ? "; stale" : ""}`;
  switch (check.kind) {
    case "first":
      return [`Checking ${host} for the first time…`];
    case "current":
      return [`Last checked ${formatTime(check.checkedAt)} at ${host}`];
    case "stale":
      return [good(check.checkedAt, true)];
    case "failing": {
      const message = failureMessage(check.failure, host, check.nextTry, now);
      return check.checkedAt === null
        ? [`No data yet: ${message}`]
        : [good(check.checkedAt, check.stale), `The latest check failed: ${message}`];
    }
  }
}

export function globalBadge(input: GlobalInput): BadgeView {
  const { snapshot, watch } = input;
  const head = headLine(watch.product, labelOf(watch.channel), watch.platform);
  if (!snapshot) {
    return {
      text: stateOf(input, null) === "error" ? "!" : "",
      color: COLORS.error,
      textColor: COLORS.white,
      title: [head, ...statusLines(input)].join("\n"),
      icon: rolloutIcon(input, null),
    };
  }
  const lines = [head];
  const live = liveOn(snapshot, watch.platform, watch.channel);
  const { newest, mostUsers, versions } = live;
  let text = "";
  const fraction = newest ? newest.fraction : null;
  if (!newest) {
    lines.push(`No live ${labelOf(watch.channel)} release on ${labelOf(watch.platform)}`);
  } else {
    const milestone = milestoneOf(newest.version);
    const schedule = milestone === null ? undefined : input.schedules?.get(milestone);
    const scheduled = schedule && input.today !== undefined ? inEarlyStable(schedule, input.today) : null;
    const split = rolloutLine(rolloutOf(live, scheduled));
    if (split) lines.push(split);
    lines.push(liveVersionText(newest));
    if (mostUsers && mostUsers !== newest) lines.push(`Most users: ${liveVersionText(mostUsers)}`);
    const others = versions.filter((v) => v !== newest && v !== mostUsers);
    if (others.length) lines.push(`Also live: ${listSome(others, liveVersionText, ", ")}`);
    if (input.thisBrowser) lines.push(browserLine(input.thisBrowser, newest.version, labelOf(watch.channel)));
    const name = String(milestone ?? newest.version);
    // The share goes in the text where the icon cannot carry it, or where the person asked for it.
    const shareInText = (!input.icons || input.badgeText === "share") && newest.fraction < 1;
    text = shareInText ? shareText(newest.fraction) : name;
  }
  lines.push(...statusLines(input));
  return {
    text,
    // Stale and failed keep the text (the last known truth) in their own colour, so nobody takes it as current.
    ...stateColours(stateOf(input, fraction)),
    title: lines.join("\n"),
    icon: rolloutIcon(input, fraction),
  };
}
