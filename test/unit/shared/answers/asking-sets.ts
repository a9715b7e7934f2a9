// The asking sets of issue 40 and the wrong subjects each is known to get (asking-sets.test.ts, and the
// held-out set in real Chromium: test/e2e/asking-people.e2e.test.ts).
import type { HeldOutCase } from "./corpus-types.ts";
import { DEV_SET } from "./dev-set.ts";
import { DEV_SET_2 } from "./dev-set-2.ts";
import { HELD_OUT } from "./held-out.ts";

/**
 * The wrong subjects each set found (issue 40 is open on them): a part of a feature (a key) answered for the
 * feature, a feature for a removed key it does not carry. None may be added; each one fixed comes off its list.
 */
export const SETS: readonly { name: string; cases: readonly HeldOutCase[]; knownWrong: readonly string[] }[] =
  [
    {
      name: "held-out",
      cases: HELD_OUT,
      knownWrong: [
        "text-box trim firefox -> key:css.properties.text-box-trim",
        "document picture-in-picture window -> key:api.DocumentPictureInPicture.window",
      ],
    },
    {
      name: "development",
      cases: DEV_SET,
      knownWrong: [
        "display: inline flex -> feature:flexbox",
        "the translate CSS property -> feature:translate",
        "Response.json() -> feature:fetch",
      ],
    },
    {
      name: "second development",
      cases: DEV_SET_2,
      knownWrong: [],
    },
  ];
