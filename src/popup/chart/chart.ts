/**
 * Pure model of the explorer's rollout chart: which time window to show and how to name it, the versions
 * served in it laid out in lanes (one per milestone, or one per version when there are few), the time scale
 * that maps it to pixels, and the path that fills a version's bar to its share. No DOM here;
 * svg-dom.ts draws it.
 *
 * Every version served at some time in the window is drawn, up to a cap that a hostile service cannot push the
 * work past, and what the caps leave out is counted. A version that a newer one replaced simply ends where the
 * data says it stopped being served: a lane shows one bar after another, never a line that drops to 0.
 *
 * Every function is total: no releases, one release, a zero-length release, a zero-length window, a live
 * release and shares of 0 all give finite numbers, so nothing NaN or Infinity ever reaches an attribute.
 */
import type { ReleaseResource } from "../../core/types.ts";
import { DAY_MS } from "../../core/duration.ts";
import { parseRfc3339 } from "../../core/query/time.ts";
import { compareVersions, milestoneOf } from "../../core/version.ts";
import { shareText } from "../../shared/status/rollout-wording.ts";
import { formatDay, formatTableTime, plural } from "../../shared/status/time.ts";

/** A time window in epoch milliseconds, `from` <= `to` expected (a reversed one is treated as empty). */
export interface ChartWindow {
  readonly from: number;
  readonly to: number;
}

/** From `t` (epoch ms) on, a version's share is `share` (0..1), until the next step or the run's end. */
export interface ShareStep {
  readonly t: number;
  readonly share: number;
}

/**
 * One unbroken stretch of time in which a version was served, cut to the window: from `start` to `end`
 * (epoch ms), its share changing at each step (at least one, the first at `start`).
 */
export interface VersionRun {
  readonly version: string;
  readonly start: number;
  readonly end: number;
  readonly steps: readonly ShareStep[];
  /** Served already before the window's start: the run is cut there. */
  readonly before: boolean;
  /** The share still served after the window's end (live, or ending later); null when the run ends in it. */
  readonly endShare: number | null;
}

/** One row of the chart: runs that never overlap in time, left to right. */
export interface Lane {
  /** `M152` for a milestone's lane, or the version itself in a lane per version. */
  readonly label: string;
  /** Its versions, newest first. */
  readonly versions: readonly string[];
  /** By start time. */
  readonly runs: readonly VersionRun[];
}

export interface RolloutLanes {
  /** Newest first: the newest milestone (or version) on top. */
  readonly lanes: readonly Lane[];
  /** One lane per milestone (true), or one per version (false: few versions). */
  readonly byMilestone: boolean;
  /** How many versions the lanes draw, and in how many milestones. */
  readonly versions: number;
  readonly milestones: number;
  /** Versions served in the window that the caps leave out, newest first (they are the oldest). */
  readonly notDrawn: readonly string[];
}

/** Up to this many versions, each gets a lane of its own; more are grouped into a lane per milestone. */
export const VERSION_LANES_UP_TO = 6;

/**
 * At most this many lanes. Eight weeks of one Chrome channel serve three or four milestones (a new one every
 * four weeks, the previous one still live beside it), so this only cuts data no real channel has.
 */
export const MAX_LANES = 8;

/**
 * At most this many versions drawn, the newest. Eight weeks of Stable serve about 25 and of Canary about
 * 120 (two builds a day at most); a service answering thousands is cut here, so drawing stays quick.
 */
export const MAX_VERSIONS = 200;

/** How far back the chart looks from the newest data. */
export const CHART_WEEKS = 8;

const MS_PER_WEEK = 7 * DAY_MS;

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
  /** True when the release started before the window's start. */
  readonly before: boolean;
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
  return {
    start,
    end,
    share: clampShare(release.fraction),
    before: rawStart < window.from,
    open: rawEnd > window.to,
  };
}

