import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../src/core/types.ts";
import {
  CHART_WEEKS,
  MAX_SERIES,
  OVERLAP_GAP,
  chartCaption,
  chooseWindow,
  dayLabel,
  newestTime,
  seriesPaths,
  finalShare,
  olderVersions,
  rolloutSeries,
  scales,
  stepPath,
  type ChartWindow,
  type Scales,
} from "../../../src/popup/chart.ts";

const DAY = 86_400_000;
const ms = (iso: string) => Date.parse(iso);
/** Nov 1 to Dec 6, 2026 (UTC): five weeks. */
const WINDOW: ChartWindow = { from: ms("2026-11-01T00:00:00Z"), to: ms("2026-12-06T00:00:00Z") };
const SIZE = { width: 360, height: 180, padding: { top: 8, right: 12, bottom: 20, left: 36 } };

function rel(
  version: string,
  fraction: number,
  startTime: string,
  endTime?: string,
  fractionGroup?: string,
): ReleaseResource {
  return {
    name: `chrome/platforms/win64/channels/stable/versions/${version}/releases/1`,
    version,
    fraction,
    serving: endTime === undefined ? { startTime } : { startTime, endTime },
    ...(fractionGroup === undefined ? {} : { fractionGroup }),
  };
}

function expectFinite(s: Scales, samples: readonly number[]): void {
  for (const t of samples) expect(Number.isFinite(s.x(t))).toBe(true);
  for (const v of [-1, 0, 0.5, 1, 2, NaN]) expect(Number.isFinite(s.y(v))).toBe(true);
  for (const tick of [...s.xTicks, ...s.yTicks]) {
    expect(Number.isFinite("x" in tick ? tick.x : tick.y)).toBe(true);
  }
}

function expectTicksInPlot(s: Scales): void {
  expect(s.xTicks.length).toBeGreaterThan(0);
  for (const tick of s.xTicks) {
    expect(tick.x).toBeGreaterThanOrEqual(s.plot.left);
    expect(tick.x).toBeLessThanOrEqual(s.plot.right);
  }
  for (const tick of s.yTicks) {
    expect(tick.y).toBeGreaterThanOrEqual(s.plot.top);
    expect(tick.y).toBeLessThanOrEqual(s.plot.bottom);
  }
}

