/**
 * Watching a milestone in Firefox, as in Chromium (test/e2e/tracked.e2e.test.ts): kept in storage.sync,
 * listed, and told by exactly one notification when an emulator of the file's own (the e2e dataset) moves
 * Linux Stable 120 from 25% to 100%.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawnEmulator, type EmulatorProcess } from "../../scripts/emulator-process.ts";
import { E2E_DATA } from "../e2e/global-setup.ts";
import { firefoxForSuite, until } from "./helpers.ts";

declare const browser: import("webextension-polyfill").Browser;

const RELEASE = "chrome/platforms/linux/channels/stable/versions/120.0.6099.71/releases/1701896460";
const REACHED = "reached:milestone:120@95/watched/linux/stable";
const firefox = firefoxForSuite();
let emulator: EmulatorProcess;

beforeAll(async () => {
  emulator = await spawnEmulator({ args: ["--data", E2E_DATA] });
  await firefox.probe.evaluate(
    (baseUrl) => browser.storage.sync.set({ settings: { baseUrl } }),
    emulator.baseUrl,
  );
  await until(
    () =>
      firefox.probe.evaluate(
        async () => (await browser.storage.local.get("snapshot")).snapshot as { baseUrl?: string },
      ),
    (s) => s?.baseUrl === emulator.baseUrl,
  );
});
afterAll(() => emulator?.stop());

describe("a watched milestone in Firefox", () => {
  test("is watched from its answer and told once when its rollout reaches the threshold", async () => {
    const page = await firefox.openPage("src/popup/index.html?mode=tab&q=120");
    // Clicked once the answer is drawn in full: its schedule's days, drawn after the first answer, move the
    // control down, and a click aimed before that lands beside it. The locator waits for a box that holds still.
    await until(
      () => page.evaluate(() => performance.getEntriesByName("rr:answer-settled").length > 0),
      Boolean,
    );
    await page.locator("#answer-watch-save").click();
    await until(
      () => page.$eval("#answer-watch-status", (el) => el.textContent ?? ""),
      (t) => t.startsWith("Watching:"),
    );
    const list = () => page.$eval("#tracked-list", (el) => el.textContent ?? "").catch(() => "");
    await until(list, (t) => t.includes("rolling out: 25% of Linux Stable"));
    expect(await page.evaluate(async () => (await browser.storage.sync.get("tracked")).tracked)).toEqual([
      { kind: "milestone", id: "120", threshold: 95, where: "watched" },
    ]);

    const moved = await fetch(emulator.baseUrl.replace(/\/v1$/, "/_emulator/release"), {
      method: "PUT",
      body: JSON.stringify({ name: RELEASE, fraction: 1 }),
    });
    expect(moved.status).toBe(200);
    // Headless Firefox closes a notification as soon as it is made, so none can be counted on screen here:
    // the ids the notifier recorded as shown (it records each before showing it) are what is counted.
    const reached = async (): Promise<string[]> => {
      const { notified } = await page.evaluate(() => browser.storage.local.get("notified"));
      return ((notified as string[] | undefined) ?? []).filter((id) => id.startsWith("reached:"));
    };
    await page.evaluate(() => browser.runtime.sendMessage({ type: "refresh" }));
    await until(reached, (ids) => ids.length > 0);
    await until(list, (t) => /reached 95% on Linux on \d{4}-\d{2}-\d{2}/.test(t));
    await page.evaluate(() => browser.runtime.sendMessage({ type: "refresh" }));
    expect(await reached()).toEqual([REACHED]);
    await page.close();
  });
});
