// Stored and served times out of range: read through bounds, said as "cannot tell", and one item's bad data
// spoils only that item (issue 39, points 3 and 4).
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../../../src/core/duration.ts";
import { expectedDay } from "../../../../src/shared/tracked/expected.ts";
import { daysToReach } from "../../../../src/shared/tracked/rollout-timing.ts";
import { ROLLOUTS_KEY } from "../../../../src/shared/tracked/rollouts-store.ts";
import { trackedUpdate } from "../../../../src/shared/tracked/view.ts";
import { realAsset, release, snapshot } from "../answers/fixtures.ts";

const NOW = Date.parse("2026-12-04T12:00:00Z");
const entry = (firstStart: number, steps: [number, number][]) => ({
  baseUrl: "https://versionhistory.googleapis.com/v1",
  product: "chrome",
  platform: "win64",
  fetchedAt: NOW,
  rollouts: [{ milestone: 150, firstStart, steps }],
});

describe("past rollouts as stored", () => {
  it("are read through bounds: a time of 1e300, or a step past a year, drops that platform's entry", () => {
    const warnings: string[] = [];
    const read = ROLLOUTS_KEY.read(
      [
        entry(1e300, [[0, 1]]),
        entry(NOW, [[400 * DAY_MS, 1]]),
        entry(NOW - 30 * DAY_MS, [
          [0, 0.1],
          [5 * DAY_MS, 1],
        ]),
      ],
      (w) => warnings.push(w),
    );
    expect(read.map((e) => e.rollouts[0]?.firstStart)).toEqual([NOW - 30 * DAY_MS]);
  });

  it("count a step only within a year of the first serving, never one before it", () => {
    /** A rollout from 10% to 100%, the second step `days` after the first serving. */
    const fullAfter = (days: number) => ({
      milestone: 150,
      firstStart: NOW,
      steps: [
        [0, 0.1],
        [days * DAY_MS, 1],
      ] as [number, number][],
    });
    expect(daysToReach(fullAfter(500), 95)).toBeNull();
    expect(daysToReach(fullAfter(-100_000_000), 95)).toBeNull();
    expect(daysToReach(fullAfter(9), 95)).toBe(9);
  });
});

describe("an expected day out of range", () => {
  it("is 'cannot tell' (null), never a day of 9999", () => {
    const e = expectedDay({
      milestone: 155,
      platform: "win64",
      threshold: 95,
      snapshot: null,
      schedules: [{ mstone: 155, stableDate: "9999-12-31" }],
      rollouts: [{ milestone: 150, firstStart: NOW, steps: [[0, 1]] }],
    });
    expect(e.day).toBeNull();
    expect(e.from).toEqual({ day: "9999-12-31", source: "schedule" });
  });
});

describe("one item's bad data", () => {
  it("spoils only that item: it says why, the others are worked out", () => {
    const result = trackedUpdate({
      items: [
        { kind: "milestone", id: "155", threshold: 95, where: "watched" },
        { kind: "feature", id: "has", threshold: 95, where: "watched" },
      ],
      memories: [],
      asset: realAsset(),
      watch: { product: "chrome", platform: "win64", channel: "stable" },
      snapshot: snapshot([release("win64", "stable", "151.0.7922.173", 1)]),
      schedules: [{ mstone: 155, stableDate: "2027-01-26" }],
      rollouts: () => {
        throw new RangeError("Invalid time value");
      },
      today: "2026-12-04",
      now: NOW,
    });
    expect(result.view.items.map((i) => i.rows[0]?.text)).toEqual([
      "could not be worked out (Invalid time value); the next check tries again",
      "already reached 95% on Windows when watched on 2026-12-04",
    ]);
  });
});
