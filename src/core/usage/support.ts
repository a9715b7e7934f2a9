/**
 * Whether the users of one browser version have a subject, as one letter:
 *
 *   y  has it          x  has it behind a prefix only (counted with "has", as caniuse counts `y x`, and said apart)
 *   a  partly          n  not (also behind a flag, or only with a polyfill: no user has it by default)
 *   u  unknown (no data for the browser, a version the data does not place, a range whose versions differ)
 *
 * Two sources, one shape: caniuse's own table for a feature (caniuseStatus, its stats per version, packed in
 * runs: caniuseRuns), and browser-compat-data's statements mapped onto caniuse's versions (bcdSpec at build
 * time, bcdStatus at run time); docs/usage.md says how and why.
 */
import { compareParts, parseVersion } from "../version.ts";
import { readUsageVersion } from "./versions.ts";

export type Status = "y" | "x" | "a" | "n" | "u";
const STATUSES = new Set<string>(["y", "x", "a", "n", "u"]);

/**
 * caniuse's status text (`y`, `y x`, `a x #2`, `n d`, `p`, `u`) as a letter: what starts with `y` has it (with
 * ` x`, behind a prefix), with `a` partly, `n` and `p` not, anything else unknown. caniuse's own
 * `usage_perc_y` sums the versions whose status starts with `y`, and `usage_perc_a` those with `a`.
 */
export function caniuseStatus(text: string): Status {
  const words = text.split(" ");
  switch (words[0]) {
    case "y":
      return words.includes("x") ? "x" : "y";
    case "a":
      return "a";
    case "n":
    case "p":
      return "n";
    default:
      return "u";
  }
}

/** Letters packed in runs: `nnnnyyy` -> `n4y3` (a run of one is its letter alone). */
export function packRuns(letters: readonly Status[]): string {
  let out = "";
  for (let i = 0; i < letters.length;) {
    let j = i;
    while (letters[j] === letters[i]) j++;
    out += `${letters[i] ?? ""}${j - i > 1 ? j - i : ""}`;
    i = j;
  }
  return out;
}

/** The letters of packed runs, at most `max` of them; null where the text is not runs of status letters. */
export function unpackRuns(text: string, max: number): Status[] | null {
  const out: Status[] = [];
  const run = /([yxanu])(\d{0,4})/y;
  let at = 0;
  while (at < text.length) {
    run.lastIndex = at;
    const m = run.exec(text);
    if (m === null) return null;
    const count = m[2] === "" ? 1 : Number(m[2]);
    if (out.length + count > max) return null;
    for (let i = 0; i < count; i++) out.push(m[1] as Status);
    at = run.lastIndex;
  }
  return out;
}

/** One browser-compat-data support statement, as much of it as the mapping reads. */
export interface BcdStatement {
  readonly version_added?: string | boolean | null;
  readonly version_removed?: string | boolean | null;
  readonly flags?: unknown;
  readonly prefix?: unknown;
  readonly alternative_name?: unknown;
  readonly partial_implementation?: unknown;
}

/**
 * A browser's statements packed for the asset: one `<letter><from>[-<until>]` each, joined by `+`; `u` alone
 * where the data says it shipped but not when. Behind a flag or never added: nothing (not). Build time only.
 */
export function bcdSpec(value: BcdStatement | readonly BcdStatement[] | undefined): string {
  const list: readonly BcdStatement[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const parts: string[] = [];
  for (const s of list) {
    if (s.flags !== undefined || s.version_added === false || s.version_added === undefined) continue;
    const letter = s.partial_implementation ? "a" : s.prefix || s.alternative_name ? "x" : "y";
    if (typeof s.version_added !== "string" || s.version_removed === true) {
      parts.push("u");
      continue;
    }
    const until = typeof s.version_removed === "string" ? `-${s.version_removed}` : "";
    parts.push(`${letter}${s.version_added}${until}`);
  }
  return [...new Set(parts)].join("+");
}

/** Which letter wins where two statements place a version: the most support first. */
const RANK: Readonly<Record<Status, number>> = { y: 4, x: 3, a: 2, u: 1, n: 0 };

/**
 * A caniuse version's letter under a browser's packed statements (bcdSpec). A range such as `17.4-17.5` has
 * it when every release in it does, lacks it when none does, and is unknown in between; `TP` (Technology
 * Preview) has what any statement not removed says; `≤37` ("37 or earlier") places releases from 37 on and
 * leaves the earlier ones unknown.
 */
export function bcdStatus(spec: string, version: string): Status {
  return compileSpec(spec)(version);
}

/** One statement read: its letter, from (null: preview only), until, and whether `from` was "or earlier". */
interface Statement {
  readonly letter: Status;
  readonly from: readonly number[] | null;
  readonly until: readonly number[] | null;
  readonly atMost: boolean;
  /** A statement this reader cannot place: unknown at every version. */
  readonly unreadable: boolean;
}

function readStatement(part: string): Statement {
  const letter = (part[0] ?? "") as Status;
  const [fromText = "", untilText] = part.slice(1).split("-");
  const atMost = fromText.startsWith("≤");
  const preview = fromText === "preview";
  const from = preview ? null : parseVersion(fromText.replace(/^≤/, ""));
  const until = untilText === undefined ? null : parseVersion(untilText);
  const unreadable =
    !STATUSES.has(letter) ||
    letter === "u" ||
    letter === "n" ||
    (!preview && from === null) ||
    (untilText !== undefined && until === null);
  return { letter, from, until, atMost, unreadable };
}

/** A browser's packed statements read once, as a function of a caniuse version's name. */
export function compileSpec(spec: string): (version: string) => Status {
  const statements = spec === "" ? [] : spec.split("+").map(readStatement);
  return (version) => {
    const v = readUsageVersion(version);
    if (v.kind === "none") return "u";
    let best: Status = "n";
    for (const s of statements) {
      const status = statementStatus(s, v);
      if (RANK[status] > RANK[best]) best = status;
    }
    return best;
  };
}

function statementStatus(
  s: Statement,
  v: Exclude<ReturnType<typeof readUsageVersion>, { kind: "none" }>,
): Status {
  if (s.unreadable) return "u";
  if (v.kind === "preview") return s.until === null ? s.letter : "n";
  if (s.from === null) return "n";
  // Removed before the range starts, or added after it ends: none of it has it.
  if ((s.until !== null && compareParts(v.low, s.until) >= 0) || compareParts(v.high, s.from) < 0)
    return s.atMost && compareParts(v.high, s.from) < 0 ? "u" : "n";
  const allAfter = compareParts(v.low, s.from) >= 0;
  const allBefore = s.until === null || compareParts(v.high, s.until) < 0;
  return allAfter && allBefore ? s.letter : "u";
}
