// The asking sets of issue 40, written from the issue and the data by helpers who never saw the matcher or
// the tuning corpus: the held-out set (held-out.ts), measured and never tuned on, and three development sets
// (dev-set.ts, dev-set-2.ts, dev-set-3.ts), written after it, which changes are tuned on. No answer may be a
// wrong subject beyond the ones listed; the share answered first is reported by class (the target is
// 85% on the held-out set).
import { describe, expect, it } from "vitest";
import { ask } from "../../../../src/shared/answers/index.ts";
import { SETS } from "./asking-sets.ts";
import { sameSubject, wantedSubject } from "./corpus-subjects.ts";
import { datasetContext, realAsset } from "./fixtures.ts";

const ctx = datasetContext();

describe.each(SETS)("the $name asking set", ({ name, cases, minimum, knownWrong }) => {
  const results = cases.map((c) => ({ c, want: wantedSubject(c), answer: ask(c.q, ctx) }));
  const right = (r: (typeof results)[number]): boolean =>
    r.want === null ? r.answer.kind === "miss" : sameSubject(realAsset(), r.answer.subject, r.want);

  it("answers no wrong subject but the known ones: each is its subject, or a miss", () => {
    const wrong = results
      .filter(
        ({ want, answer }) =>
          answer.subject !== undefined && (want === null || !sameSubject(realAsset(), answer.subject, want)),
      )
      .map(({ c, answer }) => `${c.q} -> ${answer.subject ?? ""}`);
    console.log(`${name}: ${wrong.length} wrong subjects`);
    expect(wrong.filter((w) => !knownWrong.includes(w))).toEqual([]);
    // One fixed comes off the list.
    expect(knownWrong.filter((w) => !wrong.includes(w))).toEqual([]);
  });

  it("says the data's figure with every subject it finds first", () => {
    const text = (r: (typeof results)[number]) =>
      [r.answer.title, ...r.answer.lines].join("\n").toLowerCase();
    const noFigure = results
      .filter((r) => right(r) && r.c.figure !== undefined && !text(r).includes(r.c.figure.toLowerCase()))
      .map(({ c }) => `${c.q}: ${c.figure ?? ""}`);
    expect(noFigure).toEqual([]);
  });

  it("reports the share found first, by class", () => {
    const byClass = [1, 2, 3, 4, 5, 6, 7, 8].map((cls) => {
      const of = results.filter((r) => r.c.cls === cls);
      return `${cls}: ${of.filter(right).length}/${of.length}`;
    });
    const first = results.filter(right).length;
    console.log(
      `${name}: ${first} of ${results.length} right first (${((100 * first) / results.length).toFixed(1)}%); by class ${byClass.join(", ")}`,
    );
    expect(results.length).toBeGreaterThanOrEqual(minimum);
  });
});
