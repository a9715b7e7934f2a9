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
 *   3. each again without the words a question is wrapped in (`is :has() supported` -> `:has()`), a
 *      feature's name among those words first (`can i use Set methods in production`);
 *   4. the search (search.ts): a hit whose one name covers the question answers; anything less is a candidate;
 *   5. the second asset's keys (match-more.ts), where the first names nothing for sure;
 *   6. the shapes of a question (this file): a title asked back (titled.ts), a code word among words, a CSS
 *      declaration, parts of one feature, a media feature, a call with its argument; then the last resorts,
 *      without the soft words of everyday questions (`is the Temporal API ready`), and one name among the
 *      asker's own words (match-names.ts oneNameAmong).
 */
import { casedName, withoutAskingPhrases, withoutFeatureFiller, withoutSoftWords } from "../ask/words.ts";
import { type AssetFeature, type FeatureAsset } from "./asset.ts";
import { exactIndex, type Subject } from "./exact.ts";
import { moreKeys, type MoreKeysAsset } from "./more-keys.ts";
import { featureSearch } from "./search.ts";
import { type Resolution, distinct, feature, fromKeys, treeOf } from "./resolution.ts";
import { codeWord, cssValue, mediaFeature, mediaWords, moreKeyAt, resolveWhole } from "./match-more.ts";
import { bracketed, titledKey } from "./titled.ts";
import { oneNameAmong, writtenIn } from "./match-names.ts";
import { withInterfaces } from "./accessors.ts";

export type { Subject } from "./exact.ts";
export { FEATURE_PREFIX } from "./exact.ts";
export { MAX_CANDIDATES, type Resolution } from "./resolution.ts";

/**
 * What `text` is about (see the tiers above). The names come before the keys, each whole and then without
 * the wrapping words: the keys' index (ten thousand of them) is built only for a question no name answers.
 * `more`, the second asset, is read by the steps that need it (a surface learns which with a probe:
 * more-keys.ts moreKeysProbe).
 */
export function resolve(asset: FeatureAsset, asked: string, more?: MoreKeysAsset): Resolution {
  const text = withoutAskingPhrases(asked);
  // A part asked with its owner after it (`addstream event on RTCPeerConnection`): the owner's part.
  const owned = ownerLast(text);
  const part = owned === null ? null : sureOf(asset, owned, more);
  if (part?.subject?.kind === "key") return part;
  const bracket = bracketed(text);
  if (bracket === null) return wholeWritten(text, resolveText(asset, text, more));
  // An answer's title asked back: the key it titles, at the path its title was written from.
  const index = exactIndex(asset);
  const key = titledKey(
    bracket,
    (path) => index.key(path),
    (path) => moreKeyAt(asset, more, path),
  );
  if (key !== null) return fromKeys({ keys: [key], loose: false }) ?? resolveText(asset, text, more);
  // Else the kind's words with the name (a tree's first, which would part them: `logical or operator`), the
  // whole, then the name alone; never a key of another tree (`animation: reverse (CSS)` is no
  // `Animation.reverse()`).
  const kind = bracket.kind.replace(/\b(?:css|html|http|javascript|js|svg|web)\b/gi, " ").trim();
  const joined = `${bracket.name} ${bracket.kind}`;
  const tree = treeOf(bracket.kind);
  for (const words of [...(kind === "" ? [] : [`${bracket.name} ${kind}`]), joined, bracket.name]) {
    const r = resolveText(asset, words, more, tree ?? treeOf(words), true);
    const elsewhere = tree !== null && r.subject?.kind === "key" && !r.subject.key.key.startsWith(tree);
    if (r.subject !== null && r.searched !== true && !elsewhere) return r;
  }
  return resolveText(asset, joined, more);
}

/**
 * A part found by its words where the question writes its feature's name as the name is written and not
 * the part's own (`text-box trim` is the `text-box` feature, not `text-box-trim`; `document
 * picture-in-picture window` the feature, not `DocumentPictureInPicture.window`): the feature, the part
 * among the others. A part written as it is (`popover attribute`, `mask-image`) stays the part.
 */
function wholeWritten(text: string, r: Resolution): Resolution {
  const key = r.subject?.kind === "key" ? r.subject.key : null;
  const whole = key?.feature ?? null;
  if (key === null || whole === null || ![whole.id, whole.name].some((n) => writtenIn(text, n))) return r;
  if (partWritten(text, key.key)) return r;
  return { subject: feature(whole), candidates: [r.subject as Subject, ...r.candidates] };
}

