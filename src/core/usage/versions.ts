/**
 * caniuse's version names, read: a release (`154`, `17.4`), a range of releases it counts as one
 * (`15.2-15.3`, `18.5-18.7`), Safari's Technology Preview (`TP`, newer than every release), or Opera Mini's
 * one version `all`, which names no release.
 */
import { compareParts, parseVersion } from "../version.ts";

export type UsageVersion =
  | { readonly kind: "release"; readonly low: readonly number[]; readonly high: readonly number[] }
  | { readonly kind: "preview" }
  | { readonly kind: "none" };

/** The longest version name read; caniuse's longest is 11 characters (`4.4.3-4.4.4`). */
export const MAX_VERSION_CHARS = 24;

/**
 * Names read so far: tables repeat a few hundred names, and a share of users reads each many times. Bounded:
 * a hostile table's names cannot grow it past MAX_CACHED (it starts afresh).
 */
const cache = new Map<string, UsageVersion>();
const MAX_CACHED = 4096;

/** `15.2-15.3` -> the releases 15.2 to 15.3; `TP` -> preview; anything else unreadable -> none. */
export function readUsageVersion(text: string): UsageVersion {
  const known = cache.get(text);
  if (known !== undefined) return known;
  const read = parseUsageVersion(text);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, read);
  return read;
}

function parseUsageVersion(text: string): UsageVersion {
  if (text === "TP") return { kind: "preview" };
  if (text.length > MAX_VERSION_CHARS) return { kind: "none" };
  const [from = "", to = from, ...rest] = text.split("-");
  const low = parseVersion(from);
  const high = parseVersion(to);
  if (rest.length > 0 || low === null || high === null || compareParts(low, high) > 0)
    return { kind: "none" };
  return { kind: "release", low, high };
}

/** Orders caniuse version names as their releases: ranges by their first release, TP last, `none` first. */
export function compareUsageVersions(a: string, b: string): number {
  const rank = (v: UsageVersion): number => (v.kind === "none" ? 0 : v.kind === "release" ? 1 : 2);
  const x = readUsageVersion(a);
  const y = readUsageVersion(b);
  if (x.kind === "release" && y.kind === "release") return compareParts(x.low, y.low);
  return rank(x) - rank(y);
}
