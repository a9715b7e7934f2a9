import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
import {
  buildDataset,
  formatDataset,
  STAGED_ROLLOUT_FRACTIONS,
  stableDaysOf,
} from "../../../emulator/dataset-build.ts";
import { InvalidSourceRecordError } from "../../../emulator/dataset-source.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";

/** A Chromium Dash record with only the fields the build reads (real records carry more; they are ignored). */
function rec(platform: string, version: string, time: number, channel = "stable"): Record<string, unknown> {
  return { channel, platform, version, time, milestone: Number(version.split(".")[0]) };
}

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);

function releasesOf(
  releases: readonly ReleaseResource[],
  platform: string,
  channel: string,
): ReleaseResource[] {
  return releases.filter((r) => r.name.includes(`/platforms/${platform}/channels/${channel}/`));
}

/** Releases of one group from oldest to newest start (the dataset itself is ordered version desc). */
function byStart(releases: readonly ReleaseResource[]): ReleaseResource[] {
  return [...releases].sort((a, b) => (a.serving.startTime < b.serving.startTime ? -1 : 1));
}

describe("buildDataset", () => {
  it("turns one windows record into the same release on win and win64", () => {
    const { releases } = buildDataset([rec("windows", "125.0.6422.113", T0)], []);

    expect(releases.map((r) => r.name)).toEqual([
      `chrome/platforms/win/channels/stable/versions/125.0.6422.113/releases/${T0 / 1000}`,
      `chrome/platforms/win64/channels/stable/versions/125.0.6422.113/releases/${T0 / 1000}`,
    ]);
    const [win, win64] = releases;
    expect({ ...win, name: "" }).toEqual({ ...win64, name: "" });
  });

  it("ends a release when the next respin of its own milestone starts, even after a newer milestone started", () => {
    // Input out of time order on purpose: the group is sorted by start time before end times are set.
    const { releases } = buildDataset(
      [rec("linux", "1.0.0.1", T0 + 2 * DAY), rec("linux", "1.0.0.0", T0), rec("linux", "2.0.0.0", T0 + DAY)],
      [],
    );

    // 2.0.0.0 started in between, but 1.0.0.0 is served until its milestone's next respin.
    expect(releases.find((r) => r.version === "1.0.0.0")?.serving).toEqual({
      startTime: "2024-05-01T12:00:00.000000Z",
      endTime: "2024-05-03T12:00:00.000000Z",
    });
  });

  it("ends the last release of a milestone when the next higher milestone starts", () => {
    const { releases } = buildDataset(
      [
        rec("linux", "1.0.0.0", T0),
        rec("linux", "1.0.0.1", T0 + DAY),
        rec("linux", "2.0.0.0", T0 + 2 * DAY),
        rec("linux", "3.0.0.0", T0 + 3 * DAY),
      ],
      [],
    );

    expect(byStart(releases).map((r) => [r.version, r.serving.endTime])).toEqual([
      ["1.0.0.0", "2024-05-02T12:00:00.000000Z"], // next respin
      ["1.0.0.1", "2024-05-03T12:00:00.000000Z"], // last of milestone 1: when 2.0.0.0 starts
      ["2.0.0.0", "2024-05-04T12:00:00.000000Z"], // last of milestone 2: when 3.0.0.0 starts
      ["3.0.0.0", undefined], // nothing higher after it: live
    ]);
    const newest = releases.find((r) => r.version === "3.0.0.0");
    expect(newest && "endTime" in newest.serving).toBe(false);
  });

  it("numbers fractionGroup 1, 2, 3... in start order within the group", () => {
    const { releases } = buildDataset(
      [rec("linux", "1.0.0.0", T0), rec("linux", "1.0.0.1", T0 + DAY), rec("linux", "1.0.0.2", T0 + 2 * DAY)],
      [],
    );

    expect(byStart(releases).map((r) => r.fractionGroup)).toEqual(["1", "2", "3"]);
  });

  it.each(["win", "win64", "mac", "android"] as const)(
    "keeps the newest milestone live at F beside the previous milestone's last respin at 1 - F on %s stable",
    (platform) => {
      const source = platform === "win" || platform === "win64" ? "windows" : platform;
      // 2.0.0.0 ships, then 1.0.0.x keeps getting respins after it (as Chromium Dash records).
      const { releases } = buildDataset(
        [
          rec(source, "1.0.0.0", T0),
          rec(source, "1.0.0.1", T0 + DAY),
          rec(source, "2.0.0.0", T0 + 2 * DAY),
          rec(source, "1.0.0.2", T0 + 3 * DAY),
        ],
        [],
      );
      const F = STAGED_ROLLOUT_FRACTIONS[platform] ?? Number.NaN;

      const [older, oldRespin, newest, predecessor] = byStart(releasesOf(releases, platform, "stable"));
      expect(newest).toMatchObject({ version: "2.0.0.0", fraction: F, fractionGroup: "3", pinnable: false });
      expect(predecessor).toMatchObject({
        version: "1.0.0.2",
        fraction: 1 - F,
        fractionGroup: "3",
        pinnable: false,
      });
      expect(newest?.serving).toEqual({ startTime: "2024-05-03T12:00:00.000000Z" });
      expect(predecessor?.serving).toEqual({ startTime: "2024-05-04T12:00:00.000000Z" });
      expect(newest?.rolloutData).toEqual([{ rolloutName: "2.0.0.0 Rollout", tag: ["rollout"] }]);
      expect(predecessor?.rolloutData).toEqual([{ rolloutName: "1.0.0.2 Rollout", tag: ["rollout"] }]);
      // Older releases are untouched: fully rolled out, each ended by its milestone's next respin.
      for (const r of [older, oldRespin]) {
        expect(r).toMatchObject({ fraction: 1, pinnable: true, rolloutData: [] });
      }
      expect(oldRespin?.serving.endTime).toBe(predecessor?.serving.startTime);
    },
  );

  it("ends a third live release of a staged group at the group's latest start", () => {
    // Four milestones, each newer one shipped before the older ones' last respins: all four stay live under
    // the end-time rules, which real data never does. 4 and 3 form the rollout; 2 and 1 end.
    const { releases } = buildDataset(
      [
        rec("mac", "4.0.0.0", T0),
        rec("mac", "3.0.0.0", T0 + DAY),
        rec("mac", "2.0.0.0", T0 + 2 * DAY),
        rec("mac", "1.0.0.0", T0 + 3 * DAY),
      ],
      [],
    );

    expect(releases.filter((r) => r.serving.endTime === undefined).map((r) => r.version)).toEqual([
      "4.0.0.0",
      "3.0.0.0",
    ]);
    for (const version of ["2.0.0.0", "1.0.0.0"]) {
      expect(releases.find((r) => r.version === version)).toMatchObject({
        serving: { endTime: "2024-05-04T12:00:00.000000Z" },
        fraction: 1,
        rolloutData: [],
      });
    }
  });

  it("leaves the newest stable release alone at fraction 1 when no older milestone is still live", () => {
    const { releases } = buildDataset([rec("mac", "1.0.0.0", T0), rec("mac", "2.0.0.0", T0 + DAY)], []);

    const live = releases.filter((r) => r.serving.endTime === undefined);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ version: "2.0.0.0", fraction: 1, pinnable: true, rolloutData: [] });
  });

  it("keeps linux stable and every dev group at a single live release, ending the older milestone's respin", () => {
    // Per group: 2.0.0.0 ships, then a 1.0.0.x respin comes after it, so both would be live by the end rules.
    const history = (channel: string) =>
      ["windows", "mac", "android", "linux"].flatMap((p) => [
        rec(p, "1.0.0.0", T0, channel),
        rec(p, "2.0.0.0", T0 + DAY, channel),
        rec(p, "1.0.0.1", T0 + 2 * DAY, channel),
      ]);
    const { releases } = buildDataset(history("stable"), history("dev"));

    const unstaged = releases.filter(
      (r) => r.name.includes("/platforms/linux/") || r.name.includes("/channels/dev/"),
    );
    expect(unstaged).toHaveLength(3 + 5 * 3); // linux stable, then dev on win, win64, mac, linux, android
    for (const r of unstaged) {
      expect(r).toMatchObject({ fraction: 1, pinnable: true, rolloutData: [] });
    }
    expect(unstaged.filter((r) => r.serving.endTime === undefined).map((r) => r.version)).toEqual(
      Array(6).fill("2.0.0.0"),
    );
    // Superseded at max(its own start, the newest's start): here its own start, a zero-length interval.
    for (const r of unstaged.filter((r) => r.version === "1.0.0.1")) {
      expect(r.serving).toEqual({
        startTime: "2024-05-03T12:00:00.000000Z",
        endTime: "2024-05-03T12:00:00.000000Z",
      });
    }
  });

  it("leaves a stable group of a single release fully rolled out (there is no predecessor to share with)", () => {
    const { releases } = buildDataset([rec("mac", "1.0.0.0", T0)], []);

    expect(releases).toEqual([
      {
        name: `chrome/platforms/mac/channels/stable/versions/1.0.0.0/releases/${T0 / 1000}`,
        serving: { startTime: "2024-05-01T12:00:00.000000Z" },
        fraction: 1,
        version: "1.0.0.0",
        fractionGroup: "1",
        pinnable: true,
        rolloutData: [],
      },
    ]);
  });

  it("names a release by its start time in whole Unix seconds and writes the start with six fractional digits", () => {
    const { releases } = buildDataset([rec("linux", "125.0.6422.113", 1717013496621)], []);

    expect(releases[0]?.name).toBe(
      "chrome/platforms/linux/channels/stable/versions/125.0.6422.113/releases/1717013496",
    );
    expect(releases[0]?.serving.startTime).toBe("2024-05-29T20:11:36.621000Z");
  });

  it("orders releases that start at the same instant by version, numerically", () => {
    const { releases } = buildDataset([rec("linux", "1.0.0.10", T0), rec("linux", "1.0.0.9", T0)], []);

    const live = releases.filter((r) => r.serving.endTime === undefined);
    expect(live.map((r) => r.version)).toEqual(["1.0.0.10"]);
    expect(releases.find((r) => r.version === "1.0.0.9")?.serving.endTime).toBe(
      "2024-05-01T12:00:00.000000Z",
    );
  });

  it("keeps one release when two records would get the same name, the earliest", () => {
    const { releases } = buildDataset(
      [rec("linux", "1.0.0.0", T0 + 700), rec("linux", "1.0.0.0", T0 + 200)],
      [],
    );

    expect(releases).toHaveLength(1);
    expect(releases[0]?.serving).toEqual({ startTime: "2024-05-01T12:00:00.200000Z" });
  });

  it.each([
    ["time", "missing", { version: "1.0.0.0", platform: "linux", channel: "stable" }],
    ["time", "a string", { version: "1.0.0.0", platform: "linux", channel: "stable", time: "1717013496621" }],
    ["time", "a fraction", { version: "1.0.0.0", platform: "linux", channel: "stable", time: 1.5 }],
    ["version", "with two fields", { version: "1.0", platform: "linux", channel: "stable", time: T0 }],
    [
      "version",
      "not numeric",
      { version: "unknown_version", platform: "linux", channel: "stable", time: T0 },
    ],
    ["platform", "a service id", { version: "1.0.0.0", platform: "win", channel: "stable", time: T0 }],
    ["channel", "of the other list", { version: "1.0.0.0", platform: "linux", channel: "dev", time: T0 }],
    ["(record)", "null", null],
  ])("rejects a record whose %s is %s, naming the list, index and field", (field, _case, bad) => {
    const stable = [rec("linux", "1.0.0.0", T0), rec("linux", "1.0.0.1", T0 + DAY), bad];

    expect(() => buildDataset(stable, [])).toThrow(InvalidSourceRecordError);
    expect(() => buildDataset(stable, [])).toThrow(`stable record at index 2: field "${field}"`);
  });

  it("names the dev list when the bad record is in it", () => {
    expect(() => buildDataset([], [rec("linux", "1.0.0.0", T0, "stable")])).toThrow(
      'dev record at index 0: field "channel" must be "dev"',
    );
  });

  it("orders output by platform, then channel from stable, then version desc, then start time desc", () => {
    const { releases } = buildDataset(
      [rec("linux", "1.0.0.9", T0), rec("linux", "1.0.0.10", T0 + DAY), rec("android", "1.0.0.9", T0)],
      [
        rec("linux", "1.0.0.20", T0, "dev"),
        rec("linux", "1.0.0.20", T0 + 2 * DAY, "dev"),
        rec("android", "1.0.0.30", T0, "dev"),
      ],
    );

    expect(
      releases.map(
        (r) => `${r.name.split("/")[2]} ${r.name.split("/")[4]} ${r.version} ${r.serving.startTime}`,
      ),
    ).toEqual([
      "android stable 1.0.0.9 2024-05-01T12:00:00.000000Z",
      "android dev 1.0.0.30 2024-05-01T12:00:00.000000Z",
      "linux stable 1.0.0.10 2024-05-02T12:00:00.000000Z",
      "linux stable 1.0.0.9 2024-05-01T12:00:00.000000Z",
      "linux dev 1.0.0.20 2024-05-03T12:00:00.000000Z",
      "linux dev 1.0.0.20 2024-05-01T12:00:00.000000Z",
    ]);
  });

  it("writes each release's keys in the real service's order", () => {
    const { releases } = buildDataset([rec("linux", "1.0.0.0", T0), rec("linux", "1.0.0.1", T0 + DAY)], []);

    for (const r of releases) {
      expect(Object.keys(r)).toEqual([
        "name",
        "serving",
        "fraction",
        "version",
        "fractionGroup",
        "pinnable",
        "rolloutData",
      ]);
    }
    expect(Object.keys(releases.find((r) => r.serving.endTime)?.serving ?? {})).toEqual([
      "startTime",
      "endTime",
    ]);
  });
});

