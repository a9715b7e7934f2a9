/**
 * Pure model of the popup's rollout chart: which time window to show and how to name it, the share of each
 * version over that window as a step function, the scales that map it to pixels, and SVG path data (lines at
 * the same share drawn side by side). No DOM here; chart-svg-dom.ts draws it.
 *
 * Every function is total: no releases, one release, a zero-length release, a zero-length window, a live
 * release and shares of 0 all give finite numbers, so nothing NaN or Infinity ever reaches an attribute.
 */
import type { ReleaseResource } from "../core/types.ts";
import { parseRfc3339 } from "../core/query/time.ts";
import { compareVersions } from "../core/version.ts";
import { formatDay, plural } from "../shared/time.ts";

/** A time window in epoch milliseconds, `from` <= `to` expected (a reversed one is treated as empty). */
export interface ChartWindow {
  readonly from: number;
  readonly to: number;
}

/**
 * One change of a step function: from `t` (epoch ms) on, the share is `share` (0..1), until the next point.
 * The last point closes the series: share 0 where the version stopped being served, or the share it still
 * has at the window's end.
 */
export interface SeriesPoint {
  readonly t: number;
  readonly share: number;
}

export interface Series {
  readonly version: string;
  readonly points: readonly SeriesPoint[];
}

/** How many versions the chart draws; older ones are only named in the legend's note. */
export const MAX_SERIES = 6;

/** How far back the chart looks from the newest data. */
export const CHART_WEEKS = 8;

const MS_PER_DAY = 86_400_000;
const MS_PER_WEEK = 7 * MS_PER_DAY;

/** A finite number, or `fallback`. */
function finite(n: number, fallback = 0): number {
  return Number.isFinite(n) ? n : fallback;
}

/** A share clamped to 0..1 (anything not a number counts as 0). */
function clampShare(share: number): number {
  return Math.min(1, Math.max(0, finite(share)));
}

/** The largest time a Date holds (ECMA-262 21.4.1.1); beyond it dates and labels would be NaN. */
const MAX_TIME = 8.64e15;

/** The window with finite bounds inside the Date range, and `to` >= `from`. */
function normalWindow(window: ChartWindow): ChartWindow {
  const from = Math.min(MAX_TIME, Math.max(-MAX_TIME, finite(window.from)));
  return { from, to: Math.min(MAX_TIME, Math.max(from, finite(window.to, from))) };
}

interface Interval {
  readonly start: number;
  readonly end: number;
  readonly share: number;
  /** True when the release goes on past the window's end (live, or ends later). */
  readonly open: boolean;
}

/** The release's serving interval clamped to the window, or null when none of it is inside. */
function intervalOf(release: ReleaseResource, window: ChartWindow): Interval | null {
  const startMicros = parseRfc3339(release.serving.startTime);
  if (startMicros === null) return null;
  const endMicros = release.serving.endTime === undefined ? null : parseRfc3339(release.serving.endTime);
  // An end time that is present but unreadable is not "live": the release is dropped rather than guessed at.
  if (release.serving.endTime !== undefined && endMicros === null) return null;
  const rawStart = startMicros / 1000;
  const rawEnd = endMicros === null ? Infinity : endMicros / 1000;
  const start = Math.max(rawStart, window.from);
  const end = Math.min(rawEnd, window.to);
  // Half-open intervals: a release ending exactly at `from`, or starting at `to`, is outside; a zero-length
  // release (start = end) was never served for any time and changes nothing.
  if (!(end > start)) return null;
  return { start, end, share: clampShare(release.fraction), open: rawEnd > window.to };
}

/** The step function of one version from its clamped intervals (at least one). */
function stepsOf(intervals: readonly Interval[]): SeriesPoint[] {
  const bounds = [...new Set(intervals.flatMap((i) => [i.start, i.end]))].sort((a, b) => a - b);
  const points: SeriesPoint[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const t = bounds[k] as number;
    // Several releases of one version live at once (different fraction groups): the version reaches the
    // largest of their shares, as the badge says (badge.ts shareOf).
    let share = 0;
    for (const i of intervals) if (i.start <= t && i.end > t) share = Math.max(share, i.share);
    if (points.at(-1)?.share !== share) points.push({ t, share });
  }
  // The closing point: what is still served at the last bound (the window's end, for releases that go on).
  const last = bounds.at(-1) as number;
  let share = 0;
  for (const i of intervals) if (i.open && i.end === last) share = Math.max(share, i.share);
  points.push({ t: last, share });
  return points;
}