/**
 * Whether a key's own name is in the question as written: its last segment (`mask-image`, `popover`), and
 * a member's as code (`.showModal`, `showModal(`, camel case `unicodeSets`), not a plain word (`window`).
 */
function partWritten(text: string, path: string): boolean {
  const last = (path.split(".").at(-1) ?? "").replace(/_static$/, "");
  if (!writtenIn(text, last)) return false;
  const member =
    /^(api|javascript\.builtins)\./.test(path) && path.split(".").length > (path.startsWith("api.") ? 2 : 3);
  const lower = text.toLowerCase();
  const code = lower.includes(`.${last.toLowerCase()}`) || lower.includes(`${last.toLowerCase()}(`);
  return !member || code || /[a-z][A-Z]/.test(last);
}

/**
 * `X event on Y`, `X directive in Y` as `Y X event`: the owner first, as a part's names are indexed
 * (exact.ts); null for any other shape.
 */
function ownerLast(text: string): string | null {
  const m =
    /^\s*(\S+)\s+(event|directive|method|property|attribute)\s+(?:in|on|of)\s+(?:the\s+|an?\s+)?([\w.-]+)\s*$/i.exec(
      text,
    );
  return m === null ? null : `${m[3] ?? ""} ${m[1] ?? ""} ${m[2] ?? ""}`;
}

/** `nested`: a step's own lookup (a part of the question), which tries no last resorts of its own. */
function resolveText(
  asset: FeatureAsset,
  text: string,
  more?: MoreKeysAsset,
  tree: string | null = treeOf(text),
  nested = false,
): Resolution {
  const whole = resolveWhole(asset, text, more, tree);
  if (whole.subject !== null && whole.searched !== true) return whole;
  // A declaration (`border-style: dashed`) is its property's value, before what the search ranked first.
  const declared = declaration(asset, text, tree, more);
  if (declared !== null) return declared;
  // A member reached through an accessor (`navigator.storage.persist()`): the interface's member.
  const renamed = withInterfaces(text);
  const member = renamed === null ? null : sureOf(asset, renamed, more);
  if (member?.subject?.kind === "key") return member;
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
    mediaQueryOf(asset, sureOf(asset, mediaName(text), more), more) ??
    sureOf(asset, withoutArguments(text), more);
  if (found !== null || nested) return found ?? whole;
  // Found by name without its soft words ("is the Temporal API ready"), never only by the search.
  const soft = withoutSoftWords(text);
  const without = sureOf(asset, soft, more);
  if (without !== null) return without;
  const one = whole.candidates.length === 0 ? oneNameAmong(exactIndex(asset), text) : null;
  return one ?? whole;
}

/** What `words` names by a name or an alias, not only ranked ahead by the search; null for no words. */
function sureOf(asset: FeatureAsset, words: string | null, more?: MoreKeysAsset): Resolution | null {
  if (words === null) return null;
  const r = resolveText(asset, words, more, treeOf(words), true);
  return r.subject !== null && r.searched !== true ? r : null;
}

/**
 * A resolution whose subject is a feature of media queries, else null: one of its keys is `@media`'s, which
 * the second asset holds (a media feature is a key below `@media`).
 */
function mediaQueryOf(asset: FeatureAsset, r: Resolution | null, more?: MoreKeysAsset): Resolution | null {
  const f = r?.subject?.kind === "feature" ? r.subject.feature : null;
  if (f === null || more === undefined) return null;
  const keys = moreKeys(asset, more).filter((k) => k.feature === f);
  return keys.some((k) => k.key.startsWith("css.at-rules.media.")) ? r : null;
}

/**
 * The name before "media query" where no media feature's key has it (`high contrast mode media query`):
 * asked alone, and answered only by a feature (`print media query` is no `window.print()`).
 */
function mediaName(text: string): string | null {
  const name = mediaWords(text);
  return name === null || withoutFeatureFiller(name) === "" ? null : name;
}

/**
 * A call asked with one simple argument (`array.at(-1)`, `structuredClone(obj)`): the call, `array.at()`.
 * Arguments of more (`:nth-child(2n of .foo)`, `fetch(url, {keepalive: true})`) are what was asked.
 */
function withoutArguments(text: string): string | null {
  const bare = text.replace(/([\w$])\(\s*-?[\w$.'"]+\s*\)/g, "$1()");
  return bare === text ? null : bare;
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
