import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { chartCaption, chooseWindow, newestTime } from "../../../../src/popup/chart/chart.ts";
import {
  CHART_WEEKS,
  MAX_LANES,
  MAX_VERSIONS,
  VERSION_LANES_UP_TO,
  drawnText,
  notDrawnList,
  notDrawnText,
  rolloutLanes,
  runText,
  type RolloutLanes,
  type VersionRun,
} from "../../../../src/popup/chart/lanes.ts";
import type { ChartWindow } from "../../../../src/popup/chart/numbers.ts";
import {
  dayLabel,
  fitLabel,
  runFillPath,
  scales,
  versionLabels,
  type Scales,
} from "../../../../src/popup/chart/scales.ts";
import { releaseOf } from "../../../fakes/release.ts";

const DAY = 86_400_000;
const ms = (iso: string) => Date.parse(iso);
/** Nov 1 to Dec 6, 2026 (UTC): five weeks. */
const WINDOW: ChartWindow = { from: ms("2026-11-01T00:00:00Z"), to: ms("2026-12-06T00:00:00Z") };
const SIZE = { width: 360, height: 180, padding: { top: 8, right: 12, bottom: 20, left: 36 } };

const rel = (
  version: string,
  fraction: number,
  startTime: string,
  endTime?: string,
  fractionGroup?: string,
): ReleaseResource => releaseOf({ version, fraction, startTime, endTime, fractionGroup, id: 1 });

/** The emulator's bundled releases of one platform and channel (real Chrome versions and start times). */
function bundled(platform: string, channel: string): ReleaseResource[] {
  const data = JSON.parse(
    readFileSync(new URL("../../../../emulator/data/releases.json", import.meta.url), "utf8"),
  ) as { releases: ReleaseResource[] };
  const prefix = `chrome/platforms/${platform}/channels/${channel}/`;
  return data.releases.filter((r) => r.name.startsWith(prefix));
}

/** The bundled data ends on 2026-08-20: the chart shows the eight weeks up to that day's end. */
const BUNDLED_WINDOW: ChartWindow = { from: ms("2026-06-26T00:00:00Z"), to: ms("2026-08-21T00:00:00Z") };

/**
 * The versions served in a window for some time, worked out here from the raw releases on their own (not with
 * the chart's code): started before the window's end, ended (if at all) after its start, and not zero-length.
 */
function servedIn(releases: readonly ReleaseResource[], window: ChartWindow): string[] {
  const served = releases.filter((r) => {
    const start = Date.parse(r.serving.startTime);
    const end = r.serving.endTime === undefined ? Infinity : Date.parse(r.serving.endTime);
    return end > start && start < window.to && end > window.from;
  });
  return [...new Set(served.map((r) => r.version))].sort();
}

/** The lanes of `releases` in WINDOW. */
const lanesOf = (...releases: ReleaseResource[]) => rolloutLanes(releases, WINDOW);
const drawnVersions = (lanes: RolloutLanes) => lanes.lanes.flatMap((l) => l.runs.map((r) => r.version));
const onlyRun = (lanes: RolloutLanes, version: string): VersionRun => {
  const runs = lanes.lanes.flatMap((l) => l.runs).filter((r) => r.version === version);
  expect(runs).toHaveLength(1);
  return runs[0]!;
};

function expectFinite(s: Scales, samples: readonly number[]): void {
  for (const t of samples) expect(Number.isFinite(s.x(t))).toBe(true);
  for (const tick of s.xTicks) expect(Number.isFinite(tick.x)).toBe(true);
}

function expectTicksInPlot(s: Scales): void {
  expect(s.xTicks.length).toBeGreaterThan(0);
  for (const tick of s.xTicks) {
    expect(tick.x).toBeGreaterThanOrEqual(s.plot.left);
    expect(tick.x).toBeLessThanOrEqual(s.plot.right);
  }
}