describe("rolloutSeries", () => {
  it("steps a version up at each release start and down to 0 at its end", () => {
    const series = rolloutSeries(
      [
        rel("150.0.1.0", 0.1, "2026-11-05T00:00:00Z", "2026-11-10T00:00:00Z"),
        rel("150.0.1.0", 0.5, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
      ],
      WINDOW,
    );
    expect(series).toEqual([
      {
        version: "150.0.1.0",
        points: [
          { t: ms("2026-11-05T00:00:00Z"), share: 0.1 },
          { t: ms("2026-11-10T00:00:00Z"), share: 0.5 },
          { t: ms("2026-11-20T00:00:00Z"), share: 0 },
        ],
      },
    ]);
  });

  it("takes the largest share while one version is live in two fraction groups", () => {
    const [series] = rolloutSeries(
      [
        rel("151.0.0.1", 0.25, "2026-11-02T00:00:00Z", "2026-11-12T00:00:00Z", "1"),
        rel("151.0.0.1", 0.75, "2026-11-04T00:00:00Z", "2026-11-08T00:00:00Z", "2"),
      ],
      WINDOW,
    );
    expect(series?.points).toEqual([
      { t: ms("2026-11-02T00:00:00Z"), share: 0.25 },
      { t: ms("2026-11-04T00:00:00Z"), share: 0.75 },
      { t: ms("2026-11-08T00:00:00Z"), share: 0.25 },
      { t: ms("2026-11-12T00:00:00Z"), share: 0 },
    ]);
  });

  it("drops to 0 between two releases of a version that do not touch", () => {
    const [series] = rolloutSeries(
      [
        rel("151.0.0.1", 0.5, "2026-11-02T00:00:00Z", "2026-11-04T00:00:00Z"),
        rel("151.0.0.1", 0.5, "2026-11-06T00:00:00Z", "2026-11-08T00:00:00Z"),
      ],
      WINDOW,
    );
    expect(series?.points.map((p) => p.share)).toEqual([0.5, 0, 0.5, 0]);
  });

  it("runs a live release (no end time) to the window's end at its share", () => {
    const [series] = rolloutSeries([rel("152.0.0.1", 0.3, "2026-11-20T00:00:00Z")], WINDOW);
    expect(series?.points).toEqual([
      { t: ms("2026-11-20T00:00:00Z"), share: 0.3 },
      { t: WINDOW.to, share: 0.3 },
    ]);
    expect(finalShare(series!)).toBe(0.3);
  });

  it("keeps the share at the window's end when the release ends after it", () => {
    const [series] = rolloutSeries(
      [rel("152.0.0.1", 1, "2026-11-20T00:00:00Z", "2027-01-01T00:00:00Z")],
      WINDOW,
    );
    expect(series?.points.at(-1)).toEqual({ t: WINDOW.to, share: 1 });
  });

  it("says 0 at the window's end when the only release still served there ends exactly at it", () => {
    const [series] = rolloutSeries(
      [
        rel("152.0.0.1", 0.8, "2026-11-20T00:00:00Z", "2026-12-06T00:00:00Z"),
        rel("152.0.0.1", 0.2, "2026-11-25T00:00:00Z"),
      ],
      WINDOW,
    );
    expect(series?.points.at(-1)).toEqual({ t: WINDOW.to, share: 0.2 });
  });

  it("clamps releases that start before the window to its start", () => {
    const [series] = rolloutSeries(
      [rel("149.0.0.1", 1, "2026-09-01T00:00:00Z", "2026-11-03T00:00:00Z")],
      WINDOW,
    );
    expect(series?.points).toEqual([
      { t: WINDOW.from, share: 1 },
      { t: ms("2026-11-03T00:00:00Z"), share: 0 },
    ]);
  });

  it("skips releases entirely outside the window, including ones that only touch its edges", () => {
    const series = rolloutSeries(
      [
        rel("140.0.0.1", 1, "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"),
        rel("141.0.0.1", 1, "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z"),
        rel("160.0.0.1", 1, "2026-12-06T00:00:00Z"),
        rel("161.0.0.1", 1, "2027-01-01T00:00:00Z"),
      ],
      WINDOW,
    );
    expect(series).toEqual([]);
  });

  it("skips a zero-length release and releases with unreadable times", () => {
    const series = rolloutSeries(
      [
        rel("150.0.0.1", 1, "2026-11-10T00:00:00Z", "2026-11-10T00:00:00Z"),
        rel("150.0.0.2", 1, "yesterday"),
        rel("150.0.0.3", 1, "2026-11-10T00:00:00Z", "never"),
        rel("150.0.0.4", 1, "2026-11-12T00:00:00Z", "2026-11-11T00:00:00Z"),
      ],
      WINDOW,
    );
    expect(series).toEqual([]);
  });

  it("gives no series in a window of zero length", () => {
    const at = ms("2026-11-10T00:00:00Z");
    expect(rolloutSeries([rel("150.0.0.1", 1, "2026-11-01T00:00:00Z")], { from: at, to: at })).toEqual([]);
  });

  it("keeps a version served at 0% as a flat line at 0", () => {
    const [series] = rolloutSeries([rel("153.0.0.1", 0, "2026-11-30T00:00:00Z")], WINDOW);
    expect(series?.points).toEqual([
      { t: ms("2026-11-30T00:00:00Z"), share: 0 },
      { t: WINDOW.to, share: 0 },
    ]);
  });

  it("clamps shares outside 0..1", () => {
    const series = rolloutSeries(
      [rel("1.0.0.1", 1.5, "2026-11-02T00:00:00Z"), rel("1.0.0.0", -0.5, "2026-11-02T00:00:00Z")],
      WINDOW,
    );
    expect(series.map((s) => s.points.map((p) => p.share))).toEqual([
      [1, 1],
      [0, 0],
    ]);
  });

  it("orders versions newest first by version value, not by text", () => {
    const series = rolloutSeries(
      [
        rel("99.0.0.1", 1, "2026-11-02T00:00:00Z"),
        rel("151.0.7922.9", 1, "2026-11-02T00:00:00Z"),
        rel("151.0.7922.10", 1, "2026-11-02T00:00:00Z"),
        rel("unknown_version", 1, "2026-11-02T00:00:00Z"),
      ],
      WINDOW,
    );
    expect(series.map((s) => s.version)).toEqual([
      "151.0.7922.10",
      "151.0.7922.9",
      "99.0.0.1",
      "unknown_version",
    ]);
  });

  it(`caps the series at ${MAX_SERIES} and names the rest, newest first, as older`, () => {
    const releases = Array.from({ length: 9 }, (_, i) => rel(`${140 + i}.0.0.0`, 1, "2026-11-02T00:00:00Z"));
    expect(rolloutSeries(releases, WINDOW).map((s) => s.version)).toEqual([
      "148.0.0.0",
      "147.0.0.0",
      "146.0.0.0",
      "145.0.0.0",
      "144.0.0.0",
      "143.0.0.0",
    ]);
    expect(olderVersions(releases, WINDOW)).toEqual(["142.0.0.0", "141.0.0.0", "140.0.0.0"]);
    expect(rolloutSeries(releases, WINDOW, 2)).toHaveLength(2);
    expect(olderVersions(releases.slice(0, 3), WINDOW)).toEqual([]);
  });
});

describe("scales", () => {
  const oneRelease = rolloutSeries([rel("150.0.0.1", 0.5, "2026-11-10T00:00:00Z")], WINDOW);

  it("maps the window's ends to the plot's edges, share 1 to its top and 0 to its bottom", () => {
    const s = scales(oneRelease, WINDOW, SIZE);
    expect(s.plot).toEqual({ left: 36, right: 348, top: 8, bottom: 160 });
    expect(s.x(WINDOW.from)).toBe(36);
    expect(s.x(WINDOW.to)).toBe(348);
    expect(s.y(1)).toBe(8);
    expect(s.y(0)).toBe(160);
    expect(s.y(0.5)).toBe(84);
  });

  it("clamps times outside the window and shares outside 0..1 to the plot", () => {
    const s = scales(oneRelease, WINDOW, SIZE);
    expect(s.x(WINDOW.from - 10 * DAY)).toBe(36);
    expect(s.x(WINDOW.to + 10 * DAY)).toBe(348);
    expect(s.y(2)).toBe(8);
    expect(s.y(-1)).toBe(160);
  });

  it("labels shares 0, 25, 50, 75 and 100% from bottom to top", () => {
    const s = scales(oneRelease, WINDOW, SIZE);
    expect(s.yTicks.map((t) => t.label)).toEqual(["0%", "25%", "50%", "75%", "100%"]);
    expect(s.yTicks.map((t) => t.y)).toEqual([160, 122, 84, 46, 8]);
  });

  it("puts weekly ticks on Mondays for five weeks in 360 px, labelled MMM D in UTC", () => {
    const s = scales(oneRelease, WINDOW, SIZE);
    expect(s.xTicks.map((t) => t.label)).toEqual(["Nov 2", "Nov 9", "Nov 16", "Nov 23", "Nov 30"]);
    for (const tick of s.xTicks) expect(new Date(tick.t).getUTCDay()).toBe(1);
    expectTicksInPlot(s);
  });

  it("uses finer steps when there is room and never more ticks than the width holds", () => {
    const week: ChartWindow = { from: WINDOW.from, to: WINDOW.from + 7 * DAY };
    const wide = scales([], week, { ...SIZE, width: 760 });
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
    const narrow = scales([], week, { ...SIZE, width: 160 });
    expect(narrow.xTicks.length).toBeLessThanOrEqual(3);
    expectTicksInPlot(narrow);
  });

  it("keeps date ticks at least 56 px apart for any window from a day to two years, 160 to 760 px wide", () => {
    for (const width of [160, 360, 440, 760]) {
      for (let days = 1; days <= 730; days = Math.ceil(days * 1.3)) {
        for (const start of ["2026-11-01T00:00:00Z", "2026-02-27T13:00:00Z"]) {
          const from = ms(start);
          const s = scales([], { from, to: from + days * DAY }, { ...SIZE, width });
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
    const s = scales([], year, SIZE);
    expect(s.xTicks.every((t) => new Date(t.t).getUTCDate() === 1)).toBe(true);
    expect(s.xTicks.length).toBeLessThanOrEqual(Math.floor(312 / 56) + 1);
    expectTicksInPlot(s);
  });

  it("stays finite and sane for a window of a century", () => {
    const century: ChartWindow = { from: ms("1950-01-01T00:00:00Z"), to: ms("2050-01-01T00:00:00Z") };
    const s = scales([], century, SIZE);
    expect(s.xTicks.length).toBeGreaterThan(0);
    expect(s.xTicks.length).toBeLessThanOrEqual(7);
    expectTicksInPlot(s);
  });

  it("draws empty axes when there are no releases", () => {
    const s = scales([], WINDOW, SIZE);
    expect(s.empty).toBe(true);
    expect(s.yTicks).toHaveLength(5);
    expectFinite(s, [WINDOW.from, WINDOW.to]);
    expectTicksInPlot(s);
  });

  it("is not empty with one release, and its path is finite", () => {
    const s = scales(oneRelease, WINDOW, SIZE);
    expect(s.empty).toBe(false);
    expect(stepPath(oneRelease[0]!.points, s.x, s.y)).toBe("M116.2 84H348");
  });

  it("maps every time to the left edge for a window of zero length, with one tick there", () => {
    const at = ms("2026-11-10T12:00:00Z");
    const s = scales([], { from: at, to: at }, SIZE);
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
      const s = scales([], w, SIZE);
      expectFinite(s, [WINDOW.from, WINDOW.to, NaN]);
      expectTicksInPlot(s);
    }
  });

  it("labels a window shorter than a day by its start", () => {
    const from = ms("2026-11-10T06:00:00Z");
    const s = scales([], { from, to: from + 3_600_000 }, SIZE);
    expect(s.xTicks.map((t) => t.label)).toEqual(["Nov 10"]);
    expectTicksInPlot(s);
  });

  it("gives a plot of zero size, not a negative one, when the padding is larger than the drawing", () => {
    const s = scales(oneRelease, WINDOW, { width: 20, height: 10, padding: 30 });
    expect(s.plot.right).toBeGreaterThanOrEqual(s.plot.left);
    expect(s.plot.bottom).toBeGreaterThanOrEqual(s.plot.top);
    expectFinite(s, [WINDOW.from, WINDOW.to]);
  });

  it("survives a zero or non-finite size", () => {
    for (const size of [
      { width: 0, height: 0, padding: 0 },
      { width: NaN, height: Infinity, padding: NaN },
    ]) {
      const s = scales(oneRelease, WINDOW, size);
      expectFinite(s, [WINDOW.from, WINDOW.to]);
      expect(stepPath(oneRelease[0]!.points, s.x, s.y)).not.toMatch(/NaN|Infinity/);
    }
  });

  it("keeps y(0) at the bottom for a version served at 0%", () => {
    const zero = rolloutSeries([rel("153.0.0.1", 0, "2026-11-30T00:00:00Z")], WINDOW);
    const s = scales(zero, WINDOW, SIZE);
    expect(stepPath(zero[0]!.points, s.x, s.y)).toBe("M294.5 160H348");
  });
});

describe("stepPath", () => {
  const x = (t: number) => t;
  const y = (share: number) => 100 - share * 100;

  it("holds each share horizontally and changes it vertically", () => {
    const points = [
      { t: 10, share: 0.1 },
      { t: 20, share: 0.5 },
      { t: 30, share: 0 },
    ];
    expect(stepPath(points, x, y)).toBe("M10 90H20V50H30V100");
  });

  it("rounds to 0.1 px and leaves out moves that go nowhere", () => {
    const points = [
      { t: 1.04, share: 1 / 3 },
      { t: 1.06, share: 1 / 3 },
      { t: 2.26, share: 1 / 3 + 1e-9 },
    ];
    expect(stepPath(points, x, y)).toBe("M1 66.7H1.1H2.3");
  });

  it("is empty without points and a bare move with one", () => {
    expect(stepPath([], x, y)).toBe("");
    expect(stepPath([{ t: 5, share: 1 }], x, y)).toBe("M5 0");
  });

  it("never writes NaN, Infinity or -0", () => {
    const d = stepPath(
      [
        { t: 0, share: 0 },
        { t: 1, share: 1 },
      ],
      () => NaN,
      (s) => (s === 0 ? -0.01 : Infinity),
    );
    expect(d).toBe("M0 0");
  });
});

describe("dayLabel", () => {
  it("writes MMM D in UTC whatever the local zone", () => {
    expect(dayLabel(ms("2026-11-01T23:59:59Z"))).toBe("Nov 1");
    expect(dayLabel(ms("2027-01-01T00:00:00Z"))).toBe("Jan 1");
  });
});

describe("seriesPaths", () => {
  const s = (series: ReturnType<typeof rolloutSeries>) => scales(series, WINDOW, SIZE);
  /** The y values a path visits (after M and each V). */
  const ys = (d: string) => [...d.matchAll(/(?:M[\d.]+ |V)([\d.]+)/g)].map((m) => Number(m[1]));

  function expectInPlot(paths: readonly string[], sc: Scales): void {
    for (const d of paths) {
      expect(d).toMatch(/^M[\d.]+ [\d.]+(?:[HV][\d.]+)+$/);
      for (const y of ys(d)) {
        expect(y).toBeGreaterThanOrEqual(sc.plot.top);
        expect(y).toBeLessThanOrEqual(sc.plot.bottom);
      }
    }
  }

  it("draws series at the same share over the same time apart, the newest at its true share", () => {
    for (const share of [1, 0.5]) {
      const series = rolloutSeries(
        [
          rel("151.0.0.2", share, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z", "1"),
          rel("151.0.0.1", share, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z", "2"),
        ],
        WINDOW,
      );
      const sc = s(series);
      const [newer, older] = seriesPaths(series, WINDOW, sc);
      expect(newer).not.toBe(older);
      expect(newer).toBe(
        stepPath([{ t: series[0]!.points[0]!.t, share: 0 }, ...series[0]!.points], sc.x, sc.y),
      );
      // The held share of each: one stroke apart; at 100% the older one below, inside the plot.
      const held = (d: string | undefined) => ys(d ?? "")[1] as number;
      expect(Math.abs(held(older) - held(newer))).toBeCloseTo(OVERLAP_GAP, 1);
      if (share === 1) expect(held(older)).toBeGreaterThan(held(newer));
      expectInPlot([newer ?? "", older ?? ""], sc);
    }
  });

  it("keeps six versions at 100% over one interval all apart and all inside the plot", () => {
    const releases = Array.from({ length: MAX_SERIES }, (_, i) =>
      rel(`${140 + i}.0.0.0`, 1, "2026-11-02T00:00:00Z"),
    );
    const series = rolloutSeries(releases, WINDOW);
    const sc = s(series);
    const paths = seriesPaths(series, WINDOW, sc);
    expect(new Set(paths).size).toBe(MAX_SERIES);
    expectInPlot(paths, sc);
    // Even in a plot too short for them all, they stay inside it.
    const flat = scales(series, WINDOW, { ...SIZE, height: 34 });
    expectInPlot(seriesPaths(series, WINDOW, flat), flat);
  });

  it("moves only the stretches that meet: a line apart in time or share is drawn where it is", () => {
    const series = rolloutSeries(
      [
        rel("152.0.0.1", 1, "2026-11-15T00:00:00Z"),
        rel("151.0.0.1", 1, "2026-11-02T00:00:00Z", "2026-11-15T00:00:00Z"),
        rel("150.0.0.1", 0.5, "2026-11-02T00:00:00Z", "2026-11-15T00:00:00Z"),
      ],
      WINDOW,
    );
    const sc = s(series);
    const plain = series.map((one) => {
      const first = one.points[0]!;
      return stepPath(
        first.t > WINDOW.from ? [{ t: first.t, share: 0 }, ...one.points] : one.points,
        sc.x,
        sc.y,
      );
    });
    // 151 at 100% ends where 152 at 100% starts: they touch but do not overlap.
    expect(seriesPaths(series, WINDOW, sc)).toEqual(plain);
  });

  it("gives an empty path for a series without points", () => {
    expect(seriesPaths([{ version: "1", points: [] }], WINDOW, s([]))).toEqual([""]);
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
    expect(
      chartCaption({ product: "chrome", what, releases: 1, chosen: chooseWindow(NOW, NOW - DAY) }),
    ).toEqual({
      title: "Rollout of chrome Stable on Linux, last 8 weeks",
      status: "Stable on Linux: 1 release since 2026-09-28 (UTC) or live.",
    });
    const old = chooseWindow(NOW, ms("2026-08-20T20:10:17Z"));
    expect(chartCaption({ product: "chrome", what, releases: 3, chosen: old })).toEqual({
      title: "Rollout of chrome Stable on Linux. Data ends 2026-08-20 (UTC); showing the 8 weeks before",
      status:
        "Data ends 2026-08-20 (UTC); showing the 8 weeks before. Stable on Linux: 3 releases from 2026-06-26 " +
        "to 2026-08-20 (UTC) or live.",
    });
    expect(chartCaption({ product: "chrome", what, releases: 0, chosen: old, weeks: 1 }).title).toMatch(
      /showing the 1 week before$/,
    );
  });
});
