// The second held-out set (held-out-2.ts), kept held out: measured, never tuned on, and no question or
// subject of it printed, so that a change is judged on questions its author has not read. It may not fall
// below what it measured when it arrived (the target, 85% and no wrong subject, is not met on it).
import { describe, expect, it } from "vitest";
import { ask } from "../../../../src/shared/answers/index.ts";
import { sameSubject, wantedSubject } from "./corpus-subjects.ts";
import { datasetContext, realAsset } from "./fixtures.ts";
import { HELD_OUT_2 } from "./held-out-2.ts";

describe("the second held-out set", () => {
  it("answers at least 164 of its 200 first, with at most 10 wrong subjects, as when it arrived", () => {
    const ctx = datasetContext();
    let right = 0;
    let wrong = 0;
    for (const c of HELD_OUT_2) {
      const want = wantedSubject(c);
      const answer = ask(c.q, ctx);
      if (want === null ? answer.kind === "miss" : sameSubject(realAsset(), answer.subject, want)) right++;
      else if (answer.subject !== undefined) wrong++;
    }
    console.log(`second held-out: ${right} of ${HELD_OUT_2.length} right first, ${wrong} wrong subjects`);
    expect(HELD_OUT_2.length).toBe(200);
    expect(right).toBeGreaterThanOrEqual(164);
    expect(wrong).toBeLessThanOrEqual(10);
  });
});
