/**
 * The first asset's tiers (match.ts, tiers 1 to 4): names as typed and as words, a name among a question's
 * wrapping words, keys' everyday names and aliases, each again without the wrapping words, then the search.
 */
import {
  isWrappingWord,
  withoutFeatureFiller,
  withoutFeatureFillerCased,
  withoutQuestionWords,
  withoutWrapping,
} from "../ask/words.ts";
import { type AssetFeature, type FeatureAsset } from "./asset.ts";
import { exactIndex, FEATURE_PREFIX, type ExactIndex } from "./exact.ts";
import { normalize, normalizeName } from "./normalize.ts";
import { featureSearch, type SearchHit } from "./search.ts";
import {
  MAX_CANDIDATES,
  type Resolution,
  decide,
  feature,
  fromKeys,
  fromTyped,
  inTree,
  loosely,
} from "./resolution.ts";

/** The shortest word a typo alone may answer for. */
const LONG_TYPO = 8;

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
  // A name written as CSS and HTML write it (`<geolocation>`, `@layer`, `:has`) is looked up as written.
  if (/[<@]|(?:^|\s):/.test(text)) return null;
  const words = normalize(text).split(" ");
  // The words that do not wrap a question: a name must hold them all, so only windows over them are read
  // (a 200-character question has at most about a hundred words). A name of wrapping words only (`at rule`)
  // is how a question says its kind, not what it asks.
  const core = words.flatMap((w, i) => (isWrappingWord(w) ? [] : [i]));
  const from = core[0];
  const to = core.at(-1);
  if (from === undefined || to === undefined) return null;
  for (let n = words.length - 1; n >= Math.max(2, to - from + 1); n--) {
    const found = new Set<AssetFeature>();
    for (let i = Math.max(0, to - n + 1); i <= from && i + n <= words.length; i++) {
      for (const f of index.words(words.slice(i, i + n).join(" "))) found.add(f);
    }
    // Names that meet only as words (`pointer-events`, `Pointer Events`): the one written as asked.
    const written = [...found].filter((f) => [f.id, f.name].some((n) => writtenIn(text, n)));
    if (found.size > 0) return decide((written.length === 1 ? written : [...found]).map(feature));
  }
  return null;
}

/** An alias written with two capitals or more and letters only (`MSE`, `WasmGC`, `PiP`): an abbreviation. */
const ABBREVIATION = /^(?=(?:[a-z]*[A-Z]){2})[A-Za-z]{2,8}$/;

/** Whether `token` is, in any case, a feature's alias that is an abbreviation. */
function isAbbreviation(index: ExactIndex, token: string): boolean {
  const lower = token.toLowerCase();
  return index
    .aliases(token)
    .some((f) => f.aliases.some((a) => a.toLowerCase() === lower && ABBREVIATION.test(a)));
}

/** Words from which a question is a sentence of the asker's own, its plain words read as words. */
const SENTENCE_WORDS = 10;

