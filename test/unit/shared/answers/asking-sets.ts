// The asking sets of issue 40 and the wrong subjects each is known to get (asking-sets.test.ts, and the
// held-out set in real Chromium: test/e2e/asking-people.e2e.test.ts).
import type { HeldOutCase } from "./corpus-types.ts";
import { DEV_SET } from "./dev-set.ts";
import { DEV_SET_2 } from "./dev-set-2.ts";
import { DEV_SET_3 } from "./dev-set-3.ts";
import { DEV_SET_4 } from "./dev-set-4.ts";
import { DEV_SET_5 } from "./dev-set-5.ts";
import { HELD_OUT } from "./held-out.ts";

/**
 * The wrong subjects each set found (issue 40 is open on them): a part of a feature (a key) answered for the
 * feature, a feature for a removed key it does not carry. None may be added; each one fixed comes off its list.
 */
export interface AskingSet {
  readonly name: string;
  readonly cases: readonly HeldOutCase[];
  /** The fewest questions the set must keep (the issue asks 150 of the held-out set). */
  readonly minimum: number;
  readonly knownWrong: readonly string[];
}

export const SETS: readonly AskingSet[] = [
  {
    name: "held-out",
    cases: HELD_OUT,
    minimum: 150,
    knownWrong: [],
  },
  {
    name: "development",
    cases: DEV_SET,
    minimum: 100,
    knownWrong: [
      "display: inline flex -> feature:flexbox",
      "the translate CSS property -> feature:translate",
      "Response.json() -> feature:fetch",
    ],
  },
  {
    name: "second development",
    cases: DEV_SET_2,
    minimum: 100,
    knownWrong: [],
  },
  {
    name: "third development",
    cases: DEV_SET_3,
    minimum: 100,
    // An operator one feature is made of (the first set reads `the &&= operator` as the key); PiP for any
    // element is the document's PiP, a reading no name gives.
    knownWrong: [
      "?? operator -> key:javascript.operators.nullish_coalescing",
      "&&= operator -> key:javascript.operators.logical_and_assignment",
      "pip for any element -> feature:picture-in-picture",
    ],
  },
  {
    name: "fourth development",
    cases: DEV_SET_4,
    minimum: 100,
    // Operators one feature is made of, read as the key; rIC is the ric unit's id; a header asked in words;
    // two narrower features asked by their words.
    knownWrong: [
      "do I need an rIC polyfill -> feature:ric",
      "?? operator in javascript -> key:javascript.operators.nullish_coalescing",
      "the ||= operator -> key:javascript.operators.logical_or_assignment",
      "DNT request header -> feature:fetch-metadata",
      "light-dark() for background images -> feature:light-dark",
      "Intl.Locale week info first day of the week -> feature:intl-locale",
    ],
  },
  {
    name: "fifth development",
    cases: DEV_SET_5,
    minimum: 100,
    // A compat key asked with a value or a use beside it, read as the feature; a word ("vars", "webp2") read
    // as another name.
    knownWrong: [
      "clamp(1rem, 2.5vw, 2rem) font size -> feature:font-size",
      'loading="lazy" on iframe -> feature:loading-lazy',
      "css vars -> feature:var",
      "webp2 image format support -> feature:webp",
    ],
  },
];
