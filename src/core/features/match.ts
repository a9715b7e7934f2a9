/**
 * Which web features a question names, ranked. People type a feature loosely (`has`, `:has()`,
 * `container queries`, `view-transitions`, `css-has`, `contaner queries`), so the tiers go from exact to
 * loose, and the first tier that names a feature decides its score:
 *
 *   id 100 > moved id 95 > name 90 > alias 80 > prefix 60 > alias prefix 50 > words 40 > typo 20 - distance
 *
 * Within a score the shorter name comes first (`grid` before `grid-lanes` for `grid`), then the id, so the
 * order never depends on the data's order.
 */
import type { AssetFeature, FeatureAsset } from "./asset.ts";
import { boundedDistance } from "./distance.ts";
import { normalize, normalizeName } from "./normalize.ts";

export type MatchKind = "id" | "moved" | "name" | "alias" | "prefix" | "alias-prefix" | "words" | "typo";

export interface FeatureMatch {
  readonly feature: AssetFeature;
  readonly score: number;
  readonly how: MatchKind;
}

const SCORES: Readonly<Record<Exclude<MatchKind, "typo">, number>> = {
  id: 100,
  moved: 95,
  name: 90,
  alias: 80,
  prefix: 60,
  "alias-prefix": 50,
  words: 40,
};
const TYPO_SCORE = 20;

interface Entry {
  readonly feature: AssetFeature;
  readonly id: string;
  readonly idText: string;
  readonly nameText: string;
  readonly aliasTexts: readonly string[];
  readonly words: readonly string[];
}

/** An asset ready to search: every name, id and alias normalized once, not on every keystroke. */
export interface FeatureIndex {
  readonly entries: readonly Entry[];
  readonly byId: ReadonlyMap<string, Entry>;
  readonly redirects: Readonly<Record<string, readonly string[]>>;
}

const indexes = new WeakMap<FeatureAsset, FeatureIndex>();

/** The index of an asset, built on first use and kept for as long as the asset is. */
export function featureIndex(asset: FeatureAsset): FeatureIndex {
  let index = indexes.get(asset);
  if (index === undefined) {
    const entries = asset.features.map(entryOf);
    index = { entries, byId: new Map(entries.map((e) => [e.id, e])), redirects: asset.redirects };
    indexes.set(asset, index);
  }
  return index;
}

function entryOf(feature: AssetFeature): Entry {
  const idText = normalize(feature.id);
  const nameText = normalize(feature.name);
  const aliasTexts = [...new Set(feature.aliases.map(normalizeName))];
  const words = [...new Set([idText, nameText, ...aliasTexts].flatMap((t) => t.split(" ")))];
  return { feature, id: feature.id, idText, nameText, aliasTexts, words };
}

/** The feature with this id, following a moved feature to where it went (the first target of a split). */
export function featureById(index: FeatureIndex, id: string): AssetFeature | null {
  const direct = index.byId.get(id) ?? index.byId.get(index.redirects[id]?.[0] ?? "");
  return direct?.feature ?? null;
}

/** How far a typo may be from a name: none for short words, where one letter makes another word. */
function typoBound(text: string): number {
  if (text.length < 4) return 0;
  return text.length < 8 ? 1 : 2;
}

/** The features `text` names, best first, at most `limit`. */
export function matchFeatures(index: FeatureIndex, text: string, limit = 8): FeatureMatch[] {
  const raw = text.trim().toLowerCase();
  const q = normalize(text);
  if (q === "") return [];
  const found = new Map<Entry, FeatureMatch>();
  const add = (entry: Entry, how: MatchKind, score: number): void => {
    const seen = found.get(entry);
    if (seen === undefined || seen.score < score) found.set(entry, { feature: entry.feature, score, how });
  };
  for (const target of index.redirects[raw] ?? []) {
    const entry = index.byId.get(target);
    if (entry) add(entry, "moved", SCORES.moved);
  }
  const qWords = q.split(" ");
  for (const e of index.entries) {
    const how = tierOf(e, raw, q, qWords);
    if (how !== null) add(e, how, SCORES[how]);
  }
  const bound = typoBound(q);
  if (found.size < limit && bound > 0) {
    for (const e of index.entries) {
      if (found.has(e)) continue;
      const d = nearest(e, q, bound);
      if (d <= bound) add(e, "typo", TYPO_SCORE - d);
    }
  }
  return [...found.values()].sort(byRank).slice(0, limit);
}

function tierOf(
  e: Entry,
  raw: string,
  q: string,
  qWords: readonly string[],
): Exclude<MatchKind, "typo" | "moved"> | null {
  if (e.id === raw || e.idText === q) return "id";
  if (e.nameText === q) return "name";
  if (e.aliasTexts.includes(q)) return "alias";
  if (e.nameText.startsWith(q) || e.idText.startsWith(q)) return "prefix";
  if (e.aliasTexts.some((a) => a.startsWith(q))) return "alias-prefix";
  if (qWords.every((w) => e.words.some((word) => word.startsWith(w)))) return "words";
  return null;
}

/** The smallest distance from `q` to the entry's name, id or an alias, bounded by `max`. */
function nearest(e: Entry, q: string, max: number): number {
  let best = max + 1;
  for (const t of [e.nameText, e.idText, ...e.aliasTexts]) best = Math.min(best, boundedDistance(q, t, max));
  return best;
}

function byRank(a: FeatureMatch, b: FeatureMatch): number {
  return (
    b.score - a.score ||
    a.feature.name.length - b.feature.name.length ||
    (a.feature.id < b.feature.id ? -1 : a.feature.id > b.feature.id ? 1 : 0)
  );
}

/**
 * For a question that names no feature: the names of up to `limit` features within a looser distance (a
 * third of its length, at least 2) of its name or id, nearest first, or none when nothing is that close.
 */
export function closestNames(index: FeatureIndex, text: string, limit = 3): string[] {
  const q = normalize(text);
  if (q === "") return [];
  const max = Math.max(2, Math.floor(q.length / 3));
  return index.entries
    .map((e) => ({ e, d: Math.min(boundedDistance(q, e.nameText, max), boundedDistance(q, e.idText, max)) }))
    .filter((x) => x.d <= max)
    .sort(
      (a, b) => a.d - b.d || a.e.feature.name.length - b.e.feature.name.length || (a.e.id < b.e.id ? -1 : 1),
    )
    .slice(0, limit)
    .map((x) => x.e.feature.name);
}
