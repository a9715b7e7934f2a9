/**
 * Builds the emulator's bundled milestone schedule (Chromium Dash's `fetch_milestone_schedule`, see
 * emulator/data/README.md) from the same real release history as the release dataset. Pure: records in,
 * milestones out, so the build script and the drift test run the same rules.
 *
 * What is real, per milestone M, where the history has it:
 * - `early_stable`: the Pacific calendar day of M's first Stable release on any platform (the day a small share
 *   of users first get M; for M142, 2025-10-22, as Chromium Dash has it).
 * - `branch_point`: the Monday on or before the Pacific day of M+1's first Dev release (Dev moves to M+1 a few
 *   days after M branches; for M142, 2025-09-29, as Chromium Dash has it).
 * Everything else is derived from those by the offsets seen in M141 to M143 (emulator/data/README.md), and a
 * milestone the history does not reach is placed by the cadence: four weeks apart up to M152, two weeks from
 * M153, whose Stable day (2026-09-08) was announced.
 */
import { DAY_MS } from "../src/core/duration.ts";

/** A Chromium Dash release record, as far as the schedule reads it. */
interface HistoryRecord {
  readonly milestone: number;
  readonly channel: string;
  /** Epoch milliseconds. */
  readonly time: number;
}

/** One milestone as `fetch_milestone_schedule` answers it: dates as `YYYY-MM-DDT00:00:00`, no zone. */
export interface Milestone {
  readonly mstone: number;
  readonly branch_point: string;
  readonly earliest_beta: string;
  readonly earliest_beta_chromeos: string;
  readonly earliest_beta_ios: string;
  readonly latest_beta: string;
  readonly final_beta_cut: string;
  readonly final_beta: string;
  readonly stable_cut: string;
  readonly stable_cut_ios: string;
  readonly early_stable: string;
  readonly early_stable_ios: string;
  readonly stable_date: string;
  readonly stable_refresh_first: string;
  readonly stable_refresh_second: string;
  readonly stable_refresh_third: string;
}

/** Where each of a milestone's two anchor dates came from. */
export interface Provenance {
  readonly mstone: number;
  readonly early_stable: "release history" | "cadence";
  readonly branch_point: "release history" | "offset";
}

export interface Schedule {
  readonly mstones: readonly Milestone[];
  readonly provenance: readonly Provenance[];
}

/** The last four-weekly milestone; from the next one Beta and Stable move every two weeks. */
export const LAST_FOUR_WEEKLY = 152;
/** M153's Stable day, announced with the move to a two-week cycle. */
export const M153_STABLE = "2026-09-08";
/** The bundled schedule reaches this milestone: Stable in 2028, more than a year past any present the
 * emulator is shifted to while its history ends in 2026. */
export const LAST_MILESTONE = 200;

/** A calendar day as days since 1970-01-01 (no zone: the day itself). */
type Day = number;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayOf(iso: string): Day {
  return Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
}

function written(day: Day): string {
  return `${new Date(day * DAY_MS).toISOString().slice(0, 10)}T00:00:00`;
}

const PACIFIC = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Pacific calendar day of an instant: Chromium Dash's days are Pacific. */
export function pacificDay(epochMs: number): Day {
  return dayOf(PACIFIC.format(new Date(epochMs)));
}

/** The Monday on or before `day` (1970-01-01 was a Thursday). */
function mondayOnOrBefore(day: Day): Day {
  return day - ((day + 3) % 7);
}

/** Stable ships a week after early stable, two around the year-end holidays (M144: Jan 7 -> Jan 13 ...). */
function stableAfterEarly(early: Day): Day {
  const [, month, date] = written(early).slice(0, 10).split("-").map(Number) as [number, number, number];
  const holidays = (month === 12 && date >= 17) || (month === 1 && date <= 2);
  return early + (holidays ? 13 : 6);
}

/** The first day each milestone shipped on `channel`, from the records. */
function firstDays(records: readonly HistoryRecord[], channel: string): Map<number, Day> {
  const first = new Map<number, number>();
  for (const r of records) {
    if (r.channel !== channel || !Number.isInteger(r.milestone) || !Number.isFinite(r.time)) continue;
    const seen = first.get(r.milestone);
    if (seen === undefined || r.time < seen) first.set(r.milestone, r.time);
  }
  return new Map([...first].map(([m, t]) => [m, pacificDay(t)]));
}

/**
 * A milestone's dates from its early stable and branch days, by the offsets seen in M141 to M143. `stable`
 * is given where the cadence fixes it (the two-week cycle names Stable days), else derived from early stable.
 */
function milestone(mstone: number, early: Day, branch: Day, stable = stableAfterEarly(early)): Milestone {
  const beta = branch + 2;
  return {
    mstone,
    branch_point: written(branch),
    earliest_beta: written(beta),
    earliest_beta_chromeos: written(beta + 13),
    earliest_beta_ios: written(beta),
    latest_beta: written(early - 6),
    final_beta_cut: written(early - 1),
    final_beta: written(early),
    stable_cut: written(early - 1),
    stable_cut_ios: written(early - 1),
    early_stable: written(early),
    early_stable_ios: written(early),
    stable_date: written(stable),
    stable_refresh_first: written(stable + 14),
    stable_refresh_second: written(stable + 35),
    stable_refresh_third: written(stable + 49),
  };
}

/**
 * The schedule from the first milestone the Stable history has through LAST_MILESTONE.
 * @throws Error when the Stable history is empty or has a gap (a milestone missing between two it has)
 */
export function buildSchedule(stable: readonly unknown[], dev: readonly unknown[]): Schedule {
  const records = [...stable, ...dev] as HistoryRecord[];
  const stableDays = firstDays(records, "stable");
  const devDays = firstDays(records, "dev");
  const known = [...stableDays.keys()].sort((a, b) => a - b);
  const first = known[0];
  const last = known.at(-1);
  if (first === undefined || last === undefined) throw new Error("no Stable release in the history");
  const mstones: Milestone[] = [];
  const provenance: Provenance[] = [];
  let previousEarly: Day | undefined;
  for (let m = first; m <= LAST_MILESTONE; m++) {
    const real = stableDays.get(m);
    if (real === undefined && m <= last) throw new Error(`the Stable history skips M${m}`);
    // On the two-week cycle the Stable day is the anchor (M153's, every 14 days), early stable a week before.
    const cadenceStable =
      real === undefined && m > LAST_FOUR_WEEKLY ? dayOf(M153_STABLE) + 14 * (m - 153) : undefined;
    const early =
      real ?? (cadenceStable !== undefined ? cadenceStable - 6 : (previousEarly ?? dayOf(M153_STABLE)) + 28);
    const nextDev = devDays.get(m + 1);
    // Branch to early stable: 23 days on the four-week cycle (M142), 16 on the two-week one.
    const branch =
      nextDev !== undefined ? mondayOnOrBefore(nextDev) : early - (m > LAST_FOUR_WEEKLY ? 16 : 23);
    mstones.push(milestone(m, early, branch, cadenceStable));
    provenance.push({
      mstone: m,
      early_stable: real === undefined ? "cadence" : "release history",
      branch_point: nextDev === undefined ? "offset" : "release history",
    });
    previousEarly = early;
  }
  return { mstones, provenance };
}

/** The schedule file: one milestone per line, so a rebuild's diff reads line by line. */
export function formatSchedule(schedule: Schedule): string {
  const lines = schedule.mstones.map((m, i) =>
    JSON.stringify({ ...m, _source: schedule.provenance[i] ?? null }),
  );
  return `{"mstones":[\n${lines.join(",\n")}\n]}\n`;
}
