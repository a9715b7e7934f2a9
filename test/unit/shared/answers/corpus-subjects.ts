// What a corpus case asks about, as the answers name their subject (`feature:has`, `key:…`, `milestone:153`,
// `version:…`), for the corpus's three runners: the answers in Node, the answer page in Chromium and the
// address bar in Firefox.
import type { FeatureAsset } from "../../../../src/core/features/asset.ts";
import { compatKeys } from "../../../../src/core/features/compat-keys.ts";
import type { CorpusCase } from "./corpus.ts";

/** The subject `c` must find, or null for a question nothing in the data is. */
export function wantedSubject(c: CorpusCase): string | null {
  const s = c.subject;
  if ("feature" in s) return `feature:${s.feature}`;
  if ("key" in s) return `key:${s.key}`;
  if ("milestone" in s) return `milestone:${s.milestone}`;
  if ("version" in s) return `version:${s.version}`;
  return null;
}

/** Whether `got` is `want`: a key that is its feature itself is answered as the feature, the same subject. */
export function sameSubject(asset: FeatureAsset, got: string | null | undefined, want: string): boolean {
  if (got === want) return true;
  const key = want.startsWith("key:") ? compatKeys(asset).find((k) => `key:${k.key}` === want) : undefined;
  return key?.own === true && key.feature !== null && got === `feature:${key.feature.id}`;
}
