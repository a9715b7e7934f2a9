/**
 * Valid values of the explorer's controls: ids, versions, days and shares. Pure. A value is valid when the
 * clause it writes reads back as the same value, which is what keeps the controls and the advanced field in
 * step (filter.ts). Days and shares are stricter than the query parser on purpose (a start time not
 * at midnight UTC is someone else's clause); versions follow the parser's own rule exactly, so a version
 * typed in a control or in the advanced field is valid in both. The mapping, the validation, the release-page
 * context and storage all check values here, so they agree on what is valid.
 */
import { DAY_MS } from "../../core/duration.ts";
import { isFilterVersion } from "../../core/version.ts";
import { formatDay } from "../../shared/status/time.ts";

/**
 * A version the version controls take: exactly what a `version` clause takes (core/version.ts's
 * versionProblem: one to four fields, no leading zeros, safe integers). No leading zeros is what the
 * controls need too: a `to` of `080` would write `version<81`, which reads back as `80`.
 */
export function isControlVersion(text: string): boolean {
  return isFilterVersion(text);
}

/** A short `to` version covers everything under it: `120` -> `121`, `120.0.6099` -> `120.0.6100`. */
export function nextVersion(text: string): string | null {
  const parts = text.split(".").map(Number);
  const last = parts.pop();
  if (last === undefined || !Number.isSafeInteger(last + 1)) return null;
  return [...parts, last + 1].join(".");
}

export function isFourPart(text: string): boolean {
  return text.split(".").length === 4;
}

/**
 * A version the `to` control takes: a control version whose clause can be written. A short one is written as
 * `version<` its successor, so a last field of 2^53 - 1 (no successor) is the one filter version refused here.
 */
export function isVersionTo(text: string): boolean {
  return isControlVersion(text) && (isFourPart(text) || nextVersion(text) !== null);
}

/** The largest distance from the epoch a Date holds (ECMAScript's time range); toISOString throws beyond it. */
const MAX_DATE_MS = 8.64e15;

/** Epoch milliseconds of a `YYYY-MM-DD` calendar day (UTC), or null when it is not a real day. */
function dayMs(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0..99 as written.
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date rolls 2024-02-30 over to March; reading the day back catches it.
  return formatDay(date.getTime()) === text ? date.getTime() : null;
}

/** The UTC day of an instant, or null when it has no four-digit year (the explorer's days are UTC days). */
export function utcDay(ms: number): string | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  // Only four-digit years come out as a day (toISOString writes `+010000`).
  const day = formatDay(ms);
  return isDay(day) ? day : null;
}

export function isDay(text: string): boolean {
  return dayMs(text) !== null;
}

/** The day after, or null when it has no four-digit year (`9999-12-31`), which RFC 3339 cannot write. */
export function nextDay(text: string): string | null {
  const ms = dayMs(text);
  return ms === null ? null : utcDay(ms + DAY_MS);
}

export function previousDay(text: string): string | null {
  const ms = dayMs(text);
  return ms === null ? null : utcDay(ms - DAY_MS);
}

/** A whole-percent or tenth-of-a-percent share, 0 to 100, so `fraction>=N/100` reads back as exactly N. */
export function isPercent(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 100 &&
    Math.round(value * 10) / 10 === value
  );
}