/** Every version's series in the window, newest version first. */
function allSeries(releases: readonly ReleaseResource[], window: ChartWindow): Series[] {
  const w = normalWindow(window);
  const byVersion = new Map<string, Interval[]>();
  for (const release of releases) {
    const interval = intervalOf(release, w);
    if (!interval) continue;
    const list = byVersion.get(release.version);
    if (list) list.push(interval);
    else byVersion.set(release.version, [interval]);
  }
  return [...byVersion]
    .sort(([a], [b]) => compareVersions(b, a) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([version, intervals]) => ({ version, points: stepsOf(intervals) }));
}

/**
 * The share over time of each version among `releases` within `window` (epoch ms), newest version first, at
 * most `max` of them. Pass the releases of one platform and channel: the shares of different platforms do
 * not add up to anything. A release without `serving.endTime` runs to `window.to`; releases entirely outside
 * the window, zero-length ones and ones with unreadable times are skipped; shares are clamped to 0..1.
 */
export function rolloutSeries(
  releases: readonly ReleaseResource[],
  window: ChartWindow,
  max = MAX_SERIES,
): Series[] {
  return allSeries(releases, window).slice(0, Math.max(0, max));
}

/** The versions rolloutSeries leaves out for the cap, newest first, for the legend's "older" note. */
export function olderVersions(
  releases: readonly ReleaseResource[],
  window: ChartWindow,
  max = MAX_SERIES,
): string[] {
  return allSeries(releases, window)
    .slice(Math.max(0, max))
    .map((s) => s.version);
}

/** The share a series has at the end of its window (its last point): what the legend calls "now". */
export function finalShare(series: Series): number {
  return series.points.at(-1)?.share ?? 0;
}

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
  const to = Math.min(now, (Math.floor(newest / MS_PER_DAY) + 1) * MS_PER_DAY);
  return { window: { from: to - span, to }, dataEnd: newest };
}

/**
 * The chart's title and status line: which platform and channel (`what`, e.g. "Stable on Linux"), how many
 * releases, and the window: the last `weeks`, or where the data ends and that the weeks before it are shown.
 * Days are UTC days, and the words say so.
 */
