/**
 * What a question about the web platform is about: one web feature, one compat key, or, when the words do not
 * name one for sure, the close candidates to offer ("Did you mean"). People type everyday words, not ids
 * ("has selector", "does chrome support container queries", "optional chaining", "contaner queries"), and a
 * wrong subject is worse than an honest miss, so the tiers go from exact to loose and only the first two
 * kinds of evidence may answer:
 *
 *   1. the text as typed, then as words (exact.ts): an id, a display name, a moved id, a key path; several
 *      owners of one exact name are candidates (`lang` is :lang() and the lang attribute), unless one is
 *      written in this very case (`Object` is the JavaScript Object, `object` the <object> element);
 *   2. a compat key's everyday name (`optional chaining`, `element.animate()`), answered as the key, or as
 *      its feature where the key is the feature itself or every key of that name is one feature's; then
 *      caniuse's names and web-features' groups, which are looser than a key's own name;
 *   3. each again without the words a question is wrapped in (`is :has() supported` -> `:has()`);
 *   4. the search (search.ts): a hit whose one name covers the question answers; anything less is a candidate.
 */
import {
  casedName,
  hasKindWord,
  isWrappingWord,
  withoutAskingPhrases,
  withoutFeatureFiller,
  withoutQuestionWords,
  withoutSoftWords,
  withoutWrapping,
} from "../ask/words.ts";
import type { AssetFeature, FeatureAsset } from "./asset.ts";
import { readSupport, type CompatKey } from "./compat-keys.ts";
import {
  exactIndex,
  FEATURE_PREFIX,
  indexKeys,
  keyAtPath,
  keysNamed,
  type ExactIndex,
  type KeyIndex,
  type Named,
  type Subject,
} from "./exact.ts";
import { moreKeys, type MoreKeysAsset } from "./more-keys.ts";
import { normalize } from "./normalize.ts";
import { perAsset } from "./asset.ts";
import { featureSearch, type SearchHit } from "./search.ts";

export type { Subject } from "./exact.ts";
export { FEATURE_PREFIX } from "./exact.ts";

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

/**
 * Whether the second asset (more-keys.ts) may answer better than `resolved`, the first's resolution of
 * `text`: where it names nothing, or only the search found it while the question is written as code (a
 * path or a hyphenated name: `window.event`, `text-decoration-skip`), which an exact key beats.
 */
export function wantsMoreKeys(resolved: Resolution, text: string): boolean {
  const loose = resolved.searched === true || resolved.aliased === true;
  // A kind said (`plaintext element`) asks for a key: a feature only the search found is no answer to it.
  const keyLike =
    writtenAsCode(text) || codeWord(text) !== null || hasKindWord(text) || DECLARATION.test(text);
  return resolved.subject === null || (loose && keyLike);
}

/** A CSS declaration as written: `border-style: dashed`. */
const DECLARATION = /^\s*[a-z]+(?:-[a-z]+)*\s*:\s*[a-z]/i;

/** One word left of the question that is a path, a hyphenated name or a call: `a.b`, `a-b`, `a()`. */
function writtenAsCode(text: string): boolean {
  const words = withoutFeatureFiller(text).split(" ");
  return (
    // Segments of no hyphen between separators: each character is read one way, so a long word fails in
    // linear time (a class that took `-` both ways backtracked for seconds on `grid-grid-…*`).
    words.length === 1 && /^[a-z_$][\w$]*(?:[.-][\w$]+)+(?:\(\))?$|^[\w$.-]+\(\)$/i.test(words[0] ?? "")
  );
}

/** The shortest word a typo alone may answer for. */
const LONG_TYPO = 8;

/** The most candidates offered. */
export const MAX_CANDIDATES = 5;

const feature = (f: AssetFeature): Subject => ({ kind: "feature", feature: f });

/** Chrome's version of a feature as a number for ordering candidates: the established meaning first. */
function age(f: AssetFeature): number {
  const v = f.support[0];
  return v === null || v === undefined ? Infinity : Number.parseFloat(v.replace("≤", ""));
}

