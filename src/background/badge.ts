/**
 * What the toolbar button should say globally (issue 3, "The global badge"): a pure function of the stored
 * snapshot, the watched product/platform/channel, the clock and the last error. Nothing is read back from
 * the toolbar (STYLE.md).
 */
import { labelOf } from "../core/catalog.ts";
import { milestoneOf } from "../core/version.ts";
import { liveOf, type Snapshot } from "./snapshot.ts";

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

/**
 * The share of users as badge text: under 10% with one decimal and no trailing `.0` (`0.5%`, `5%`), from
 * 10% on a whole number (`25%`). Both round down, so the badge never claims more rollout than there is.
 */
export function shareText(fraction: number): string {
  // Tenths of a percent; the epsilon absorbs binary noise such as 0.005 * 1000 = 4.999999999999999.
  const tenths = Math.floor(fraction * 1000 + 1e-6);
  if (tenths >= 100) return `${Math.floor(tenths / 10)}%`;
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? `${whole}%` : `${whole}.${rest}%`;
}

const when = (iso: string): string => iso.slice(0, 16).replace("T", " ") + " UTC";
const clock = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export function globalBadge(input: {
  snapshot: Snapshot | null;
  watch: Watch;
  error?: string;
  host: string;
}): BadgeView {
  const { snapshot, watch, error, host } = input;
  const head = `Release Radar: ${watch.product} ${labelOf(watch.channel)} on ${labelOf(watch.platform)}`;
  if (!snapshot) {
    return {
      text: error ? "!" : "",
      color: COLORS.error,
      textColor: COLORS.white,
      title: error ? `${head}\nCannot reach the service at ${host}: ${error}` : `${head}\nNo data yet`,
    };
  }
  const live = liveOf(snapshot, watch.platform, watch.channel);
  const checked = `Last checked ${clock(snapshot.fetchedAt)} at ${host}`;
  const errorLine = error ? `\nLatest check failed: ${error}` : "";
  const newest = live[0];
  if (!newest) {
    return {
      text: "",
      color: COLORS.stale,
      textColor: COLORS.white,
      title: `${head}\nNo live ${labelOf(watch.channel)} release on ${labelOf(watch.platform)}\n${checked}${errorLine}`,
    };
  }
  const ofNewest = live.filter((r) => r.version === newest.version);
  const share = Math.max(...ofNewest.map((r) => r.fraction));
  const since = ofNewest.map((r) => r.serving.startTime).sort()[0] ?? newest.serving.startTime;
  const others = live
    .filter((r) => r.version !== newest.version)
    .map((r) => `${r.version} (${shareText(r.fraction)})`);
  const full = share >= 1;
  return {
    text: full ? String(milestoneOf(newest.version) ?? newest.version) : shareText(share),
    color: full ? COLORS.full : COLORS.partial,
    textColor: full ? COLORS.white : COLORS.dark,
    title:
      `${head}\n${newest.version} at ${shareText(share)} since ${when(since)}` +
      (others.length ? `\nAlso live: ${[...new Set(others)].join(", ")}` : "") +
      `\n${checked}${errorLine}`,
  };
}
