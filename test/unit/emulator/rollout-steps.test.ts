// Rule 7 of emulator/data/README.md on small histories: how a past Stable rollout is written in steps.
import { describe, expect, it } from "vitest";
import { buildDataset } from "../../../emulator/dataset-build.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";

const DAY = 86_400_000;
/** 2024-05-01 20:00 UTC: a Wednesday afternoon in Pacific time. */
const T0 = Date.UTC(2024, 4, 1, 20);
const at = (days: number, hour = 18): number => Date.UTC(2024, 4, 1 + days, hour);
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");

function rec(version: string, time: number, platform = "windows"): Record<string, unknown> {
  return { channel: "stable", platform, version, time, milestone: Number(version.split(".")[0]) };
}

/** [version, start, end, fraction, group] of `platform`'s stable records, by start then version. */
function rows(releases: readonly ReleaseResource[], platform = "win"): (string | number | undefined)[][] {
  return releases
    .filter((r) => r.name.includes(`/platforms/${platform}/channels/stable/`))
    .map((r) => [r.version, r.serving.startTime, r.serving.endTime, r.fraction, r.fractionGroup])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0])));
}

describe("a past Stable rollout in steps (rule 7)", () => {
  // Milestone 10 (Stable day 2024-05-08, one week after its first release) rolls out over milestone 9; 11
  // follows four weeks later and is live at 1 (no older milestone live beside it).
  const stableDays = new Map([[10, "2024-05-08"]]);

  it("steps from early stable to 100%, the older milestone serving the rest in one group", () => {
    const { releases } = buildDataset(
      [rec("9.0.0.1", T0 - 20 * DAY), rec("10.0.0.1", T0), rec("11.0.0.1", T0 + 28 * DAY)],
      [],
      stableDays,
    );
    // 7 + (10 mod 8) = 9 days after the Stable day's 10% (2024-05-08 18:00 UTC) comes 100%.
    expect(rows(releases)).toEqual([
      ["9.0.0.1", iso(T0 - 20 * DAY), iso(T0), 1, "1"],
      ["10.0.0.1", iso(T0), iso(at(7)), 0.01, "2"],
      ["9.0.0.1", iso(T0), iso(at(7)), 0.99, "2"],
      ["10.0.0.1", iso(at(7)), iso(at(9)), 0.1, "2"],
      ["9.0.0.1", iso(at(7)), iso(at(9)), 0.9, "2"],
      ["10.0.0.1", iso(at(9)), iso(at(11)), 0.25, "2"],
      ["9.0.0.1", iso(at(9)), iso(at(11)), 0.75, "2"],
      ["10.0.0.1", iso(at(11)), iso(at(16)), 0.5, "2"],
      ["9.0.0.1", iso(at(11)), iso(at(16)), 0.5, "2"],
      ["10.0.0.1", iso(at(16)), iso(T0 + 28 * DAY), 1, "2"],
      ["11.0.0.1", iso(T0 + 28 * DAY), undefined, 1, "3"],
    ]);
    // The names follow the records' start seconds, as the service's do.
    expect(releases.find((r) => r.fraction === 0.1)?.name).toMatch(new RegExp(`/releases/${at(7) / 1000}$`));
  });

  it("gives a build a new record only when its share changes, and a respin takes over the share", () => {
    const { releases } = buildDataset(
      [
        rec("9.0.0.1", T0 - 20 * DAY),
        rec("10.0.0.1", T0),
        rec("9.0.0.2", T0 + DAY), // the older milestone's respin: 10.0.0.1's share does not change
        rec("10.0.0.2", at(10, 3)), // a respin during the rollout, at 25%
        rec("11.0.0.1", T0 + 28 * DAY),
      ],
      [],
      stableDays,
    );
    const of = (version: string) => rows(releases).filter((r) => r[0] === version);
    expect(of("10.0.0.1").map((r) => [r[1], r[3]])).toEqual([
      [iso(T0), 0.01],
      [iso(at(7)), 0.1],
      [iso(at(9)), 0.25],
    ]);
    expect(of("10.0.0.1").at(-1)?.[2]).toBe(iso(at(10, 3)));
    expect(of("10.0.0.2").map((r) => [r[1], r[3]])).toEqual([
      [iso(at(10, 3)), 0.25],
      [iso(at(11)), 0.5],
      [iso(at(16)), 1],
    ]);
    expect(of("9.0.0.1").at(-1)?.slice(2, 4)).toEqual([iso(T0 + DAY), 0.99]);
    expect(of("9.0.0.2").at(-1)?.slice(2, 4)).toEqual([iso(at(16)), 0.5]);
  });

  it("lets the two highest builds pushed together share their milestone's part; a third is superseded at once", () => {
    const { releases } = buildDataset(
      [
        rec("9.0.0.1", T0 - 20 * DAY),
        rec("10.0.0.1", T0),
        rec("10.0.0.2", T0),
        rec("10.0.0.3", T0),
        rec("11.0.0.1", T0 + 28 * DAY),
      ],
      [],
      stableDays,
    );
    const first = rows(releases).filter((r) => r[1] === iso(T0));
    expect(first).toEqual([
      ["10.0.0.1", iso(T0), iso(T0), 1, "2"],
      ["10.0.0.2", iso(T0), iso(at(7)), 0.005, "2"],
      ["10.0.0.3", iso(T0), iso(at(7)), 0.005, "2"],
      ["9.0.0.1", iso(T0), iso(at(7)), 0.99, "2"],
    ]);
  });

  it("steps the newest milestone only up to its live share, where its live release starts", () => {
    // 11 is live at 0.25 beside 10's last respin (rule 4); its first build came a week before.
    const { releases } = buildDataset(
      [
        rec("9.0.0.1", T0 - 20 * DAY),
        rec("10.0.0.1", T0),
        rec("11.0.0.1", T0 + 28 * DAY),
        rec("11.0.0.2", T0 + 35 * DAY),
        rec("10.0.0.9", T0 + 36 * DAY),
      ],
      [],
      new Map([[11, "2024-06-04"]]),
    );
    const newest = rows(releases).filter((r) => String(r[0]).startsWith("11."));
    expect(newest.map((r) => [r[0], r[1], r[3]])).toEqual([
      ["11.0.0.1", iso(T0 + 28 * DAY), 0.01],
      ["11.0.0.1", iso(at(34)), 0.1],
      ["11.0.0.2", iso(T0 + 35 * DAY), 0.25],
    ]);
    expect(rows(releases).filter((r) => r[2] === undefined)).toEqual([
      ["11.0.0.2", iso(T0 + 35 * DAY), undefined, 0.25, "4"],
      ["10.0.0.9", iso(T0 + 36 * DAY), undefined, 0.75, "4"],
    ]);
    // Until 10.0.0.9 ships, 10's build before it serves the rest in the live group: it adds up to 1.
    expect(rows(releases).filter((r) => r[1] === iso(T0 + 35 * DAY) && r[0] === "10.0.0.1")).toEqual([
      ["10.0.0.1", iso(T0 + 35 * DAY), iso(T0 + 36 * DAY), 0.75, "4"],
    ]);
  });

  it("leaves Linux Stable at 1", () => {
    const { releases } = buildDataset(
      [
        rec("9.0.0.1", T0 - 20 * DAY, "linux"),
        rec("10.0.0.1", T0, "linux"),
        rec("11.0.0.1", T0 + 28 * DAY, "linux"),
      ],
      [],
      stableDays,
    );
    expect(rows(releases, "linux").map((r) => r[3])).toEqual([1, 1, 1]);
  });
});