function distinct(subjects: readonly Subject[]): Subject[] {
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
function decide(owners: readonly Subject[]): Resolution | null {
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

function fromTyped(named: readonly Named[], text: string): Resolution | null {
  // A key pasted as its path (`css.at-rules.container`) is that key, unless it is the feature itself.
  const pasted = (s: Subject): boolean =>
    s.kind === "key" && s.key.key.toLowerCase() === text.trim().toLowerCase();
  const subjects = named.map((n) => ({ ...n, subject: asSubject(n.subject, pasted(n.subject)) }));
  const cased = distinct(subjects.filter((n) => n.cased).map((n) => n.subject));
  return decide(cased.length === 1 ? cased : subjects.map((n) => n.subject));
}

/**
 * The key, or its feature where the key is the feature or every key of the name is one feature's; for a
 * `loose` name (one plain word), only candidates.
 */
/** Keys a name found: `loose`, one plain word; `tail`, found by a dotted path's last segments only. */
type NamedKeys = { readonly keys: readonly CompatKey[]; readonly loose: boolean; readonly tail?: number };

function fromKeys(named: NamedKeys, tree: string | null = null): Resolution | null {
  const found = fromNamedKeys(inTree(named, tree));
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
const treeOf = (text: string): string | null =>
  /\bstatic\b/i.test(text) ? STATIC : (TREES.find(([word]) => word.test(text))?.[1] ?? null);

/**
 * The keys of a name that are in the tree the question named, where some are: `round` is Math.round and
 * CSS round(); "css round()" is the second (and "static" keeps the static members). A plain word the tree
 * leaves one key for names that key.
 */
function inTree(named: NamedKeys, tree: string | null): NamedKeys {
  const keys =
    tree === null
      ? []
      : named.keys.filter((k) => (tree === STATIC ? k.key.endsWith("_static") : k.key.startsWith(tree)));
  if (keys.length === 0 || keys.length === named.keys.length) return named;
  return { ...named, keys, loose: named.loose && keys.length > 1 };
}

/** An id, a display name or a moved id, as typed or in words. */
function named(index: ExactIndex, text: string): Resolution | null {
  return fromTyped(index.typed(text), text) ?? decide(index.words(text).map(feature));
}

/**
 * A feature's name of two words or more among words that only wrap it ("can i use Set methods in production",
 * "when was Media source added to chrome"): the longest one, where one feature has it. Before the name is
 * looked up without its own words (`methods`, `media`), which would find a shorter one (`Set`).
 */
function among(index: ExactIndex, text: string): Resolution | null {
  const words = normalize(text).split(" ");
  for (let n = words.length - 1; n >= 2; n--) {
    const found = new Set<AssetFeature>();
    for (let i = 0; i + n <= words.length; i++) {
      const rest = [...words.slice(0, i), ...words.slice(i + n)];
      // A name of wrapping words only (`at rule`) is how the question says its kind, not what it asks.
      if (!rest.every(isWrappingWord) || words.slice(i, i + n).every(isWrappingWord)) continue;
      for (const f of index.words(words.slice(i, i + n).join(" "))) found.add(f);
    }
    // Names that meet only as words (`pointer-events`, `Pointer Events`): the one written as asked.
    const written = [...found].filter((f) => [f.id, f.name].some((n) => writtenIn(text, n)));
    if (found.size > 0) return decide((written.length === 1 ? written : [...found]).map(feature));
  }
  return null;
}

/** Whether `name` is in `text` as written (case aside), not part of a longer word. */
function writtenIn(text: string, name: string): boolean {
  const at = text.toLowerCase().indexOf(name.toLowerCase());
  const edge = (c: string | undefined): boolean => c === undefined || !/[\p{L}\p{N}-]/u.test(c);
  return at >= 0 && edge(text[at - 1]) && edge(text[at + name.length]);
}

/** A compat key's everyday name, then caniuse's names and the groups. */
function looser(index: ExactIndex, text: string, tree: string | null): Resolution | null {
  const keys = text.trim().toLowerCase().startsWith(FEATURE_PREFIX) ? null : inTree(index.keys(text), tree);
  // A key's name of more words before an alias; an alias before one plain word only a key ends with (`dvh`).
  return (
    (keys?.loose === false ? fromKeys(keys) : null) ??
    loosely(decide(index.aliases(text).map(feature))) ??
    (keys === null ? null : fromKeys(keys))
  );
}

/** A subject found by other names than its own (caniuse's, web-features', ours, a group's): `aliased`. */
const loosely = (r: Resolution | null): Resolution | null =>
  r === null || r.subject === null ? r : { ...r, aliased: true };

/** The second asset's keys, indexed as the first's, once per list (moreKeys keeps one per pair of assets). */
const moreIndex = perAsset((keys: readonly CompatKey[]) => indexKeys(keys, { deep: true }));

/**
 * The second asset's key a text names: its path or written form, or an everyday name of more than one word
 * (`keyCode`, `unload event`); a plain word alone (`marquee`) only offers its keys.
 */
function fromMore(index: KeyIndex, text: string, featureAt: FeatureAt, first: ExactIndex): Resolution | null {
  const byName = (name: string): Resolution | null => {
    const key = keyAtPath(index, name);
    if (key !== null) return decide([{ kind: "key", key }]);
    const mine = keysNamed(index, name);
    // A path's last segment alone (`getUserMedia`) never beats the first asset's last two (`mediaDevices.…`).
    const theirs = mine.tail === undefined ? null : first.keys(name);
    if (theirs !== null && theirs.keys.length > 0 && (theirs.tail ?? Infinity) > (mine.tail ?? 0))
      return null;
    return fromKeys(onlyEntry(mine, () => first.keys(name).keys.length > 0));
  };
  // A header with its value (`Pragma: no-cache`), where the whole names nothing: the name before the colon,
  // where it is a header's (`font-size: 16px` is no `<font size>`).
  const headerOf = (head: string): Resolution | null => {
    const header = byName(head);
    return header?.subject?.kind === "key" && header.subject.key.key.startsWith("http.headers.")
      ? header
      : null;
  };
  const head = /^([^\s:]+):\s*\S/.exec(text.trim())?.[1];
  const found = byName(text) ?? (head === undefined ? null : headerOf(head));
  const partOf = (s: Subject): Subject => {
    // A value deprecated or removed somewhere (`zoom: reset`) is not its feature, which lives on.
    const whole = s.kind === "key" && !gone(s.key) ? valueOf(s.key.key, featureAt) : null;
    return whole === null ? s : feature(whole);
  };
  return found === null
    ? null
    : { subject: found.subject && partOf(found.subject), candidates: distinct(found.candidates.map(partOf)) };
}

/**
 * One plain word that only one element, header or property ends with (`frameset`, `Pragma`), in both
 * assets, names it. A word that ends a member or a deeper key, or another tree's, stays a candidate.
 */
function onlyEntry(named: NamedKeys, inFirst: () => boolean): NamedKeys {
  const [only] = named.keys;
  return named.loose &&
    named.keys.length === 1 &&
    only !== undefined &&
    /^(html\.elements|http\.headers|css\.properties)\.[^.]+$/.test(only.key) &&
    !inFirst()
    ? { keys: named.keys, loose: false }
    : named;
}

/** Whether a key is deprecated, or removed from a browser it shipped in. */
const gone = (key: CompatKey): boolean =>
  key.deprecated || key.support.some((text) => readSupport(text)?.removed !== undefined);

/** The web feature of the key at a path, from either asset, or null. */
type FeatureAt = (path: string) => AssetFeature | null;

/**
 * The feature a CSS value or context is part of (`width: stretch`, `transition-behavior: allow-discrete`,
 * `css.properties.gap.grid_context`): its own, else its nearest parent's; the feature is what was asked.
 * Null for anything else, which is asked as itself (`Intl.NumberFormat.prototype.formatRange`).
 */
function valueOf(path: string, featureAt: FeatureAt): AssetFeature | null {
  const parts = path.split(".");
  if (parts[0] !== "css" || parts.length <= 3) return null;
  for (let n = parts.length; n >= 3; n--) {
    const whole = featureAt(parts.slice(0, n).join("."));
    if (whole !== null) return whole;
  }
  return null;
}

/**
 * What `text` is about (see the tiers above). The names come before the keys, each whole and then without
 * the wrapping words: the keys' index (ten thousand of them) is built only for a question no name answers.
 * `more`, the second asset, is read only where the first names nothing for sure: its keys are the last tier.
 */
export function resolve(asset: FeatureAsset, asked: string, more?: MoreKeysAsset): Resolution {
  const text = withoutAskingPhrases(asked);
  const bracket = bracketed(text);
  if (bracket === null) return resolveText(asset, text, more);
  // The kind in brackets read as words (`mask-image CSS property`), else the name before it alone, when that
  // names something for sure (`VRDisplay (Web API)` is no display).
  const joined = `${bracket.name} ${bracket.kind}`;
  // The kind's words but a tree's first (`logical or operator`: "JavaScript" would part its words).
  const kind = bracket.kind.replace(/\b(?:css|html|http|javascript|js|svg|web)\b/gi, " ").trim();
  // An event's owner (`unload event (Window)`) is named first, as a key's parent is.
  const owner = /^[A-Z][A-Za-z0-9]+$/.test(kind) ? [`${kind} ${bracket.name}`] : [];
  const tries = [...owner, ...(kind === "" ? [] : [`${bracket.name} ${kind}`]), joined, bracket.name];
  // Each in the tree the brackets name: `animation: reverse (CSS)` is no Animation.reverse().
  const tree = treeOf(bracket.kind);
  for (const words of tries) {
    const r = resolveText(asset, words, more, tree ?? treeOf(words));
    if (r.subject !== null && r.searched !== true) return r;
  }
  return resolveText(asset, joined, more);
}

function resolveText(
  asset: FeatureAsset,
  text: string,
  more?: MoreKeysAsset,
  tree: string | null = treeOf(text),
): Resolution {
  const whole = resolveWhole(asset, text, more, tree);
  if (whole.subject !== null && whole.searched !== true) return whole;
  // A declaration (`border-style: dashed`) is its property's value, before what the search ranked first.
  const declared = declaration(asset, text, tree, more);
  if (declared !== null) return declared;
  // One name written as code among other words ("Error.captureStackTrace browser support",
  // "KeyboardEvent.charCode alternative"): that name, where it names a subject by itself.
  const code = codeWord(text);
  const alone = code === null ? null : resolveWhole(asset, code, more, tree);
  // Over what the search found for the whole ("color-mix() with three or more colors" is the variadic
  // feature), only a key the code names exactly.
  const exactly = alone?.subject != null && alone.searched !== true && alone.aliased !== true;
  if (exactly && (whole.subject === null || alone.subject?.kind === "key")) return alone;
  if (whole.subject !== null) return whole;
  const found =
    sureOf(asset, casedName(text), more) ??
    bothOfOne(asset, text, more) ??
    mediaFeature(asset, text, more) ??
    sureOf(asset, withoutArguments(text), more);
  if (found !== null) return found;
  // Found by name without its soft words ("is the Temporal API ready"), never only ranked ahead.
  const soft = withoutSoftWords(text);
  const without = soft === null ? null : resolve(asset, soft, more);
  return without?.subject != null && without.ahead !== true ? without : whole;
}

/** What `words` names by a name or an alias, not only ranked ahead by the search; null for no words. */
function sureOf(asset: FeatureAsset, words: string | null, more?: MoreKeysAsset): Resolution | null {
  if (words === null) return null;
  const r = resolveText(asset, words, more);
  return r.subject !== null && r.searched !== true ? r : null;
}

/**
 * A media feature asked as people say it (`hover media query`, `the hover media feature`): the feature its key
 * (`css.at-rules.media.hover`) is part of, as a CSS value is, else that key.
 */
function mediaFeature(asset: FeatureAsset, text: string, more?: MoreKeysAsset): Resolution | null {
  const m = /^(?:the\s+)?([a-z][a-z-]*)\s+media\s+(?:query|queries|feature)\b/i.exec(withoutWrapping(text));
  if (m === null) return null;
  const path = `css.at-rules.media.${m[1] ?? ""}`;
  const key =
    exactIndex(asset).key(path) ??
    (more === undefined ? undefined : moreIndex(moreKeys(asset, more)).byPath.get(path));
  if (key === undefined || key === null) return null;
  return decide([key.feature === null ? { kind: "key", key } : feature(key.feature)]);
}

/** A call asked with its arguments (`array.at(-1)`, `structuredClone(obj)`): the call, `array.at()`. */
function withoutArguments(text: string): string | null {
  const bare = text.replace(/([\w$])\((?=[^()]*[^()\s])[^()]*\)/g, "$1()");
  return bare === text ? null : bare;
}

/**
 * The kind an answer's title says in brackets at its end (`mask-image (CSS property)`, `unload event
 * (Window)`), apart from the name before it; null for none. Brackets after an at-rule (`@media (hover)`) or
 * around anything but words (`(width >= 600px)`) are no kind.
 */
function bracketed(text: string): { name: string; kind: string } | null {
  const m = /^(.*\S)\s+\(([\p{L}][\p{L} -]*)\)\s*$/u.exec(text);
  return m === null || /^\s*@/.test(text) ? null : { name: m[1] ?? "", kind: m[2] ?? "" };
}

/**
 * A CSS declaration asked as written (`height: 100dvh`, `aspect-ratio 16/9`): its value where that names a
 * subject by itself (`dvh`), else, for a value of numbers only, its property. Only a property written with
 * a colon, or hyphenated before a value with a number: "webgl 2" is no declaration.
 */
function declaration(
  asset: FeatureAsset,
  text: string,
  tree: string | null,
  more?: MoreKeysAsset,
): Resolution | null {
  const m = /^\s*([a-z]+(?:-[a-z]+)*)\s*(:)?\s+(.+?)\s*;?\s*$/i.exec(text);
  const [, property = "", colon, value = ""] = m ?? [];
  if (m === null || (colon === undefined && !(property.includes("-") && /\d/.test(value)))) return null;
  // Named by a name or an alias, not only ranked ahead by the search.
  const sure = (words: string): Resolution | null => {
    const r = resolveWhole(asset, words, more, tree);
    return r.subject !== null && r.searched !== true ? r : null;
  };
  // The property alone only for a value of numbers (`16 / 9`, never read as the `/` operator): a value with
  // words (`block flex`, `oklch(…)`) is what was asked, and the property's broad feature another subject.
  const words = value.replace(/\d+(?:\.\d+)?/g, " ").trim();
  if (!/\p{L}/u.test(words)) return sure(property);
  return cssValue(asset, `css.properties.${property}.${value}`, more) ?? sure(words);
}

/**
 * The value a key of the property has (`border-style: dashed` is `css.properties.border-style.dashed`): the
 * feature it is part of, its own or its property's, as any CSS value asked (valueOf), or itself where it
 * is deprecated or removed.
 */
function cssValue(asset: FeatureAsset, path: string, more?: MoreKeysAsset): Resolution | null {
  if (!/^css\.properties\.[a-z-]+\.[a-z][a-z-]*$/i.test(path)) return null;
  const first = exactIndex(asset).key(path);
  if (first?.feature != null) return decide([feature(first.feature)]);
  if (more === undefined) return null;
  const index = moreIndex(moreKeys(asset, more));
  const key = index.byPath.get(path.toLowerCase());
  if (key === undefined) return null;
  const featureAt: FeatureAt = (at) =>
    (exactIndex(asset).key(at) ?? index.byPath.get(at.toLowerCase()))?.feature ?? null;
  const whole = gone(key) ? null : valueOf(key.key, featureAt);
  return decide([whole === null ? { kind: "key", key } : feature(whole)]);
}

/**
 * Two or three parts of one feature asked together ("css sin() and cos()", "set union and intersection"):
 * that feature, where each part names it for sure (a later part may borrow the first's leading word:
 * "intersection" is asked as "set intersection").
 */
function bothOfOne(asset: FeatureAsset, text: string, more?: MoreKeysAsset): Resolution | null {
  const parts = text.split(/\s+(?:and|&|vs|or)\s+|\s*,\s*/i).map(withoutFeatureFiller);
  if (parts.length < 2 || parts.length > 3 || parts.includes("")) return null;
  const lead = parts[0]?.split(" ").length === 2 ? `${parts[0]?.split(" ")[0] ?? ""} ` : "";
  const features = parts.map((part, i) => {
    const named = (words: string): AssetFeature | null => {
      const r = resolveWhole(asset, words, more, treeOf(text));
      if (r.subject === null || r.searched === true) return null;
      return r.subject.kind === "feature" ? r.subject.feature : r.subject.key.feature;
    };
    return named(part) ?? (i > 0 && lead !== "" ? named(lead + part) : null);
  });
  const [one] = features;
  return one != null && features.every((f) => f === one) ? { subject: feature(one), candidates: [] } : null;
}

/**
 * A word written as code: a path, a call, lower camel case (`structuredClone`; not `rIC`, `iPhone`, nor a
 * product's name as `WebAssembly` or `JavaScript`), a selector, a header (`Expect-CT`). Not an at-rule or a
 * tag: what follows one (`@media (width >= 600px)`) is its subject.
 */
const CODE = /\w\.\w|\(\)$|^[a-z]{2,}[A-Z]|^::?-?[a-z]|^[A-Z][a-z]*-[A-Z]/;

/** The one word of `text` written as code, among other words; null when there is none, or several. */
function codeWord(text: string): string | null {
  const words = text
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[?!,;]+$/, ""));
  const code = words.filter((w) => CODE.test(w));
  return words.length > 1 && code.length === 1 ? (code[0] ?? null) : null;
}

/** `tree`: the tree (or STATIC) the whole question named, where `text` is one word of it. */
function resolveWhole(
  asset: FeatureAsset,
  text: string,
  more?: MoreKeysAsset,
  tree: string | null = treeOf(text),
): Resolution {
  const first = resolveFirst(asset, text, tree);
  if (!wantsMoreKeys(first, text) || more === undefined) return first;
  const index = moreIndex(moreKeys(asset, more));
  const featureAt: FeatureAt = (path) =>
    (exactIndex(asset).key(path) ?? index.byPath.get(path.toLowerCase()))?.feature ?? null;
  // As typed, then without the question's words but its kind words (`the unload event`), then without both.
  const found = [text, withoutQuestionWords(text), withoutFeatureFiller(text)].reduce<Resolution | null>(
    (got, words) => got ?? (words === "" ? null : fromMore(index, words, featureAt, exactIndex(asset))),
    null,
  );
  if (found === null || (first.subject !== null && found.subject === null)) return first;
  return found.subject !== null
    ? found
    : {
        subject: null,
        candidates: distinct([...first.candidates, ...found.candidates]).slice(0, MAX_CANDIDATES),
      };
}

function resolveFirst(asset: FeatureAsset, text: string, tree: string | null): Resolution {
  const index = exactIndex(asset);
  const core = withoutFeatureFiller(text);
  const stripped = core !== "" && core !== text.trim().toLowerCase() ? core : null;
  // Without the question's words but its kind word: `the min() function` is the function `min`.
  const withKind = withoutQuestionWords(text);
  const kinded =
    withKind !== "" && withKind !== core && withKind !== text.trim().toLowerCase() ? withKind : null;
  // "the in operator": the name as typed but for its article, before any other word is dropped.
  const bare = text.replace(/^\s*(?:the|a|an)\s+/i, "");
  const unarticled = bare !== text ? bare : null;
  const wrapped = withoutWrapping(text);
  const unwrapped =
    wrapped !== "" && wrapped !== core && wrapped !== text.trim().toLowerCase() ? wrapped : null;
  const exact =
    named(index, text) ??
    (unarticled === null ? null : named(index, unarticled)) ??
    among(index, text) ??
    (unwrapped === null ? null : named(index, unwrapped)) ??
    (stripped === null ? null : named(index, stripped)) ??
    looser(index, text, tree) ??
    (unarticled === null ? null : looser(index, unarticled, tree)) ??
    (kinded === null ? null : looser(index, kinded, tree)) ??
    (stripped === null ? null : looser(index, stripped, tree));
  if (exact !== null) return exact;
  const hits = featureSearch(asset).search(text, { limit: MAX_CANDIDATES + 1 });
  const [top, next] = hits;
  // A typo answers beside a word typed right (`contaner queries`), or alone in a long word
  // (`strucuredClone`): a short word one letter from a name is as likely another word (`testing` is not
  // Nesting, `tablet` not Tables).
  const sure = (h: SearchHit): boolean =>
    h.exact === h.asked || (h.asked > 1 && h.exact > 0) || (h.asked === 1 && h.longest >= LONG_TYPO);
  if (
    top !== undefined &&
    top.covering > 0 &&
    sure(top) &&
    (next === undefined || next.covering < top.covering)
  ) {
    return { subject: feature(top.feature), candidates: [], searched: true };
  }
  // The one feature with a name that has every word of the question: `oklch()` is "Oklab and OkLCh",
  // `dynamic viewport units` "Small, large, and dynamic viewport units".
  const withAll = hits.filter((h) => h.exact === h.asked);
  if (top !== undefined && withAll.length === 1 && withAll[0] === top) {
    return { subject: feature(top.feature), candidates: [], searched: true };
  }
  // Candidates share at least half the question's words, and score at least half the best's: a word or
  // two of a long question in common (`alert` in `<img src=x onerror=alert(1)>`) offers nothing.
  const close = hits.filter((h) => top !== undefined && h.score >= top.score / 2 && h.matched * 2 >= h.asked);
  const [best, ...others] = hits;
  if (best !== undefined && farAhead(best, others)) {
    const also = others.filter((h) => h.matched > 0).slice(0, MAX_CANDIDATES - 1);
    return {
      subject: feature(best.feature),
      candidates: also.map((h) => feature(h.feature)),
      ahead: true,
      searched: true,
    };
  }
  return { subject: null, candidates: close.slice(0, MAX_CANDIDATES).map((h) => feature(h.feature)) };
}

/** How many times the next candidate's score the first's must be to be answered as far ahead. */
const MARGIN = 2;

/**
 * A candidate far enough ahead to answer, the others then only "also matched": it has more than half the
 * question's words, one of them typed exactly, and it scores MARGIN times any other.
 * Anything nearer stays a "did you mean".
 */
function farAhead(best: SearchHit, others: readonly SearchHit[]): boolean {
  return (
    best.exact > 0 && best.matched * 2 > best.asked && others.every((h) => best.score >= MARGIN * h.score)
  );
}

/**
 * Features close to a subject the question named, for "Other matches": the search's covering or near hits
 * for the same words, other than the subject, each at least half as good as the best.
 */
export function relatedTo(asset: FeatureAsset, text: string, subject: Subject, limit = 4): AssetFeature[] {
  const own = subject.kind === "feature" ? subject.feature : subject.key.feature;
  const hits = featureSearch(asset)
    .search(withoutFeatureFiller(text) || text, { limit: limit + 2 })
    .filter((h) => h.feature !== own && h.matched * 2 >= h.asked);
  const best = hits[0]?.score ?? 0;
  return hits
    .filter((h) => h.score >= best / 2)
    .slice(0, limit)
    .map((h) => h.feature);
}

/**
 * Subjects for text being typed (the address bar, the popup's field): the subject resolve finds, then the
 * search's hits with the last word read as the start of one ("contaner q" already offers container
 * queries), then resolve's candidates. `resolved`: the text's resolution, where the caller has it already.
 */
export function suggestSubjects(
  asset: FeatureAsset,
  text: string,
  limit = 6,
  resolved: Resolution = resolve(asset, text),
): Subject[] {
  const typing = featureSearch(asset)
    .search(withoutFeatureFiller(text) || text, { typing: true, limit })
    .map((h) => feature(h.feature));
  const first = resolved.subject === null ? [] : [resolved.subject];
  return distinct([...first, ...typing, ...resolved.candidates]).slice(0, limit);
}

/** The feature with this id, following a moved feature to where it went (the first target of a split). */
export function featureById(asset: FeatureAsset, id: string): AssetFeature | null {
  return exactIndex(asset).byId(id);
}