/** A token written as a name: capitals inside it, a capital past the first word, or punctuation (`font-size`). */
function writtenAsName(token: string, at = 1): boolean {
  return (
    /\p{Lu}/u.test(token.slice(1)) || (at > 0 && /^\p{Lu}/u.test(token)) || /\w[-.:]\w|[@<(]/u.test(token)
  );
}

/**
 * One name among words of the asker's own ("SRI hashes on third party script tags", "FedCM sign in"): a
 * feature's name or alias of two words or more, or one word written as a name (capitals inside it: `FedCM`,
 * `rAF`, `SRI` mid-sentence; punctuation: `font-size`), where it is the only name there and no other word is
 * another's name (in a sentence, written as a name). The last resort, answered as the search's: a plain word alone (`video`) is too common to say a subject.
 */
export function oneNameAmong(index: ExactIndex, text: string): Resolution | null {
  // Code or markup (`<img src=x onerror=…>`, `{passive: true}`) is no sentence of the asker's own.
  if (/[<>={};]/.test(text)) return null;
  const tokens = text.trim().split(/\s+/);
  const words = tokens.map(normalize);
  if (words.length < 2 || words.length > 40) return null;
  const named = (phrase: string): readonly AssetFeature[] =>
    phrase === "" ? [] : [...index.words(phrase), ...index.aliases(phrase)];
  const found = new Map<AssetFeature, [number, number]>();
  for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if ([...found.values()].some(([a, b]) => i < b && a < i + n)) continue;
      const token = tokens[i] ?? "";
      // One word says a name where it is written as one: capitals inside, or punctuation (`font-size`); an
      // abbreviation, however it is typed (`mse`, `wasmgc`).
      const written = writtenAsName(token, i) || (n === 1 && isAbbreviation(index, token));
      if (n === 1 && !written) continue;
      const span = words.slice(i, i + n);
      if (span.every((w) => w.split(" ").every(isWrappingWord))) continue;
      for (const f of named(span.join(" "))) found.set(f, [i, i + n]);
    }
  }
  const [only, ...others] = [...found.keys()];
  if (only === undefined || others.length > 0) return null;
  const [from = 0, to = 0] = found.get(only) ?? [];
  // Another word that names something else by itself makes the question about two things.
  // In a sentence of the asker's own (ten words or more), a plain word that is also a name (`table`,
  // `sections`, `classes`) is used as a word; written as a name (`Grid`, `font-size`) it still counts.
  const sentence = words.length >= SENTENCE_WORDS;
  const restTokens = tokens.filter((_, i) => i < from || i >= to);
  const rest = restTokens.map(normalize);
  const another = (w: string): boolean => !isWrappingWord(w) && named(w).some((f) => f !== only);
  const counts = (token: string): boolean => !sentence || writtenAsName(token);
  // Nor is a code name met as plain words in a sentence ("an array from the end" is no `Array.from()`).
  const code = /[.()<>@:]/.test(only.name) && ![only.id, only.name].some((n) => writtenIn(text, n));
  if (sentence && code) return null;
  if (restTokens.some((t, k) => counts(t) && [rest[k] ?? "", ...(rest[k] ?? "").split(" ")].some(another)))
    return null;
  // Words beside a name that a narrower feature has (`rAF inside a web worker`: requestAnimationFrame() in
  // workers; `view transitions across page navigations`: the cross-document ones' `navigation`) ask for it.
  const asked = rest.flatMap((w) => w.split(" ")).filter((w) => !isWrappingWord(w));
  return narrowerHas(index, only, asked) ? null : { subject: feature(only), candidates: [], searched: true };
}

/**
 * Whether a feature whose id or name holds this one's whole (`request-animation-frame-workers`) has one of
 * `words` in its id, name or compat keys' names (a plural or singular counts).
 */
function narrowerHas(index: ExactIndex, f: AssetFeature, words: readonly string[]): boolean {
  const holds = (outer: string, inner: string): boolean =>
    outer !== inner && ` ${normalize(outer)} `.includes(` ${normalize(inner)} `);
  const forms = new Set(words.flatMap((w) => [w, w.replace(/s$/, ""), `${w}s`]));
  return index
    .all()
    .filter((g) => g !== f && (holds(g.id, f.id) || holds(g.name, f.name)))
    .some((g) =>
      [g.id, g.name, ...index.keysOf(g).map((k) => k.key.split(".").slice(1).join(" "))]
        .flatMap((text) => normalizeName(text).split(" "))
        .some((w) => forms.has(w)),
    );
}

/** Whether `name` is in `text` as written (case aside), not part of a longer word, anywhere in it. */
export function writtenIn(text: string, name: string): boolean {
  const edge = (c: string | undefined): boolean => c === undefined || !/[\p{L}\p{N}-]/u.test(c);
  const lower = text.toLowerCase();
  const sought = name.toLowerCase();
  for (let at = lower.indexOf(sought); at >= 0 && sought !== ""; at = lower.indexOf(sought, at + 1)) {
    if (edge(text[at - 1]) && edge(text[at + name.length])) return true;
  }
  return false;
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

export function resolveFirst(asset: FeatureAsset, text: string, tree: string | null): Resolution {
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
    // As written, case kept: `chrome shipped Object` is the JavaScript Object, not `<object>`.
    (stripped === null ? null : named(index, withoutFeatureFillerCased(text) || stripped)) ??
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
