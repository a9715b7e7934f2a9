// The share of a channel's users who have a feature: the live releases at or above its milestone, summed
// within a fraction group, at the boundaries the issue names.
import { describe, expect, it } from "vitest";
import { livePlatforms, shareAtOrAbove, shareOfMilestone } from "../../../../src/shared/answers/shares.ts";
import { release, snapshot } from "./fixtures.ts";

/** Stable on Windows rolling 158 out to 25%, 157 serving the rest, in one fraction group. */
const rolling = snapshot([
  release("win64", "stable", "158.0.7500.50", 0.25, { group: "7" }),
  release("win64", "stable", "157.0.7400.120", 0.75, { group: "7" }),
]);

describe("shareAtOrAbove", () => {
  it("a feature in exactly the live milestone: everyone has it", () => {
    const s = snapshot([release("win64", "stable", "157.0.7400.120", 1, { group: "1" })]);
    expect(shareAtOrAbove(s, "win64", "stable", 157)).toBe(1);
  });

  it("a feature in the milestone rolling out at 25%: a quarter has it", () => {
    expect(shareAtOrAbove(rolling, "win64", "stable", 158)).toBe(0.25);
  });

  it("a feature in the milestone before the rolling one: everyone has it, both versions counted", () => {
    expect(shareAtOrAbove(rolling, "win64", "stable", 157)).toBe(1);
  });

  it("a feature in no live milestone yet: nobody has it", () => {
    expect(shareAtOrAbove(rolling, "win64", "stable", 159)).toBe(0);
  });

  it("a feature in a past milestone: everyone has it", () => {
    expect(shareAtOrAbove(rolling, "win64", "stable", 105)).toBe(1);
  });

  it("counts a version live in two fraction groups once, not twice (never over 100%)", () => {
    const s = snapshot([
      release("win64", "stable", "158.0.7500.50", 1, { group: "1" }),
      release("win64", "stable", "158.0.7500.50", 1, { group: "2", startTime: "2026-11-21T18:00:00Z" }),
    ]);
    expect(shareAtOrAbove(s, "win64", "stable", 158)).toBe(1);
  });

  it("takes the largest group's share where groups differ, as a version's share is read (live.ts)", () => {
    const s = snapshot([
      release("win64", "stable", "158.0.7500.50", 0.1, { group: "1" }),
      release("win64", "stable", "157.0.7400.120", 0.9, { group: "1" }),
      release("win64", "stable", "158.0.7500.51", 0.5, { group: "2" }),
    ]);
    expect(shareAtOrAbove(s, "win64", "stable", 158)).toBe(0.5);
  });

  it("ignores ended releases, other channels, other platforms and versions that are not numeric", () => {
    const s = snapshot([
      release("win64", "stable", "158.0.7500.50", 1, { endTime: "2026-11-21T00:00:00Z" }),
      release("win64", "beta", "159.0.7600.1", 1),
      release("mac", "stable", "158.0.7500.50", 1),
      release("win64", "stable", "unknown_version", 1),
    ]);
    expect(shareAtOrAbove(s, "win64", "stable", 158)).toBe(0);
  });
});

describe("shareOfMilestone", () => {
  it("is the share on that milestone exactly", () => {
    expect(shareOfMilestone(rolling, "win64", "stable", 157)).toBe(0.75);
    expect(shareOfMilestone(rolling, "win64", "stable", 158)).toBe(0.25);
    expect(shareOfMilestone(rolling, "win64", "stable", 156)).toBe(0);
  });
});

describe("livePlatforms", () => {
  it("lists the platforms live on a channel once each, in the catalog's order", () => {
    const s = snapshot([
      release("android", "stable", "157.0.1.1", 1),
      release("win64", "stable", "157.0.1.1", 1),
      release("win64", "stable", "158.0.1.1", 1),
      release("linux", "beta", "158.0.1.1", 1),
    ]);
    expect(livePlatforms(s, "stable")).toEqual(["win64", "android"]);
  });
});
