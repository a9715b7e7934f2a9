/**
 * The popup page of the built extension in real Chromium: the header from storage, the explorer's
 * rows from the e2e emulator, the controls and the advanced field in step, failures shown where they happen,
 * paging through the bundled dataset. (`npm start` saves the popup in both themes, and start.e2e checks it.)
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, inject, test } from "vitest";
import {
  ARTIFACTS,
  openExtensionPage,
  readAction,
  type LaunchedExtension,
  type OpenedPage,
} from "../../scripts/chromium.ts";
import { popupScriptBytes, popupScripts } from "../../scripts/popup-scripts.ts";
import { launchedForSuite, openPopup, storedDrawn, until } from "./helpers.ts";

const POPUP = "src/popup/index.html";
/**
 * The JavaScript the popup's first paint needs: at most 30 KB minified, read as 30,000 bytes (the stricter of
 * KB and KiB). The explorer and its chart load after the first paint and are reported beside it.
 */
const FIRST_PAINT_BUDGET_BYTES = 30_000;

/** The page as "Open in a tab" opens it: the full explorer, in a window's room. */
async function openTab(extension: LaunchedExtension, context = ""): Promise<OpenedPage> {
  const query = context ? `?mode=tab&${context.replace(/^\?/, "")}` : "?mode=tab";
  const opened = await openExtensionPage(extension.context, extension.extensionId, POPUP + query);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  await storedDrawn(opened.page);
  return opened;
}

/** The texts of the explorer's rendered rows, cell by cell. */
function rowTexts(page: Page): Promise<string[][]> {
  return page.$$eval("#results .vl-sizer [role=row]", (rows) =>
    rows.map((row) => [...row.querySelectorAll("[role=cell]")].map((cell) => cell.textContent.trim())),
  );
}

