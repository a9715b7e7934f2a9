/**
 * What the pages' style sheets promise every script that draws into them, in real Chromium: an element the
 * script hides (`hidden`) is not shown, whatever display its class gives it, and a date in the schedule is
 * never broken over two lines.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openExtensionPage } from "../../scripts/chromium.ts";
import { launchedForSuite, storedDrawn } from "./helpers.ts";

const POPUP = "src/popup/index.html";
const OPTIONS = "src/options/index.html";

const launched = launchedForSuite();

async function open(path: string, width: number): Promise<Page> {
  const { page } = await openExtensionPage(launched().context, launched().extensionId, path);
  await page.setViewportSize({ width, height: 600 });
  return page;
}

/**
 * The ids of the page's elements that stay rendered when given the `hidden` attribute: each element in turn is
 * hidden, its computed display read, and its own value put back.
 */
function shownThoughHidden(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body [id]")]
      .filter((el) => {
        const was = el.hidden;
        el.hidden = true;
        const display = getComputedStyle(el).display;
        el.hidden = was;
        return display !== "none";
      })
      .map((el) => `#${el.id}`),
  );
}

describe("hidden means not shown", () => {
  test("in the popup, with the explorer in place", async () => {
    const page = await open(POPUP, 440);
    await storedDrawn(page);
    await page.waitForSelector("#explorer");
    expect(await shownThoughHidden(page)).toEqual([]);
    await page.close();
  });

  test("in the explorer tab", async () => {
    const page = await open(`${POPUP}?mode=tab`, 1280);
    await storedDrawn(page);
    await page.waitForSelector("#explorer");
    expect(await shownThoughHidden(page)).toEqual([]);
    await page.close();
  });

  test("on the options page", async () => {
    const page = await open(OPTIONS, 800);
    await page.waitForSelector("form");
    expect(await shownThoughHidden(page)).toEqual([]);
    await page.close();
  });
});

describe("the schedule's dates", () => {
  /** Each YYYY-MM-DD in the "Coming up" list, with the number of lines it is laid out on. */
  function dateLines(page: Page): Promise<{ date: string; lines: number }[]> {
    return page.evaluate(() => {
      const found: { date: string; lines: number }[] = [];
      const walker = document.createTreeWalker(
        document.getElementById("schedule-list")!,
        NodeFilter.SHOW_TEXT,
      );
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? "").matchAll(/\d{4}-\d\d-\d\d/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          // One rectangle per line box the date's text falls on.
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          found.push({ date: m[0], lines: tops.size });
        }
      }
      return found;
    });
  }

  test("stay whole on one line in the popup", async () => {
    // The popup is laid out 440 CSS px wide at every zoom level (popup-glance's "fits its box").
    const page = await open(POPUP, 440);
    await storedDrawn(page);
    await page.waitForFunction(() => document.querySelectorAll("#schedule-list li").length > 0);
    const dates = await dateLines(page);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((d) => d.lines !== 1)).toEqual([]);
    await page.close();
  });
});
