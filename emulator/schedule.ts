/**
 * Chromium Dash's milestone schedule, beside the version-history service on the same port:
 *
 *   GET /fetch_milestone_schedule?mstone=N|current|next|previous   {"mstones":[{...}]}, one milestone
 *
 * as `https://chromiumdash.appspot.com/fetch_milestone_schedule` answers (field names and the
 * `YYYY-MM-DDT00:00:00` dates without zone, emulator/data/README.md). `current` is the milestone whose Stable
 * day is the latest on or before the emulator's today (its clock, Pacific days as Chromium Dash's), `next` and
 * `previous` the ones after and before it.
 *
 * The real API's error body is not public ("a validation error"): here a missing or unreadable `mstone` is a
 * 400 and a milestone outside the schedule a 404, each with `{"error": "<what is wrong>"}`, so a client can
 * tell a bad request from a milestone nobody has planned yet.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isRecord } from "../src/core/schema.ts";
import { jsonResponse, type EmulatorResponse } from "./response.ts";
import { dayOf, pacificDay, type Milestone } from "./schedule-build.ts";

export const SCHEDULE_PATH = "/fetch_milestone_schedule";

/** The bundled schedule (scripts/build-dataset.ts writes it). */
export const DEFAULT_SCHEDULE_FILE = fileURLToPath(new URL("./data/schedule.json", import.meta.url));

/** Every date field of a milestone, in the order the file writes them. */
export const DATE_FIELDS = [
  "branch_point",
  "earliest_beta",
  "earliest_beta_chromeos",
  "earliest_beta_ios",
  "latest_beta",
  "final_beta_cut",
  "final_beta",
  "stable_cut",
  "stable_cut_ios",
  "early_stable",
  "early_stable_ios",
  "stable_date",
  "stable_refresh_first",
  "stable_refresh_second",
  "stable_refresh_third",
] as const satisfies readonly (keyof Milestone)[];

const DATE = /^\d{4}-\d{2}-\d{2}T00:00:00$/;

/** A schedule file that cannot be served; the message names the file and the milestone. */
export class ScheduleError extends Error {
  override name = "ScheduleError";
}

/** Reads and checks a schedule file (`{"mstones":[...]}`); provenance notes (`_source`) are dropped. */
export function loadSchedule(file = DEFAULT_SCHEDULE_FILE): Milestone[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ScheduleError(`bad schedule file ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const list = (parsed as { mstones?: unknown } | null)?.mstones;
  if (!Array.isArray(list) || list.length === 0) {
    throw new ScheduleError(
      `bad schedule file ${file}: expected {"mstones": [...]} with at least one milestone`,
    );
  }
  return list.map((m: unknown, i) => {
    if (!isRecord(m) || !Number.isInteger(m.mstone)) {
      throw new ScheduleError(`bad schedule file ${file}: mstones[${i}]: no integer mstone`);
    }
    const milestone: Record<string, unknown> = { mstone: m.mstone };
    for (const field of DATE_FIELDS) {
      if (typeof m[field] !== "string" || !DATE.test(m[field])) {
        throw new ScheduleError(
          `bad schedule file ${file}: M${String(m.mstone)}.${field}: not YYYY-MM-DDT00:00:00`,
        );
      }
      milestone[field] = m[field];
    }
    return milestone as unknown as Milestone;
  });
}

/** The milestone whose Stable day is the latest on or before `now`'s Pacific day; the first one if none. */
export function currentMilestone(mstones: readonly Milestone[], now: number): number {
  const today = pacificDay(now);
  let current = mstones[0]?.mstone ?? 0;
  for (const m of mstones) {
    if (dayOf(m.stable_date.slice(0, 10)) <= today) current = m.mstone;
  }
  return current;
}

function error(status: number, message: string): EmulatorResponse {
  return jsonResponse(status, JSON.stringify({ error: message }));
}

/** The answer to a GET of SCHEDULE_PATH with `query`, at `now` (epoch ms). */
export function scheduleResponse(
  mstones: readonly Milestone[],
  query: URLSearchParams,
  now: number,
): EmulatorResponse {
  const asked = query.getAll("mstone");
  if (asked.length !== 1) {
    return error(
      400,
      asked.length === 0
        ? "mstone is required: a milestone number, current, next or previous"
        : "mstone is given more than once",
    );
  }
  const text = asked[0] ?? "";
  let number: number;
  if (text === "current" || text === "next" || text === "previous") {
    number = currentMilestone(mstones, now) + (text === "next" ? 1 : text === "previous" ? -1 : 0);
  } else if (/^\d{1,6}$/.test(text)) {
    number = Number(text);
  } else {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    return error(
      400,
      `mstone must be a milestone number or current, next, previous; got ${JSON.stringify(shown)}`,
    );
  }
  const found = mstones.find((m) => m.mstone === number);
  if (found === undefined) return error(404, `No schedule for milestone ${number}`);
  return jsonResponse(200, JSON.stringify({ mstones: [found] }));
}
