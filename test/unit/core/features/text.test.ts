// The two small text rules matching stands on: one spelling for comparing, and a bounded edit distance.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedDistance } from "../../../../src/core/features/distance.ts";
import { normalize, normalizeName } from "../../../../src/core/features/normalize.ts";

describe("normalize", () => {
  it("lower-cases and turns each run of punctuation or space into one space", () => {
    expect(normalize(":has()")).toBe("has");
    expect(normalize("View  Transitions")).toBe("view transitions");
    expect(normalize("view-transitions")).toBe("view transitions");
    expect(normalize("<dialog>")).toBe("dialog");
  });

  it("keeps letters of every script", () => {
    expect(normalize("Ünïcode שלום")).toBe("ünïcode שלום");
  });
});

describe("normalizeName", () => {
  it("splits camel case into words, an acronym before the next word", () => {
    expect(normalizeName("CSSContainerRule")).toBe("css container rule");
    expect(normalizeName("HTMLDialogElement")).toBe("html dialog element");
    expect(normalizeName("startViewTransition")).toBe("start view transition");
  });
});

describe("boundedDistance", () => {
  it("is the edit distance when within the bound", () => {
    expect(boundedDistance("contaner", "container", 2)).toBe(1);
    expect(boundedDistance("kitten", "sitting", 3)).toBe(3);
    expect(boundedDistance("", "abc", 3)).toBe(3);
  });

  it("is bound + 1 when farther, however far", () => {
    expect(boundedDistance("xyzzy", "container", 2)).toBe(3);
    expect(boundedDistance("a", "abcdefgh", 1)).toBe(2);
  });

  it("is symmetric and zero exactly for equal texts", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = boundedDistance(a, b, 4);
        expect(d).toBe(boundedDistance(b, a, 4));
        expect(d === 0).toBe(a === b);
      }),
    );
  });
});
