import { describe, expect, it } from "vitest";
import { nextUp } from "../../../../src/core/query/scan.ts";
import { parseFilter, runQuery } from "../../../../src/core/query/index.ts";
import { rows } from "./records.ts";

describe("range scans", () => {
  it("nextUp gives the next representable double", () => {
    expect(nextUp(0)).toBe(Number.MIN_VALUE);
    expect(nextUp(1)).toBe(1 + Number.EPSILON);
    expect(nextUp(0.25)).toBeGreaterThan(0.25);
    expect((0.25 + nextUp(0.25)) / 2).toBeOneOf([0.25, nextUp(0.25)]);
    expect(nextUp(-1)).toBeGreaterThan(-1);
    expect(-nextUp(-0.5)).toBeLessThan(0.5);
  });

  it("strict bounds exclude the value itself, inclusive ones keep it", () => {
    const data = rows(
      [0.1, 0.25, 0.5].map((fraction, i) => ({
        version: String(i),
        start: "2024-01-01T00:00:00Z",
        fraction,
      })),
    );
    const shares = (f: string) =>
      runQuery(data, parseFilter(f, "releases"), [], "releases").map((r) => r.fraction);
    expect(shares("fraction>0.1,fraction<0.5")).toEqual([0.25]);
    expect(shares("fraction>=0.1,fraction<=0.5").sort()).toEqual([0.1, 0.25, 0.5]);
    expect(shares("fraction>0.5")).toEqual([]);
    expect(shares("fraction>0.25,fraction<0.25")).toEqual([]);
    expect(shares("fraction=0.25,fraction>=0.25")).toEqual([0.25]);
  });
});
