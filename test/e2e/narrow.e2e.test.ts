/**
 * The popup page and the answer page in narrow windows, in real Chromium: at 360, 380 and 400 CSS px (the
 * room of Firefox's extensions panel, a phone-sized window, a docked tab) the page never scrolls sideways and
 * no text is cut off: no element with text sticks out on the right, none is clipped by a box that hides its
 * overflow, and no list shows its choice cut short ("Automatic (this device: Linu").
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { WAIT_TIMEOUT_MS, readAction } from "../../scripts/chromium.ts";
import { launchedForSuite, storedDrawn, until } from "./helpers.ts";

const POPUP = "src/popup/index.html";
const WIDTHS = [360, 380, 400];

const launched = launchedForSuite();

beforeAll(async () => {
  // The worker's first poll stores the snapshot the header, the matrix and the answers are drawn from.
  await until(async () => (await readAction(launched().worker)).badgeText === "120");
});

/** The page at `path`, laid out `width` px wide from its first paint, with the errors it raised. */
async function openAt(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await launched().context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewportSize({ width, height: 700 });
  await page.goto(`chrome-extension://${launched().extensionId}/${path}`);
  await storedDrawn(page);
  // Everything the page loads after its first paint: the question field, the watch switcher's lists and
  // the explorer's first rows.
  await page.locator("#ask-form:not([hidden])").waitFor();
  await page.locator("#watch-platform:not([hidden])").waitFor();
  await page.locator("#results [data-index='0']").waitFor();
  return { page, errors };
}

/**
 * What does not fit the page's width, in words: the page's own sideways scroll; each visible element with
 * text of its own (a text node child) that ends right of the viewport, that its own hidden overflow cuts
 * (scrollWidth over clientWidth), or whose text a box further up cuts; and each list whose chosen option's
 * text is wider than the list shows (measured by laying the list out at its content's width for a moment,
 * with `field-sizing: content`, Chromium 123 and later).
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > innerWidth || root.scrollWidth > width) {
      problems.push(
        `the page is ${root.scrollWidth} px wide in a ${width} px viewport (${innerWidth} px window)`,
      );
    }
    const nameOf = (el: Element): string => {
      const classes =
        typeof el.className === "string" && el.className
          ? `.${el.className.trim().replace(/\s+/g, ".")}`
          : "";
      const text = (el instanceof HTMLSelectElement ? el.selectedOptions[0]?.text : el.textContent) ?? "";
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes} "${text.trim().slice(0, 40)}"`;
    };
    const clips = (el: Element): boolean => /hidden|clip|auto|scroll/.test(getComputedStyle(el).overflowX);
    /** An element screen readers have but the eye has not: drawn at most 1 px wide (.sr-only). */
    const offScreen = (el: Element): boolean => {
      for (let box: Element | null = el; box; box = box.parentElement) {
        if (box.getBoundingClientRect().width <= 1) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || offScreen(el)) continue;
      const box = el.getBoundingClientRect();
      if (el instanceof HTMLSelectElement) {
        const shown = box.width;
        const saved = el.getAttribute("style");
        el.style.setProperty("field-sizing", "content");
        el.style.setProperty("width", "auto");
        el.style.setProperty("min-width", "0");
        el.style.setProperty("max-width", "none");
        el.style.setProperty("flex", "none");
        const needed = el.getBoundingClientRect().width;
        if (saved === null) el.removeAttribute("style");
        else el.setAttribute("style", saved);
        if (needed > shown + 1)
          problems.push(`${nameOf(el)} needs ${Math.ceil(needed)} px, has ${Math.floor(shown)}`);
        if (box.right > width + 1) problems.push(`${nameOf(el)} ends at ${Math.round(box.right)} > ${width}`);
        continue;
      }
      const texts = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (texts.length === 0) continue;
      if (box.right > width + 1) problems.push(`${nameOf(el)} ends at ${Math.round(box.right)} > ${width}`);
      if (/hidden|clip/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${nameOf(el)} is cut: ${el.scrollWidth} px of text in ${el.clientWidth}`);
      }
      // The text itself, against every box above it that hides or scrolls what sticks out.
      const range = document.createRange();
      for (const text of texts) {
        range.selectNode(text);
        const right = range.getBoundingClientRect().right;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          if (clips(up) && right > up.getBoundingClientRect().right + 1) {
            problems.push(`${nameOf(el)} ends at ${Math.round(right)}, cut by ${nameOf(up).split(" ")[0]}`);
            break;
          }
        }
      }
    }
    return [...new Set(problems)];
  });
}

describe.each(WIDTHS)("%s px wide", (width) => {
  test("the popup: no sideways scroll, nothing cut off", async () => {
    const { page, errors } = await openAt(POPUP, width);
    expect(await cutOff(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the popup with an answer (?q=): no sideways scroll, nothing cut off", async () => {
    const { page, errors } = await openAt(`${POPUP}?q=${encodeURIComponent(":has()")}`, width);
    await page.locator("#answer h2").waitFor();
    expect(await cutOff(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test.each([":has()", "153"])(
    "the answer page for %s: no sideways scroll, nothing cut off",
    async (question) => {
      const { page, errors } = await openAt(`${POPUP}?mode=tab&q=${encodeURIComponent(question)}`, width);
      await page.locator("#answer h2").waitFor();
      // The chart says what it drew (or why it drew nothing) once its answer is in.
      await expect.poll(() => page.locator("#chart-status").textContent()).not.toBe("");
      expect(await cutOff(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});

describe("the toolbar's own popup", () => {
  // Chrome sizes a popup to its content, laying it out first in a tiny window: the narrow rules above must not
  // take hold there (a width in vw or a media query on the body would), or the popup would open narrow.
  test("still opens 440 px wide", async () => {
    const probe = await launched().context.newPage();
    await probe.goto(`chrome-extension://${launched().extensionId}/${POPUP}?mode=tab`);
    const tabId = await probe.evaluate(async () => (await chrome.tabs.getCurrent())?.id ?? -1);
    expect(tabId).toBeGreaterThanOrEqual(0);
    await launched().worker.evaluate(
      async ({ tabId, popup }) => {
        await chrome.action.setPopup({ tabId, popup });
        await chrome.action.openPopup();
      },
      { tabId, popup: POPUP },
    );
    // Playwright makes no page of a real popup: the probe, an extension page, reads it as a view.
    const body = await probe.evaluate(async (timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const view = chrome.extension.getViews({ type: "popup" })[0];
        const drawn = view?.performance.getEntriesByName("rr:stored-paint").length;
        if (view && drawn) {
          const page = view.document.documentElement;
          const read = {
            width: view.document.body.getBoundingClientRect().width,
            fits: page.scrollWidth <= page.clientWidth,
          };
          view.close();
          return read;
        }
        if (performance.now() > deadline) throw new Error("no popup drew its stored data");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }, WAIT_TIMEOUT_MS);
    expect(body).toEqual({ width: 440, fits: true });
    await probe.close();
  });
});
