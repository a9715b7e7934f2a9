import { describe, expect, it } from "vitest";
import { readDatasetJson } from "../../../../emulator/dataset.ts";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { expectedDay } from "../../../../src/shared/tracked/expected.ts";
import {
  daysToReach,
  milestoneRollouts,
  typicalRollout,
  typicalText,
} from "../../../../src/shared/tracked/rollout-timing.ts";
import { releaseOf } from "../../../fakes/release.ts";
import { snapshot } from "../answers/fixtures.ts";

const day = (d: string, hour = 18) => `${d}T${String(hour).padStart(2, "0")}:00:00Z`;

/**
 * A milestone rolled out in steps, as the service keeps it: a release per fraction step, each ending when the
 * next starts, the previous milestone serving the rest of the group. `steps`: [day, share] pairs.
 */
function steps(milestone: number, list: [string, number][], end?: string): ReleaseResource[] {
  return list.flatMap(([start, share], i) => {
    const next = list[i + 1]?.[0] ?? end;
    const endTime = next === undefined ? undefined : day(next);
    const own = releaseOf({
      version: `${milestone}.0.1.${i}`,
      fraction: share,
      startTime: day(start),
      endTime,
      fractionGroup: "1",
    });
    if (share >= 1) return [own];
    const rest = releaseOf({
      version: `${milestone - 1}.0.9.9`,
      fraction: 1 - share,
      startTime: day(start),
      endTime,
      fractionGroup: "1",
      id: i + milestone * 100,
    });
    return [own, rest];
  });
}

const HISTORY = [
  ...steps(
    150,
    [
      ["2026-06-02", 0.01],
      ["2026-06-04", 0.1],
      ["2026-06-07", 0.5],
      ["2026-06-11", 1],
    ],
    "2026-07-01",
  ),
  ...steps(
    151,
    [
      ["2026-07-01", 0.25],
      ["2026-07-08", 1],
    ],
    "2026-07-29",
  ),
  ...steps(
    152,
    [
      ["2026-07-29", 0.5],
      ["2026-08-01", 0.96],
      ["2026-08-12", 1],
    ],
    "2026-08-26",
  ),
  ...steps(153, [
    ["2026-08-26", 0.3],
    ["2026-08-30", 0.9],
  ]),
  // Another channel's releases of the same milestones count for nothing here.
  releaseOf({ channel: "beta", version: "153.0.1.0", startTime: day("2026-07-20") }),
];

describe("how past milestones rolled out, from the version history", () => {
  it("finds each milestone's rises and the days from its first Stable serving to a share", () => {
    const rollouts = milestoneRollouts(HISTORY, "stable");
    expect(rollouts.map((r) => r.milestone)).toEqual([149, 150, 151, 152, 153]);
    const m150 = rollouts.find((r) => r.milestone === 150)!;
    expect([1, 10, 50, 95, 100].map((t) => daysToReach(m150, t))).toEqual([0, 2, 5, 9, 9]);
    expect(rollouts.map((r) => daysToReach(r, 95))).toEqual([0, 9, 7, 3, null]);
  });

  it("says the median and range over the milestones before the one asked about", () => {
    const rollouts = milestoneRollouts(HISTORY, "stable").filter((r) => r.milestone >= 150);
    const typical = typicalRollout(rollouts, 95, 154);
    expect(typical).toEqual({ median: 7, min: 3, max: 9, n: 3, milestones: [150, 151, 152], missed: [153] });
    // The milestones counted are named, and the one that never reached the share is said.
    expect(typicalText(typical!, "Stable", 95)).toBe(
      "usually 3-9 days after Stable (median 7 over M150-M152; M153 did not reach 95%)",
    );
    expect(typicalRollout(rollouts, 95, 151)).toMatchObject({ median: 9, n: 1 });
    expect(typicalRollout(rollouts, 100, 150)).toBeNull();
  });

  it("expects a milestone at its first serving, or its scheduled Stable day, plus the median", () => {
    const rollouts = milestoneRollouts(HISTORY, "stable").filter((r) => r.milestone >= 150);
    const ask = (live: ReleaseResource[]) =>
      expectedDay({
        milestone: 154,
        platform: "win64",
        threshold: 95,
        snapshot: snapshot(live),
        schedules: [{ mstone: 154, stableDate: "2026-12-27" }],
        rollouts,
      });
    expect(ask([])).toMatchObject({ day: "2027-01-03", from: { day: "2026-12-27", source: "schedule" } });
    const serving = [releaseOf({ version: "154.0.1.0", fraction: 0.1, startTime: day("2026-12-20") })];
    expect(ask(serving)).toMatchObject({ day: "2026-12-27", from: { day: "2026-12-20", source: "served" } });
    expect(
      expectedDay({
        milestone: 154,
        platform: "win64",
        threshold: 95,
        snapshot: null,
        schedules: [],
        rollouts: null,
      }),
    ).toEqual({ day: null, from: null, typical: null });
  });

  it("reads the bundled history's staged rollouts: early stable at 1%, then steps to 100% weeks later", () => {
    const { releases } = readDatasetJson() as { releases: ReleaseResource[] };
    const win = releases.filter((r) => r.name.includes("/platforms/win64/"));
    const rollouts = milestoneRollouts(win, "stable");
    const m151 = rollouts.find((r) => r.milestone === 151)!;
    // Chrome 151's first Stable release on Windows (151.0.7922.34, its early-stable push), in the dataset's days.
    expect(new Date(m151.firstStart).toISOString().slice(0, 10)).toBe("2026-07-15");
    // Early stable at 1% from its first release, 10% on its Stable day (2026-07-28, 18:00 UTC), then 25%, 50%
    // and 100% 2, 4 and 7 + (151 mod 8) = 14 days later (emulator/data/README.md rule 7).
    const days = (ms: number): number => Math.round((ms / 86_400_000) * 10) / 10;
    expect(m151.steps.map(([at, share]) => [days(at), share])).toEqual([
      [0, 0.01],
      [days(Date.parse("2026-07-28T18:00:00Z") - m151.firstStart), 0.1],
      [days(Date.parse("2026-07-30T18:00:00Z") - m151.firstStart), 0.25],
      [days(Date.parse("2026-08-01T18:00:00Z") - m151.firstStart), 0.5],
      [days(Date.parse("2026-08-11T18:00:00Z") - m151.firstStart), 1],
    ]);
    // So the six before M152 took three to four weeks from their first Stable release to 95%.
    expect(typicalRollout(rollouts, 95, 152)).toMatchObject({
      min: 22,
      max: 27,
      n: 6,
      milestones: [146, 147, 148, 149, 150, 151],
      missed: [],
    });
  });
});
