// Matching and ranking what people type against the real asset's features: exact before loose, and a typo
// or a miss handled honestly.
import { describe, expect, it } from "vitest";
import {
  closestNames,
  featureById,
  featureIndex,
  matchFeatures,
} from "../../../../src/core/features/match.ts";
import { realAsset } from "../../shared/answers/fixtures.ts";

const index = () => featureIndex(realAsset());
const top = (text: string) => matchFeatures(index(), text)[0];
const ids = (text: string, limit?: number) => matchFeatures(index(), text, limit).map((m) => m.feature.id);

describe("matchFeatures", () => {
  it("an id typed as it is matches that feature first, as an exact id", () => {
    expect(top("has")).toMatchObject({ feature: { id: "has" }, how: "id", score: 100 });
    expect(top("view-transitions")).toMatchObject({ feature: { id: "view-transitions" }, how: "id" });
  });

  it("a name typed with its punctuation or in other case meets the id: `:has()`, `View Transitions`", () => {
    expect(top(":has()")?.feature.id).toBe("has");
    expect(top("View Transitions")?.feature.id).toBe("view-transitions");
    expect(top("container queries")?.feature.id).toBe("container-queries");
  });

  it("an exact name that is not the id ranks as a name", () => {
    expect(top("Container queries (size)")).toMatchObject({
      feature: { id: "container-queries" },
      how: "name",
      score: 90,
    });
  });

  it("a caniuse id or a compat entry matches as an alias: `css-has`, `container-type`, `CSS container rule`", () => {
    expect(top("CSS container rule")).toMatchObject({ feature: { id: "container-queries" }, how: "alias" });
    expect(top("css-has")).toMatchObject({ feature: { id: "has" }, how: "alias", score: 80 });
    expect(top("container-type")).toMatchObject({ feature: { id: "container-queries" }, how: "alias" });
  });

  it("a moved feature's old id leads to where it went", () => {
    expect(top("masonry")).toMatchObject({ feature: { id: "grid-lanes" }, how: "moved", score: 95 });
  });

  it("ranks exact before prefix before words, the shorter name first within a score", () => {
    const matches = matchFeatures(index(), "grid");
    expect(matches[0]?.feature.id).toBe("grid");
    const scores = matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const prefixes = matches.filter((m) => m.how === "prefix").map((m) => m.feature.name.length);
    expect(prefixes).toEqual([...prefixes].sort((a, b) => a - b));
    expect(matches.slice(1).every((m) => m.how === "prefix" || m.how === "alias-prefix")).toBe(true);
  });

  it("matches every word of a question in any order: `queries style container`", () => {
    expect(ids("queries style container")).toContain("container-style-queries");
  });

  it("a prefix typed so far already finds the feature: `view-trans`, `contai`", () => {
    expect(ids("view-trans")).toContain("view-transitions");
    expect(top("contai")?.how).toBe("prefix");
  });

  it("a small typo still finds the feature, scored below every exact or prefix match", () => {
    const typo = top("contaner queries");
    expect(typo).toMatchObject({ feature: { id: "container-queries" }, how: "typo" });
    expect(typo?.score).toBeLessThan(40);
  });

  it("does not guess from a short word: one letter off `has` is another word, not a typo", () => {
    expect(ids("hsa")).toEqual([]);
  });

  it("matches nothing for `xyzzy` or for punctuation alone", () => {
    expect(ids("xyzzy")).toEqual([]);
    expect(ids(":()")).toEqual([]);
  });

  it("returns at most `limit` matches", () => {
    expect(ids("h", 3)).toHaveLength(3);
  });
});

describe("closestNames", () => {
  it("offers names near a miss, nearest first", () => {
    expect(closestNames(index(), "hsa")).toEqual(["HSL", "<a>", "HWB"]);
  });

  it("offers none when nothing is near: `xyzzy`", () => {
    expect(closestNames(index(), "xyzzy")).toEqual([]);
  });
});

describe("featureById", () => {
  it("finds a feature by id, and a moved one where it went", () => {
    expect(featureById(index(), "has")?.name).toBe(":has()");
    expect(featureById(index(), "masonry")?.id).toBe("grid-lanes");
    expect(featureById(index(), "xyzzy")).toBeNull();
  });
});

describe("featureIndex", () => {
  it("is built once per asset", () => {
    expect(featureIndex(realAsset())).toBe(featureIndex(realAsset()));
  });
});
