/**
 * What the toolbar button says globally (issue 3, "The global badge"): a pure function of the stored
 * snapshot, the watched product/platform/channel, the poll state and the clock. Nothing is read back from
 * the toolbar (STYLE.md).
 */
import { labelOf } from "../core/catalog.ts";
import { compareVersions, milestoneOf } from "../core/version.ts";
import type { BadgeView } from "./model.ts";
import { isStale, shareText } from "./share.ts";
import { liveOf, type Snapshot } from "./snapshot.ts";

export type { BadgeView };

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

export interface GlobalInput {
  /** The last good snapshot of the service the settings name, or null. */
  readonly snapshot: Snapshot | null;
  readonly watch: Watch;
  /** Host of the service, for the title. */
  readonly host: string;
  readonly now: number;
  readonly pollMinutes: number;
  /** The last poll's error, when the last attempt failed. */
  readonly error?: string;
  /** Epoch ms of the next try, said in the title after an error. */
  readonly nextTry?: number;
  /** This browser's own version (navigator.userAgentData), when known. */
  readonly browserVersion?: string;
  /** Epoch ms to a person's date and time (local time in the extension; fixed in tests). */
  readonly formatTime: (ms: number) => string;
}

/** The largest share among the live releases of one version. */
function shareOf(live: readonly { version: string; fraction: number }[], version: string): number {
  return Math.max(0, ...live.filter((r) => r.version === version).map((r) => r.fraction));
}

export function globalBadge(input: GlobalInput): BadgeView {
  const { snapshot, watch, host, now, error, formatTime } = input;
  const head = `Release Radar: ${watch.product} ${labelOf(watch.channel)} on ${labelOf(watch.platform)}`;
  const retry = input.nextTry === undefined ? "" : `; next try ${formatTime(input.nextTry)}`;
  if (!snapshot) {
    return {
      text: error ? "!" : "",
      color: COLORS.error,
      textColor: COLORS.white,
      title: error
        ? `${head}\nCannot reach the service at ${host}: ${error}${retry}`
        : `${head}\nNo data yet`,
    };
  }
  const stale = isStale(snapshot.fetchedAt, input.pollMinutes, now);
  const lines = [head];
  const live = liveOf(snapshot, watch.platform, watch.channel);
  const newest = live[0];
  let view: Omit<BadgeView, "title">;
  if (!newest) {
    lines.push(`No live ${labelOf(watch.channel)} release on ${labelOf(watch.platform)}`);
    view = { text: "", color: COLORS.stale, textColor: COLORS.white };
  } else {
    const share = shareOf(live, newest.version);
    const since = live
      .filter((r) => r.version === newest.version)
      .map((r) => r.serving.startTime)
      .sort()[0] as string;
    lines.push(`${newest.version} at ${shareText(share)} since ${formatTime(Date.parse(since))}`);
    const others = [...new Set(live.map((r) => r.version))].filter((v) => v !== newest.version);
    if (others.length)
      lines.push(`Also live: ${others.map((v) => `${v} (${shareText(shareOf(live, v))})`).join(", ")}`);
    const previousFull = others.find((v) => shareOf(live, v) >= 1);
    if (previousFull) lines.push(`Previous fully served version: ${previousFull}`);
    if (input.browserVersion) {
      const behind = compareVersions(input.browserVersion, newest.version) < 0;
      lines.push(
        `This browser: ${input.browserVersion}${behind ? `, behind ${newest.version}` : ", up to date"}`,
      );
    }
    const full = share >= 1;
    view = {
      text: full ? String(milestoneOf(newest.version) ?? newest.version) : shareText(share),
      color: full ? COLORS.full : COLORS.partial,
      textColor: full ? COLORS.white : COLORS.dark,
    };
  }
  lines.push(`Last checked ${formatTime(snapshot.fetchedAt)} at ${host}`);
  if (stale) lines.push(`Stale: no successful check since ${formatTime(snapshot.fetchedAt)}`);
  if (error) lines.push(`Latest check failed: ${error}${retry}`);
  // Stale keeps the text (the last known truth) but greys it, so nobody mistakes it for current.
  return {
    ...view,
    ...(stale ? { color: COLORS.stale, textColor: COLORS.white } : {}),
    title: lines.join("\n"),
  };
}
