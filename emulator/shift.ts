/**
 * `--shift-to-now`: the bundled history ends in August 2026, so replayed as recorded it looks months stale
 * today. Shifted, every release time and every schedule day moves by one whole number of days, chosen so
 * the newest release started a day (up to two) before the real present. Versions, the spacing between
 * events and times of day stay real; the calendar (and so the weekday) moves. Without the option nothing moves.
 * Pure: the CLI passes the clock.
 */
import { DAY_MS } from "../src/core/duration.ts";
import type { Milestone } from "./schedule-build.ts";

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(.*)$/;

/** `text` (RFC 3339, or a schedule's `YYYY-MM-DDT00:00:00`) moved by `days`, its fraction and zone kept. */
export function shiftTimestamp(text: string, days: number): string {
  const m = TIMESTAMP.exec(text);
  if (m === null) throw new Error(`not a timestamp: ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s, rest] = m as unknown as [string, ...string[]];
  const moved = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) + days * DAY_MS);
  return `${moved.toISOString().slice(0, 19)}${rest ?? ""}`;
}

interface ReleaseJson {
  readonly serving?: { readonly startTime?: unknown; readonly endTime?: unknown };
}

/** The newest release start of a `{"releases": [...]}` document, in epoch ms (-Infinity when none). */
function newestStart(json: { readonly releases: readonly unknown[] }): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (const r of json.releases as readonly ReleaseJson[]) {
    const t = typeof r.serving?.startTime === "string" ? Date.parse(r.serving.startTime) : Number.NaN;
    if (t > newest) newest = t;
  }
  return newest;
}

/** Whole days to add so the newest release started between one and two days before `now`. */
export function daysToNow(json: { readonly releases: readonly unknown[] }, now: number): number {
  const newest = newestStart(json);
  return newest === Number.NEGATIVE_INFINITY ? 0 : Math.floor((now - DAY_MS - newest) / DAY_MS);
}

/** The releases document with every start and end time moved by `days`. */
export function shiftReleases<T extends { readonly releases: readonly unknown[] }>(json: T, days: number): T {
  const releases = (json.releases as readonly (ReleaseJson & Record<string, unknown>)[]).map((r) => {
    const serving = r.serving;
    if (serving === undefined || typeof serving.startTime !== "string") return r;
    return {
      ...r,
      serving: {
        ...serving,
        startTime: shiftTimestamp(serving.startTime, days),
        ...(typeof serving.endTime === "string" && { endTime: shiftTimestamp(serving.endTime, days) }),
      },
    };
  });
  return { ...json, releases };
}

/** The schedule with every date moved by `days`. */
export function shiftSchedule(mstones: readonly Milestone[], days: number): Milestone[] {
  return mstones.map((m) => {
    const moved: Record<string, unknown> = { mstone: m.mstone };
    for (const [key, value] of Object.entries(m)) {
      if (key !== "mstone") moved[key] = shiftTimestamp(String(value), days);
    }
    return moved as unknown as Milestone;
  });
}