export function chartCaption(input: {
  readonly product: string;
  readonly what: string;
  readonly releases: number;
  readonly chosen: ChosenWindow;
  readonly weeks?: number;
}): { readonly title: string; readonly status: string } {
  const { window, dataEnd } = input.chosen;
  const weeks = plural(input.weeks ?? CHART_WEEKS, "week");
  const count = plural(input.releases, "release");
  if (dataEnd === null) {
    return {
      title: `Rollout of ${input.product} ${input.what}, last ${weeks}`,
      status: `${input.what}: ${count} since ${formatDay(window.from)} (UTC) or live.`,
    };
  }
  const note = `Data ends ${formatDay(dataEnd)} (UTC); showing the ${weeks} before`;
  return {
    title: `Rollout of ${input.product} ${input.what}. ${note}`,
    status: `${note}. ${input.what}: ${count} from ${formatDay(window.from)} to ${formatDay(dataEnd)} (UTC) or live.`,
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `MMM D` in UTC (`Nov 1`), the chart's date label. */
export function dayLabel(ms: number): string {
  const d = new Date(finite(ms));
  return `${MONTHS[d.getUTCMonth()] ?? ""} ${d.getUTCDate()}`;
}

/** Space around the plot, in px; the axis labels and the legend live in it. */
export interface Padding {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface ChartSize {
  readonly width: number;
  readonly height: number;
  readonly padding: number | Padding;
}

export interface TimeTick {
  readonly t: number;
  readonly x: number;
  readonly label: string;
}

export interface ShareTick {
  readonly share: number;
  readonly y: number;
  readonly label: string;
}

export interface Scales {
  /** Epoch ms to px; times outside the window are clamped to its edges. */
  readonly x: (t: number) => number;
  /** Share 0..1 to px: 1 at the plot's top, 0 at its bottom; clamped. */
  readonly y: (share: number) => number;
  /** The plot area in px (inside the padding); never inverted. */
  readonly plot: {
    readonly left: number;
    readonly right: number;
    readonly top: number;
    readonly bottom: number;
  };
  /** Date ticks at whole UTC days, weeks (Mondays) or months, inside the window; at least one. */
  readonly xTicks: readonly TimeTick[];
  /** 0, 25, 50, 75 and 100%. */
  readonly yTicks: readonly ShareTick[];
  /** True when there is no series to draw (the chart then says "No releases in this window"). */
  readonly empty: boolean;
}

/** Minimum px between two date ticks: a `MMM D` label is about 40 px at the popup's 11 px. */
const MIN_TICK_SPACING = 56;

type Step = { readonly kind: "days"; readonly n: number } | { readonly kind: "months"; readonly n: number };

/** Calendar steps, finest first; the scale takes the first whose ticks fit the width. */
const STEPS: readonly Step[] = [
  { kind: "days", n: 1 },
  { kind: "days", n: 2 },
  { kind: "days", n: 7 },
  { kind: "days", n: 14 },
  { kind: "months", n: 1 },
  { kind: "months", n: 2 },
  { kind: "months", n: 3 },
  { kind: "months", n: 6 },
  { kind: "months", n: 12 },
];

/** Shortest length of a step (a month counts 28 days), so its ticks are never closer than this. */
function minLength(step: Step): number {
  return (step.kind === "days" ? step.n : step.n * 28) * MS_PER_DAY;
}

/** Tick times of one calendar step within [from, to], aligned so they do not shift as the window moves. */
function ticksOf(step: Step, from: number, to: number): number[] {
  const out: number[] = [];
  if (step.kind === "days") {
    // Epoch day 0 (1970-01-01) was a Thursday, so days = 4 (mod 7) are Mondays: weeks start on Monday (ISO).
    const offset = step.n % 7 === 0 ? 4 : 0;
    let day = Math.ceil(from / MS_PER_DAY);
    day += (((offset - day) % step.n) + step.n) % step.n;
    for (; day * MS_PER_DAY <= to; day += step.n) out.push(day * MS_PER_DAY);
    return out;
  }
  const start = new Date(from);
  let month = start.getUTCFullYear() * 12 + start.getUTCMonth();
  if (Date.UTC(Math.floor(month / 12), month % 12, 1) < from) month++;
  month += (step.n - (month % step.n)) % step.n;
  for (; ; month += step.n) {
    const t = Date.UTC(Math.floor(month / 12), month % 12, 1);
    if (t > to) break;
    out.push(t);
  }
  return out;
}

function paddingOf(padding: number | Padding): Padding {
  if (typeof padding === "number") {
    const p = Math.max(0, finite(padding));
    return { top: p, right: p, bottom: p, left: p };
  }
  const p = (n: number) => Math.max(0, finite(n));
  return { top: p(padding.top), right: p(padding.right), bottom: p(padding.bottom), left: p(padding.left) };
}

/**
 * Scales and ticks of the chart for a drawing of `size` (px). The time axis spans the window exactly, so
 * every chart of the same window lines up; the share axis is always 0..100%. A window of zero length maps
 * every time to the plot's left edge; a size smaller than its padding gives a plot of zero width or height.
 */
export function scales(series: readonly Series[], window: ChartWindow, size: ChartSize): Scales {
  const w = normalWindow(window);
  const pad = paddingOf(size.padding);
  const width = Math.max(0, finite(size.width));
  const height = Math.max(0, finite(size.height));
  const left = Math.min(pad.left, width);
  const right = Math.max(left, width - pad.right);
  const top = Math.min(pad.top, height);
  const bottom = Math.max(top, height - pad.bottom);
  const span = w.to - w.from;
  const x = (t: number): number => {
    if (span <= 0) return left;
    const clamped = Math.min(w.to, Math.max(w.from, finite(t, w.from)));
    return left + ((clamped - w.from) / span) * (right - left);
  };
  const y = (share: number): number => bottom - clampShare(share) * (bottom - top);

  // The finest calendar step whose ticks stand MIN_TICK_SPACING apart even at its shortest (a month of 28
  // days); counting in px rather than ticks keeps labels apart however the window falls on the calendar.
  const plotWidth = right - left;
  const fits = (step: Step) => span <= 0 || (minLength(step) / span) * plotWidth >= MIN_TICK_SPACING;
  // Past the table, whole years: as many years per tick as it takes, so even a century stays legible.
  const maxTicks = Math.max(1, Math.floor(plotWidth / MIN_TICK_SPACING));
  const years: Step = {
    kind: "months",
    n: 12 * Math.max(1, Math.ceil(span / (365 * MS_PER_DAY) / maxTicks)),
  };
  let times = ticksOf(STEPS.find(fits) ?? years, w.from, w.to);
  // A window shorter than a day (or a zero-length one) may hold no day boundary: label its start instead.
  if (times.length === 0) times = [w.from];
  const xTicks = times.map((t) => ({ t, x: x(t), label: dayLabel(t) }));
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((share) => ({
    share,
    y: y(share),
    label: `${share * 100}%`,
  }));
  return { x, y, plot: { left, right, top, bottom }, xTicks, yTicks, empty: series.length === 0 };
}

/** A px value rounded to 0.1 px as path text (`12.3`, never `-0` or `NaN`). */
function px(n: number): string {
  const r = Math.round(finite(n) * 10) / 10;
  return String(r === 0 ? 0 : r);
}

/**
 * SVG path data of a step line through `points`: `M x0 y0`, then for each next point `H x` (hold the share
 * until it changes) and `V y` (the change). Commands that would not move are left out; rounded to 0.1 px.
 */
export function stepPath(
  points: readonly SeriesPoint[],
  x: (t: number) => number,
  y: (share: number) => number,
): string {
  return pathThrough(
    points.map((p) => x(p.t)),
    points.map((p) => y(p.share)),
  );
}

/** stepPath over points already in px. */
function pathThrough(xs: readonly number[], ys: readonly number[]): string {
  if (xs.length === 0) return "";
  let cx = px(xs[0] as number);
  let cy = px(ys[0] as number);
  let d = `M${cx} ${cy}`;
  for (let k = 1; k < xs.length; k++) {
    const nx = px(xs[k] as number);
    const ny = px(ys[k] as number);
    if (nx !== cx) d += `H${nx}`;
    if (ny !== cy) d += `V${ny}`;
    cx = nx;
    cy = ny;
  }
  return d;
}

/** Px between step lines that would otherwise lie on one another: one stroke (2 px) apart, side by side. */
export const OVERLAP_GAP = 2;

/**
 * The path data of every series as the chart draws it, in the order given (newest first). A version that
 * starts inside the window rises from 0 there, as it drops to 0 where it ends.
 *
 * Where series hold the same share over the same time (two versions both at 100% in different fraction
 * groups, or both at 50%), their lines would lie exactly on one another and only the last one drawn would
 * show. So each stretch of a line that meets an earlier series' stretch at the same height (within
 * OVERLAP_GAP) moves OVERLAP_GAP px per series already there, away from the plot's nearer edge: the newest
 * stays at its true share, the others sit beside it, and every line stays inside the plot.
 */
export function seriesPaths(
  series: readonly Series[],
  window: ChartWindow,
  s: Pick<Scales, "x" | "y" | "plot">,
): string[] {
  const { top, bottom } = s.plot;
  /** The horizontal stretches drawn so far, with the lane (0, 1, 2...) each took. */
  const drawn: { x0: number; x1: number; y: number; lane: number }[] = [];
  return series.map((one) => {
    const first = one.points[0];
    const points = first && first.t > window.from ? [{ t: first.t, share: 0 }, ...one.points] : one.points;
    const xs = points.map((p) => s.x(p.t));
    const base = points.map((p) => s.y(p.share));
    const ys: number[] = [];
    for (let k = 0; k < points.length; k++) {
      const x0 = xs[k] as number;
      const x1 = xs[k + 1];
      const y = base[k] as number;
      if (x1 === undefined || !(x1 > x0)) {
        // No stretch of its own (the closing point, or a change that holds no width): it stays with the
        // stretch it ends, if at the same share.
        ys.push(k > 0 && base[k - 1] === y ? (ys[k - 1] as number) : y);
        continue;
      }
      const taken = new Set(
        drawn.filter((r) => r.x0 < x1 && x0 < r.x1 && Math.abs(r.y - y) < OVERLAP_GAP).map((r) => r.lane),
      );
      let lane = 0;
      while (taken.has(lane)) lane++;
      drawn.push({ x0, x1, y, lane });
      const inward = y - top <= bottom - y ? 1 : -1;
      ys.push(Math.min(bottom, Math.max(top, y + inward * lane * OVERLAP_GAP)));
    }
    return pathThrough(xs, ys);
  });
}
