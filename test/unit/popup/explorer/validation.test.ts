// What is wrong with the controls, in the words the page shows beside them.
import { describe, expect, it } from "vitest";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import { controlErrors } from "../../../../src/popup/explorer/validation.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";

const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });

describe("control errors", () => {
  it("are none for the default state", () => {
    expect(controlErrors(base)).toEqual({});
  });

  it.each(["12.", "abc", "1.2.3.4.5", "080", "-1"])("version text %j is refused", (text) => {
    expect(controlErrors(state({ versionFrom: text, versionTo: text }))).toEqual({
      versionFrom: expect.stringContaining("is not a version") as unknown,
      versionTo: expect.stringContaining("is not a version") as unknown,
    });
  });

  it.each([
    ["080", '"080" is not a version; write the numbers without leading zeros, such as 80 rather than 080'],
    [
      "1.2.3.4.5",
      '"1.2.3.4.5" is not a version; a version has at most four numbers (major.minor.build.patch), not 5',
    ],
    ["12.", '"12." is not a version; write dotted numbers such as 120 or 120.0.6099.71'],
  ])("version text %j is explained in the query parser's own words", (text, words) => {
    expect(controlErrors(state({ versionFrom: text })).versionFrom).toBe(words);
  });

  it("version from above version to is reported at version to", () => {
    expect(controlErrors(state({ versionFrom: "121", versionTo: "120" }))).toEqual({
      versionTo: "120 is below the lowest version, 121",
    });
    expect(controlErrors(state({ versionFrom: "120.0.1.2", versionTo: "120.0.1.1" }))).toHaveProperty(
      "versionTo",
    );
  });

  it("a version under a short version to is within it", () => {
    expect(controlErrors(state({ versionFrom: "120.0.6099.71", versionTo: "120" }))).toEqual({});
    expect(controlErrors(state({ versionFrom: "120", versionTo: "120" }))).toEqual({});
  });

  it.each(["2024-02-30", "2023-02-29", "2024-3-1", "01/03/2024", "2024-03-01T00:00:00Z"])(
    "date %j is refused",
    (text) => {
      expect(controlErrors(state({ startFrom: text, startTo: text }))).toEqual({
        startFrom: expect.stringContaining("is not a date") as unknown,
        startTo: expect.stringContaining("is not a date") as unknown,
      });
    },
  );

  it("start from after start to is reported at start to", () => {
    expect(controlErrors(state({ startFrom: "2024-03-02", startTo: "2024-03-01" }))).toEqual({
      startTo: "2024-03-01 is before the first start day, 2024-03-02",
    });
  });

  it("the last day there is has no next day to bound it", () => {
    expect(controlErrors(state({ startTo: "9999-12-31" }))).toHaveProperty("startTo");
    expect(controlErrors(state({ startFrom: "9999-12-31" }))).toEqual({});
  });

  it.each([-1, 100.1, 12.25, Number.NaN, Number.POSITIVE_INFINITY])(
    "a share of %s percent is refused",
    (p) => {
      expect(controlErrors(state({ rollout: { kind: "atLeast", percent: p } }))).toEqual({
        rollout: "the share must be 0 to 100 percent, with at most one decimal",
      });
    },
  );

  it("controls the view disables are not checked", () => {
    const bad = { startFrom: "x", startTo: "y", rollout: { kind: "atLeast", percent: 500 } } as const;
    expect(controlErrors(state({ ...bad, view: "versions" }))).toEqual({});
    expect(Object.keys(controlErrors(state(bad))).sort()).toEqual(["rollout", "startFrom", "startTo"]);
  });

  it("a field twice in the order is reported", () => {
    const order = [
      { field: "version", direction: "asc" },
      { field: "version", direction: "desc" },
    ] as const;
    expect(controlErrors(state({ order }))).toEqual({
      order: '"version" is a sort key twice; the service takes each field once',
    });
  });

  it("ids that are no service id are reported", () => {
    expect(controlErrors(state({ product: "", platform: "Win 64", channel: "a/b" }))).toEqual({
      product: '"" is not an id such as win64 or stable',
      platform: '"Win 64" is not an id such as win64 or stable',
      channel: '"a/b" is not an id such as win64 or stable',
    });
  });
});
