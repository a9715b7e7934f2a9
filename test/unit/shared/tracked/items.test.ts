import { describe, expect, it } from "vitest";
import {
  MAX_ID_LENGTH,
  MAX_TRACKED,
  readTracked,
  withoutTracked,
  withTracked,
  type TrackedItem,
} from "../../../../src/shared/tracked/items.ts";

const has: TrackedItem = { kind: "feature", id: "has", threshold: 95, where: "watched" };

function read(value: unknown): { items: TrackedItem[]; warnings: string[] } {
  const warnings: string[] = [];
  return { items: readTracked(value, (w) => warnings.push(w)), warnings };
}

describe("the watched items as stored in sync", () => {
  it("keeps good items and ignores each bad one with a word naming it, never the whole list", () => {
    const { items, warnings } = read([
      has,
      { ...has, id: "" },
      { kind: "milestone", id: "154", threshold: 90, where: "stable" },
      { kind: "milestone", id: "15x", threshold: 90, where: "stable" },
      { ...has, id: "grid", threshold: 97 },
      { ...has, id: "x".repeat(MAX_ID_LENGTH + 1) },
      { ...has, id: "émoji-ü" },
      "has",
    ]);
    expect(items.map((i) => i.id)).toEqual(["has", "154"]);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toContain("tracked[1].id");
    expect(warnings[1]).toContain("a milestone number");
    expect(warnings[2]).toContain("one of 50, 90, 95, 99, 100");
  });

  it("reads no list as nothing watched, with a word; an absent key silently", () => {
    expect(read({ has: true })).toEqual({
      items: [],
      warnings: [expect.stringContaining("expected a list")],
    });
    expect(read(undefined)).toEqual({ items: [], warnings: [] });
  });

  it("keeps one of a repeated item and at most 50", () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ ...has, id: `f${i % 60}` }));
    const { items } = read([has, has, ...many]);
    expect(items).toHaveLength(MAX_TRACKED);
    expect(new Set(items.map((i) => i.id)).size).toBe(MAX_TRACKED);
  });

  it("adds at the end, replaces the same item in place, refuses a 51st, and removes", () => {
    const list = withTracked([], has) ?? [];
    const changed = withTracked([...list, { ...has, id: "grid" }], { ...has, threshold: 50 });
    expect(changed?.map((i) => [i.id, i.threshold])).toEqual([
      ["has", 50],
      ["grid", 95],
    ]);
    const full = Array.from({ length: MAX_TRACKED }, (_, i) => ({ ...has, id: `f${i}` }));
    expect(withTracked(full, has)).toBeNull();
    expect(withTracked(full, { ...full[3]!, threshold: 99 })?.[3]?.threshold).toBe(99);
    expect(withoutTracked(changed ?? [], "feature:has").map((i) => i.id)).toEqual(["grid"]);
  });

  it("fits 50 items of the longest kind in one sync key (8,192 bytes with its name)", () => {
    const longest = Array.from({ length: MAX_TRACKED }, (_, i) => ({
      kind: "feature" as const,
      id: `${i}`.padEnd(MAX_ID_LENGTH, "x"),
      threshold: 100,
      where: "watched" as const,
    }));
    expect(read(longest).items).toHaveLength(MAX_TRACKED);
    expect(new TextEncoder().encode("tracked" + JSON.stringify(longest)).length).toBeLessThanOrEqual(8192);
  });
});
