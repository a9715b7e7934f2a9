// Our own aliases (scripts/feature-aliases.ts, issue 40 class 3): each one answers its feature, and says
// where the word is used so.
import { describe, expect, it } from "vitest";
import { FEATURE_ALIASES } from "../../scripts/feature-aliases.ts";
import { ask } from "../../src/shared/answers/index.ts";
import { context } from "./shared/answers/fixtures.ts";

describe("FEATURE_ALIASES", () => {
  it.each(FEATURE_ALIASES.map((a) => [a.alias, a.id, a.source] as const))(
    "%j answers %s, as %s uses it",
    (alias, id, source) => {
      expect(source).toMatch(/^https:\/\/\S+$/);
      expect(ask(alias, context()).subject).toBe(`feature:${id}`);
      expect(ask(`is ${alias} supported`, context()).subject).toBe(`feature:${id}`);
    },
  );
});
