// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { rolloutLanes } from "../../../../src/popup/chart/lanes.ts";
import type { ChartWindow } from "../../../../src/popup/chart/numbers.ts";
import { chartHeight, laneColor, renderRolloutChart } from "../../../../src/popup/chart/svg-dom.ts";
import { releaseOf } from "../../../fakes/release.ts";

const ms = (iso: string) => Date.parse(iso);
const WINDOW: ChartWindow = { from: ms("2026-11-01T00:00:00Z"), to: ms("2026-12-06T00:00:00Z") };
const HOSTILE = "<img src=x onerror=alert(1)>";

const rel = (version: string, fraction: number, startTime: string, endTime?: string): ReleaseResource =>
  releaseOf({ version, fraction, startTime, endTime, id: 1 });

/** Three versions: a lane each. */
const FEW = [
  rel("150.0.7800.1", 1, "2026-10-01T00:00:00Z", "2026-11-20T00:00:00Z"),
  rel("151.0.7922.173", 0.5, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
  rel("151.0.7922.173", 1, "2026-11-20T00:00:00Z"),
  rel("152.0.7977.54", 0.25, "2026-12-01T00:00:00Z"),
];

const day = (n: number) => new Date(WINDOW.from + n * 86_400_000).toISOString();
/**
 * Eight versions in two milestones, each replaced by the next as Chrome's respins are: 151 weekly from Nov 1
 * (the last one still live, at 75%), 152 from Nov 22 (its second one live at 25%, beside 151's).
 */
const MANY = [
  rel("151.0.0.1", 1, day(0), day(7)),
  rel("151.0.0.2", 1, day(7), day(14)),
  rel("151.0.0.3", 1, day(14), day(21)),
  rel("151.0.0.4", 1, day(21), day(28)),
  rel("151.0.0.5", 0.75, day(28)),
  rel("152.0.0.1", 1, day(21), day(25)),
  rel("152.0.0.2", 1, day(25), day(28)),
  rel("152.0.0.3", 0.25, day(28)),
];

function render(releases: readonly ReleaseResource[], width = 690, limits = {}) {
  return renderRolloutChart(document, {
    lanes: rolloutLanes(releases, WINDOW, limits),
    window: WINDOW,
    width,
    title: "Rollout of Chrome Stable on Windows, last 8 weeks",
  });
}

const laneLabels = (root: SVGSVGElement) =>
  [...root.querySelectorAll(".lane-label")].map((t) => t.textContent);
const bars = (root: SVGSVGElement) => [...root.querySelectorAll<SVGGElement>(".run")];
/** A bar's left and right edge in px. */
const edges = (bar: SVGGElement) => {
  const rect = bar.querySelector(".run-outline")!;
  const x = Number(rect.getAttribute("x"));
  return [x, x + Number(rect.getAttribute("width"))] as const;
};

describe("renderRolloutChart", () => {
  it("builds an svg image with a title, a summary for screen readers and a description of every bar", () => {
    const root = render(MANY);
    expect(root.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(root.getAttribute("role")).toBe("img");
    expect(root.getAttribute("aria-label")).toBe(
      "Rollout, Nov 1 to Dec 6: 8 versions in 2 milestones, one lane per milestone; " +
        "at Dec 6: 152.0.0.3 at 25%, 151.0.0.5 at 75%",
    );
    expect(root.querySelector("title")?.textContent).toBe(
      "Rollout of Chrome Stable on Windows, last 8 weeks",
    );
    const desc = root.querySelector("desc")?.textContent ?? "";
    expect(desc).toMatch(/^M152: 152\.0\.0\.1: 100% from 2026-11-22 00:00, until 2026-11-26 00:00 \(UTC\); /);
    for (const r of MANY) expect(desc).toContain(`${r.version}: `);
    const height = chartHeight(rolloutLanes(MANY, WINDOW), 690);
    expect(root.getAttribute("viewBox")).toBe(`0 0 690 ${height}`);
  });

  it("draws a lane per milestone, newest on top, and a bar for every version served", () => {
    const root = render(MANY);
    expect(laneLabels(root)).toEqual(["M152", "M151"]);
    expect(bars(root).map((b) => b.getAttribute("data-version"))).toEqual([
      "152.0.0.1",
      "152.0.0.2",
      "152.0.0.3",
      "151.0.0.1",
      "151.0.0.2",
      "151.0.0.3",
      "151.0.0.4",
      "151.0.0.5",
    ]);
    expect(bars(root)[0]?.querySelector("title")?.textContent).toBe(
      "152.0.0.1: 100% from 2026-11-22 00:00, until 2026-11-26 00:00 (UTC)",
    );
  });

  it("ends a replaced version's bar where the next one's starts, a gap of two pixels between", () => {
    const lane = render(MANY).querySelectorAll<SVGGElement>(".lane")[1]!;
    const spans = [...lane.querySelectorAll<SVGGElement>(".run")].map(edges);
    spans.slice(1).forEach(([left], i) => expect(left - spans[i]![1]).toBeCloseTo(2, 5));
    // The live one runs to the plot's right edge: 12 px in from the drawing's.
    expect(spans.at(-1)![1]).toBeCloseTo(690 - 12 - 1, 5);
    // Each fill stays inside its own outline, so the gap shows in the fill too.
    for (const run of lane.querySelectorAll<SVGGElement>(".run")) {
      const [left, right] = edges(run);
      const d = run.querySelector(".run-fill")?.getAttribute("d") ?? "";
      const xs = [...d.matchAll(/(?:M|H)([\d.]+)/g)].map((m) => Number(m[1]));
      expect(xs.length).toBeGreaterThan(1);
      for (const x of xs) {
        expect(x).toBeGreaterThanOrEqual(left - 0.05);
        expect(x).toBeLessThanOrEqual(right + 0.05);
      }
    }
  });

  it("fills each bar to its share: a full bar at 100%, a quarter of one at 25%", () => {
    const root = render(MANY);
    const filled = (version: string) => {
      const bar = root.querySelector(`.run[data-version="${version}"]`)!;
      const rect = bar.querySelector(".run-outline")!;
      const d = bar.querySelector(".run-fill")!.getAttribute("d") ?? "";
      const top = Number(/V([\d.]+)/.exec(d)?.[1]);
      const bottom = Number(rect.getAttribute("y")) + Number(rect.getAttribute("height"));
      return (bottom - top) / Number(rect.getAttribute("height"));
    };
    expect(filled("151.0.0.4")).toBe(1);
    expect(filled("151.0.0.5")).toBeCloseTo(0.75, 1);
    expect(filled("152.0.0.3")).toBeCloseTo(0.25, 1);
  });

  it("names bars above them where the name fits, never running into the next bar", () => {
    for (const width of [360, 690, 1200]) {
      const root = render(MANY, width);
      for (const lane of root.querySelectorAll(".lane")) {
        const runs = [...lane.querySelectorAll<SVGGElement>(".run")];
        runs.forEach((run, k) => {
          const label = run.querySelector(".run-label");
          if (!label) return;
          const end = Number(label.getAttribute("x")) + (label.textContent ?? "").length * 6.2;
          const next = runs[k + 1];
          expect(end).toBeLessThanOrEqual(next ? edges(next)[0] : width);
        });
      }
    }
    const wide = render(MANY, 1200);
    expect(wide.querySelector('.run[data-version="151.0.0.1"] .run-label')?.textContent).toBe("151.0.0.1");
    expect(wide.querySelector('.run[data-version="152.0.0.3"] .run-label')?.textContent).toBe(
      "152.0.0.3 25%",
    );
  });

  it("gives each milestone its colour, and a milestone's second lane the same one", () => {
    const root = render([
      ...MANY,
      rel("152.0.0.9", 0.5, day(22), day(24)), // beside 152.0.0.1: a second lane of M152
    ]);
    expect(laneLabels(root)).toEqual(["M152", "M152", "M151"]);
    const colours = [...root.querySelectorAll(".lane")].map((lane) =>
      (lane.querySelector(".run-outline") as SVGElement).style.getPropertyValue("stroke"),
    );
    expect(colours).toEqual([laneColor(0), laneColor(0), laneColor(1)]);
    expect(laneColor(0)).not.toBe(laneColor(1));
  });

  it("gives each of a few versions a lane labelled with it, its bars naming the share", () => {
    const root = render(FEW);
    expect(laneLabels(root)).toEqual(["152.0.7977.54", "151.0.7922.173", "150.0.7800.1"]);
    expect(root.querySelector(".notes")?.textContent).toBe(
      "3 versions in 3 milestones, one lane per version · bar height: share of users",
    );
    expect(root.querySelector('.run[data-version="152.0.7977.54"] .run-label')?.textContent).toBe("25%");
  });

  it("renders a version string as text, never as markup", () => {
    const root = render([rel(HOSTILE, 0.5, "2026-11-10T00:00:00Z")]);
    document.body.replaceChildren(root);
    expect(root.querySelector("img")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    expect(laneLabels(root)).toEqual(["<img src=x onerror=aler…"]);
    expect(root.querySelector(".run")?.getAttribute("data-version")).toBe(HOSTILE);
    expect(root.querySelector(".run title")?.textContent).toMatch(
      /^<img src=x onerror=alert\(1\)>: 50% from /,
    );
    expect(root.getAttribute("aria-label")).toContain(HOSTILE);
    const label = root.querySelector(".lane-label");
    expect([...(label?.childNodes ?? [])].map((n) => n.nodeType)).toEqual([3]); // one Text node
    // Serialised, the element text comes out escaped.
    expect(label?.outerHTML).toContain(">&lt;img src=x onerror=aler…</text>");
  });

  it("renders a title from the caller as text too", () => {
    const root = renderRolloutChart(document, {
      lanes: rolloutLanes([], WINDOW),
      window: WINDOW,
      width: 360,
      title: "<script>alert(1)</script>",
    });
    expect(root.querySelector("script")).toBeNull();
    expect(root.querySelector("title")?.textContent).toBe("<script>alert(1)</script>");
  });

  it("keeps the axis and says so when there are no releases", () => {
    const root = render([], 360);
    expect(root.querySelector(".empty")?.textContent).toBe("No releases in this window");
    expect([...root.querySelectorAll(".axes text")].map((t) => t.textContent)).toEqual([
      "Nov 2",
      "Nov 9",
      "Nov 16",
      "Nov 23",
      "Nov 30",
    ]);
    expect(bars(root)).toHaveLength(0);
    expect(root.getAttribute("aria-label")).toBe("No releases in this window, Nov 1 to Dec 6");
  });

  it("says how many versions the caps left out, and names them in a tooltip", () => {
    const root = render(MANY, 690, { versions: 5 });
    expect(bars(root)).toHaveLength(5);
    const notes = root.querySelector(".notes")?.textContent ?? "";
    expect(notes).toContain("5 versions in 2 milestones, one lane per milestone");
    expect(notes).toContain("+3 versions not drawn");
    expect(root.querySelector(".notes title")?.textContent).toBe(
      "Not drawn: 151.0.0.3, 151.0.0.2, 151.0.0.1",
    );
    expect(root.getAttribute("aria-label")).toMatch(
      /^Rollout, Nov 1 to Dec 6: 5 versions in 2 milestones, one lane per milestone, 3 more not drawn;/,
    );
    expect(root.querySelector("desc")?.textContent).toMatch(
      / Not drawn: 151\.0\.0\.3, 151\.0\.0\.2, 151\.0\.0\.1\.$/,
    );
  });

  it("stays a small drawing however much a service sends", () => {
    const flood = Array.from({ length: 3000 }, (_, i) => rel(`${1000 + i}.0.0.0`, 1, "2026-11-02T00:00:00Z"));
    const root = render(flood);
    expect(root.querySelectorAll(".lane")).toHaveLength(8);
    expect(bars(root)).toHaveLength(8);
    expect(root.querySelector(".notes")?.textContent).toContain("+2992 versions not drawn");
    expect(root.querySelector(".notes title")?.textContent).toMatch(
      /^Not drawn: 3991\.0\.0\.0, .* and 2942 more$/,
    );
  });

  it("keeps every note inside the drawing, however narrow", () => {
    for (const width of [240, 300, 360, 690]) {
      const root = render(MANY, width, { versions: 5 });
      const height = Number(root.getAttribute("height"));
      const rows = [...root.querySelectorAll(".notes text")].map((t) => Number(t.getAttribute("y")));
      expect(rows.length).toBeGreaterThan(0);
      for (const y of rows) expect(y).toBeLessThanOrEqual(height);
    }
  });

  it("breaks a note longer than a narrow drawing between its words", () => {
    const root = render(MANY, 300);
    const rows = [...root.querySelectorAll(".notes text")].map((t) => ({
      x: Number(t.getAttribute("x")),
      text: t.textContent,
    }));
    expect(rows.map((r) => r.text)).toEqual([
      "8 versions in 2 milestones, one lane per",
      "milestone · bar height: share of users",
    ]);
    // Each row inside the drawing, at the 6.2 px a character the layout reckons with at 11 px.
    for (const row of rows) expect(row.x + row.text.length * 6.2).toBeLessThanOrEqual(300);
  });

  it("never writes NaN or Infinity into an attribute, whatever the size or window", () => {
    const at = ms("2026-11-10T00:00:00Z");
    for (const [width, window] of [
      [360, { from: at, to: at }],
      [0, WINDOW],
      [NaN, WINDOW],
      [Infinity, WINDOW],
      [760, { from: WINDOW.to, to: WINDOW.from }],
    ] as const) {
      const root = renderRolloutChart(document, {
        lanes: rolloutLanes(MANY, window),
        window,
        width,
        title: "t",
      });
      for (const el of [root, ...root.querySelectorAll("*")]) {
        for (const attr of el.getAttributeNames()) expect(el.getAttribute(attr)).not.toMatch(/NaN|Infinity/);
      }
    }
  });

  it("grows with its lanes and wraps its notes when narrow", () => {
    const one = chartHeight(rolloutLanes([rel("1.0.0.1", 1, day(1))], WINDOW), 690);
    const two = chartHeight(rolloutLanes(MANY, WINDOW), 690);
    const many = chartHeight(rolloutLanes(MANY, WINDOW, { lanes: 8, versionLanesUpTo: 8 }), 690);
    expect(one).toBe(two); // room for two lanes at least
    expect(many).toBeGreaterThan(two);
    expect(chartHeight(rolloutLanes(MANY, WINDOW), 300)).toBeGreaterThan(two);
  });
});
