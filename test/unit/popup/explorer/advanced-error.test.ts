import { describe, expect, it } from "vitest";
import { InvalidQueryError } from "../../../../src/core/errors.ts";
import { parseFilter } from "../../../../src/core/query/index.ts";
import {
  advancedErrorView,
  CLAUSE_CHARS,
  CONTEXT_CHARS,
  clauseSpan,
  dayClauseFix,
} from "../../../../src/popup/explorer/advanced-error.ts";
import { applyAdvanced, FilterTooLongError } from "../../../../src/popup/explorer/advanced.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";

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

describe("advancedErrorView of a long text", () => {
  /** Characters of the view's mirror, not counting the "…" marks. */
  const shown = (view: { before: string; clause: string; after: string }) =>
    (view.before + view.clause + view.after).replaceAll("…", "");

  it("quotes the wrong clause with at most 20 characters on each side, marking the cuts", () => {
    const left = Array.from({ length: 20 }, (_, i) => `name=a${i}`).join(",");
    const right = Array.from({ length: 20 }, (_, i) => `name=b${i}`).join(",");
    const text = `${left},fraction>=abc,${right}`;
    const view = advancedErrorView(text, errorOf(text));
    expect(CONTEXT_CHARS).toBe(20);
    expect(view.before).toBe(`…${left.slice(-19)},`);
    expect(view.clause).toBe("fraction>=abc");
    expect(view.after).toBe(`,${right.slice(0, 19)}…`);
    expect(view.message).toBe(
      `Clause 21, character ${left.length + 12}: "abc" is not a fraction between 0 and 1 (1 means 100% of users)`,
    );
  });

  it("cuts a long clause to 60 characters around the character at fault", () => {
    const value = `${"1".repeat(200)}x${"2".repeat(200)}`;
    const text = `version>=120,version>=${value}`;
    const view = advancedErrorView(text, errorOf(text));
    expect(CLAUSE_CHARS).toBe(60);
    // The fault is the value, 9 characters into the clause: the window starts at the clause.
    expect(view.message).toBe(
      `Clause 2, character 23: "${"1".repeat(40)}…" is not a version; write dotted numbers such as 120 or 120.0.6099.71`,
    );
    expect(view.clause).toBe(`version>=${"1".repeat(51)}…`);
    expect(view.before).toBe("version>=120,");
    expect(view.after).toBe("");
  });

  it("shows the end of a clause when the fault is there", () => {
    const text = `name="${"n".repeat(100)}" x`;
    const view = advancedErrorView(text, errorOf(text));
    expect(view.message).toMatch(/^Clause 1, character 109: unexpected "x"/);
    expect(view.clause).toBe(`…${"n".repeat(57)}" x`);
  });

  it("never repeats a long text whole, in the mirror or the words, whatever is wrong with it", () => {
    const long = "7".repeat(450);
    for (const text of [
      `version>=${long}x`,
      `channel=${long}`,
      `${long.replaceAll("7", "q")}=1`,
      `starttime>=${long}`,
      `name=${long},version>=1.`,
      `name=${long}, fraction>=2`,
      `name="${long}`,
    ]) {
      const view = advancedErrorView(text, errorOf(text));
      expect(shown(view).length, text).toBeLessThanOrEqual(2 * CONTEXT_CHARS + CLAUSE_CHARS);
      expect(view.message.length, text).toBeLessThan(250);
      expect(view.message, text).not.toContain("7".repeat(41));
      expect(view.message, text).not.toContain("(in ");
    }
  });

  it("marks the characters past the limit of a text that is too long, with the limit's own words", () => {
    const text = `name=${"a".repeat(495)}${"b".repeat(312)}`;
    const result = applyAdvanced(text, defaultState("chrome", "linux"));
    if (result.ok) throw new Error("a text over the limit was taken");
    expect(result.error).toBeInstanceOf(FilterTooLongError);
    expect(advancedErrorView(text, result.error)).toEqual({
      message: "The filter is limited to 500 characters; this one has 812.",
      before: `…${"a".repeat(20)}`,
      clause: `${"b".repeat(60)}…`,
      after: "",
    });
  });

  it("does not split a character made of two UTF-16 units when it cuts", () => {
    // Twenty UTF-16 units before the clause end in the middle of the sixth emoji from it.
    const text = `${"😀".repeat(30)}name=1,fraction>=2,name=${"😀".repeat(30)}`;
    const error = new InvalidQueryError("filter", 1, 67 + 10, "some detail", text);
    const view = advancedErrorView(text, error);
    for (const part of [view.before, view.clause, view.after]) {
      expect(part, part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/u);
      expect(part).toBe(Array.from(part).join(""));
    }
    expect(view.clause).toBe("fraction>=2");
    expect(view.before).toBe(`…${"😀".repeat(6)}name=1,`);
    expect(view.after).toBe(`,name=${"😀".repeat(7)}…`);
  });
});

describe("a start or end time given as a day alone", () => {
  it("says what to write instead: the day from 00:00 UTC, as the start-day pickers write it", () => {
    const text = "version>=120, starttime>=2026-11-01";
    expect(advancedErrorView(text, errorOf(text)).message).toBe(
      "Clause 2, character 26: the service takes a date and time, not a day alone: write " +
        "starttime>=2026-11-01T00:00:00Z (days start at 00:00 UTC)",
    );
  });

  it("writes each comparison as whole days, and what it writes is a filter the parser takes", () => {
    const fixes = {
      "starttime>=2026-11-01": "starttime>=2026-11-01T00:00:00Z",
      "starttime < 2026-11-01": "starttime<2026-11-01T00:00:00Z",
      "endtime>2026-11-30": "endtime>=2026-12-01T00:00:00Z",
      "endtime<=2026-12-31": "endtime<2027-01-01T00:00:00Z",
      "starttime=2024-02-28": "starttime>=2024-02-28T00:00:00Z,starttime<2024-02-29T00:00:00Z",
    };
    for (const [clause, fix] of Object.entries(fixes)) {
      expect(dayClauseFix(clause)).toBe(fix);
      expect(() => parseFilter(fix, "releases")).not.toThrow();
    }
  });

  it("leaves every other error in the parser's own words", () => {
    for (const clause of [
      "starttime>=2026-02-30",
      "starttime>=2026-11-01T00:00",
      "fraction>=2026-11-01",
      "endtime<=9999-12-31",
    ]) {
      expect(dayClauseFix(clause)).toBeNull();
      expect(advancedErrorView(clause, errorOf(clause)).message).toContain(errorOf(clause).detail);
    }
  });
});
