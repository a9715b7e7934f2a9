/**
 * How past milestones actually rolled out on one platform, read from the version history the service serves:
 * each time a milestone's share rose, how long after its first serving on the channel. The service keeps a
 * release per version and fraction step (a step's release ends when the next begins), so the share at any
 * instant is that of the releases serving then, counted as shares.ts counts them (summed within a fraction
 * group, the largest group taken). Pure.
 */
import { parseResourceName } from "../../core/catalog.ts";
import { DAY_MS } from "../../core/duration.ts";
import { parseRfc3339Ms } from "../../core/query/time.ts";
import type { ReleaseResource } from "../../core/types.ts";
import { milestoneOf } from "../../core/version.ts";

/** The most rises kept per milestone: real rollouts take a handful of steps; a hostile answer gets no more. */
export const MAX_STEPS = 32;
/** The most releases read per milestone: the quadratic walk below stays small whatever a service sends. */
export const MAX_RELEASES_PER_MILESTONE = 400;

/** One milestone's rollout: when it first served, and each rise of its share after that. */
export interface MilestoneRollout {
  readonly milestone: number;
  /** Epoch ms of its first serving on the channel. */
  readonly firstStart: number;
  /** [ms after firstStart, share from 0 to 1], rising, the first at 0. */
  readonly steps: readonly (readonly [number, number])[];
}

interface Span {
  readonly start: number;
  readonly end: number;
  readonly group: string;
  readonly fraction: number;
}

/** The rollout of every milestone among `releases` (of one platform) on `channel`, oldest milestone first. */
export function milestoneRollouts(releases: readonly ReleaseResource[], channel: string): MilestoneRollout[] {
  const byMilestone = new Map<number, Span[]>();
  for (const r of releases) {
    const m = milestoneOf(r.version);
    if (m === null || parseResourceName(r.name)?.channel !== channel) continue;
    const start = parseRfc3339Ms(r.serving.startTime);
    const end = r.serving.endTime === undefined ? Infinity : parseRfc3339Ms(r.serving.endTime);
    if (start === null || end === null || end <= start) continue;
    const spans = byMilestone.get(m) ?? [];
    if (spans.length >= MAX_RELEASES_PER_MILESTONE) continue;
    spans.push({ start, end, group: r.fractionGroup ?? r.name, fraction: r.fraction });
    byMilestone.set(m, spans);
  }
  return [...byMilestone].sort(([a], [b]) => a - b).map(([milestone, spans]) => rolloutOf(milestone, spans));
}

function rolloutOf(milestone: number, spans: readonly Span[]): MilestoneRollout {
  const starts = [...new Set(spans.map((s) => s.start))].sort((a, b) => a - b);
  const firstStart = starts[0] ?? 0;
  const steps: [number, number][] = [];
  let best = 0;
  // The share only rises when a release starts: an end takes users away.
  for (const t of starts) {
    const groups = new Map<string, number>();
    for (const s of spans)
      if (s.start <= t && t < s.end) groups.set(s.group, (groups.get(s.group) ?? 0) + s.fraction);
    const share = Math.min(1, Math.max(0, ...groups.values()));
    if (share > best) {
      best = share;
      if (steps.length < MAX_STEPS) steps.push([t - firstStart, share]);
    }
  }
  return { milestone, firstStart, steps };
}

/**
 * The longest a rollout step may come after the first serving and still count: Chrome's take one to two
 * weeks; a step a year on is another release filed under the milestone (or a hostile history), not a rollout.
 */
export const MAX_ROLLOUT_MS = 365 * DAY_MS;

/** Days from a milestone's first serving to its share reaching `threshold` percent; null when it never did. */
export function daysToReach(rollout: MilestoneRollout, threshold: number): number | null {
  const step = rollout.steps.find(
    ([at, share]) => at >= 0 && at <= MAX_ROLLOUT_MS && share * 100 >= threshold - 1e-9,
  );
  return step === undefined ? null : step[0] / DAY_MS;
}

/** How long rollouts took: the median and the range, in whole days, over `n` milestones. */
export interface TypicalRollout {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly n: number;
  /** The milestones counted, oldest first. */
  readonly milestones: readonly number[];
  /** Milestones among and after those counted (before the one asked about) that never reached it. */
  readonly missed: readonly number[];
}

/** How many past milestones are counted: about half a year of releases. */
export const PAST_MILESTONES = 6;

/**
 * The typical time from first serving to `threshold` over the last `count` milestones that reached it and are
 * older than `before` (the one being predicted is not its own evidence); null without any.
 */
export function typicalRollout(
  rollouts: readonly MilestoneRollout[],
  threshold: number,
  before: number,
  count = PAST_MILESTONES,
): TypicalRollout | null {
  const older = rollouts.filter((r) => r.milestone < before);
  const counted = older
    .flatMap((r) => {
      const days = daysToReach(r, threshold);
      return days === null ? [] : [{ milestone: r.milestone, days: Math.round(days) }];
    })
    .slice(-count);
  if (counted.length === 0) return null;
  const from = counted[0]?.milestone ?? 0;
  const missed = older
    .filter((r) => r.milestone > from && daysToReach(r, threshold) === null)
    .map((r) => r.milestone);
  const days = counted.map((c) => c.days).sort((a, b) => a - b);
  const mid = Math.floor(days.length / 2);
  const median =
    days.length % 2 === 1 ? (days[mid] ?? 0) : Math.round(((days[mid - 1] ?? 0) + (days[mid] ?? 0)) / 2);
  return {
    median,
    min: days[0] ?? 0,
    max: days.at(-1) ?? 0,
    n: days.length,
    milestones: counted.map((c) => c.milestone),
    missed,
  };
}

/**
 * "usually 9-16 days after Stable (median 12 over M148-M153)", naming the milestones counted, and those that
 * never reached `threshold` percent ("M153 did not reach 95%").
 */
export function typicalText(typical: TypicalRollout, channelLabel: string, threshold: number): string {
  const over = milestonesText(typical.milestones);
  const missed =
    typical.missed.length === 0 ? "" : `; ${milestonesText(typical.missed)} did not reach ${threshold}%`;
  if (typical.max === 0) return `usually on its first ${channelLabel} day (${over}${missed})`;
  const range = typical.min === typical.max ? `${typical.min}` : `${typical.min}-${typical.max}`;
  const unit = typical.max === 1 ? "day" : "days";
  return `usually ${range} ${unit} after ${channelLabel} (median ${typical.median} over ${over}${missed})`;
}

/** "M150", "M148-M153" for a run, else "M148, M150, M151". */
function milestonesText(milestones: readonly number[]): string {
  const [first, ...rest] = milestones;
  if (first === undefined) return "";
  const last = rest.at(-1) ?? first;
  const run = milestones.every((m, i) => m === first + i);
  if (rest.length === 0) return `M${first}`;
  return run ? `M${first}-M${last}` : milestones.map((m) => `M${m}`).join(", ");
}
