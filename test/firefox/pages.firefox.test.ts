/**
 * The popup, the explorer tab and the options page of the Firefox build in real Firefox, against the
 * emulator (fixture dataset): each draws what the Chromium build draws, reaches its extension APIs through
 * the polyfill's `browser` (Firefox's native one), and logs no error (read from Firefox's console in the
 * browser's scope; toolbar.firefox.test.ts proves the reader sees errors).
 */
import type { Page } from "puppeteer-core";
import { describe, expect, test } from "vitest";
import { firefoxForSuite, until } from "./helpers.ts";

declare const browser: import("webextension-polyfill").Browser;

const firefox = firefoxForSuite();

const text = (page: Page, selector: string): Promise<string> =>
  page.$eval(selector, (el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()).catch(() => "");

/**
 * Closes an options page, then removes the settings it saved through the suite's probe page. Removed from
 * the closing page itself, the page's own storage listener would still be reading when it closed, and
 * Firefox logs that read as "Promise resolved after context unloaded".
 */
async function closeAndForget(page: Page): Promise<void> {
  await page.close();
  await firefox.probe.evaluate(() => browser.storage.sync.remove("settings"));
}

describe("the popup in Firefox", () => {
  test("shows every live platform and channel, and names Firefox without comparing it with Chrome", async () => {
    const page = await firefox.openPage();
    await page.waitForSelector("#live-rows tr");
    const cells = await page.$$eval("#live-rows tr", (trs) =>
      trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim())),
    );
    expect(cells).toEqual([
      ["Windows", "120 100% (120.0.6099.71 since 2023-12-06 21:01 UTC)", "nothing live"],
      [
        "Linux",
        "120 25% (120.0.6099.71 since 2023-12-06 21:01 UTC)",
        "122 100% (122.0.6200.0 since 2023-12-08 01:46 UTC)",
      ],
    ]);
    const named = await until(
      () => text(page, "#browser"),
      (t) => t !== "",
    );
    expect(named).toMatch(/^This browser: Firefox \d+\.\d+(\.\d+)?$/);
    await page.close();
  });

  test("says how to pin the button in Firefox's words: the Extensions button, the gear, Pin to Toolbar", async () => {
    // A temporary add-on's button starts in the Extensions panel, not on the toolbar: the tip shows.
    const page = await firefox.openPage();
    expect(await page.evaluate(async () => (await browser.action.getUserSettings()).isOnToolbar)).toBe(false);
    await page.waitForSelector("#pin-hint", { visible: true });
    expect(await text(page, "#pin-hint")).toBe(
      "Tip: pin Release Radar to the toolbar to see the rollout at a glance (Extensions button, then the " +
        "gear beside Release Radar, then Pin to Toolbar).",
    );
    await page.close();
  });

  test("Check now asks the background page, which polls and answers", async () => {
    const page = await firefox.openPage();
    await page.waitForSelector("#live-rows tr");
    const before = await page.evaluate(async () => (await browser.storage.local.get("pollState")).pollState);
    await page.locator("#check-now").click();
    await until(
      () => text(page, "#check-now"),
      (t) => t === "Check now",
    );
    const after = await page.evaluate(async () => (await browser.storage.local.get("pollState")).pollState);
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    await page.close();
  });

  test("the explorer tab lists the emulator's releases and shows the request it made", async () => {
    const page = await firefox.openPage("src/popup/index.html?mode=tab");
    await page.waitForSelector("#results [data-index='0']");
    expect(await text(page, "#request-url")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/browser\//);
    await page.close();
  });
});

describe("the options page in Firefox", () => {
  test("saves a changed channel", async () => {
    const page = await firefox.openPage("src/options/index.html");
    await until(
      () => text(page, "h1"),
      (t) => t === "Release Radar options",
    );
    // A channel the emulator lists for this device's platform: the list offers the service's channels only.
    await page.select("#channel", "dev");
    await page.locator("#save").click();
    await until(
      () => text(page, "#status"),
      (t) => t === "Saved.",
    );
    const stored = await page.evaluate(async () => (await browser.storage.sync.get("settings")).settings);
    expect(stored).toMatchObject({ channel: "dev" });
    await closeAndForget(page);
  });

  test("a custom https service asks Firefox for its host from the submit handler itself, and is granted", async () => {
    // Firefox refuses permissions.request after any await in the handler ("may only be called from a user
    // input handler"); prompts are off in this profile, so a request made in time is granted at once.
    const page = await firefox.openPage("src/options/index.html");
    await page.waitForSelector("#baseUrl");
    await page.$eval("#baseUrl", (input) => ((input as HTMLInputElement).value = ""));
    await page.type("#baseUrl", "https://releases.example.com:8443/v1");
    await page.locator("#save").click();
    const status = await until(
      () => text(page, "#status"),
      (t) => t.startsWith("Saved") || t.startsWith("Not saved"),
    );
    expect(status).toBe("Saved. Release Radar may now read https://releases.example.com:8443.");
    expect(
      await page.evaluate(() =>
        browser.permissions.contains({ origins: ["https://releases.example.com/*"] }),
      ),
    ).toBe(true);
    await closeAndForget(page);
  });
});