/** One run from intervals of one version that overlap or touch (at least one). */
function runOf(version: string, intervals: readonly Interval[]): VersionRun {
  const bounds = [...new Set(intervals.flatMap((i) => [i.start, i.end]))].sort((a, b) => a - b);
  const steps: ShareStep[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const t = bounds[k] as number;
    // Several releases of one version live at once (different fraction groups): the version reaches the
    // largest of their shares, as the badge says (badge.ts shareOf).
    let share = 0;
    for (const i of intervals) if (i.start <= t && i.end > t) share = Math.max(share, i.share);
    if (steps.at(-1)?.share !== share) steps.push({ t, share });
  }
  // What is still served past the window's end: only releases that go on, not one that ends exactly there.
  const open = intervals.filter((i) => i.open);
  return {
    version,
    start: bounds[0] as number,
    end: bounds.at(-1) as number,
    steps,
    before: intervals.some((i) => i.before),
    endShare: open.length === 0 ? null : Math.max(...open.map((i) => i.share)),
  };
}

/** A version's runs, by start: intervals that overlap or touch make one run; a gap between them starts another. */
function runsOf(version: string, intervals: readonly Interval[]): VersionRun[] {
  const groups: Interval[][] = [];
  let end = -Infinity;
  for (const interval of [...intervals].sort((a, b) => a.start - b.start)) {
    const group = groups.at(-1);
    if (group && interval.start <= end) group.push(interval);
    else groups.push([interval]);
    end = Math.max(end, interval.end);
  }
  return groups.map((group) => runOf(version, group));
}

/** Every version served in the window with its runs, newest version first. */
function versionRuns(releases: readonly ReleaseResource[], window: ChartWindow): VersionRun[][] {
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
    .map(([version, intervals]) => runsOf(version, intervals));
}

/**
 * The lanes of one group's runs: each run goes into the first lane that is free from its start, so runs that
 * overlap in time (two versions of one milestone served at once) sit in lanes one under the other.
 */
function packLanes(label: string, runs: readonly VersionRun[]): Lane[] {
  const tracks: VersionRun[][] = [];
  const sorted = [...runs].sort((a, b) => a.start - b.start || compareVersions(b.version, a.version));
  for (const run of sorted) {
    const free = tracks.find((track) => (track.at(-1) as VersionRun).end <= run.start);
    if (free) free.push(run);
    else tracks.push([run]);
  }
  return tracks.map((track) => ({
    label,
    versions: [...new Set(track.map((r) => r.version))].sort((a, b) => compareVersions(b, a)),
    runs: track,
  }));
}

/**
 * The chart's lanes: every version served in `window` (epoch ms) among `releases`, in a lane of its own when
 * there are at most `limits.versionLanesUpTo`, else in one lane per milestone (its versions one after another,
 * a second lane under it only where two of them were served at once). Newest first, at most `limits.lanes`
 * lanes and `limits.versions` versions; what those caps leave out is named in `notDrawn`.
 *
 * Pass the releases of one platform and channel: the shares of different platforms do not add up to anything.
 * A release without `serving.endTime` runs to `window.to`; releases entirely outside the window, zero-length
 * ones and ones with unreadable times are skipped; shares are clamped to 0..1.
 */
