/**
 * The loose search behind asking: MiniSearch (prefix, fuzzy and field weights) over every name a feature is
 * known by, each name its own document, so a hit can be checked against the whole of one name. A hit is
 * *covering* when every word of that name was matched (or was said in the question) and every word of the
 * question, but the ones a question is wrapped in, matched the name: only a covering hit may be an answer.
 * Anything less is a candidate, offered as "Did you mean", never presented as the answer: a wrong subject is
 * worse than an honest miss.
 */
import MiniSearch from "minisearch";
import { isFeatureFiller } from "../ask/words.ts";
import { perAsset, type AssetFeature, type FeatureAsset } from "./asset.ts";
import { normalize, normalizeName } from "./normalize.ts";

/** Which of a feature's names a document is; the weights rank an id or a name above loose words. */
type NameKind = "id" | "name" | "alias" | "keyword";

interface NameDoc {
  readonly id: number;
  readonly feature: number;
  readonly kind: NameKind;
  readonly text: string;
}

const WEIGHT: Readonly<Record<NameKind, number>> = { id: 3, name: 3, alias: 2, keyword: 1 };

const better = (a: SearchHit, b: SearchHit): number =>
  b.covering - a.covering ||
  Number(b.exact === b.asked) - Number(a.exact === a.asked) ||
  b.matched - a.matched ||
  b.score - a.score;

/**
 * A search hit: the feature, how well it scored, how many of the question's words it matched, and the
 * strength of its covering name (3 an id or a name, 2 an alias), 0 when no name covers the question (see
 * above; caniuse's loose keywords never cover).
 */
export interface SearchHit {
  readonly feature: AssetFeature;
  readonly score: number;
  readonly matched: number;
  /** How many words the question had, but those it was wrapped in. */
  readonly asked: number;
  /** How many of those words its names have exactly, with no typo (its loose keywords not counted). */
  readonly exact: number;
  /** The length of the question's longest word. */
  readonly longest: number;
  readonly covering: number;
}

export interface FeatureSearch {
  /** The features `text` names, best first; `typing` lets the last word be the start of a word. */
  search(text: string, options?: { typing?: boolean; limit?: number }): SearchHit[];
}

/** The search of an asset, indexed on first use and kept for as long as the asset is. */
export const featureSearch: (asset: FeatureAsset) => FeatureSearch = perAsset(createSearch);

/**
 * How far a question's word may be from a name's: none under 4 letters, where one letter makes another word,
 * and two only from 8 (`websql` is two edits from `webgl`). A hit still answers only when it covers the
 * question, so a loose word alone never picks a feature.
 */
function typos(term: string): number {
  if (term.length < 4) return 0;
  return term.length < 8 ? 1 : 2;
}

const split = (text: string): string[] => text.split(" ").filter((w) => w !== "");

function createSearch(asset: FeatureAsset): FeatureSearch {
  const docs: NameDoc[] = [];
  const add = (feature: number, kind: NameKind, text: string): void => {
    if (text !== "") docs.push({ id: docs.length, feature, kind, text });
  };
  asset.features.forEach((f, i) => {
    add(i, "id", normalize(f.id));
    add(i, "name", normalize(f.name));
    for (const a of new Set(f.aliases.flatMap((x) => [normalize(x), normalizeName(x)]))) add(i, "alias", a);
    for (const k of new Set((f.keywords ?? []).map(normalizeName))) add(i, "keyword", k);
  });
  const index = new MiniSearch<NameDoc>({
    fields: ["text"],
    storeFields: [],
    tokenize: split,
    processTerm: (term) => term,
  });
  index.addAll(docs);

  return {
    search(text, { typing = false, limit = 8 } = {}) {
      const said = new Set(split(normalize(text)));
      const asked = [...said].filter((w) => !isFeatureFiller(w));
      const query = asked.length > 0 ? asked : [...said];
      if (query.length === 0) return [];
      const last = query.at(-1);
      // While typing, the last word is the start of one ("contaner q"); alone, it needs two letters.
      const prefix = (term: string): boolean =>
        typing && term === last && (term.length >= 2 || query.length > 1);
      const results = index.search(query.join(" "), {
        fuzzy: (term) => typos(term),
        prefix,
        boostDocument: (id) => WEIGHT[docs[id as number]?.kind ?? "keyword"],
        combineWith: "OR",
      });
      const best = new Map<number, SearchHit>();
      /** Per feature, the question's words its names (not its loose keywords) have exactly, together. */
      const exactly = new Map<number, Set<string>>();
      for (const r of results) {
        const doc = docs[r.id as number];
        const feature = doc === undefined ? undefined : asset.features[doc.feature];
        if (doc === undefined || feature === undefined) continue;
        const terms = new Set(r.terms);
        const words = split(doc.text);
        const own = exactly.get(doc.feature) ?? new Set<string>();
        // A plural of a name's word, or the name's plural, is the word typed exactly (`loaf`, `LoAFs`).
        const has = (q: string): boolean =>
          terms.has(q) || terms.has(`${q}s`) || (q.endsWith("s") && terms.has(q.slice(0, -1)));
        if (doc.kind !== "keyword") for (const q of query) if (has(q)) own.add(q);
        exactly.set(doc.feature, own);
        const covers =
          !typing &&
          words.every((w) => terms.has(w) || said.has(w)) &&
          query.every((q) => r.queryTerms.includes(q) || words.includes(q));
        const hit = {
          feature,
          score: r.score,
          matched: r.queryTerms.length,
          asked: query.length,
          exact: own.size,
          longest: Math.max(...query.map((q) => q.length)),
          // caniuse's loose words ("compression" for Brotli) help find a feature, never answer for it.
          covering: covers && doc.kind !== "keyword" ? WEIGHT[doc.kind] : 0,
        };
        const seen = best.get(doc.feature);
        if (seen === undefined || better(hit, seen) < 0) best.set(doc.feature, hit);
      }
      // While typing, a hit has every word but (at most) one: `contaner q` is container queries, and
      // `<xyzzy plugh=1>` is nothing, though some name has a `1`.
      const found = [...best.values()].filter((h) => !typing || h.matched >= query.length - 1);
      return found.sort(better).slice(0, limit);
    },
  };
}
