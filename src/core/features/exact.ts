/**
 * The exact names of what a question can be about, each looked up in a `Map` (never a plain object: a
 * question of `constructor` or `__proto__` would find Object.prototype's):
 *
 * - as typed (lower case, punctuation kept): ids, display names, moved ids, compat keys, `feature:<id>`.
 *   An exact display name counts as much as an id, and its punctuation is part of it: `color()` is the
 *   color() function, `color` the color feature.
 * - as words (normalize.ts): the same, plus caniuse's names and web-features' group names.
 * - a compat key's everyday names (built only when asked): `optional chaining`, `Document.exitPictureInPicture`,
 *   `Array findLast`, `in operator`, `:has selector`.
 */
import { withoutFeatureFiller } from "../ask/words.ts";
import { perAsset, type AssetFeature, type FeatureAsset } from "./asset.ts";
import { compatKeys, type CompatKey } from "./compat-keys.ts";
import { normalize, normalizeName } from "./normalize.ts";

/** What a question can be about: a web feature, or one browser-compat-data key. */
export type Subject =
  | { readonly kind: "feature"; readonly feature: AssetFeature }
  | { readonly kind: "key"; readonly key: CompatKey };

/** One exact name's owner; `cased` when the name is written with this very case (`Object`, not `object`). */
export interface Named {
  readonly subject: Subject;
  readonly cased: boolean;
}

/** The prefix that pins a question to one feature id, for links that must answer that feature. */
export const FEATURE_PREFIX = "feature:";

export interface ExactIndex {
  /** Owners of a text as typed (trimmed), case-insensitively. */
  typed(text: string): readonly Named[];
  /** Features with this id or display name in words. */
  words(text: string): readonly AssetFeature[];
  /** Features with this other name (caniuse's) in words, or a group's features. */
  aliases(text: string): readonly AssetFeature[];
  /**
   * Keys with this everyday name (normalizeName's words); `loose` when the name is one plain word that is
   * only a key's last segment (`errors`, `images`): too common a word to name a key for sure.
   */
  keys(text: string): {
    readonly keys: readonly CompatKey[];
    readonly loose: boolean;
    readonly tail?: number;
  };
  /** The feature with this id, following a moved one to where it went (a split one to its first part). */
  byId(id: string): AssetFeature | null;
  /** The key at this path (`css.properties.width`), exactly. */
  key(path: string): CompatKey | null;
  /** Every feature of the asset. */
  all(): readonly AssetFeature[];
  /** The compat keys of a feature. */
  keysOf(feature: AssetFeature): readonly CompatKey[];
}

/** The exact names of an asset, indexed on first use. */
export const exactIndex: (asset: FeatureAsset) => ExactIndex = perAsset(createExactIndex);

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function createExactIndex(asset: FeatureAsset): ExactIndex {
  const ids = new Map(asset.features.map((f) => [f.id, f]));
  const redirects = new Map(Object.entries(asset.redirects));
  const byId = (id: string): AssetFeature | null =>
    ids.get(id) ?? ids.get(redirects.get(id)?.[0] ?? "") ?? null;

  const typed = new Map<string, { feature: AssetFeature; written: string }[]>();
  const words = new Map<string, AssetFeature[]>();
  const aliases = new Map<string, AssetFeature[]>();
  for (const f of asset.features) {
    for (const written of [f.id, f.name]) {
      const lower = written.toLowerCase();
      const list = typed.get(lower) ?? [];
      if (!list.some((n) => n.feature === f && n.written === written)) list.push({ feature: f, written });
      typed.set(lower, list);
    }
    for (const name of [f.id, f.name]) push(words, normalize(name), f);
    // As words, as camel case read as words (`rAF` is typed `raf`, `getUserMedia` `get user media`), and
    // without the words a question is wrapped in, as the question is matched (`text to speech`).
    for (const alias of f.aliases)
      for (const form of [normalize(alias), normalizeName(alias), normalize(withoutFeatureFiller(alias))])
        if (form !== "") push(aliases, form, f);
  }
  for (const [from, to] of redirects) {
    const target = ids.get(to[0] ?? "");
    if (target === undefined) continue;
    typed.set(from, [...(typed.get(from) ?? []), { feature: target, written: from }]);
    for (const id of to) {
      const part = ids.get(id);
      if (part !== undefined) push(words, normalize(from), part);
    }
  }
  for (const g of asset.groups) {
    const members = g.features.flatMap((i) => asset.features[i] ?? []);
    // A group shares its name with one of its features at times ("Grid"): the feature is meant.
    if (!words.has(normalize(g.name)) && !aliases.has(normalize(g.name)))
      aliases.set(normalize(g.name), members);
  }

  let keyIndex: KeyIndex | null = null;
  let keysByFeature: Map<AssetFeature, CompatKey[]> | null = null;
  const keysOf = (): NonNullable<typeof keyIndex> =>
    (keyIndex ??= indexKeys(compatKeys(asset), { written: asset.compat.written ?? [] }));

  return {
    typed(text) {
      const raw = text.trim();
      const lower = raw.toLowerCase();
      if (lower.startsWith(FEATURE_PREFIX)) {
        const f = ids.get(raw.slice(FEATURE_PREFIX.length).trim());
        return f === undefined ? [] : [{ subject: { kind: "feature", feature: f }, cased: true }];
      }
      const named: Named[] = (typed.get(lower) ?? []).map((n) => ({
        subject: { kind: "feature", feature: n.feature },
        cased: n.written === raw,
      }));
      // A feature's own name comes first (`:has()`); only a text shaped as a key path, as CSS and HTML
      // write a name, or as an operator that names no feature unpacks the keys for this.
      if (named.length > 0 || !/^[a-z]+\.[^\s]+$|^[@:<]|^[^\p{L}\p{N}]+$/u.test(lower)) return named;
      const key = keyAtPath(keysOf(), text);
      return key === null ? [] : [{ subject: { kind: "key", key }, cased: true }];
    },
    words: (text) => words.get(normalize(text)) ?? [],
    aliases: (text) => aliases.get(normalize(text)) ?? [],
    keys: (text) => keysNamed(keysOf(), text),
    byId,
    key: (path) => keysOf().byPath.get(path.toLowerCase()) ?? null,
    all: () => asset.features,
    keysOf: (feature) => (keysByFeature ??= byFeature(compatKeys(asset))).get(feature) ?? [],
  };
}

