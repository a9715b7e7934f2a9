import { describe, expect, it } from "vitest";
import { InvalidQueryError } from "../../../src/core/errors.ts";
import { parseFilter } from "../../../src/core/query/index.ts";
import { advancedErrorView, clauseSpan } from "../../../src/popup/advanced-error.ts";

/** The error the service's own parser gives for a text. */
function errorOf(text: string): InvalidQueryError {
  try {
    parseFilter(text, "releases");
  } catch (e) {
    if (e instanceof InvalidQueryError) return e;
    throw e;
  }
  throw new Error(`no error for ${text}`);
}

describe("clauseSpan", () => {
  it("finds a clause between commas, without the white space around it", () => {
    const text = "version>=120,  fraction>=abc , channel=beta";
    const span = clauseSpan(text, 1);
    expect(text.slice(span.start, span.end)).toBe("fraction>=abc");
  });

  it("does not split at a comma inside a quoted value", () => {
    const text = 'name="a,\\"b", platform=linux';
    const span = clauseSpan(text, 1);
    expect(text.slice(span.start, span.end)).toBe("platform=linux");
  });

  it("gives an empty span for an empty clause and past the end", () => {
    expect(clauseSpan("version>=1,", 1)).toEqual({ start: 11, end: 11 });
    expect(clauseSpan("version>=1", 4)).toEqual({ start: 10, end: 10 });
  });
});

describe("advancedErrorView", () => {
  it("marks the clause the parser names, with its message", () => {
    const text = "version>=120, fraction>=abc";
    expect(advancedErrorView(text, errorOf(text))).toEqual({
      message: 'Clause 2, character 25: "abc" is not a fraction between 0 and 1 (1 means 100% of users)',
      before: "version>=120, ",
      clause: "fraction>=abc",
      after: "",
    });
  });

  it("points at the gap a trailing comma leaves", () => {
    const text = "version>=120,";
    const view = advancedErrorView(text, errorOf(text));
    expect(view.message).toMatch(/^Clause 2, character 14: empty clause/);
    expect([view.before, view.clause, view.after]).toEqual(["version>=120,", "", ""]);
  });
});
