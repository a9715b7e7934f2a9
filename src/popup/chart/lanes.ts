/**
 * The versions served in a window laid out in lanes (one per milestone, or one per version when there are
 * few), and the lanes in words. Every version served at some time in the window is drawn, up to caps a hostile
 * service cannot push the work past, and what the caps leave out is counted. A version that a newer one
 * replaced ends where the data says it stopped being served: a lane shows one bar after another. Pure.
 */
import type { ReleaseResource } from "../../core/types.ts";
import { parseRfc3339 } from "../../core/query/time.ts";
import { compareVersions, milestoneOf } from "../../core/version.ts";
import { shareText } from "../../shared/status/rollout-wording.ts";
import { formatTableTime, plural } from "../../shared/status/time.ts";
import { clampShare, normalWindow, type ChartWindow } from "./numbers.ts";

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
