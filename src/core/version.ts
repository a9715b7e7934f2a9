/**
 * Dotted numeric versions (the version rule of the VersionHistory reference's `filter` section): compared
 * field by field as numbers, with missing fields filled with 0, so `80` = `80.0.0.0` and
 * `1.0.0.8 < 1.0.0.10`.
 *
 * The real service also returns non-numeric versions (`unknown_version` in its public guide). They are kept:
 * they sort below every numeric version (the guide's "newest first" list ends with them) and among themselves
 * by plain string order, so a sort never throws.
 */
import { number } from "./schema.ts";

/** Numeric fields of a version, or null when the text is not a dotted numeric version. */
export function parseVersion(text: string): number[] | null {
  if (!/^\d+(\.\d+)*$/.test(text)) return null;
  const parts = text.split(".").map(Number);
  // Fields beyond 2^53 would compare wrongly as doubles; the service never sends them, so refuse them.
  return parts.every(Number.isSafeInteger) ? parts : null;
}

/**
 * Why a text is not a version a `filter` clause may compare with, or null when it is one. This is the one rule
 * for versions people write: the query parser checks every `version` clause with it, and the explorer's
 * version controls accept exactly what it accepts, so a version typed in either is valid in the other.
 *
 * - One to four fields: Chrome's major.minor.build.patch, and the reference pads shorter ones with zeros, so
 *   a fifth field has no Chrome version to compare with.
 * - No leading zeros: one spelling per version, as Chrome writes them, so a clause the controls write reads
 *   back as the very text that wrote it (`080` and `80` would be one version with two spellings).
 * - Each field a safe integer, so comparisons and a short upper bound's successor (`120` -> `121`) are exact.
 *
 * parseVersion stays looser on purpose: it reads what the service sends, which a person did not write.
 */
export function versionProblem(text: string): string | null {
  if (!/^\d+(\.\d+)*$/.test(text)) return "write dotted numbers such as 120 or 120.0.6099.71";
  const fields = text.split(".");
  if (fields.length > 4)
    return `a version has at most four numbers (major.minor.build.patch), not ${fields.length}`;
  // Fixed words, never the field itself: a field can be hundreds of digits long.
  if (fields.some((f) => f.length > 1 && f.startsWith("0"))) {
    return "write the numbers without leading zeros, such as 80 rather than 080";
  }
  if (!fields.every((f) => Number.isSafeInteger(Number(f)))) {
    return `a number is too large; the largest is ${Number.MAX_SAFE_INTEGER}`;
  }
  return null;
}

/** A version a `filter` clause may compare with (versionProblem's rule). */
export function isFilterVersion(text: string): boolean {
  return versionProblem(text) === null;
}

/** Compares two parsed versions field by field, padding the shorter with zeros. */
export function compareParts(a: readonly number[], b: readonly number[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * Total order over version strings: numeric versions by value, then non-numeric ones below them. Two texts
 * that differ only in padding (`80` and `80.0.0.0`) compare equal, as the reference says.
 */
export function compareVersions(a: string, b: string): number {
  return compareParsed(parseVersion(a), a, parseVersion(b), b);
}

/** compareVersions over already parsed values (hot path of sorting). */
export function compareParsed(
  pa: readonly number[] | null,
  a: string,
  pb: readonly number[] | null,
  b: string,
): number {
  if (pa && pb) return compareParts(pa, pb);
  if (pa) return 1;
  if (pb) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Milestones are positive and, for the life of this extension, below 1000 (Chrome ships about 13 a year and
 * is in its 150s). Every milestone read from a service, a page or a URL is checked against this, so milestone
 * arithmetic (the next one, a loop over the coming ones) stays small and exact: past 2^53, m + 1 === m.
 */
export const MAX_MILESTONE = 999;

/** True for an integer milestone from 1 to MAX_MILESTONE. */
export function isMilestone(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_MILESTONE;
}

/** A milestone read from a service or from storage. */
export const MilestoneSchema = number(`a milestone from 1 to ${MAX_MILESTONE}`, isMilestone);

/** The milestone (first field) of a numeric version, or null. `"120.0.6099.71"` -> 120. */
export function milestoneOf(text: string): number | null {
  const parts = parseVersion(text);
  return parts ? (parts[0] ?? null) : null;
}

/** Bits per field of the packed sort key: major, minor, build, patch (Chrome's four fields), 53 in all. */
const KEY_BITS = [12, 8, 19, 14] as const;

/**
 * A number whose order is the order of the version, for versions of at most four fields that fit the bit
 * budget (every Chrome version does); -1 when the version does not fit, and callers must then fall back to
 * compareParsed. Sorting 100,000 releases by version compares numbers instead of walking arrays.
 */
export function versionSortKey(parts: readonly number[] | null): number {
  if (!parts || parts.length > KEY_BITS.length) return -1;
  let key = 0;
  for (let i = 0; i < KEY_BITS.length; i++) {
    const bits = KEY_BITS[i] as number;
    const v = parts[i] ?? 0;
    if (v >= 2 ** bits) return -1;
    key = key * 2 ** bits + v;
  }
  return key;
}
