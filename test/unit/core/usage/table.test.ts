// Usage tables as read from caniuse's region files and from a person's browserslist stats file: bounded,
// and a refusal names the JSON path of the first wrong value.
import { describe, expect, it } from "vitest";
import { readRegionFile, readStatsFile, UsageTableError } from "../../../../src/core/usage/table.ts";
import { GERMANY } from "../../../fakes/usage.ts";

const CURRENT = { and_chr: "154", chrome: "154" };

const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    if (error instanceof UsageTableError) return error.message;
    throw error;
  }
  return "not refused";
};

describe("a caniuse region file", () => {
  it("reads a version `0` as the browser's current version, and drops the empty ones", () => {
    const table = readRegionFile(GERMANY, { and_uc: "15.5" });
    expect(table).toMatchObject({ kind: "region", id: "DE", name: "Germany", month: "2026-08" });
    expect(table.agents.and_uc).toEqual({ "15.5": 1 });
    expect(table.agents.chrome).toEqual({ "104": 4, "105": 6 });
  });

  it("goes by the code it was asked by: a continent's file says `eu`, and is alt-eu; another region's is refused", () => {
    const europe = { ...GERMANY, id: "eu", name: "Europe" };
    expect(readRegionFile(europe, {}, "alt-eu")).toMatchObject({ id: "alt-eu", name: "Europe" });
    expect(refusal(() => readRegionFile(GERMANY, {}, "FR"))).toBe(
      "$.id: must be FR, the region asked for (it is DE's table)",
    );
  });

  it("is refused with the path of a share out of bounds", () => {
    const bad = { ...GERMANY, data: { chrome: { "105": 1e300 } } };
    expect(refusal(() => readRegionFile(bad, {}))).toBe(
      '$.data.chrome["105"]: must be a share from 0 to 100, or null',
    );
  });
});

describe("a browserslist stats file", () => {
  it("reads browserslist's shape and caniuse.com's export (dataByBrowser) alike", () => {
    const stats = { chrome: { "154": 40.5 }, and_chr: { "0": 20 } };
    expect(readStatsFile(stats, CURRENT).agents).toEqual({ chrome: { "154": 40.5 }, and_chr: { "154": 20 } });
    expect(readStatsFile({ id: "x", dataByBrowser: stats }, CURRENT).agents.chrome).toEqual({ "154": 40.5 });
  });

  it("is refused with the path of its first wrong value", () => {
    expect(refusal(() => readStatsFile({ chrome: { "154": "40%" } }, CURRENT))).toBe(
      '$.chrome["154"]: must be a share from 0 to 100, or null',
    );
    expect(refusal(() => readStatsFile({ "Chrome Mobile": {} }, CURRENT))).toBe(
      "$.Chrome Mobile: must be a browser id such as and_chr",
    );
    expect(refusal(() => readStatsFile([1, 2], CURRENT))).toBe("$: must be an object of browsers");
    expect(refusal(() => readStatsFile({ chrome: { "1": 80 }, firefox: { "1": 80 } }, CURRENT))).toBe(
      "$: must be shares that add up to at most 100",
    );
    expect(refusal(() => readStatsFile({ chrome: {} }, CURRENT))).toBe(
      "$: must be at least one browser version with a share above 0",
    );
  });

  it("keeps a version named __proto__ as a version, never the table's prototype", () => {
    const table = readStatsFile(JSON.parse('{"chrome": {"__proto__": 5, "154": 1}}'), CURRENT);
    expect(Object.keys(table.agents.chrome ?? {}).sort()).toEqual(["154", "__proto__"]);
    expect(Object.getPrototypeOf(table.agents.chrome)).toBeNull();
  });
});
