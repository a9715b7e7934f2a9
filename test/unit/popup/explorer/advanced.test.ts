// The advanced field: the filter the controls send as text, and typed text read back into the controls.
import { describe, expect, it } from "vitest";
import { parseFilter, type Filter } from "../../../../src/core/query/index.ts";
import {
  advancedText,
  applyAdvanced,
  FilterTooLongError,
  MAX_FILTER_LENGTH,
} from "../../../../src/popup/explorer/advanced.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";

const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });
const parse = (text: string, view: "releases" | "versions" = "releases"): Filter => parseFilter(text, view);

describe("the advanced field", () => {
  it("shows exactly the filter the controls send", () => {
    expect(advancedText(state({ versionFrom: "120", liveOnly: true }))).toBe("version>=120,endtime=none");
  });

  it("sets the controls its clauses express and keeps the rest as extra clauses", () => {
    const result = applyAdvanced("name = x, version >= 120, fraction>0.3, endtime=none", base);
    expect(result).toEqual({
      ok: true,
      state: state({ versionFrom: "120", liveOnly: true, extra: parse("name=x,fraction>0.3") }),
    });
  });

  it("round-trips through the controls with its extra clauses kept", () => {
    const typed = applyAdvanced('platform="a,b",version<121,starttime>2024-01-01T08:00:00Z', base);
    if (!typed.ok) throw typed.error;
    const changed = { ...typed.state, liveOnly: true };
    expect(advancedText(changed)).toBe(
      'version<121,endtime=none,platform="a,b",starttime>2024-01-01T08:00:00Z',
    );
  });

  it("reports a bad value at its clause and character", () => {
    const result = applyAdvanced("version>=120, fraction>=2", base);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.parameter).toBe("filter");
    expect(result.error.clauseIndex).toBe(1);
    expect(result.error.position).toBe("version>=120, fraction>=".length);
  });

  it("reports a field the versions view does not have at its clause", () => {
    const result = applyAdvanced("version>=120,endtime=none", state({ view: "versions" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.clauseIndex).toBe(1);
    expect(result.error.position).toBe("version>=120,".length);
    expect(result.error.detail).toMatch(/not allowed on the versions endpoint/);
  });

  it("clears the filter when emptied", () => {
    const before = state({ versionFrom: "120", extra: parse("name=x") });
    expect(applyAdvanced("  ", before)).toEqual({ ok: true, state: base });
  });
});

describe("the advanced field's length limit", () => {
  /** A valid filter of exactly `length` characters. */
  const filterOf = (length: number): string => `name=${"x".repeat(length - "name=".length)}`;

  it("takes a filter of exactly the limit", () => {
    const result = applyAdvanced(filterOf(MAX_FILTER_LENGTH), base);
    expect(result.ok).toBe(true);
  });

  it("refuses a longer one, valid or not, without reading it, and says how long it is", () => {
    for (const text of [filterOf(812), `version>=${"1".repeat(803)}`]) {
      const result = applyAdvanced(text, state({ versionFrom: "120" }));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toBeInstanceOf(FilterTooLongError);
      expect(result.error.detail).toBe("The filter is limited to 500 characters; this one has 812.");
      expect(result.error.position).toBe(MAX_FILTER_LENGTH);
    }
  });

  it("counts what an input's maxlength counts: UTF-16 code units", () => {
    const text = `name=${"😀".repeat(248)}`; // 5 + 496 units, 253 characters
    expect(applyAdvanced(text, base).ok).toBe(false);
  });
});