describe("rolloutLanes on eight weeks of real Chrome releases", () => {
  it("draws every version served in the window, one lane per milestone, newest on top", () => {
    const releases = bundled("win", "stable");
    const lanes = rolloutLanes(releases, BUNDLED_WINDOW);
    const expected = servedIn(releases, BUNDLED_WINDOW);
    expect(expected).toHaveLength(35);
    expect([...drawnVersions(lanes)].sort()).toEqual(expected);
    // Two builds of one rollout served at once sit one lane under the other.
    expect(lanes.lanes.map((l) => l.label)).toEqual(["M152", "M151", "M151", "M150", "M150", "M149", "M149"]);
    expect(lanes).toMatchObject({ byMilestone: true, versions: 35, milestones: 4, notDrawn: [] });
    expect(drawnText(lanes)).toBe("35 versions in 4 milestones");
  });

  it("lines a milestone's versions up one after another, each ending where the next starts", () => {
    const lanes = rolloutLanes(bundled("linux", "stable"), BUNDLED_WINDOW);
    const m150 = lanes.lanes.find((l) => l.label === "M150")!;
    expect(m150.runs.map((r) => r.version)).toEqual([
      "150.0.7871.46",
      "150.0.7871.100",
      "150.0.7871.114",
      "150.0.7871.124",
      "150.0.7871.128",
      "150.0.7871.181",
      "150.0.7871.186",
    ]);
    m150.runs.slice(1).forEach((run, i) => expect(run.start).toBe(m150.runs[i]!.end));
    // Replaced, not rolled back: no version's bar drops to 0% before it ends.
    for (const run of lanes.lanes.flatMap((l) => l.runs)) {
      expect(run.steps.map((s) => s.share)).toEqual([1]);
    }
    expect(onlyRun(lanes, "151.0.7922.173")).toMatchObject({ endShare: 1 });
    expect(onlyRun(lanes, "149.0.7827.200")).toMatchObject({ before: true, endShare: null });
  });

  it("keeps a staged rollout's two live versions at their shares to the window's end", () => {
    const lanes = rolloutLanes(bundled("win", "stable"), BUNDLED_WINDOW);
    expect(onlyRun(lanes, "152.0.7977.54")).toMatchObject({ steps: [{ share: 0.25 }], endShare: 0.25 });
    expect(onlyRun(lanes, "151.0.7922.174")).toMatchObject({ steps: [{ share: 0.75 }], endShare: 0.75 });
    // The milestone's previous version ends where the rollout's starts.
    expect(onlyRun(lanes, "152.0.7977.42").end).toBe(onlyRun(lanes, "152.0.7977.54").start);
  });
});

