/**
 * Pure model of the explorer's rollout chart, its window: which time window to show (the newest data's
 * weeks) and how the chart is named in words. The versions in it are laid out by lanes.ts, mapped to pixels
 * by scales.ts (numbers.ts makes every value safe first); no DOM here: svg-dom.ts draws it.
 *
 * Every function is total: no releases, one release, a zero-length release, a zero-length window, a live
 * release and shares of 0 all give finite numbers, so nothing NaN or Infinity ever reaches an attribute.
 */
import type { ReleaseResource } from "../../core/types.ts";
import { DAY_MS } from "../../core/duration.ts";
import { parseRfc3339 } from "../../core/query/time.ts";
import { formatDay, plural } from "../../shared/status/time.ts";
import { CHART_WEEKS, drawnText, type RolloutLanes } from "./lanes.ts";
import { finite, type ChartWindow } from "./numbers.ts";

const MS_PER_WEEK = 7 * DAY_MS;

/** An RFC 3339 time in epoch ms, or null when it is not one. */
function epochMs(rfc3339: string): number | null {
  const micros = parseRfc3339(rfc3339);
  return micros === null ? null : micros / 1000;
}

/** The newest start or end time among `releases` (epoch ms); null when none has a readable one. */
export function newestTime(releases: readonly ReleaseResource[]): number | null {
  let newest: number | null = null;
  for (const release of releases) {
    for (const text of [release.serving.startTime, release.serving.endTime]) {
      const t = text === undefined ? null : epochMs(text);
      if (t !== null && (newest === null || t > newest)) newest = t;
    }
  }
  return newest;
}

/** The chart's window, and where the data ends when the window was moved back to it. */
export interface ChosenWindow {
  readonly window: ChartWindow;
  /** The newest data time (epoch ms) when it is older than the window up to now; null when it is not. */
  readonly dataEnd: number | null;
}

/**
 * The `weeks` up to `now`, unless the newest data (`newest`, epoch ms: the latest start or end time the
 * service has for the platform and channel) is older than that window's start: a window up to now would then
 * hold no change at all, so it ends with the UTC day the data ends instead, and says so (chartCaption). It
 * takes that whole day, so a release that starts at the very end of the data is still inside the window. A
 * newest time exactly at the start of the window up to now keeps that window; none (no data) keeps it too.
 */
export function chooseWindow(now: number, newest: number | null, weeks = CHART_WEEKS): ChosenWindow {
  const span = Math.max(0, finite(weeks)) * MS_PER_WEEK;
  const latest = { from: now - span, to: now };
  if (newest === null || !Number.isFinite(newest) || newest >= latest.from) {
    return { window: latest, dataEnd: null };
  }
  const to = Math.min(now, (Math.floor(newest / DAY_MS) + 1) * DAY_MS);
  return { window: { from: to - span, to }, dataEnd: newest };
}

/**
 * The chart's title and status line: which platform and channel (`what`, e.g. "Stable on Linux"), what the
 * lanes draw (`23 versions in 4 milestones`, and how many the caps left out), and the window: the last
 * `weeks`, or where the data ends and that the weeks before it are shown. Days are UTC days, and the words
 * say so.
 */
export function chartCaption(input: {
  readonly product: string;
  readonly what: string;
  readonly lanes: Pick<RolloutLanes, "versions" | "milestones" | "notDrawn">;
  readonly chosen: ChosenWindow;
  readonly weeks?: number;
}): { readonly title: string; readonly status: string } {
  const { window, dataEnd } = input.chosen;
  const weeks = plural(input.weeks ?? CHART_WEEKS, "week");
  const left = notDrawn(input.lanes);
  const drawn = input.lanes.versions === 0 && left === "" ? "no version" : drawnText(input.lanes);
  if (dataEnd === null) {
    return {
      title: `Rollout of ${input.product} ${input.what}, last ${weeks}`,
      status: `${input.what}: ${drawn} served since ${formatDay(window.from)} (UTC)${left}.`,
    };
  }
  const note = `Data ends ${formatDay(dataEnd)} (UTC); showing the ${weeks} before`;
  return {
    title: `Rollout of ${input.product} ${input.what}. ${note}`,
    status:
      `${note}. ${input.what}: ${drawn} served from ${formatDay(window.from)} to ${formatDay(dataEnd)} ` +
      `(UTC)${left}.`,
  };
}

/** `; 17 more not drawn` for a status line, or "". */
function notDrawn(lanes: Pick<RolloutLanes, "notDrawn">): string {
  return lanes.notDrawn.length === 0 ? "" : `; ${lanes.notDrawn.length} more not drawn`;
}
