// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../src/core/types.ts";
import { olderVersions, rolloutSeries, type ChartWindow } from "../../../src/popup/chart.ts";
import { renderRolloutChart, seriesColor } from "../../../src/popup/chart-svg-dom.ts";

const ms = (iso: string) => Date.parse(iso);
const WINDOW: ChartWindow = { from: ms("2026-11-01T00:00:00Z"), to: ms("2026-12-06T00:00:00Z") };
const HOSTILE = "<img src=x onerror=alert(1)>";

function rel(version: string, fraction: number, startTime: string, endTime?: string): ReleaseResource {
  return {
    name: `chrome/platforms/win64/channels/stable/versions/${version}/releases/1`,
    version,
    fraction,
    serving: endTime === undefined ? { startTime } : { startTime, endTime },
  };
}

const RELEASES = [
  rel("150.0.7800.1", 1, "2026-10-01T00:00:00Z", "2026-11-20T00:00:00Z"),
  rel("151.0.7922.173", 0.5, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
  rel("151.0.7922.173", 1, "2026-11-20T00:00:00Z"),
  rel("152.0.7977.54", 0.25, "2026-12-01T00:00:00Z"),
];

function render(releases: readonly ReleaseResource[], max?: number, width = 360) {
  const series = rolloutSeries(releases, WINDOW, max);
  return renderRolloutChart(document, {
    series,
    window: WINDOW,
    width,
    height: 180,
    title: "Rollout of Chrome Stable on Windows",
    older: olderVersions(releases, WINDOW, max),
  });
}

function legendTexts(root: SVGSVGElement): string[] {
  return [...root.querySelectorAll(".legend-item text")].map((t) => t.textContent);
}

describe("renderRolloutChart", () => {
  it("builds an svg image with a title and a summary for screen readers", () => {
    const root = render(RELEASES);
    expect(root.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(root.getAttribute("role")).toBe("img");
    expect(root.getAttribute("aria-label")).toBe(
      "Share over time of 3 versions, Nov 1 to Dec 6; newest 152.0.7977.54 at 25%",
    );
    expect(root.querySelector("title")?.textContent).toBe("Rollout of Chrome Stable on Windows");
    expect(root.getAttribute("viewBox")).toBe("0 0 360 180");
  });

  it("draws one path per series, each with its own stroke", () => {
    const root = render(RELEASES);
    const paths = [...root.querySelectorAll(".series path")];
    expect(paths.map((p) => p.getAttribute("data-version"))).toEqual([
      "152.0.7977.54",
      "151.0.7922.173",
      "150.0.7800.1",
    ]);
    expect(paths.map((p) => (p as SVGElement).style.getPropertyValue("stroke"))).toEqual([
      seriesColor(0),
      seriesColor(1),
      seriesColor(2),
    ]);
    expect(new Set(paths.map((p) => (p as SVGElement).style.getPropertyValue("stroke"))).size).toBe(3);
    for (const p of paths) expect(p.getAttribute("d")).toMatch(/^M[\d.]+ [\d.]+(?:[HV][\d.]+)+$/);
  });

  it("raises a version that starts inside the window from 0 and not one that started before it", () => {
    const root = render([
      rel("151.0.0.1", 0.5, "2026-11-10T00:00:00Z"),
      rel("150.0.0.1", 1, "2026-10-01T00:00:00Z", "2026-11-10T00:00:00Z"),
    ]);
    const [newer, older] = [...root.querySelectorAll(".series path")].map((p) => p.getAttribute("d"));
    expect(newer).toMatch(/^M[\d.]+ (?<zero>[\d.]+)V[\d.]+H[\d.]+$/);
    expect(older).toMatch(/^M36 [\d.]+H[\d.]+V[\d.]+$/);
    // The rise starts where the drop ends: on the 0% line.
    expect(newer?.split(/[ V]/)[1]).toBe(older?.split("V")[1]);
  });

  it("draws two versions at 100% over the same time side by side, not one over the other", () => {
    const root = render([
      rel("151.0.0.2", 1, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
      rel("151.0.0.1", 1, "2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z"),
    ]);
    const [newer, older] = [...root.querySelectorAll(".series path")].map((p) => p.getAttribute("d"));
    expect(newer).not.toBe(older);
    expect(root.getAttribute("aria-label")).toMatch(/^Share over time of 2 versions,/);
  });

  it("says 1 version, not 1 versions", () => {
    expect(render([rel("151.0.0.1", 1, "2026-11-10T00:00:00Z")]).getAttribute("aria-label")).toMatch(
      /^Share over time of 1 version,/,
    );
  });

  it("writes a legend entry per series with the share at the window's end", () => {
    expect(legendTexts(render(RELEASES))).toEqual([
      "152.0.7977.54 25%",
      "151.0.7922.173 100%",
      "150.0.7800.1 0%",
    ]);
  });

  it("draws axes in currentColor with share and date labels", () => {
    const root = render(RELEASES);
    const axes = root.querySelector(".axes");
    expect(axes?.getAttribute("stroke")).toBe("currentColor");
    const labels = [...root.querySelectorAll(".axes text")].map((t) => t.textContent);
    expect(labels).toEqual([
      "0%",
      "25%",
      "50%",
      "75%",
      "100%",
      "Nov 2",
      "Nov 9",
      "Nov 16",
      "Nov 23",
      "Nov 30",
    ]);
  });

  it("renders a version string as text, never as markup", () => {
    const root = render([rel(HOSTILE, 0.5, "2026-11-10T00:00:00Z")]);
    document.body.replaceChildren(root);
    expect(root.querySelector("img")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    expect(legendTexts(root)).toEqual([`${HOSTILE} 50%`]);
    expect(root.querySelector(".series path")?.getAttribute("data-version")).toBe(HOSTILE);
    expect(root.getAttribute("aria-label")).toContain(HOSTILE);
    const version = root.querySelector(".legend-item .version");
    expect([...(version?.childNodes ?? [])].map((n) => n.nodeType)).toEqual([3]); // one Text node
    // Serialised, the element text comes out escaped.
    expect(version?.outerHTML).toBe('<tspan class="version">&lt;img src=x onerror=alert(1)&gt;</tspan>');
  });

  it("renders a title from the caller as text too", () => {
    const root = renderRolloutChart(document, {
      series: [],
      window: WINDOW,
      width: 360,
      height: 180,
      title: "<script>alert(1)</script>",
    });
    expect(root.querySelector("script")).toBeNull();
    expect(root.querySelector("title")?.textContent).toBe("<script>alert(1)</script>");
  });

  it("cuts a long version in the legend and keeps it whole in the entry's tooltip", () => {
    const long = "1".repeat(60);
    const root = render([rel(long, 1, "2026-11-10T00:00:00Z")]);
    expect(root.querySelector(".legend-item .version")?.textContent).toBe(`${"1".repeat(31)}…`);
    expect(root.querySelector(".legend-item title")?.textContent).toBe(`${long}: 100%`);
  });

  it("keeps the axes and says so when there are no releases", () => {
    const root = render([]);
    expect(root.querySelector(".empty")?.textContent).toBe("No releases in this window");
    expect(root.querySelectorAll(".axes text")).toHaveLength(10);
    expect(root.querySelectorAll(".series path")).toHaveLength(0);
    expect(root.getAttribute("aria-label")).toBe("No releases in this window, Nov 1 to Dec 6");
  });

  it("notes the versions left out by the cap", () => {
    const releases = Array.from({ length: 8 }, (_, i) => rel(`${140 + i}.0.0.0`, 1, "2026-11-02T00:00:00Z"));
    const root = render(releases);
    expect(root.querySelectorAll(".series path")).toHaveLength(6);
    expect(root.querySelector(".older")?.textContent).toContain("+2 older versions not drawn");
    expect(root.querySelector(".older title")?.textContent).toBe("141.0.0.0, 140.0.0.0");
    expect(root.getAttribute("aria-label")).toMatch(
      /^Share over time of 6 versions \(and 2 older versions\)/,
    );
  });

  it("never writes NaN or Infinity into an attribute, whatever the size or window", () => {
    const at = ms("2026-11-10T00:00:00Z");
    for (const [width, height, window] of [
      [360, 180, { from: at, to: at }],
      [0, 0, WINDOW],
      [NaN, Infinity, WINDOW],
      [760, 200, { from: WINDOW.to, to: WINDOW.from }],
    ] as const) {
      const root = renderRolloutChart(document, {
        series: rolloutSeries(RELEASES, window),
        window,
        width,
        height,
        title: "t",
      });
      for (const el of [root, ...root.querySelectorAll("*")]) {
        for (const attr of el.getAttributeNames()) expect(el.getAttribute(attr)).not.toMatch(/NaN|Infinity/);
      }
    }
  });

  it("lays the legend out in more columns when the chart is wider", () => {
    const rows = (root: SVGSVGElement) =>
      new Set([...root.querySelectorAll(".legend-item text")].map((t) => t.getAttribute("y"))).size;
    expect(rows(render(RELEASES, undefined, 360))).toBe(2);
    expect(rows(render(RELEASES, undefined, 760))).toBe(1);
  });
});