export function rolloutLanes(
  releases: readonly ReleaseResource[],
  window: ChartWindow,
  limits: { readonly lanes?: number; readonly versions?: number; readonly versionLanesUpTo?: number } = {},
): RolloutLanes {
  const all = versionRuns(releases, window);
  const versionOf = (runs: readonly VersionRun[]) => (runs[0] as VersionRun).version;
  // The version cap comes first, so the lanes below are packed from a bounded number of versions.
  const kept = all.slice(0, Math.max(0, limits.versions ?? MAX_VERSIONS));
  const byMilestone = all.length > (limits.versionLanesUpTo ?? VERSION_LANES_UP_TO);
  const groups = new Map<string, VersionRun[]>();
  for (const runs of kept) {
    const version = versionOf(runs);
    const milestone = milestoneOf(version);
    // A version that is not dotted numbers has no milestone: it gets a lane of its own.
    const key = byMilestone && milestone !== null ? `M${milestone}` : version;
    const group = groups.get(key);
    if (group) group.push(...runs);
    else groups.set(key, [...runs]);
  }
  const lanes = [...groups]
    .flatMap(([label, runs]) => packLanes(label, runs))
    .slice(0, Math.max(0, limits.lanes ?? MAX_LANES));
  const drawn = new Set(lanes.flatMap((lane) => lane.versions));
  const milestones = new Set([...drawn].map(milestoneOf).filter((m): m is number => m !== null));
  return {
    lanes,
    byMilestone,
    versions: drawn.size,
    milestones: milestones.size,
    notDrawn: all.map(versionOf).filter((v) => !drawn.has(v)),
  };
}

/** What the lanes draw, in words: `23 versions in 4 milestones`. */
export function drawnText(lanes: Pick<RolloutLanes, "versions" | "milestones">): string {
  const versions = plural(lanes.versions, "version");
  return lanes.milestones === 0 ? versions : `${versions} in ${plural(lanes.milestones, "milestone")}`;
}

/** At most this many versions are named in the list of those not drawn; the rest are counted. */
const MAX_NAMED = 50;

/**
 * `Not drawn: 149.0.7827.201, 149.0.7827.155`, naming at most MAX_NAMED and counting the rest (`and 1,950
 * more`), so a service that sends thousands does not make a tooltip of thousands.
 */
export function notDrawnList(lanes: Pick<RolloutLanes, "notDrawn">): string {
  const named = lanes.notDrawn.slice(0, MAX_NAMED).join(", ");
  const rest = lanes.notDrawn.length - MAX_NAMED;
  return `Not drawn: ${named}${rest > 0 ? ` and ${rest} more` : ""}`;
}

/** `+17 versions not drawn`, or "" when the caps left nothing out. */
export function notDrawnText(lanes: Pick<RolloutLanes, "notDrawn">): string {
  const n = lanes.notDrawn.length;
  return n === 0 ? "" : `+${plural(n, "version")} not drawn`;
}

/**
 * A run in words, for its bar's tooltip and the chart's text alternative: `152.0.7977.42: 100% from
 * 2026-11-16 21:09, until 2026-11-23 16:43 (UTC)`, each change of share named, a start cut by the window
 * said to be earlier, and a run that goes on past the window said to be still served.
 */
