// An edit of the synced watched list keeps what this version does not understand (issue 39, point 1): a newer
// version's items, items past the 50 listed, anything else; one Stop removes exactly one item.
import { describe, expect, it } from "vitest";
import {
  editStored,
  MAX_TRACKED,
  readTracked,
  trackedBeyond,
  withoutTracked,
  withTracked,
  type TrackedItem,
} from "../../../../src/shared/tracked/items.ts";
import { beyondWords } from "../../../../src/popup/tracked/tracked-list.ts";

const item = (n: number): TrackedItem => ({
  kind: "milestone",
  id: String(100 + n),
  threshold: 95,
  where: "watched",
});
/** Items of a newer version's shape: a kind, a threshold and a place this version does not know. */
const NEWER = [
  { kind: "origin-trial", id: "ot-1", threshold: 95, where: "watched" },
  { kind: "feature", id: "has", threshold: 97, where: "watched", note: "from v2" },
  { kind: "feature", id: "grid", threshold: 95, where: "my-cohort" },
];

describe("an edit of the stored list", () => {
  it("keeps a newer version's items as they were stored, and where", () => {
    const stored = [item(1), NEWER[0], item(2), NEWER[1], NEWER[2]];
    const next = editStored(stored, (items) => withoutTracked(items, "milestone:101"));
    expect(next).toEqual([NEWER[0], item(2), NEWER[1], NEWER[2]]);
    expect(JSON.stringify(next?.slice(0, 1))).toBe(JSON.stringify([NEWER[0]]));
  });

  it("with 55 items from a second writer, one Stop removes exactly one, and the five past 50 stay", () => {
    const stored = Array.from({ length: 55 }, (_, i) => item(i));
    expect(readTracked(stored, () => {})).toHaveLength(MAX_TRACKED);
    const next = editStored(stored, (items) => withoutTracked(items, "milestone:110")) ?? [];
    expect(next).toHaveLength(54);
    expect(next).toEqual(stored.filter((_, i) => i !== 10));
    // The first of those past 50 is listed now, as the 50th.
    expect(readTracked(next, () => {}).at(-1)).toEqual(item(50));
  });

  it("puts an added item after the last one listed: listed next time, before those past the limit", () => {
    const stored = [item(1), NEWER[0], item(2), NEWER[2]];
    const added = { ...item(9) };
    expect(editStored(stored, (items) => withTracked(items, added))).toEqual([
      item(1),
      NEWER[0],
      item(2),
      added,
      NEWER[2],
    ]);
  });

  it("changes an item in its place, and refuses to add to a full list", () => {
    const stored = Array.from({ length: 50 }, (_, i) => item(i));
    const raised = editStored(stored, (items) => withTracked(items, { ...item(3), threshold: 99 }));
    expect(raised?.[3]).toEqual({ ...item(3), threshold: 99 });
    expect(editStored(stored, (items) => withTracked(items, item(77)))).toBeNull();
  });

  it("does not edit a stored value that is not a list", () => {
    expect(editStored({ items: [item(1)] }, (items) => withTracked(items, item(2)))).toBeNull();
  });
});

describe("what the list says of the rest", () => {
  it("counts a newer version's items, items past 50, and entries that are no item", () => {
    const stored = [...Array.from({ length: 52 }, (_, i) => item(i)), ...NEWER, 42, item(3)];
    expect(trackedBeyond(stored)).toEqual({ newer: 3, over: 2, other: 2, notList: false });
    expect(beyondWords(trackedBeyond(stored))).toBe(
      "3 items are kept for a newer version of Release Radar; 2 more items are past the 50 listed, kept, not shown; 2 entries are no watched item (or one listed twice), ignored.",
    );
    expect(beyondWords(trackedBeyond("a list"))).toBe(
      "The watched list in sync storage is not a list this version can read; it is left as it is.",
    );
    expect(beyondWords(trackedBeyond([item(1)]))).toBeNull();
    expect(beyondWords(trackedBeyond(undefined))).toBeNull();
  });
});