describe("the popup against the e2e emulator", () => {
  const launched = launchedForSuite();

  beforeAll(async () => {
    // The worker's first poll stores the snapshot the header is drawn from.
    await until(async () => (await readAction(launched().worker)).badgeText === "120");
  });

  beforeEach(async () => {
    // Each test starts from the first-time filters (the watched platform and channel).
    await launched().worker.evaluate(() => chrome.storage.local.remove("explorer"));
  });

  test("shows the header from storage and the watched channel's releases, without console errors", async () => {
    const { page, errors } = await openTab(launched());
    await expect.poll(() => page.locator("#watch").textContent()).toBe("Chrome");
    // The switcher loads after the first paint; it then shows the watch the settings say.
    await expect.poll(() => page.inputValue("#watch-channel")).toBe("stable");
    expect(await page.inputValue("#watch-platform")).toBe("auto");
    expect(await page.locator("#newest").textContent()).toBe("120.0.6099.71");
    expect(await page.locator("#current .line").allTextContents()).toEqual([
      "Most users119.0.6045.19975%since 2023-11-28 19:33 UTC",
      "Rolling out120.0.6099.7125%since 2023-12-06 21:01 UTC",
    ]);
    expect(await page.locator("#browser").textContent()).toMatch(
      // Debian's Chromium (156 and later) is a later milestone than the fixture's Stable 120.
      /^This browser: Chromium \d+(\.\d+){3}, ahead of Stable \(120\.0\.6099\.71\)$/,
    );
    expect(await page.locator("#checked").textContent()).toMatch(
      /^last checked (just now|\d+ min ago) · 127\.0\.0\.1:\d+$/,
    );
    expect(await page.locator("#checked time").getAttribute("title")).toMatch(/\d{4}/);
    // Opened in a tab, the button is not on the toolbar: the hint says how to pin it.
    expect(await page.locator("#pin-hint").isVisible()).toBe(true);
    expect(await page.locator("#banners .banner").count()).toBe(0);

    const paint = await page.evaluate(
      () => performance.getEntriesByName("rr:first-meaningful-paint")[0]?.startTime ?? -1,
    );
    expect(paint).toBeGreaterThan(0);
    console.info(`popup first meaningful paint: ${paint.toFixed(1)} ms after navigation start`);

    await expect
      .poll(() => rowTexts(page))
      .toEqual([
        ["120.0.6099.71", "Linux", "Stable", "2023-12-06 21:01", "live", "25%", "changesnotes"],
        ["119.0.6045.199", "Linux", "Stable", "2023-11-28 19:33", "live", "75%", "changesnotes"],
        ["119.0.6045.159", "Linux", "Stable", "2023-11-14 22:13", "2023-11-28 19:33", "100%", "notes"],
      ]);
    const changes = page.locator("#results [data-index='0'] a[data-col=changes]");
    expect(await changes.getAttribute("href")).toBe(
      "https://chromium.googlesource.com/chromium/src/+log/119.0.6045.199..120.0.6099.71?pretty=fuller&n=10000",
    );
    expect(await changes.getAttribute("target")).toBe("_blank");
    expect(await changes.getAttribute("rel")).toContain("noopener");
    expect(await page.locator("#results [data-index='0'] a[data-col=notes]").getAttribute("href")).toBe(
      "https://developer.chrome.com/release-notes/120",
    );
    expect(await page.locator("#request-url").textContent()).toBe(
      `${inject("emulatorUrl")}/browser/platforms/linux/channels/stable/versions/all/releases?pageSize=200`,
    );
    // The chart of linux/stable: the two live versions.
    await page.locator("#chart-figure svg").waitFor();
    expect(await page.locator("#chart-figure svg").getAttribute("aria-label")).toContain("120.0.6099.71");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("controls and the advanced field stay in step; a bad clause is marked and the rows stay", async () => {
    const { page, errors } = await openTab(launched());
    await expect.poll(async () => (await rowTexts(page)).length).toBe(3);

    await page.selectOption("#channel", "all");
    await expect.poll(async () => (await rowTexts(page)).length).toBe(4);
    expect(await page.locator("#chart-status").textContent()).toBe(
      "Pick a platform and a channel to see their rollout over time.",
    );

    await page.fill("#versionFrom", "120");
    await expect.poll(() => page.inputValue("#advanced")).toBe("version>=120");
    await expect
      .poll(async () => (await rowTexts(page)).map((r) => r[0]))
      // The service's default order: platform, channel (stable first), version descending.
      .toEqual(["120.0.6099.71", "122.0.6200.0"]);

    await page.fill("#advanced", "version>=120, fraction>=abc");
    expect(await page.getAttribute("#advanced", "aria-invalid")).toBe("true");
    expect(await page.locator("#advanced-error").textContent()).toContain("Clause 2");
    expect(await page.locator("#advanced-error mark").textContent()).toBe("fraction>=abc");
    expect((await rowTexts(page)).length).toBe(2);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "popup-smoke-advanced-error.png") });

    await page.fill("#advanced", "version>=119, endtime=none");
    await expect.poll(() => page.inputValue("#versionFrom")).toBe("119");
    expect(await page.isChecked("#liveOnly")).toBe(true);
    expect(await page.getAttribute("#advanced", "aria-invalid")).toBeNull();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(3);

    await page.check("#view-versions");
    expect(await page.isDisabled("#startFrom")).toBe(true);
    expect(await page.isDisabled("#liveOnly")).toBe(true);
    expect(await page.getAttribute("#startFrom", "aria-describedby")).toBe("na-reason");
    expect(await page.locator("#na-reason").isVisible()).toBe(true);
    await expect
      .poll(() => page.locator("#request-url").textContent())
      .toContain("/versions?filter=version%3E%3D119");
    await expect.poll(() => page.getAttribute("#results", "class")).toContain("versions");
    await page.screenshot({ path: join(ARTIFACTS, "popup-smoke-versions.png") });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("restores the last filters, and a release page's context wins over them", async () => {
    const first = await openTab(launched());
    await first.page.selectOption("#platform", "win64");
    // Saved after a short pause; wait until storage has it.
    await expect
      .poll(() =>
        launched().worker.evaluate(async () => (await chrome.storage.local.get("explorer")).explorer),
      )
      .toMatchObject({ platform: "win64" });
    await first.page.close();

    const again = await openTab(launched());
    await expect.poll(() => again.page.inputValue("#platform")).toBe("win64");
    await again.page.close();

    const context = await openTab(launched(), "?milestone=119");
    await expect.poll(() => context.page.inputValue("#versionTo")).toBe("119");
    expect(await context.page.inputValue("#versionFrom")).toBe("119");
    expect(await context.page.inputValue("#channel")).toBe("all");
    await expect
      .poll(() => context.page.locator("#results-status").textContent())
      .toContain("Opened for milestone 119");
    expect(context.errors).toEqual([]);
    await context.page.close();
  });

  test("a failing release list is one banner in words, details apart; old rows stay; Retry loads", async () => {
    const { page, errors } = await openPopup(launched());
    await expect.poll(async () => (await rowTexts(page)).length).toBe(3);
    const before = await rowTexts(page);
    await page.route("**/releases?*", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: 503, message: "backend down for maintenance", status: "UNAVAILABLE" },
        }),
      }),
    );
    await page.check("#liveOnly");
    const banner = page.locator("#banners .banner");
    await banner.waitFor();
    expect(await banner.count()).toBe(1);
    expect(await banner.getAttribute("role")).toBe("alert");
    expect(await banner.locator(".message").textContent()).toBe(
      "The release list could not load: The service is unavailable (503).",
    );
    // The request and the service's own words are behind "Details", not in the message.
    expect(await banner.locator("details pre").textContent()).toContain("backend down for maintenance");
    expect(await banner.locator("details").getAttribute("open")).toBeNull();
    expect(await page.locator("#results-status").textContent()).toMatch(
      /^The release list could not load: see/,
    );
    expect(await rowTexts(page)).toEqual(before);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "popup-smoke-errors.png") });
    await page.unroute("**/releases?*");
    await banner.locator("button").click();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(2);
    await banner.waitFor({ state: "detached" });
    // The browser logs the failed fetch itself; nothing else may be logged.
    expect(errors.filter((e) => !e.includes("503"))).toEqual([]);
    await page.close();
  });

  test("a failing check and a failing list of one cause are one banner; it goes when the cause does", async () => {
    const { page, errors } = await openPopup(launched());
    await expect.poll(async () => (await rowTexts(page)).length).toBe(3);
    const baseUrl = inject("emulatorUrl");
    // The service answers 503 to everything: the worker's check (stored as it would store it) and the list.
    await page.route("**/releases?*", (route) => route.fulfill({ status: 503, body: "" }));
    await page.evaluate(
      (url) =>
        chrome.storage.local.set({
          pollState: {
            service: { baseUrl: url, product: "browser" },
            failures: 2,
            lastError: { kind: "http", status: 503, details: "GET … failed with 503 Service Unavailable" },
            lastAttempt: Date.now(),
            nextTry: Date.now() + 60_000,
          },
        }),
      baseUrl,
    );
    await page.check("#liveOnly");
    const banners = page.locator("#banners .banner");
    await expect.poll(() => banners.getAttribute("data-sources")).toBe("check results");
    expect(await banners.count()).toBe(1);
    expect(await banners.locator(".message").textContent()).toMatch(
      /^The service is unavailable \(503\); next try at \d\d:\d\d UTC \((in 1 min|in under a minute)\)\. This stopped the latest check and the release list\.$/,
    );
    // Nothing beside it says otherwise: the header speaks of the last good check.
    expect(await page.locator("#checked").textContent()).toMatch(/^last good check /);
    // The cause goes: the worker's next check succeeds and the list, told so, loads again by itself.
    await page.unroute("**/releases?*");
    await page.click("#check-now");
    await banners.first().waitFor({ state: "detached" });
    await expect.poll(async () => (await rowTexts(page)).length).toBe(2);
    expect(errors.filter((e) => !e.includes("503"))).toEqual([]);
    await page.close();
  });
});

