/**
 * Past Stable rollouts as the real service records them: "if the serving percentage changes, it will create
 * another release under the version". The public source has only each build's first day, so the steps are
 * synthesized by the rules of emulator/data/README.md ("Staged history"): early stable to a small share until
 * the milestone's Stable day, then steps to 100% one to two weeks later (Chromium's
 * docs/process/release_cycle.md), the previous milestone serving the rest in the same fraction group. Pure:
 * dataset-build.ts hands in a group's releases as built by its rules 1-5 and gets back what each one serves.
 */
import { DAY_MS } from "../src/core/duration.ts";
import { dayOf, pacificDay } from "./schedule-build.ts";

/** The share early stable serves before the Stable day: "a small percentage of stable channel users". */
export const EARLY_STABLE_FRACTION = 0.01;
/** The steps from the Stable day on: [days after it, share]. The step to 1 comes at fullDays(milestone). */
export const RAMP: readonly (readonly [number, number])[] = [
  [0, 0.1],
  [2, 0.25],
  [4, 0.5],
];
/** The hour (UTC) of a step on a calendar day: 10 or 11 a.m. in Pacific time, when a release day starts. */
export const STEP_HOUR_UTC = 18;

/**
 * Days from the Stable day to 100%: "generally reaches all users within one to two weeks", spread over 7 to
 * 14 by the milestone's number, so platforms and milestones do not all take the same time. Not measured.
 */
export function fullDays(milestone: number): number {
  return 7 + (milestone % 8);
}

/** One completed rollout: from the milestone's first serving to its step to 1, and each share in between. */
export interface RolloutWindow {
  readonly from: number;
  readonly to: number;
  /** [epoch ms, share below 1], rising; the first at `from`. */
  readonly steps: readonly (readonly [number, number])[];
}

/**
 * The rollout of `milestone` on one platform: it first served at `firstStart`; `stableDay` (`YYYY-MM-DD`)
 * is its Stable day in the milestone schedule, if known; `nextStart` is when a higher milestone first served,
 * which ends the rollout at the latest (never reached in the real history, where 100% comes first).
 */
export function rolloutWindow(
  milestone: number,
  firstStart: number,
  stableDay: string | undefined,
  nextStart: number,
): RolloutWindow {
  const stableAt = stableDay === undefined ? Number.NaN : Date.parse(`${stableDay}T${STEP_HOUR_UTC}:00:00Z`);
  // Early stable is a first serving on a (Pacific) day before the Stable day; a platform that first serves on
  // it or later steps from its first serving.
  const early = stableDay !== undefined && pacificDay(firstStart) < dayOf(stableDay) && stableAt > firstStart;
  const base = early ? stableAt : firstStart;
  const planned: [number, number][] = base > firstStart ? [[firstStart, EARLY_STABLE_FRACTION]] : [];
  for (const [days, share] of RAMP) planned.push([base + days * DAY_MS, share]);
  const to = Math.min(base + fullDays(milestone) * DAY_MS, nextStart);
  return { from: firstStart, to, steps: planned.filter(([at]) => at < to) };
}

/** The share the window's milestone serves at `at` (within the window). */
export function shareAt(window: RolloutWindow, at: number): number {
  let share = 0;
  for (const [t, s] of window.steps) if (t <= at) share = s;
  return share;
}

/** A release of one stable group as rules 1-5 built it, in the group's sorted order. */
export interface Served {
  readonly start: number;
  /** Infinity while live. */
  readonly end: number;
  readonly milestone: number;
  readonly fraction: number;
  /** 0-based: the fraction group is this + 1. */
  readonly group: number;
  readonly inRollout: boolean;
}

/** What one release serves over one span: a release record of the service. */
export interface Piece extends Omit<Served, "milestone"> {
  /** Index of the release (in the list handed in) whose version this record is. */
  readonly of: number;
}

interface Cut {
  readonly from: number;
  readonly to: number;
}

/**
 * Every record of a staged stable group: each rollout in steps (a milestone with an older one before it, below
 * the group's newest, and the newest's own steps up to its live share), everything else as rules 1-5 left
 * it. `stableDays` maps a milestone to its Stable day. A build gets a new record only when its share changes.
 */