export function runText(run: VersionRun): string {
  const steps = run.steps.map((step, k) => {
    const from = k === 0 && run.before ? "before " : "";
    return `${shareText(step.share)} from ${from}${formatTableTime(step.t)}`;
  });
  const end = run.endShare === null ? `until ${formatTableTime(run.end)}` : "still served at the chart's end";
  return `${run.version}: ${steps.join(", ")}, ${end} (UTC)`;
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `MMM D` in UTC (`Nov 1`), the chart's date label. */
export function dayLabel(ms: number): string {
  const d = new Date(finite(ms));
  return `${MONTHS[d.getUTCMonth()] ?? ""} ${d.getUTCDate()}`;
}

/** Space around the plot, in px; the lane labels, the date axis and the notes live in it. */
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

export interface Scales {
  /** Epoch ms to px; times outside the window are clamped to its edges. */
  readonly x: (t: number) => number;
  /** The plot area in px (inside the padding); never inverted. */
  readonly plot: {
    readonly left: number;
    readonly right: number;
    readonly top: number;
    readonly bottom: number;
  };
  /** Date ticks at whole UTC days, weeks (Mondays) or months, inside the window; at least one. */
  readonly xTicks: readonly TimeTick[];
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
  return (step.kind === "days" ? step.n : step.n * 28) * DAY_MS;
}

/** Tick times of one calendar step within [from, to], aligned so they do not shift as the window moves. */
function ticksOf(step: Step, from: number, to: number): number[] {
  const out: number[] = [];
  if (step.kind === "days") {
    // Epoch day 0 (1970-01-01) was a Thursday, so days = 4 (mod 7) are Mondays: weeks start on Monday (ISO).
    const offset = step.n % 7 === 0 ? 4 : 0;
    let day = Math.ceil(from / DAY_MS);
    day += (((offset - day) % step.n) + step.n) % step.n;
    for (; day * DAY_MS <= to; day += step.n) out.push(day * DAY_MS);
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
 * The time scale and ticks of the chart for a drawing of `size` (px). The time axis spans the window exactly,
 * so every chart of the same window lines up. A window of zero length maps every time to the plot's left
 * edge; a size smaller than its padding gives a plot of zero width or height.
 */
export function scales(window: ChartWindow, size: ChartSize): Scales {
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

  // The finest calendar step whose ticks stand MIN_TICK_SPACING apart even at its shortest (a month of 28
  // days); counting in px rather than ticks keeps labels apart however the window falls on the calendar.
  const plotWidth = right - left;
  const fits = (step: Step) => span <= 0 || (minLength(step) / span) * plotWidth >= MIN_TICK_SPACING;
  // Past the table, whole years: as many years per tick as it takes, so even a century stays legible.
  const maxTicks = Math.max(1, Math.floor(plotWidth / MIN_TICK_SPACING));
  const years: Step = {
    kind: "months",
    n: 12 * Math.max(1, Math.ceil(span / (365 * DAY_MS) / maxTicks)),
  };
  let times = ticksOf(STEPS.find(fits) ?? years, w.from, w.to);
  // A window shorter than a day (or a zero-length one) may hold no day boundary: label its start instead.
  if (times.length === 0) times = [w.from];
  const xTicks = times.map((t) => ({ t, x: x(t), label: dayLabel(t) }));
  return { x, plot: { left, right, top, bottom }, xTicks };
}

/** A px value rounded to 0.1 px as path text (`12.3`, never `-0` or `NaN`). */
function px(n: number): string {
  const r = Math.round(finite(n) * 10) / 10;
  return String(r === 0 ? 0 : r);
}

/**
 * SVG path data of a run's bar filled to its share: a bar `height` px tall whose bottom is at `bottom`, each
 * step as high as its share (100% the whole bar), so a staged rollout climbs from left to right. Steps at
 * share 0 hold no area; the path goes along the bottom there. Empty when the run has no steps. Rounded to
 * 0.1 px; commands that would not move are left out.
 */
export function runFillPath(
  run: Pick<VersionRun, "steps" | "end">,
  x: (t: number) => number,
  bottom: number,
  height: number,
): string {
  const first = run.steps[0];
  if (!first) return "";
  const base = px(bottom);
  let d = `M${px(x(first.t))} ${base}`;
  let cy = base;
  run.steps.forEach((step, k) => {
    const y = px(bottom - clampShare(step.share) * finite(height));
    if (y !== cy) d += `V${y}`;
    const next = px(x(run.steps[k + 1]?.t ?? run.end));
    d += `H${next}`;
    cy = y;
  });
  if (cy !== base) d += `V${base}`;
  return `${d}Z`;
}

/**
 * The longest of `labels` (given longest first) that fits `room` px at `charWidth` px per character, or ""
 * when none does: a bar names its version in full where it is wide enough, and in part where it is not.
 */
export function fitLabel(labels: readonly string[], room: number, charWidth: number): string {
  return labels.find((label) => label.length * charWidth <= room) ?? "";
}

/**
 * What a bar can call its version, longest first: `152.0.7977.54`, then without its milestone
 * (`7977.54`) when the lane already names that, then its last number (`.54`).
 */
export function versionLabels(version: string, inMilestoneLane: boolean): string[] {
  const fields = version.split(".");
  if (!inMilestoneLane || fields.length < 3) return [version];
  return [version, fields.slice(2).join("."), `.${fields.at(-1) ?? ""}`];
}