describe("the popup on the bundled dataset", () => {
  const launched = launchedForSuite({ ownEmulator: true });

  test("pages through thousands of rows to the end of the list, rendering only those in view", async () => {
    const { page, errors } = await openTab(launched());
    await page.selectOption("#platform", "all");
    await page.selectOption("#channel", "all");
    await expect.poll(() => page.getAttribute("#results", "aria-rowcount")).toBe("201");
    expect(await page.locator("#load-more").isVisible()).toBe(true);
    await page.click("#load-more");
    await expect.poll(() => page.getAttribute("#results", "aria-rowcount")).toBe("401");
    // Scrolled near the end, the next page loads by itself.
    for (let pages = 3; pages <= 6; pages++) {
      await page.$eval("#results", (el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => page.getAttribute("#results", "aria-rowcount")).toBe(String(pages * 200 + 1));
    }
    expect(await page.locator("#results .vl-sizer [role=row]").count()).toBeLessThan(50);
    // Keyboard: a row's link, then ArrowDown moves to the next row's link.
    await page.$eval("#results", (el) => el.scrollTo(0, 0));
    await page.locator("#results [data-index='0'] a[data-col=notes]").focus();
    await page.keyboard.press("ArrowDown");
    expect(
      await page.evaluate(() => document.activeElement?.closest("[data-index]")?.getAttribute("data-index")),
    ).toBe("1");
    // Load more to the end: every release of every platform and channel the bundled dataset holds.
    const bundled = JSON.parse(
      await readFile(new URL("../../emulator/data/releases.json", import.meta.url), "utf8"),
    ) as { releases: unknown[] };
    for (let guard = 0; guard < 40 && (await page.locator("#load-more").isVisible()); guard++) {
      const before = Number(await page.getAttribute("#results", "aria-rowcount"));
      await page.click("#load-more");
      // Each page adds rows; wait for them before asking for the next.
      await expect
        .poll(async () => Number(await page.getAttribute("#results", "aria-rowcount")))
        .toBeGreaterThan(before);
    }
    await expect
      .poll(() => page.getAttribute("#results", "aria-rowcount"))
      .toBe(String(bundled.releases.length + 1));
    expect(await page.locator("#load-more").isVisible()).toBe(false);
    expect(await page.locator("#results .vl-sizer [role=row]").count()).toBeLessThan(50);
    await page.$eval("#results", (el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => (await rowTexts(page)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the tab's scrolling results are reached with Tab and scrolled with the arrow keys and End", async () => {
    const { page, errors } = await openTab(launched());
    await page.selectOption("#platform", "all");
    await page.selectOption("#channel", "all");
    await expect.poll(() => page.getAttribute("#results", "aria-rowcount")).toBe("201");
    const results = page.locator("#results");
    // The one region that scrolls in a tab: more rows than it holds.
    expect(await results.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const inResults = (): Promise<boolean> =>
      page.evaluate(() => document.getElementById("results")?.contains(document.activeElement) ?? false);
    let presses = 0;
    while (!(await inResults()) && presses < 80) {
      await page.keyboard.press("Tab");
      presses++;
    }
    expect(await inResults()).toBe(true);
    await page.keyboard.press("End");
    await expect.poll(() => results.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    // End goes to the last row loaded (the 200th): focus and the view are there.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[data-index]")?.getAttribute("data-index")),
      )
      .toBe("199");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the popup's bundle", () => {
  test(`needs at most ${FIRST_PAINT_BUDGET_BYTES} bytes of JavaScript for its first paint`, async () => {
    const scripts = await popupScripts(inject("extensionDir"));
    const { firstPaint, total } = await popupScriptBytes(inject("extensionDir"));
    console.info(
      `popup JavaScript: ${firstPaint} bytes for first paint, ${total} in all (${scripts.size} files)`,
    );
    expect(firstPaint).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES);
    // The explorer is in the bundle, loaded later: a build that dropped it would pass the budget falsely.
    expect([...scripts.values()].some((s) => !s.firstPaint)).toBe(true);
    expect(total).toBeGreaterThan(firstPaint);
  });

  test("its first paint carries neither Vite's preload helper nor the shapes, which load after it", async () => {
    const scripts = await popupScripts(inject("extensionDir"));
    const code = async (path: string) => readFile(join(inject("extensionDir"), path), "utf8");
    // valibot's schemas each carry a `~standard` property (Standard Schema); the helper raises this event.
    for (const [path, script] of scripts) {
      if (!script.firstPaint) continue;
      expect(await code(path)).not.toContain("vite:preloadError");
      expect(await code(path)).not.toContain("~standard");
    }
    const lazy = [...scripts].filter(([, script]) => !script.firstPaint).map(([path]) => path);
    expect((await Promise.all(lazy.map(code))).some((text) => text.includes("~standard"))).toBe(true);
  });

  test("its first paint loads one script file with no static import, and no other page's code (scripts/popup-own-copies.ts)", async () => {
    const scripts = await popupScripts(inject("extensionDir"));
    const firstPaint = [...scripts.keys()].filter((path) => scripts.get(path)?.firstPaint);
    expect(firstPaint).toHaveLength(1);
    // The lazy parts are still apart: the explorer, the watch switcher and the banners load after.
    expect(
      [...scripts.keys()].filter((path) => !scripts.get(path)?.firstPaint).length,
    ).toBeGreaterThanOrEqual(3);
    // The popup's copies are its own: the service worker's script imports none of the popup's files.
    const manifest = JSON.parse(await readFile(join(inject("extensionDir"), "manifest.json"), "utf8")) as {
      background: { service_worker: string };
    };
    const loader = await readFile(join(inject("extensionDir"), manifest.background.service_worker), "utf8");
    const worker = [...loader.matchAll(/["'](?:\.?\/)?(assets\/[^"']+\.js)["']/g)].map(([, path]) => path);
    expect(worker.length).toBeGreaterThan(0);
    for (const path of worker) {
      const code = await readFile(join(inject("extensionDir"), path ?? ""), "utf8");
      for (const popupFile of firstPaint) expect(code).not.toContain(popupFile.split("/").pop());
    }
  });
});
