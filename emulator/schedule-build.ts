/**
 * Builds the emulator's bundled milestone schedule (Chromium Dash's `fetch_milestone_schedule`, see
 * emulator/data/README.md) from the published Stable days and the real release history. Pure: data in,
 * milestones out, so the build script and the tests run the same rules.
 *
 * What is real, per milestone M:
 * - `stable_date`: the day M ships to everyone, as browser-compat-data's Chrome releases publish it (their
 *   `release_date` follows Chromium Dash's `stable_date`; M159 is 2026-12-08, three weeks after M158 over the
 *   year end). Milestones past the last published day are placed by the cadence.
 * - `early_stable`: the Pacific calendar day of M's first Stable release on any platform, where the history
 *   has one on or before the Stable day (the day a small share of users first get M; for M142, 2025-10-22,
 *   as Chromium Dash has it).
 * - `branch_point`: the Monday on or before the Pacific day of M+1's first Dev release (Dev moves to M+1 a few
 *   days after M branches; for M142, 2025-09-29, as Chromium Dash has it).
 * Everything else is derived by the offsets seen in M141 to M143 (emulator/data/README.md).
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

/**
 * browser-compat-data's Chrome releases (`browsers.chrome.releases`), keyed by milestone, as far as the
 * schedule reads them: `release_date` is the published Stable day, `YYYY-MM-DD`; a planned milestone has none.
 */
export type ChromeReleases = Readonly<Record<string, { readonly release_date?: string | undefined }>>;

/** Where each of a milestone's three anchor dates came from; every other date is an offset from them. */
export interface Provenance {
  readonly mstone: number;
  readonly stable_date: "browser-compat-data" | "cadence";
  readonly early_stable: "release history" | "offset";
  readonly branch_point: "release history" | "offset";
}

export interface Schedule {
  readonly mstones: readonly Milestone[];
  readonly provenance: readonly Provenance[];
}

/** The last four-weekly milestone; from the next one Beta and Stable move every two weeks. */
export const LAST_FOUR_WEEKLY = 152;
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

const PUBLISHED_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Stable day of every milestone from `first` to LAST_MILESTONE: the published one, then, past the last
 * published day, the cadence (four weeks apart up to M152, two weeks from M153).
 */
function stableDays(
  releases: ChromeReleases,
  first: number,
): Map<number, { day: Day; source: Provenance["stable_date"] }> {
  const days = new Map<number, { day: Day; source: Provenance["stable_date"] }>();
  let previous: Day | undefined;
  let firstPlanned: number | undefined;
  for (let m = first; m <= LAST_MILESTONE; m++) {
    const date = releases[String(m)]?.release_date;
    let day: Day;
    if (date !== undefined) {
      if (!PUBLISHED_DAY.test(date) || Number.isNaN(dayOf(date))) {
        throw new Error(
          `browser-compat-data's Chrome ${m} has release_date ${JSON.stringify(date)}, not YYYY-MM-DD`,
        );
      }
      if (firstPlanned !== undefined) {
        throw new Error(
          `browser-compat-data's Chrome releases skip M${firstPlanned}: it has no release_date but M${m} has`,
        );
      }
      day = dayOf(date);
    } else if (previous === undefined) {
      throw new Error(
        `browser-compat-data's Chrome releases have no release_date for M${m}, the history's first milestone`,
      );
    } else {
      firstPlanned ??= m;
      day = previous + (m > LAST_FOUR_WEEKLY ? 14 : 28);
    }
    days.set(m, { day, source: date === undefined ? "cadence" : "browser-compat-data" });
    previous = day;
  }
  return days;
}

/** A milestone's dates from its early stable, branch and Stable days, by the offsets seen in M141 to M143. */
function milestone(mstone: number, early: Day, branch: Day, stable: Day): Milestone {
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
 * The schedule from the first milestone the Stable history has through LAST_MILESTONE, Stable days from
 * `releases` (browser-compat-data's `browsers.chrome.releases`).
 * @throws Error when the Stable history is empty or has a gap (a milestone missing between two it has); when
 *   `releases` has no Stable day for the history's first milestone, skips one, or writes one other than
 *   `YYYY-MM-DD`; when the history's first Stable release of a milestone comes after its published Stable day
 */
export function buildSchedule(
  stable: readonly unknown[],
  dev: readonly unknown[],
  releases: ChromeReleases,
): Schedule {
  const records = [...stable, ...dev] as HistoryRecord[];
  const firstPushes = firstDays(records, "stable");
  const devDays = firstDays(records, "dev");
  const known = [...firstPushes.keys()].sort((a, b) => a - b);
  const first = known[0];
  const last = known.at(-1);
  if (first === undefined || last === undefined) throw new Error("no Stable release in the history");
  const stables = stableDays(releases, first);
  const mstones: Milestone[] = [];
  const provenance: Provenance[] = [];
  for (const [m, { day: stableDay, source }] of stables) {
    const pushed = firstPushes.get(m);
    if (pushed === undefined && m <= last) throw new Error(`the Stable history skips M${m}`);
    if (pushed !== undefined && pushed > stableDay) {
      throw new Error(
        `the Stable history's first M${m} release (${written(pushed).slice(0, 10)}) is after its published ` +
          `Stable day (${written(stableDay).slice(0, 10)}): one of the two is wrong`,
      );
    }
    // Early stable is the first push (before M110 mostly the Stable day itself); past the history, a week before.
    const early = pushed ?? stableDay - 6;
    const nextDev = devDays.get(m + 1);
    // Branch to early stable: 23 days on the four-week cycle (M142), 16 on the two-week one.
    const branch =
      nextDev !== undefined ? mondayOnOrBefore(nextDev) : early - (m > LAST_FOUR_WEEKLY ? 16 : 23);
    mstones.push(milestone(m, early, branch, stableDay));
    provenance.push({
      mstone: m,
      stable_date: source,
      early_stable: pushed === undefined ? "offset" : "release history",
      branch_point: nextDev === undefined ? "offset" : "release history",
    });
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