describe("rolloutLanes", () => {
  it(`gives each version a lane of its own up to ${VERSION_LANES_UP_TO} versions`, () => {
    const lanes = lanesOf(
      rel("151.0.0.2", 0.5, "2026-11-20T00:00:00Z"),
      rel("151.0.0.1", 1, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
      rel("150.0.0.1", 1, "2026-10-01T00:00:00Z", "2026-11-10T00:00:00Z"),
    );
    expect(lanes.byMilestone).toBe(false);
    expect(lanes.lanes.map((l) => l.label)).toEqual(["151.0.0.2", "151.0.0.1", "150.0.0.1"]);
    expect(lanes.lanes.map((l) => l.versions)).toEqual([["151.0.0.2"], ["151.0.0.1"], ["150.0.0.1"]]);
    expect(drawnText(lanes)).toBe("3 versions in 2 milestones");
  });

  it(`groups by milestone from ${VERSION_LANES_UP_TO + 1} versions on`, () => {
    const day = (n: number) => `2026-11-${String(n).padStart(2, "0")}T00:00:00Z`;
    // One after another, three days each, the milestones taking turns.
    const releases = Array.from({ length: VERSION_LANES_UP_TO + 1 }, (_, i) =>
      rel(`${150 + (i % 2)}.0.0.${i}`, 1, day(2 + i * 3), day(5 + i * 3)),
    );
    const lanes = rolloutLanes(releases, WINDOW);
    expect(lanes.byMilestone).toBe(true);
    expect(lanes.lanes.map((l) => l.label)).toEqual(["M151", "M150"]);
    expect(lanes.lanes[0]?.versions).toEqual(["151.0.0.5", "151.0.0.3", "151.0.0.1"]);
  });

  it("puts two versions of one milestone served at once in two lanes of that milestone", () => {
    const releases = [
      rel("151.0.0.3", 0.5, "2026-11-10T00:00:00Z", undefined, "1"),
      rel("151.0.0.2", 0.5, "2026-11-10T00:00:00Z", undefined, "2"),
      rel("151.0.0.1", 1, "2026-11-02T00:00:00Z", "2026-11-10T00:00:00Z"),
      ...[1, 2, 3, 4].map((n) =>
        rel(`150.0.0.${n}`, 1, `2026-11-0${n}T00:00:00Z`, `2026-11-0${n + 1}T00:00:00Z`),
      ),
      rel("150.0.0.5", 1, "2026-11-05T00:00:00Z", "2026-11-10T00:00:00Z"),
    ];
    const lanes = rolloutLanes(releases, WINDOW);
    expect(lanes.lanes.map((l) => [l.label, l.runs.map((r) => r.version)])).toEqual([
      ["M151", ["151.0.0.1", "151.0.0.3"]],
      ["M151", ["151.0.0.2"]],
      ["M150", ["150.0.0.1", "150.0.0.2", "150.0.0.3", "150.0.0.4", "150.0.0.5"]],
    ]);
    expect(lanes.versions).toBe(8);
  });

  it("gives a version that is not dotted numbers a lane of its own, below the milestones", () => {
    const releases = [
      ...Array.from({ length: VERSION_LANES_UP_TO }, (_, i) =>
        rel(`151.0.0.${i}`, 1, `2026-11-${String(2 + i).padStart(2, "0")}T00:00:00Z`, "2026-11-30T00:00:00Z"),
      ),
      rel("unknown_version", 1, "2026-11-02T00:00:00Z"),
    ];
    const lanes = rolloutLanes(releases, WINDOW);
    expect(lanes.lanes.at(-1)).toMatchObject({ label: "unknown_version", versions: ["unknown_version"] });
    expect(drawnText(lanes)).toBe("7 versions in 1 milestone");
  });

  it(`cuts a flood of milestones at ${MAX_LANES} lanes, the newest, and counts the rest`, () => {
    const releases = Array.from({ length: 1000 }, (_, i) =>
      rel(`${1000 + i}.0.0.0`, 1, "2026-11-02T00:00:00Z"),
    );
    const lanes = rolloutLanes(releases, WINDOW);
    expect(lanes.lanes.map((l) => l.label)).toEqual(
      Array.from({ length: MAX_LANES }, (_, i) => `M${1999 - i}`),
    );
    expect(lanes.versions).toBe(MAX_LANES);
    expect(lanes.notDrawn).toHaveLength(1000 - MAX_LANES);
    expect(lanes.notDrawn[0]).toBe(`${1999 - MAX_LANES}.0.0.0`);
    expect(notDrawnText(lanes)).toBe(`+${1000 - MAX_LANES} versions not drawn`);
  });

  it(`draws at most ${MAX_VERSIONS} versions, the newest, and counts the rest`, () => {
    const start = ms("2026-11-02T00:00:00Z");
    const releases = Array.from({ length: 5000 }, (_, i) =>
      rel(
        `151.0.0.${i}`,
        1,
        new Date(start + i * 300_000).toISOString(),
        new Date(start + (i + 1) * 300_000).toISOString(),
      ),
    );
    const lanes = rolloutLanes(releases, WINDOW);
    expect(lanes.lanes).toHaveLength(1);
    expect(lanes.versions).toBe(MAX_VERSIONS);
    expect(lanes.lanes[0]?.runs[0]?.version).toBe(`151.0.0.${5000 - MAX_VERSIONS}`);
    expect(lanes.notDrawn).toHaveLength(5000 - MAX_VERSIONS);
    expect(lanes.notDrawn.at(-1)).toBe("151.0.0.0");
  });

  it("steps a version's share up at each of its releases and ends its run where the last one ends", () => {
    const lanes = lanesOf(
      rel("150.0.1.0", 0.1, "2026-11-05T00:00:00Z", "2026-11-10T00:00:00Z"),
      rel("150.0.1.0", 0.5, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
    );
    expect(lanes.lanes[0]?.runs).toEqual([
      {
        version: "150.0.1.0",
        start: ms("2026-11-05T00:00:00Z"),
        end: ms("2026-11-20T00:00:00Z"),
        steps: [
          { t: ms("2026-11-05T00:00:00Z"), share: 0.1 },
          { t: ms("2026-11-10T00:00:00Z"), share: 0.5 },
        ],
        before: false,
        endShare: null,
      },
    ]);
  });

  it("takes the largest share while one version is live in two fraction groups", () => {
    const lanes = lanesOf(
      rel("151.0.0.1", 0.25, "2026-11-02T00:00:00Z", "2026-11-12T00:00:00Z", "1"),
      rel("151.0.0.1", 0.75, "2026-11-04T00:00:00Z", "2026-11-08T00:00:00Z", "2"),
    );
    expect(onlyRun(lanes, "151.0.0.1").steps).toEqual([
      { t: ms("2026-11-02T00:00:00Z"), share: 0.25 },
      { t: ms("2026-11-04T00:00:00Z"), share: 0.75 },
      { t: ms("2026-11-08T00:00:00Z"), share: 0.25 },
    ]);
  });

  it("gives a version served twice with a gap two runs in its lane", () => {
    const lanes = lanesOf(
      rel("151.0.0.1", 0.5, "2026-11-02T00:00:00Z", "2026-11-04T00:00:00Z"),
      rel("151.0.0.1", 0.5, "2026-11-06T00:00:00Z", "2026-11-08T00:00:00Z"),
    );
    expect(lanes.lanes).toHaveLength(1);
    expect(lanes.lanes[0]?.runs.map((r) => [r.start, r.end])).toEqual([
      [ms("2026-11-02T00:00:00Z"), ms("2026-11-04T00:00:00Z")],
      [ms("2026-11-06T00:00:00Z"), ms("2026-11-08T00:00:00Z")],
    ]);
    expect(lanes.versions).toBe(1);
  });

  it("runs a live release (no end time) to the window's end, still served there at its share", () => {
    const lanes = lanesOf(rel("152.0.0.1", 0.3, "2026-11-20T00:00:00Z"));
    expect(onlyRun(lanes, "152.0.0.1")).toMatchObject({ end: WINDOW.to, endShare: 0.3 });
  });

  it("keeps the share at the window's end when the release ends after it", () => {
    const lanes = lanesOf(rel("152.0.0.1", 1, "2026-11-20T00:00:00Z", "2027-01-01T00:00:00Z"));
    expect(onlyRun(lanes, "152.0.0.1")).toMatchObject({ end: WINDOW.to, endShare: 1 });
  });

  it("counts only the releases that go on past the window's end in the share still served there", () => {
    const lanes = lanesOf(
      rel("152.0.0.1", 0.8, "2026-11-20T00:00:00Z", "2026-12-06T00:00:00Z"),
      rel("152.0.0.1", 0.2, "2026-11-25T00:00:00Z"),
    );
    expect(onlyRun(lanes, "152.0.0.1").endShare).toBe(0.2);
    // One that ends exactly at the window's end is not still served.
    const ended = lanesOf(rel("152.0.0.1", 1, "2026-11-20T00:00:00Z", "2026-12-06T00:00:00Z"));
    expect(onlyRun(ended, "152.0.0.1").endShare).toBeNull();
  });

  it("cuts releases that start before the window at its start, and says they did", () => {
    const lanes = lanesOf(rel("149.0.0.1", 1, "2026-09-01T00:00:00Z", "2026-11-03T00:00:00Z"));
    expect(onlyRun(lanes, "149.0.0.1")).toMatchObject({
      start: WINDOW.from,
      end: ms("2026-11-03T00:00:00Z"),
      before: true,
    });
  });

  it("skips releases entirely outside the window, including ones that only touch its edges", () => {
    const lanes = lanesOf(
      rel("140.0.0.1", 1, "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"),
      rel("141.0.0.1", 1, "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z"),
      rel("160.0.0.1", 1, "2026-12-06T00:00:00Z"),
      rel("161.0.0.1", 1, "2027-01-01T00:00:00Z"),
    );
    expect(lanes).toEqual({ lanes: [], byMilestone: false, versions: 0, milestones: 0, notDrawn: [] });
  });

  it("skips a zero-length release and releases with unreadable times", () => {
    const lanes = lanesOf(
      rel("150.0.0.1", 1, "2026-11-10T00:00:00Z", "2026-11-10T00:00:00Z"),
      rel("150.0.0.2", 1, "yesterday"),
      rel("150.0.0.3", 1, "2026-11-10T00:00:00Z", "never"),
      rel("150.0.0.4", 1, "2026-11-12T00:00:00Z", "2026-11-11T00:00:00Z"),
    );
    expect(lanes.lanes).toEqual([]);
  });

  it("gives no lanes in a window of zero length or a reversed one", () => {
    const at = ms("2026-11-10T00:00:00Z");
    const live = [rel("150.0.0.1", 1, "2026-11-01T00:00:00Z")];
    expect(rolloutLanes(live, { from: at, to: at }).lanes).toEqual([]);
    expect(rolloutLanes(live, { from: WINDOW.to, to: WINDOW.from }).lanes).toEqual([]);
  });

  it("keeps a version served at 0% as a run at 0", () => {
    const lanes = lanesOf(rel("153.0.0.1", 0, "2026-11-30T00:00:00Z"));
    expect(onlyRun(lanes, "153.0.0.1")).toMatchObject({
      steps: [{ t: ms("2026-11-30T00:00:00Z"), share: 0 }],
      endShare: 0,
    });
  });

  it("clamps shares outside 0..1", () => {
    const lanes = lanesOf(
      rel("1.0.0.1", 1.5, "2026-11-02T00:00:00Z"),
      rel("1.0.0.0", -0.5, "2026-11-02T00:00:00Z"),
    );
    expect(lanes.lanes.map((l) => l.runs[0]?.steps[0]?.share)).toEqual([1, 0]);
  });

  it("orders lanes newest first by version value, not by text", () => {
    const lanes = lanesOf(
      rel("99.0.0.1", 1, "2026-11-02T00:00:00Z"),
      rel("151.0.7922.9", 1, "2026-11-02T00:00:00Z"),
      rel("151.0.7922.10", 1, "2026-11-02T00:00:00Z"),
      rel("unknown_version", 1, "2026-11-02T00:00:00Z"),
    );
    expect(lanes.lanes.map((l) => l.label)).toEqual([
      "151.0.7922.10",
      "151.0.7922.9",
      "99.0.0.1",
      "unknown_version",
    ]);
  });
});

describe("runText", () => {
  it("names the version, each share with its start, and the end, in UTC", () => {
    expect(
      runText({
        version: "151.0.0.1",
        start: ms("2026-11-02T00:00:00Z"),
        end: ms("2026-11-08T12:30:00Z"),
        steps: [
          { t: ms("2026-11-02T00:00:00Z"), share: 0.1 },
          { t: ms("2026-11-04T00:00:00Z"), share: 0.5 },
        ],
        before: false,
        endShare: null,
      }),
    ).toBe("151.0.0.1: 10% from 2026-11-02 00:00, 50% from 2026-11-04 00:00, until 2026-11-08 12:30 (UTC)");
  });

  it("says a run cut by the window started earlier, and one that goes on is still served", () => {
    expect(
      runText({
        version: "152.0.0.1",
        start: WINDOW.from,
        end: WINDOW.to,
        steps: [{ t: WINDOW.from, share: 0.25 }],
        before: true,
        endShare: 0.25,
      }),
    ).toBe("152.0.0.1: 25% from before 2026-11-01 00:00, still served at the chart's end (UTC)");
  });
});

describe("drawnText and notDrawnText", () => {
  it("count in words, one or many", () => {
    expect(drawnText({ versions: 1, milestones: 1 })).toBe("1 version in 1 milestone");
    expect(drawnText({ versions: 2, milestones: 0 })).toBe("2 versions");
    expect(notDrawnText({ notDrawn: [] })).toBe("");
    expect(notDrawnText({ notDrawn: ["1.0"] })).toBe("+1 version not drawn");
  });

  it("name at most 50 of the versions not drawn and count the rest", () => {
    expect(notDrawnList({ notDrawn: ["2.0", "1.0"] })).toBe("Not drawn: 2.0, 1.0");
    const many = Array.from({ length: 2000 }, (_, i) => `${2000 - i}.0`);
    const list = notDrawnList({ notDrawn: many });
    expect(list).toMatch(/^Not drawn: 2000\.0, 1999\.0, .*, 1951\.0 and 1950 more$/);
    expect(list.split(", ")).toHaveLength(50);
  });
});

describe("runFillPath", () => {
  const x = (t: number) => t;

  it("fills the bar to each step's share, from the run's start to its end", () => {
    const run = {
      steps: [
        { t: 10, share: 0.5 },
        { t: 20, share: 1 },
      ],
      end: 30,
    };
    expect(runFillPath(run, x, 100, 10)).toBe("M10 100V95H20V90H30V100Z");
  });

  it("holds no area at 0% and is empty without steps", () => {
    expect(runFillPath({ steps: [{ t: 10, share: 0 }], end: 30 }, x, 100, 10)).toBe("M10 100H30Z");
    expect(runFillPath({ steps: [], end: 30 }, x, 100, 10)).toBe("");
  });

  it("never writes NaN, Infinity or -0", () => {
    const d = runFillPath({ steps: [{ t: 0, share: NaN }], end: 1 }, () => NaN, -0.01, Infinity);
    expect(d).toBe("M0 0H0Z");
  });
});

describe("bar labels", () => {
  it("offer a version in full, then without its milestone, then its last number", () => {
    expect(versionLabels("152.0.7977.54", true)).toEqual(["152.0.7977.54", "7977.54", ".54"]);
    expect(versionLabels("152.0.7977.54", false)).toEqual(["152.0.7977.54"]);
    expect(versionLabels("unknown_version", true)).toEqual(["unknown_version"]);
  });

  it("take the longest that fits, or none", () => {
    const labels = ["152.0.7977.54", "7977.54", ".54"];
    expect(fitLabel(labels, 100, 6)).toBe("152.0.7977.54");
    expect(fitLabel(labels, 50, 6)).toBe("7977.54");
    expect(fitLabel(labels, 18, 6)).toBe(".54");
    expect(fitLabel(labels, 10, 6)).toBe("");
    // A share's `%` is about two digits wide: "7922.71 25%" needs 12 characters' room, not 11.
    expect(fitLabel(["7922.71 25%", "25%"], 66, 6)).toBe("25%");
    expect(fitLabel(["7922.71 25%", "25%"], 72, 6)).toBe("7922.71 25%");
  });
});

describe("scales", () => {
  it("maps the window's ends to the plot's edges", () => {
    const s = scales(WINDOW, SIZE);
    expect(s.plot).toEqual({ left: 36, right: 348, top: 8, bottom: 160 });
    expect(s.x(WINDOW.from)).toBe(36);
    expect(s.x(WINDOW.to)).toBe(348);
  });

  it("clamps times outside the window to the plot", () => {
    const s = scales(WINDOW, SIZE);
    expect(s.x(WINDOW.from - 10 * DAY)).toBe(36);
    expect(s.x(WINDOW.to + 10 * DAY)).toBe(348);
    expect(s.x(NaN)).toBe(36);
  });

  it("puts weekly ticks on Mondays for five weeks in 360 px, labelled MMM D in UTC", () => {
    const s = scales(WINDOW, SIZE);
    expect(s.xTicks.map((t) => t.label)).toEqual(["Nov 2", "Nov 9", "Nov 16", "Nov 23", "Nov 30"]);
    for (const tick of s.xTicks) expect(new Date(tick.t).getUTCDay()).toBe(1);
    expectTicksInPlot(s);
  });

  it("uses finer steps when there is room and never more ticks than the width holds", () => {
    const week: ChartWindow = { from: WINDOW.from, to: WINDOW.from + 7 * DAY };
    const wide = scales(week, { ...SIZE, width: 760 });
    expect(wide.xTicks.map((t) => t.label)).toEqual([
      "Nov 1",
      "Nov 2",
      "Nov 3",
      "Nov 4",
      "Nov 5",
      "Nov 6",
      "Nov 7",
      "Nov 8",
    ]);
    const narrow = scales(week, { ...SIZE, width: 160 });
    expect(narrow.xTicks.length).toBeLessThanOrEqual(3);
    expectTicksInPlot(narrow);
  });

  it("keeps date ticks at least 56 px apart for any window from a day to two years, 160 to 760 px wide", () => {
    for (const width of [160, 360, 440, 760]) {
      for (let days = 1; days <= 730; days = Math.ceil(days * 1.3)) {
        for (const start of ["2026-11-01T00:00:00Z", "2026-02-27T13:00:00Z"]) {
          const from = ms(start);
          const s = scales({ from, to: from + days * DAY }, { ...SIZE, width });
          expectTicksInPlot(s);
          s.xTicks.slice(1).forEach((tick, i) => {
            expect(tick.x - s.xTicks[i]!.x).toBeGreaterThan(56 - 1e-9);
          });
        }
      }
    }
  });

  it("switches to month starts for a long window", () => {
    const year: ChartWindow = { from: ms("2026-01-15T00:00:00Z"), to: ms("2026-12-15T00:00:00Z") };
    const s = scales(year, SIZE);
    expect(s.xTicks.every((t) => new Date(t.t).getUTCDate() === 1)).toBe(true);
    expect(s.xTicks.length).toBeLessThanOrEqual(Math.floor(312 / 56) + 1);
    expectTicksInPlot(s);
  });

  it("stays finite and sane for a window of a century", () => {
    const century: ChartWindow = { from: ms("1950-01-01T00:00:00Z"), to: ms("2050-01-01T00:00:00Z") };
    const s = scales(century, SIZE);
    expect(s.xTicks.length).toBeGreaterThan(0);
    expect(s.xTicks.length).toBeLessThanOrEqual(7);
    expectTicksInPlot(s);
  });

  it("maps every time to the left edge for a window of zero length, with one tick there", () => {
    const at = ms("2026-11-10T12:00:00Z");
    const s = scales({ from: at, to: at }, SIZE);
    expectFinite(s, [at - DAY, at, at + DAY]);
    expect(s.x(at)).toBe(36);
    expect(s.x(at + DAY)).toBe(36);
    expect(s.xTicks).toEqual([{ t: at, x: 36, label: "Nov 10" }]);
  });

  it("treats a reversed or non-finite window as a window of zero length", () => {
    for (const w of [
      { from: WINDOW.to, to: WINDOW.from },
      { from: NaN, to: WINDOW.to },
      { from: WINDOW.from, to: Infinity },
    ]) {
      const s = scales(w, SIZE);
      expectFinite(s, [WINDOW.from, WINDOW.to, NaN]);
      expectTicksInPlot(s);
    }
  });

  it("labels a window shorter than a day by its start", () => {
    const from = ms("2026-11-10T06:00:00Z");
    const s = scales({ from, to: from + 3_600_000 }, SIZE);
    expect(s.xTicks.map((t) => t.label)).toEqual(["Nov 10"]);
    expectTicksInPlot(s);
  });

  it("gives a plot of zero size, not a negative one, when the padding is larger than the drawing", () => {
    const s = scales(WINDOW, { width: 20, height: 10, padding: 30 });
    expect(s.plot.right).toBeGreaterThanOrEqual(s.plot.left);
    expect(s.plot.bottom).toBeGreaterThanOrEqual(s.plot.top);
    expectFinite(s, [WINDOW.from, WINDOW.to]);
  });

  it("survives a zero or non-finite size", () => {
    for (const size of [
      { width: 0, height: 0, padding: 0 },
      { width: NaN, height: Infinity, padding: NaN },
    ]) {
      const s = scales(WINDOW, size);
      expectFinite(s, [WINDOW.from, WINDOW.to]);
    }
  });
});

describe("dayLabel", () => {
  it("writes MMM D in UTC whatever the local zone", () => {
    expect(dayLabel(ms("2026-11-01T23:59:59Z"))).toBe("Nov 1");
    expect(dayLabel(ms("2027-01-01T00:00:00Z"))).toBe("Jan 1");
  });
});

describe("the chart's window", () => {
  const NOW = ms("2026-11-23T09:00:00Z");
  const EIGHT_WEEKS = CHART_WEEKS * 7 * DAY;

  it("is the last eight weeks while the data reaches into them", () => {
    expect(chooseWindow(NOW, ms("2026-11-20T20:10:17Z"))).toEqual({
      window: { from: NOW - EIGHT_WEEKS, to: NOW },
      dataEnd: null,
    });
    // No data at all: nothing to move to.
    expect(chooseWindow(NOW, null).dataEnd).toBeNull();
  });

  it("ends with the UTC day the data ends when that is before those weeks", () => {
    const newest = ms("2026-08-20T20:10:17.160Z");
    const to = ms("2026-08-21T00:00:00Z");
    expect(chooseWindow(NOW, newest)).toEqual({ window: { from: to - EIGHT_WEEKS, to }, dataEnd: newest });
    expect(new Date(to - EIGHT_WEEKS).toISOString()).toBe("2026-06-26T00:00:00.000Z");
  });

  it("moves only when the data ends strictly before the window's start", () => {
    const start = NOW - EIGHT_WEEKS;
    expect(chooseWindow(NOW, start).dataEnd).toBeNull();
    expect(chooseWindow(NOW, start - 1).dataEnd).toBe(start - 1);
    // The day is taken whole, so a release that starts at midnight, the very end of the data, is inside.
    const midnight = ms("2026-08-20T00:00:00Z");
    expect(chooseWindow(NOW, midnight).window.to).toBe(ms("2026-08-21T00:00:00Z"));
  });

  it("takes the newest of every start and end time", () => {
    expect(
      newestTime([
        rel("150.0.0.1", 1, "2026-08-01T00:00:00Z", "2026-08-25T00:00:00Z"),
        rel("151.0.0.1", 1, "2026-08-20T00:00:00Z"),
      ]),
    ).toBe(ms("2026-08-25T00:00:00Z"));
    expect(newestTime([rel("151.0.0.1", 1, "2026-08-20T00:00:00Z")])).toBe(ms("2026-08-20T00:00:00Z"));
    expect(newestTime([rel("1", 1, "soon")])).toBeNull();
    expect(newestTime([])).toBeNull();
  });

  it("is named in the title and status: the last weeks, or where the data ends", () => {
    const what = "Stable on Linux";
    const one = { versions: 1, milestones: 1, notDrawn: [] };
    expect(
      chartCaption({ product: "chrome", what, lanes: one, chosen: chooseWindow(NOW, NOW - DAY) }),
    ).toEqual({
      title: "Rollout of chrome Stable on Linux, last 8 weeks",
      status: "Stable on Linux: 1 version in 1 milestone served since 2026-09-28 (UTC).",
    });
    const old = chooseWindow(NOW, ms("2026-08-20T20:10:17Z"));
    const lanes = { versions: 14, milestones: 3, notDrawn: [] };
    expect(chartCaption({ product: "chrome", what, lanes, chosen: old })).toEqual({
      title: "Rollout of chrome Stable on Linux. Data ends 2026-08-20 (UTC); showing the 8 weeks before",
      status:
        "Data ends 2026-08-20 (UTC); showing the 8 weeks before. Stable on Linux: 14 versions in 3 milestones " +
        "served from 2026-06-26 to 2026-08-20 (UTC).",
    });
    expect(chartCaption({ product: "chrome", what, lanes, chosen: old, weeks: 1 }).title).toMatch(
      /showing the 1 week before$/,
    );
  });

  it("says what is drawn on the bundled data, and what the caps left out", () => {
    const what = "Stable on Windows (32-bit)";
    const chosen = chooseWindow(NOW, ms("2026-08-20T20:10:17Z"));
    const lanes = rolloutLanes(bundled("win", "stable"), chosen.window);
    expect(chartCaption({ product: "chrome", what, lanes, chosen }).status).toBe(
      "Data ends 2026-08-20 (UTC); showing the 8 weeks before. Stable on Windows (32-bit): 35 versions in 4 " +
        "milestones served from 2026-06-26 to 2026-08-20 (UTC).",
    );
    const capped = rolloutLanes(bundled("win", "stable"), chosen.window, { versions: 5 });
    expect(chartCaption({ product: "chrome", what, lanes: capped, chosen }).status).toMatch(
      /: 5 versions in 2 milestones served from 2026-06-26 to 2026-08-20 \(UTC\); 30 more not drawn\.$/,
    );
    const none = rolloutLanes([], chosen.window);
    expect(
      chartCaption({ product: "chrome", what, lanes: none, chosen: chooseWindow(NOW, NOW) }).status,
    ).toBe("Stable on Windows (32-bit): no version served since 2026-09-28 (UTC).");
  });
});
