// The shape of an asking test case: the tuning corpus (corpus.ts) and the held-out set (held-out.ts) share it.

/** Subject a question must find. */
export type CorpusSubject =
  | { readonly feature: string } // a web-features id (kind "feature"; for a moved id give where it moved to)
  | { readonly key: string } // a browser-compat-data key, e.g. "javascript.operators.optional_chaining"
  | { readonly milestone: number }
  | { readonly version: string } // a full version, or a prefix of whole fields, e.g. "151.0.7922"
  | { readonly miss: true }; // nothing in the data is what it asks: the honest answer is "no match"
export interface CorpusCase {
  readonly q: string; // exactly what the person types
  readonly who: "webdev" | "qa" | "admin";
  readonly subject: CorpusSubject;
  /** A text the answer must contain, from the data (the rules head corpus.ts). Omitted only for { miss: true }. */
  readonly figure?: string;
}

/** A question of the held-out set (held-out.ts) or the development set (dev-set.ts), with the class of issue 40 it tests (8: everyday). */
export interface HeldOutCase extends CorpusCase {
  readonly cls: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
}
