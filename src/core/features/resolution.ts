/**
 * What a name found becomes (match.ts): a subject or the candidates to offer, and the small rules shared by
 * the tiers: one owner answers, several are a choice; a key that is its feature is the feature; a tree the
 * question names (`css round()`) narrows a name's keys.
 */
import { type AssetFeature } from "./asset.ts";
import { type CompatKey } from "./compat-keys.ts";
import { type Named, type Subject } from "./exact.ts";

export interface Resolution {
  /** What the question is about, when its words name it for sure; else null. */
  readonly subject: Subject | null;
  /** Without a subject: the close candidates, best first ("Did you mean"); with one, close others. */
  readonly candidates: readonly Subject[];
  /** The subject is the candidate far ahead of the others (no name says it for sure): they "also matched". */
  readonly ahead?: true;
  /** The subject was found by the loose search, not by a name. */
  readonly searched?: true;
  /** The subject was found by other names than its own: caniuse's, web-features', ours, a group's. */
  readonly aliased?: true;
}

/** The most candidates offered. */
export const MAX_CANDIDATES = 5;

export const feature = (f: AssetFeature): Subject => ({ kind: "feature", feature: f });

/** Chrome's version of a feature as a number for ordering candidates: the established meaning first. */
function age(f: AssetFeature): number {
  const v = f.support[0];
  return v === null || v === undefined ? Infinity : Number.parseFloat(v.replace("≤", ""));
}

export function distinct(subjects: readonly Subject[]): Subject[] {
  const seen = new Set<unknown>();
  return subjects.filter((s) => {
    const id = s.kind === "feature" ? s.feature : s.key;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const byAge = (a: Subject, b: Subject): number =>
  a.kind === "feature" && b.kind === "feature" ? age(a.feature) - age(b.feature) : 0;

/** One owner, or several (candidates), or none. */
export function decide(owners: readonly Subject[]): Resolution | null {
  const unique = distinct(owners);
  if (unique.length === 0) return null;
  if (unique.length === 1) return { subject: unique[0] ?? null, candidates: [] };
  return { subject: null, candidates: [...unique].sort(byAge).slice(0, MAX_CANDIDATES) };
}

/**
 * A key that is its feature itself is the feature, unless Chrome's version differs: then the key says what
 * was asked (`??`, Chrome 80) and the feature something broader (`??` and `??=`, Chrome 85). A discouraged
 * feature stays the answer: what it says against its use is the answer's point (`with`). So does a CSS
 * at-rule's or function's (standsFor).
 */
const asSubject = (s: Subject, pasted = false): Subject =>
  s.kind === "key" &&
  (s.key.own || (!pasted && standsFor(s.key.key))) &&
  s.key.feature !== null &&
  (s.key.support[0] === s.key.feature.support[0] || s.key.feature.discouraged !== undefined)
    ? feature(s.key.feature)
    : s;

/**
 * A CSS at-rule, function or selector that its feature is made for (`@layer` is cascade layers, `@container`
 * container queries, `sibling-index()` and `:user-invalid` their features): asked by its name, the feature
 * is meant (where Chrome's version is the feature's); pasted as a key path, the key.
 */
const standsFor = (key: string): boolean => /^css\.(at-rules|types|selectors)\.[^.]+$/.test(key);

export function fromTyped(named: readonly Named[], text: string): Resolution | null {
  // A key pasted as its path (`css.at-rules.container`) is that key, unless it is the feature itself.
  const pasted = (s: Subject): boolean =>
    s.kind === "key" && s.key.key.toLowerCase() === text.trim().toLowerCase();
  const subjects = named.map((n) => ({ ...n, subject: asSubject(n.subject, pasted(n.subject)) }));
  const cased = distinct(subjects.filter((n) => n.cased).map((n) => n.subject));
  return decide(cased.length === 1 ? cased : subjects.map((n) => n.subject));
}

/** Keys a name found: `loose`, one plain word; `tail`, found by a dotted path's last segments only. */
export type NamedKeys = {
  readonly keys: readonly CompatKey[];
  readonly loose: boolean;
  readonly tail?: number;
};

/**
 * The key, or its feature where the key is the feature or every key of the name is one feature's; for a
 * `loose` name (one plain word), only candidates.
 */
export function fromKeys(named: NamedKeys): Resolution | null {
  const found = fromNamedKeys(named);
  return named.tail !== undefined ? loosely(found) : found;
}

function fromNamedKeys({ keys, loose }: NamedKeys): Resolution | null {
  if (keys.length === 0) return null;
  if (loose) {
    const subjects = distinct(keys.map((k) => asSubject({ kind: "key", key: k })));
    return { subject: null, candidates: subjects.slice(0, MAX_CANDIDATES) };
  }
  const one = keys[0]?.feature;
  if (keys.length > 1 && one != null && keys.every((k) => k.feature === one)) return decide([feature(one)]);
  return decide(keys.map((k) => asSubject({ kind: "key", key: k })));
}

/** The trees a question can name: "the css round() function", "the js round function", "html dialog". */
const TREES: readonly (readonly [RegExp, string])[] = [
  [/\bcss\b/i, "css."],
  [/\b(?:js|javascript)\b/i, "javascript."],
  [/\bhtml\b/i, "html."],
  [/\bhttp\b/i, "http."],
  [/\bsvg\b/i, "svg."],
];

/** Not a tree: what "static" asks of a name (`static Response.json()` is `Response.json_static`). */
const STATIC = "static";

/** The tree `text` names (`css.`), or STATIC for a static member, or null. */
export const treeOf = (text: string): string | null =>
  /\bstatic\b/i.test(text) ? STATIC : (TREES.find(([word]) => word.test(text))?.[1] ?? null);

/**
 * The keys of a name that are in the tree the question named, where some are: `round` is Math.round and
 * CSS round(); "css round()" is the second (and "static" keeps the static members). A plain word the tree
 * leaves one key for names that key.
 */
export function inTree(named: NamedKeys, tree: string | null): NamedKeys {
  const keys =
    tree === null
      ? []
      : named.keys.filter((k) => (tree === STATIC ? k.key.endsWith("_static") : k.key.startsWith(tree)));
  if (keys.length === 0 || keys.length === named.keys.length) return named;
  return { ...named, keys, loose: named.loose && keys.length > 1 };
}

/** A subject found by other names than its own (caniuse's, web-features', ours, a group's): `aliased`. */
export const loosely = (r: Resolution | null): Resolution | null =>
  r === null || r.subject === null ? r : { ...r, aliased: true };
