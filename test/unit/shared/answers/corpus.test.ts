// The asking corpus (corpus.ts): 255 questions as web developers, QA engineers and admins type them, each
// with the subject it must find and a figure from the data. A miss ("Did you mean") is allowed; a wrong
// subject never is, and at least 95% find their subject first.
import { describe, expect, it } from "vitest";
import { ask, type Answer } from "../../../../src/shared/answers/index.ts";
import { CORPUS } from "./corpus.ts";
import { sameSubject, wantedSubject } from "./corpus-subjects.ts";
import { datasetContext, realAsset } from "./fixtures.ts";

const ctx = datasetContext();

/** What the answer says, in lower case: a figure counts in whatever case its line begins ("Discouraged: …"). */
const text = (a: Answer): string => [a.title, ...a.lines].join("\n").toLowerCase();

const results = CORPUS.map((c) => ({ c, want: wantedSubject(c), answer: ask(c.q, ctx) }));

describe("the asking corpus", () => {
  it("holds at least 200 realistic questions", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
  });

  it("never answers with a wrong subject: each is its subject, or a miss", () => {
    const wrong = results
      .filter(
        ({ want, answer }) =>
          answer.subject !== undefined && (want === null || !sameSubject(realAsset(), answer.subject, want)),
      )
      .map(({ c, answer }) => `${c.q} -> ${answer.subject ?? ""}`);
    expect(wrong).toEqual([]);
  });

  it("finds the subject first for at least 95%, and says the data's figure with it", () => {
    const right = results.filter(({ want, answer }) =>
      want === null ? answer.kind === "miss" : sameSubject(realAsset(), answer.subject, want),
    );
    console.log(
      `asking corpus: ${right.length} of ${CORPUS.length} right first (${((100 * right.length) / CORPUS.length).toFixed(1)}%)`,
    );
    expect(right.length / CORPUS.length).toBeGreaterThanOrEqual(0.95);
    const noFigure = right
      .filter(({ c, answer }) => c.figure !== undefined && !text(answer).includes(c.figure.toLowerCase()))
      .map(({ c }) => `${c.q}: ${c.figure ?? ""}`);
    expect(noFigure).toEqual([]);
  });

  it("a miss offers what it could mean when a subject was asked for", () => {
    const silent = results
      .filter(
        ({ want, answer }) => want !== null && answer.kind === "miss" && (answer.choices ?? []).length === 0,
      )
      .map(({ c }) => c.q);
    // Only a typo no search finds (a swap of two letters in a short word) may come back empty-handed.
    expect(silent.length).toBeLessThanOrEqual(2);
  });
});