/**
 * The key a text shaped as a key path, or as CSS and HTML write a name (`@layer`, `<marquee>`), or an
 * operator's symbol (`??=`), is.
 */
export function keyAtPath(index: KeyIndex, text: string): CompatKey | null {
  const lower = text.trim().toLowerCase();
  if (/^[a-z]+\.[^\s]+$|^[@:<]/.test(lower)) return index.byPath.get(lower) ?? null;
  return index.bySymbol.get(lower.replace(/\s+/g, "")) ?? null;
}

/** How many segments an entry or a member has (`api.Document.title`; `html.elements.img.loading`). */
const entryDepth = (key: string): number => (/^(html\.elements|javascript\.builtins)\./.test(key) ? 4 : 3);

/** How a tree's keys are called in a sentence: `in operator`, `has selector`, `dialog element`. */
const KIND_WORDS: ReadonlyMap<string, readonly string[]> = new Map([
  ["javascript.operators.", ["operator"]],
  ["javascript.statements.", ["statement"]],
  ["css.selectors.", ["selector", "pseudo class", "pseudo element"]],
  ["css.properties.", ["property"]],
  ["css.at-rules.", ["at rule", "rule"]],
  ["css.types.", ["function", "type"]],
  ["html.elements.", ["element", "tag"]],
  ["html.global_attributes.", ["attribute"]],
  ["http.headers.", ["header"]],
]);

export interface KeyIndex {
  /** By an operator's symbol (`??=`, `**`), from the asset's `written`. */
  readonly bySymbol: Map<string, CompatKey>;
  /** By path in lower case, and by the names CSS and HTML write (`@layer`, `:has`, `::part`, `<dialog>`). */
  readonly byPath: Map<string, CompatKey>;
  /** By everyday names of more than one word, or one word with its parent or kind (`Document images`). */
  readonly byName: Map<string, CompatKey[]>;
  /** By a last segment of one plain word (`images`): candidates, never an answer alone. */
  readonly byWord: Map<string, CompatKey[]>;
}

/** The headers whose entries are directives, and the abbreviation MDN gives the policy (`CSP`), if any. */
const POLICY_HEADERS: ReadonlyMap<string, string | null> = new Map([
  ["Content-Security-Policy", "csp"],
  ["Permissions-Policy", null],
  ["Feature-Policy", null],
]);

/**
 * A policy header's directive by its kind word (`report uri directive`), also with its header's name or
 * abbreviation (`csp report uri directive`, `permissions policy camera directive`).
 */
function directiveNames(parts: readonly string[], last: string): string[] {
  const header = parts[2] ?? "";
  if (parts.length !== 4 || parts[1] !== "headers" || !POLICY_HEADERS.has(header)) return [];
  const short = POLICY_HEADERS.get(header);
  const named = [`${last} directive`, `${normalizeName(header)} ${last} directive`];
  return short ? [...named, `${short} ${last} directive`, `${short} ${last}`] : named;
}

/** How CSS and HTML write a tree's names: `@layer`, `:has`, `:has()`, `::part`, `<dialog>`. */
function writtenForms(key: string, last: string): string[] {
  if (key.startsWith("css.at-rules.")) return [`@${last}`];
  if (key.startsWith("css.selectors.")) return [`:${last}`, `::${last}`, `:${last}()`, `::${last}()`];
  if (key.startsWith("html.elements.")) return [`<${last}>`];
  return [];
}

/**
 * Every key by its path, and by its everyday names: its last segment (`_static` dropped, `_event` read as
 * "event"), its parent and last segment (`Document exitPictureInPicture`, `Array findLast`), and its last
 * segment with its tree's kind word. `deep`: the keys include values and contexts below the entries and
 * their members, whose last segment alone names nothing.
 */
