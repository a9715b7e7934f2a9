/**
 * The explorer tab's rollout chart in real Chromium, on the emulator's bundled data (eight weeks of real
 * Chrome releases): every version served in the window drawn as a bar in its milestone's lane, the page's
 * own stylesheets leaving the bars' geometry alone, and the names above the bars, as Chromium measures them,
 * never running into one another.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openExtensionPage } from "../../scripts/chromium.ts";
import { launchedForSuite, storedDrawn } from "./helpers.ts";

const TAB = "src/popup/index.html?mode=tab";

/** The chart's bars as Chromium lays them out: version, lane, box, and the height the SVG asked for. */
function barsOf(page: Page) {
  return page.$$eval("#chart-figure svg .run", (runs) =>
    runs.map((run) => {
      const outline = run.querySelector(".run-outline") as SVGRectElement;
      const box = outline.getBoundingClientRect();
      const label = run.querySelector<SVGTextElement>(".run-label");
      const text = label?.getBoundingClientRect();
      return {
        version: run.getAttribute("data-version") ?? "",
        lane: run.closest(".lane")?.getAttribute("data-lane") ?? "",
        laneIndex: [...run.closest(".lanes")!.children].indexOf(run.closest(".lane")!),
        left: box.left,
        right: box.right,
        height: box.height,
        asked: Number(outline.getAttribute("height")),
        label: text ? { left: text.left, right: text.right } : null,
      };
    }),
  );
}

describe("the rollout chart in the explorer tab, on the bundled data", () => {
  const launched = launchedForSuite({ ownEmulator: true });

  for (const width of [1280, 700]) {
    test(`draws all 35 versions of Windows Stable's last eight weeks in the lanes of four milestones, ${width} px wide`, async () => {
      const { page, errors } = await openExtensionPage(launched().context, launched().extensionId, TAB);
      await page.setViewportSize({ width, height: 900 });
      await storedDrawn(page);
      await page.selectOption("#platform", "win");
      await page.selectOption("#channel", "stable");
      await expect
        .poll(() => page.locator("#chart-status").textContent())
        .toBe(
          "Data ends 2026-08-20 (UTC); showing the 8 weeks before. Stable on Windows (32-bit): 35 versions " +
            "in 4 milestones served from 2026-06-26 to 2026-08-20 (UTC).",
        );
      const svg = page.locator("#chart-figure svg");
      // Two builds of one rollout served at once sit one lane under the other.
      expect(await svg.locator(".lane-label").allTextContents()).toEqual([
        "M152",
        "M151",
        "M151",
        "M150",
        "M150",
        "M149",
        "M149",
      ]);

      const bars = await barsOf(page);
      expect(new Set(bars.map((b) => b.version)).size).toBe(35);
      const chart = await svg.evaluate((el) => el.getBoundingClientRect());
      for (const bar of bars) {
        // As tall as the drawing asked: no page rule (the popup's own `.bar`, say) reshapes the chart's parts.
        expect(bar.height).toBeCloseTo(bar.asked, 0);
        expect(bar.right).toBeGreaterThan(bar.left);
        expect(bar.left).toBeGreaterThanOrEqual(chart.left);
        expect(bar.right).toBeLessThanOrEqual(chart.right);
      }
      // In each lane the bars follow one another, and each name, as wide as Chromium draws it, ends before
      // the next bar of its lane begins (and inside the chart).
      for (const lane of new Set(bars.map((b) => b.laneIndex))) {
        const inLane = bars.filter((b) => b.laneIndex === lane);
        inLane.forEach((bar, k) => {
          const next = inLane[k + 1];
          if (next) expect(next.left).toBeGreaterThanOrEqual(bar.right);
          if (bar.label) expect(bar.label.right).toBeLessThanOrEqual(next ? next.left : chart.right);
        });
      }
      // The newest milestone's rollout is named where it is drawn.
      expect(bars.some((b) => b.label !== null)).toBe(true);
      expect(await svg.getAttribute("aria-label")).toMatch(
        /at Aug 21: 152\.0\.7977\.54 at 25%, 151\.0\.7922\.174 at 75%$/,
      );
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
