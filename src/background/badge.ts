/**
 * What the toolbar button says globally: a pure function of the stored snapshot, the watched product,
 * platform and channel, the poll state and the clock. Nothing is read back from the toolbar; the action
 * adapter applies the result.
 * https://developer.chrome.com/docs/extensions/reference/api/action#badge
 */
import { labelOf, productLabel } from "../core/catalog.ts";
import { milestoneOf } from "../core/version.ts";
import { browserLine, type ThisBrowser } from "../shared/browser-version.ts";
import { failureMessage } from "../shared/failure-message.ts";
import { liveOn } from "../shared/live.ts";
import { checkStatus } from "../shared/check-status.ts";
import { currentFailure, type PollState } from "../shared/poll-state.ts";
import { liveVersionText, shareText } from "../shared/rollout-wording.ts";
import { isStale, type Snapshot } from "../shared/snapshot.ts";
import { formatTime, relativeTime } from "../shared/time.ts";

/** One badge: text, colours as `#RRGGBB`, and the tooltip. */
export interface BadgeView {
  readonly text: string;
  readonly color: string;
  readonly textColor: string;
  readonly title: string;
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
  const { snapshot, watch, now } = input;
  const head = headLine(watch.product, labelOf(watch.channel), watch.platform);
  const failing = currentFailure(input.poll) !== null;
  if (!snapshot) {
    return {
      text: failing ? "!" : "",
      color: COLORS.error,
      textColor: COLORS.white,
      title: [head, ...statusLines(input)].join("\n"),
    };
  }
  const lines = [head];
  const { newest, mostUsers, versions } = liveOn(snapshot, watch.platform, watch.channel);
  let view: Omit<BadgeView, "title">;
  if (!newest) {
    lines.push(`No live ${labelOf(watch.channel)} release on ${labelOf(watch.platform)}`);
    view = { text: "", color: COLORS.stale, textColor: COLORS.white };
  } else {
    lines.push(liveVersionText(newest));
    if (mostUsers && mostUsers !== newest) lines.push(`Most users: ${liveVersionText(mostUsers)}`);
    const others = versions.filter((v) => v !== newest && v !== mostUsers);
    if (others.length) lines.push(`Also live: ${others.map(liveVersionText).join(", ")}`);
    if (input.thisBrowser) lines.push(browserLine(input.thisBrowser, newest.version));
    const full = newest.fraction >= 1;
    view = {
      text: full ? String(milestoneOf(newest.version) ?? newest.version) : shareText(newest.fraction),
      color: full ? COLORS.full : COLORS.partial,
      textColor: full ? COLORS.white : COLORS.dark,
    };
  }
  lines.push(...statusLines(input));
  // Stale keeps the text (the last known truth) but greys it, so nobody mistakes it for current.
  const stale = isStale(snapshot.fetchedAt, input.pollMinutes, now);
  return {
    ...view,
    ...(stale ? { color: COLORS.stale, textColor: COLORS.white } : {}),
    title: lines.join("\n"),
  };
}
