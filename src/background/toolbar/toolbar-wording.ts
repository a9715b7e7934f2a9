/**
 * How a state is worded and coloured on the toolbar, the same for the global badge (badge.ts) and a release
 * page's (tab-status.ts): the badge's colours and the icon for a state, the tooltip's first line (what is
 * watched) and its last lines (when the data is from, whether the latest check failed). Pure.
 */
import { labelOf, productLabel } from "../../core/catalog.ts";
import { failureMessage } from "../../shared/status/failure-sentence.ts";
import { checkStatus } from "../../shared/status/check-status.ts";
import type { PollState } from "../../shared/store/poll-state.ts";
import type { Snapshot } from "../../shared/store/snapshot.ts";
import { formatTime, relativeTime } from "../../shared/status/time.ts";
import type { IconSpec, IconState } from "./icon.ts";

/** One badge: text, colours as `#RRGGBB`, the tooltip, and the icon (null: the static one). */
export interface BadgeView {
  readonly text: string;
  readonly color: string;
  readonly textColor: string;
  readonly title: string;
  readonly icon: IconSpec | null;
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