describe("committed dataset", () => {
  const read = (path: string) =>
    readFileSync(new URL(`../../../emulator/data/${path}`, import.meta.url), "utf8");
  const committed = read("releases.json");
  const { releases } = JSON.parse(committed) as { releases: ReleaseResource[] };

  it("is exactly what buildDataset makes of the committed sources (rebuild: npx tsx scripts/build-dataset.ts)", () => {
    const stable: unknown = JSON.parse(read("source/chromiumdash-stable-history.json"));
    const dev: unknown = JSON.parse(read("source/chromiumdash-dev-history.json"));
    if (!Array.isArray(stable) || !Array.isArray(dev)) throw new Error("source histories must be arrays");

    const { mstones } = JSON.parse(read("schedule.json")) as {
      mstones: { mstone: number; stable_date: string }[];
    };

    expect(committed).toBe(formatDataset(buildDataset(stable, dev, stableDaysOf(mstones))));
    // Guard against comparing two empty datasets.
    expect(committed.split("\n").length).toBeGreaterThan(1000);
  });

  it("has no release that ends before it starts", () => {
    const backwards = releases.filter(
      (r) =>
        r.serving.endTime !== undefined && Date.parse(r.serving.endTime) < Date.parse(r.serving.startTime),
    );

    expect(releases.length).toBeGreaterThan(1000);
    expect(backwards.map((r) => r.name)).toEqual([]);
  });

  it("serves each group's highest version live, beside one older live release only in staged stable groups", () => {
    const groups = new Map<string, ReleaseResource[]>();
    for (const r of releases) {
      const key = r.name.split("/").slice(2, 5).join("/");
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }

    expect(groups.size).toBe(10);
    for (const [key, group] of groups) {
      // The dataset is ordered version desc within a group, so the first release is the highest version.
      const highest = group[0]?.version;
      const live = group.filter((r) => r.serving.endTime === undefined).map((r) => [r.version, r.fraction]);
      const platform = key.split("/")[0] ?? "";
      const F = STAGED_ROLLOUT_FRACTIONS[platform];
      if (key.endsWith("/stable") && F !== undefined) {
        expect([key, live]).toEqual([
          key,
          [
            [highest, F],
            [expect.any(String), 1 - F],
          ],
        ]);
      } else {
        expect([key, live]).toEqual([key, [[highest, 1]]]);
      }
    }
  });
});