export function stagedPieces(served: readonly Served[], stableDays: ReadonlyMap<number, string>): Piece[] {
  const milestones = [...new Set(served.map((s) => s.milestone))].sort((a, b) => a - b);
  const newest = milestones.at(-1);
  const pieces: Piece[] = [];
  const cuts = served.map((): Cut[] => []);
  milestones.forEach((m, i) => {
    const previous = milestones[i - 1];
    if (previous === undefined) return;
    const own = served.flatMap((s, at) => (s.milestone === m ? [at] : []));
    const before = served.flatMap((s, at) => (s.milestone === previous ? [at] : []));
    const first = served[own[0] ?? -1];
    // The previous milestone must be serving when this one starts, to serve the rest.
    if (first === undefined || !before.some((at) => (served[at]?.start ?? Infinity) <= first.start)) return;
    // The newest milestone steps up to the live share rule 4 gave it, where its live release starts; at 1
    // (no live rollout) it is left as it is.
    const live = m === newest ? own.map((at) => served[at]).find((s) => s?.inRollout) : undefined;
    if (m === newest && live === undefined) return;
    const nextStart = live
      ? live.start
      : Math.min(...served.filter((s) => s.milestone > m && s.start >= first.start).map((s) => s.start));
    const planned = rolloutWindow(m, first.start, stableDays.get(m), nextStart);
    const window = live
      ? { ...planned, to: live.start, steps: planned.steps.filter(([, share]) => share < live.fraction) }
      : planned;
    if (window.to <= window.from) return;
    pieces.push(...windowPieces(served, window, own, before, first.group));
    for (const at of own) cuts[at]?.push({ from: window.from, to: window.to });
    // Once a milestone is at 100% the previous one serves nothing, whatever its next build's day; while the
    // newest rolls out, rule 4 says what the previous one serves after its steps.
    const until = live ? window.to : Infinity;
    for (const at of before)
      if ((served[at]?.start ?? Infinity) < window.to) cuts[at]?.push({ from: window.from, to: until });
    if (live !== undefined) pieces.push(...bridged(served, live, before, cuts));
  });
  served.forEach((s, of) => {
    const outside = without({ from: s.start, to: s.end }, cuts[of] ?? []);
    const own = outside.map(({ from, to }) => ({ ...s, of, start: from, end: to }));
    // A release superseded at once (ended as it started) stays a record, as the service would keep it.
    const kept = own.length > 0 || pieces.some((p) => p.of === of) ? own : [{ ...s, of }];
    for (const { milestone: _, ...piece } of kept) pieces.push(piece);
  });
  return merged(pieces);
}

/**
 * From the newest milestone's live release until the previous milestone's live release of rule 4 starts (a
 * build of it shipped a day later, say), the previous milestone's latest builds serve the rest in the live
 * group, so the group adds up to 1 from the live release's start.
 */
function bridged(served: readonly Served[], live: Served, before: readonly number[], cuts: Cut[][]): Piece[] {
  const partner = before.map((at) => served[at]).find((s) => s?.inRollout && s.end === Infinity);
  if (partner === undefined || partner.start <= live.start) return [];
  const bridge = { from: live.start, to: partner.start, steps: [[live.start, live.fraction] as const] };
  for (const at of before)
    if ((served[at]?.start ?? Infinity) < bridge.to) cuts[at]?.push({ from: bridge.from, to: bridge.to });
  return windowPieces(served, bridge, [], before, live.group);
}

/** One build's records that follow each other with the same share and group are one record. */
function merged(pieces: readonly Piece[]): Piece[] {
  const sorted = [...pieces].sort((a, b) => a.of - b.of || a.start - b.start);
  const out: Piece[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (
      last !== undefined &&
      last.of === p.of &&
      last.end === p.start &&
      last.fraction === p.fraction &&
      last.group === p.group &&
      last.inRollout === p.inRollout
    ) {
      out[out.length - 1] = { ...last, end: p.end };
    } else out.push(p);
  }
  return out;
}

/**
 * The records of one rollout: at each step and each new build, the milestone's builds of the latest start (the two
 * highest of those pushed together share its share) and the previous milestone's serve the rest, in the group of the
 * milestone's first release.
 */
function windowPieces(
  served: readonly Served[],
  window: RolloutWindow,
  own: readonly number[],
  before: readonly number[],
  group: number,
): Piece[] {
  const inWindow = (t: number): boolean => t >= window.from && t < window.to;
  const times = [
    ...window.steps.map(([t]) => t),
    ...[...own, ...before].map((at) => served[at]?.start ?? Number.NaN),
  ].filter(inWindow);
  const events = [...new Set(times)].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  events.forEach((at, i) => {
    const end = events[i + 1] ?? window.to;
    const share = shareAt(window, at);
    const split = (builds: readonly number[], total: number): void => {
      for (const of of builds) {
        const s = served[of];
        if (s) pieces.push({ of, start: at, end, fraction: total / builds.length, group, inRollout: true });
      }
    };
    split(latestBuilds(served, own, at), share);
    split(latestBuilds(served, before, at), 1 - share);
  });
  return pieces;
}

/** How many builds pushed together share a rollout: "two builds that differ only in build number". */
export const BUILDS_PER_ROLLOUT = 2;

/**
 * Among `candidates` (in the group's order: by start, then version), the builds of the latest start at or
 * before `at`: the highest BUILDS_PER_ROLLOUT of them when more were pushed together.
 */
function latestBuilds(served: readonly Served[], candidates: readonly number[], at: number): number[] {
  let latest = -Infinity;
  for (const c of candidates) {
    const start = served[c]?.start ?? Infinity;
    if (start <= at && start > latest) latest = start;
  }
  return candidates.filter((c) => served[c]?.start === latest).slice(-BUILDS_PER_ROLLOUT);
}

/** `span` minus every cut, as the spans of positive length left. */
function without(span: Cut, cuts: readonly Cut[]): Cut[] {
  let left: Cut[] = span.to > span.from ? [span] : [];
  for (const cut of cuts) {
    left = left.flatMap((s) => {
      const parts: Cut[] = [];
      if (s.from < Math.min(s.to, cut.from)) parts.push({ from: s.from, to: Math.min(s.to, cut.from) });
      if (Math.max(s.from, cut.to) < s.to) parts.push({ from: Math.max(s.from, cut.to), to: s.to });
      return parts;
    });
  }
  return left;
}
