/**
 * RFC 3339 date-times (the VersionHistory reference: `starttime` and `endtime` filter values are RFC 3339),
 * as microseconds since the Unix epoch. Microseconds because the real service stamps releases with 6
 * fractional digits; a double holds them exactly for any date before 2255.
 * Digits beyond the sixth are truncated.
 */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Microseconds since the epoch of an RFC 3339 date-time, or null when the text is not one. */
export function parseRfc3339(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const maxDay = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  // Second 60 is RFC 3339's leap second; Date.UTC rolls it into the next minute, which is what it means.
  if (month < 1 || month > 12 || day < 1 || day > maxDay || hour > 23 || minute > 59 || second > 60) {
    return null;
  }
  let offsetMinutes = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, 0);
  const micros = Number(((m[7] ?? ".").slice(1) + "000000").slice(0, 6));
  return date.getTime() * 1000 + micros;
}

/** Milliseconds since the epoch (what `Date` counts) of an RFC 3339 date-time, or null when it is not one. */
export function parseRfc3339Ms(text: string): number | null {
  const micros = parseRfc3339(text);
  return micros === null ? null : Math.floor(micros / 1000);
}

/** RFC 3339 UTC text with 6 fractional digits, the real service's format, from epoch microseconds. */
export function formatRfc3339(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const iso = new Date(ms).toISOString(); // 2024-05-29T20:11:36.621Z
  const frac = String(micros - ms * 1000).padStart(3, "0");
  return `${iso.slice(0, 23)}${frac}Z`;
}

/**
 * The years a release can have been served in, 2008 (Chrome's first) to 2099, as epoch ms: the one bound
 * for every time kept or fetched besides the service's own (client/release-bounds.ts bounds those as text).
 */
export const SERVED_FROM_MS = Date.UTC(2008, 0, 1);
export const SERVED_UNTIL_MS = Date.UTC(2100, 0, 1);

/** Whether `t` is a time (epoch ms) from 2008 to 2099. */
export const isServedTimeMs = (t: unknown): t is number =>
  typeof t === "number" && t >= SERVED_FROM_MS && t < SERVED_UNTIL_MS;
