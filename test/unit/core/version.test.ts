import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  compareVersions,
  isFilterVersion,
  milestoneOf,
  parseVersion,
  versionProblem,
} from "../../../src/core/version.ts";

describe("versions", () => {
  it("compares field by field as numbers, so 1.0.0.8 < 1.0.0.10 (the reference's version rule)", () => {
    expect(compareVersions("1.0.0.8", "1.0.0.10")).toBe(-1);
    expect(compareVersions("120.0.6099.71", "120.0.6099.9")).toBe(1);
  });

  it("fills missing fields with 0, so 80 equals 80.0.0.0 (the reference's version rule)", () => {
    expect(compareVersions("80", "80.0.0.0")).toBe(0);
    expect(compareVersions("80.0.0.1", "80")).toBe(1);
  });

  it("keeps non-numeric versions and sorts them below every numeric one", () => {
    const sorted = ["120.0.1.2", "unknown_version", "1", "abc"].sort(compareVersions);
    expect(sorted).toEqual(["abc", "unknown_version", "1", "120.0.1.2"]);
    expect(parseVersion("unknown_version")).toBeNull();
  });

  it("refuses texts that only look numeric", () => {
    for (const t of ["", "1.", ".1", "1..2", "1.-2", " 1", "1e3", "99999999999999999999"]) {
      expect(parseVersion(t), t).toBeNull();
    }
  });

  it("takes the milestone from the first field", () => {
    expect(milestoneOf("120.0.6099.71")).toBe(120);
    expect(milestoneOf("unknown_version")).toBeNull();
  });
});

describe("versions a person may write (filter clauses and the version controls)", () => {
  it.each(["0", "120", "120.0", "120.0.6099", "120.0.6099.71", "0.0.0.0", String(Number.MAX_SAFE_INTEGER)])(
    "%s is one",
    (text) => {
      expect(isFilterVersion(text)).toBe(true);
      expect(versionProblem(text)).toBeNull();
    },
  );

  it.each([
    ["", "write dotted numbers"],
    ["abc", "write dotted numbers"],
    ["120.", "write dotted numbers"],
    [".120", "write dotted numbers"],
    ["1..2", "write dotted numbers"],
    ["-1", "write dotted numbers"],
    [" 1", "write dotted numbers"],
    ["1e3", "write dotted numbers"],
    ["１２０", "write dotted numbers"],
    ["1.2.3.4.5", "at most four numbers (major.minor.build.patch), not 5"],
    ["080", "without leading zeros"],
    ["120.00", "without leading zeros"],
    ["120.0.06099.71", "without leading zeros"],
    ["9007199254740992", "too large"],
  ])("%j is not, and the words say why", (text, words) => {
    expect(isFilterVersion(text)).toBe(false);
    expect(versionProblem(text)).toContain(words);
  });

  it("never repeats a long text in its words", () => {
    expect(versionProblem("0".repeat(500) + "1")!.length).toBeLessThan(100);
  });

  it("is a subset of what parseVersion reads, with the same value", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("0", "1", "9", "."), maxLength: 12 }), (text) => {
        if (isFilterVersion(text)) expect(parseVersion(text)).toEqual(text.split(".").map(Number));
      }),
    );
  });
});

const numericVersion = fc
  .array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join("."));
const anyVersion = fc.oneof(numericVersion, numericVersion, fc.constantFrom("unknown_version", "x", "abc"));

describe("version order laws", () => {
  it("is antisymmetric", () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, (a, b) => {
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) || 0);
      }),
    );
  });

  it("is transitive", () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, anyVersion, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort(compareVersions) as [string, string, string];
        expect(compareVersions(x, y)).toBeLessThanOrEqual(0);
        expect(compareVersions(y, z)).toBeLessThanOrEqual(0);
        expect(compareVersions(x, z)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("is consistent with padding: appending .0 fields changes nothing", () => {
    fc.assert(
      fc.property(numericVersion, anyVersion, fc.integer({ min: 1, max: 3 }), (a, b, zeros) => {
        const padded = a + ".0".repeat(zeros);
        expect(compareVersions(padded, a)).toBe(0);
        expect(compareVersions(padded, b)).toBe(compareVersions(a, b));
      }),
    );
  });

  it("agrees with comparing zero-padded field lists lexicographically", () => {
    fc.assert(
      fc.property(numericVersion, numericVersion, (a, b) => {
        const pa = a.split(".").map(Number);
        const pb = b.split(".").map(Number);
        while (pa.length < 6) pa.push(0);
        while (pb.length < 6) pb.push(0);
        const i = pa.findIndex((x, k) => x !== pb[k]);
        const expected = i < 0 ? 0 : Math.sign((pa[i] ?? 0) - (pb[i] ?? 0));
        expect(compareVersions(a, b)).toBe(expected);
      }),
    );
  });
});