export function indexKeys(
  keys: readonly CompatKey[],
  { deep = false, written = [] }: { deep?: boolean; written?: readonly (readonly [string, string])[] } = {},
): KeyIndex {
  const byPath = new Map<string, CompatKey>();
  const bySymbol = new Map<string, CompatKey>();
  const byName = new Map<string, CompatKey[]>();
  const byWord = new Map<string, CompatKey[]>();
  // Each key is added once per name of its own, so no list is searched for it (`length` has hundreds).
  const add = (map: Map<string, CompatKey[]>, name: string, k: CompatKey): void => {
    const list = map.get(name);
    if (list === undefined) map.set(name, [k]);
    else list.push(k);
  };
  // Segments repeat across keys (`length`, `Document`): each is read into words once.
  const read = new Map<string, string>();
  const wordsOf = (segment: string): string => {
    let words = read.get(segment);
    if (words === undefined) {
      words = normalizeName(segment);
      read.set(segment, words);
    }
    return words;
  };
  for (const k of keys) {
    byPath.set(k.key.toLowerCase(), k);
    const parts = k.key.split(".");
    const segment = parts[parts.length - 1] ?? "";
    const last = wordsOf(segment.endsWith("_static") ? segment.slice(0, -7) : segment);
    if (last === "") continue;
    if (parts.length > 2) add(byName, `${wordsOf(parts[parts.length - 2] ?? "")} ${last}`, k);
    // A value or a context deep in a key (`css.properties.width.stretch`, `…No-Vary-Search.
    // speculation_rules_prerender`) is named with its parent, never alone: alone it reads as something else.
    if (deep && parts.length > entryDepth(k.key)) {
      // Named from its entry down: `link rel prerender` (html.elements.link.rel.prerender); never in two
      // words, which a property's name has (`font size` is no `<font size>`).
      if (parts.length > 4) add(byName, parts.slice(2).map(wordsOf).join(" "), k);
      for (const name of directiveNames(parts, last)) add(byName, name, k);
      continue;
    }
    if (last.includes(" ")) add(byName, last, k);
    else add(byWord, last, k);
    const kinds = parts.length === 3 ? KIND_WORDS.get(`${parts[0]}.${parts[1]}.`) : undefined;
    if (kinds === undefined) continue;
    for (const kind of kinds) add(byName, `${last} ${kind}`, k);
    for (const form of writtenForms(k.key, segment.toLowerCase())) if (!byPath.has(form)) byPath.set(form, k);
  }
  for (const [symbol, path] of written) {
    const key = byPath.get(path.toLowerCase());
    if (key !== undefined) bySymbol.set(symbol, key);
  }
  return { byPath, bySymbol, byName, byWord };
}

/**
 * The one interface member a property of a path names, where the property is that interface's name in short
 * (`navigator.locks.request` is LockManager's, `crypto.subtle.digest` SubtleCrypto's); undefined where
 * none or several are (`document.fonts.load`: FontFace's and FontFaceSet's).
 */
function ownedBy(index: KeyIndex, owner: string, member: string): CompatKey[] | undefined {
  const words = normalizeName(owner).replace(/s$/, "");
  if (words.length < 3) return undefined;
  const name = normalizeName(member);
  const owned = [...(index.byName.get(name) ?? []), ...(index.byWord.get(name) ?? [])].filter((k) => {
    const parts = k.key.split(".");
    return parts.length === 3 && parts[0] === "api" && normalizeName(parts[1] ?? "").startsWith(words);
  });
  return owned.length === 1 ? owned : undefined;
}

/** Keys by the feature they belong to. */
function byFeature(keys: readonly CompatKey[]): Map<AssetFeature, CompatKey[]> {
  const map = new Map<AssetFeature, CompatKey[]>();
  for (const k of keys) if (k.feature !== null) push(map, k.feature, k);
  return map;
}

/**
 * The keys a text names: as written, without JavaScript's `.prototype.` (`Array.prototype.at` is `Array.at`),
 * and for a dotted path that is no key's, by its last two segments (`navigator.clipboard.writeText` ->
 * `clipboard.writeText`), or the one interface a property is short for (ownedBy), then its last: `tail`, how
 * many segments named it (2 or 1), a guess another key can beat.
 */
export function keysNamed(
  index: KeyIndex,
  text: string,
): { keys: readonly CompatKey[]; loose: boolean; tail?: number } {
  const plain = text
    .trim()
    .replace(/\.prototype\./gi, ".")
    .replace(/\(\)$/, "");
  const words = normalizeName(plain);
  const found = index.byName.get(words);
  if (found !== undefined) return { keys: found, loose: false };
  const segments = plain.split(".");
  if (segments.length >= 2 && !/\s/.test(plain)) {
    const [owner = "", member = ""] = segments.slice(-2);
    const keys = index.byName.get(normalizeName(`${owner} ${member}`)) ?? ownedBy(index, owner, member);
    if (keys !== undefined) return { keys, loose: false, tail: 2 };
    const last = index.byName.get(normalizeName(member));
    if (last !== undefined) return { keys: last, loose: false, tail: 1 };
  }
  return { keys: index.byWord.get(words) ?? [], loose: true };
}
