/**
 * The second asset (more-keys.ts) beside the first: whether a question needs it, and what its keys answer
 * (every compat key, deprecated and removed ones too); CSS values and media features asked by their keys.
 */
import { hasKindWord, withoutFeatureFiller, withoutQuestionWords, withoutWrapping } from "../ask/words.ts";
import { perAsset, type AssetFeature, type FeatureAsset } from "./asset.ts";
import { readSupport, type CompatKey } from "./compat-keys.ts";
import {
  exactIndex,
  indexKeys,
  keyAtPath,
  keysNamed,
  type ExactIndex,
  type KeyIndex,
  type Subject,
} from "./exact.ts";
import { moreKeys, type MoreKeysAsset } from "./more-keys.ts";
import {
  MAX_CANDIDATES,
  type NamedKeys,
  type Resolution,
  decide,
  distinct,
  feature,
  fromKeys,
  treeOf,
} from "./resolution.ts";
import { resolveFirst } from "./match-names.ts";

/**
 * Whether the second asset (more-keys.ts) may answer better than `resolved`, the first's resolution of
 * `text`: where it names nothing, or only the search found it while the question is written as code (a
 * path or a hyphenated name: `window.event`, `text-decoration-skip`), which an exact key beats.
 */
function wantsMoreKeys(resolved: Resolution, text: string): boolean {
  const loose = resolved.searched === true || resolved.aliased === true;
  // A kind said (`plaintext element`) asks for a key: a feature only the search found is no answer to it.
  const keyLike =
    writtenAsCode(text) || codeWord(text) !== null || hasKindWord(text) || DECLARATION.test(text);
  return resolved.subject === null || (loose && keyLike);
}

/** A CSS declaration as written (`border-style: dashed`): its value may be a key of the second asset. */
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

/**
 * A word written as code: a path, a call, lower camel case (`structuredClone`; not `rIC`, `iPhone`, nor a
 * product's name as `WebAssembly` or `JavaScript`), a selector, a header (`Expect-CT`), a tag written whole
 * (`<font>`). Not an at-rule or a tag with more after it: what follows one (`@media (width >= 600px)`,
 * `<img loading=lazy>`) is its subject.
 */
const CODE = /\w\.\w|\(\)$|^[a-z]{2,}[A-Z]|^::?-?[a-z]|^[A-Z][a-z]*-[A-Z]|^<[a-z][a-z0-9-]*>$/;

/** The one word of `text` written as code, among other words; null when there is none, or several. */
export function codeWord(text: string): string | null {
  const words = text
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[?!,;]+$/, ""));
  const code = words.filter((w) => CODE.test(w));
  return words.length > 1 && code.length === 1 ? (code[0] ?? null) : null;
}

/** The second asset's keys, indexed as the first's, once per list (moreKeys keeps one per pair of assets). */
const moreIndex = perAsset((keys: readonly CompatKey[]) => indexKeys(keys, { deep: true }));

/** The second asset's key at a path, or undefined (also without the second asset). */
export function moreKeyAt(
  asset: FeatureAsset,
  more: MoreKeysAsset | undefined,
  path: string,
): CompatKey | undefined {
  return more === undefined ? undefined : moreIndex(moreKeys(asset, more)).byPath.get(path.toLowerCase());
}

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

/** FeatureAt over the first asset and the second's index. */
const featureAtIn =
  (asset: FeatureAsset, index: KeyIndex): FeatureAt =>
  (path) =>
    (exactIndex(asset).key(path) ?? index.byPath.get(path.toLowerCase()))?.feature ?? null;

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
 * The value a key of the property has (`border-style: dashed` is `css.properties.border-style.dashed`): the
 * feature it is part of, its own or its property's, as any CSS value asked (valueOf), or itself where it
 * is deprecated or removed.
 */
export function cssValue(asset: FeatureAsset, path: string, more?: MoreKeysAsset): Resolution | null {
  if (!/^css\.properties\.[a-z-]+\.[a-z][a-z-]*$/i.test(path)) return null;
  const first = exactIndex(asset).key(path);
  if (first?.feature != null) return decide([feature(first.feature)]);
  if (more === undefined) return null;
  const index = moreIndex(moreKeys(asset, more));
  const key = index.byPath.get(path.toLowerCase());
  if (key === undefined) return null;
  const whole = gone(key) ? null : valueOf(key.key, featureAtIn(asset, index));
  return decide([whole === null ? { kind: "key", key } : feature(whole)]);
}

/**
 * A media feature asked as people say it (`hover media query`, `the hover media feature`): the feature its key
 * (`css.at-rules.media.hover`) is part of, as a CSS value is, else that key.
 */
export function mediaFeature(asset: FeatureAsset, text: string, more?: MoreKeysAsset): Resolution | null {
  const name = mediaWords(withoutWrapping(text));
  if (name === null || !/^[a-z][a-z-]*$/i.test(name)) return null;
  const path = `css.at-rules.media.${name}`;
  const key = exactIndex(asset).key(path) ?? moreKeyAt(asset, more, path);
  if (key === undefined || key === null) return null;
  return decide([key.feature === null ? { kind: "key", key } : feature(key.feature)]);
}

/** The words before "media query" (or "media feature") ending a question, an article aside; else null. */
export function mediaWords(text: string): string | null {
  return /^(?:the\s+)?(.+?)\s+media\s+(?:query|queries|feature)\s*[?.!]*\s*$/i.exec(text)?.[1] ?? null;
}

/** `tree`: the tree (or STATIC) the whole question named, where `text` is one word of it. */
export function resolveWhole(
  asset: FeatureAsset,
  text: string,
  more?: MoreKeysAsset,
  tree: string | null = treeOf(text),
): Resolution {
  const first = resolveFirst(asset, text, tree);
  if (!wantsMoreKeys(first, text) || more === undefined) return first;
  const index = moreIndex(moreKeys(asset, more));
  const featureAt = featureAtIn(asset, index);
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
