// A surface reads the second asset only where a question's resolution reads it (moreKeysFor's probe); the
// asking sets are measured with both assets. The two must answer alike, or the sets measure another product.
import { describe, expect, it } from "vitest";
import { compatKeys } from "../../../../src/core/features/compat-keys.ts";
import { keyTitle } from "../../../../src/core/features/key-title.ts";
import { moreKeys } from "../../../../src/core/features/more-keys.ts";
import { ask, moreKeysFor } from "../../../../src/shared/answers/index.ts";
import { SETS } from "./asking-sets.ts";
import { CORPUS } from "./corpus.ts";
import { datasetContext, realAsset, realMoreKeys } from "./fixtures.ts";

const both = datasetContext();
const { more: _more, ...first } = both;

/** The subject a surface answers: the first asset, the second where the probe says the question reads it. */
async function surfaceSubject(q: string): Promise<string | undefined> {
  const keys = await moreKeysFor(q, first, () => Promise.resolve(realMoreKeys()));
  return ask(q, { ...first, ...keys }).subject;
}

describe("the surfaces and the asking sets", () => {
  it("answer every question of the sets and the corpus, and every 20th key's title, alike", async () => {
    const keys = [...compatKeys(realAsset()), ...moreKeys(realAsset(), realMoreKeys())];
    const questions = [
      ...SETS.flatMap((s) => s.cases.map((c) => c.q)),
      ...CORPUS.map((c) => c.q),
      ...keys.filter((_, i) => i % 20 === 0).map(keyTitle),
    ];
    const differ: string[] = [];
    for (const q of questions) {
      const surface = await surfaceSubject(q);
      const measured = ask(q, both).subject;
      if (surface !== measured) differ.push(`${q}: ${surface ?? "miss"} / ${measured ?? "miss"}`);
    }
    expect(questions.length).toBeGreaterThan(1500);
    expect(differ).toEqual([]);
    // About two thousand questions asked twice: seconds on a busy machine, not the default five.
  }, 120_000);
});
