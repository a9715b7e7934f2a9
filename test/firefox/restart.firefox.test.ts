/**
 * Firefox's background page is an event page: idle, Firefox suspends it, and an event starts it again, all
 * its in-memory state gone. This profile suspends it after 1 s idle (`extensions.background.idle.timeout`),
 * so a test watches it stop, then wakes it with an event and checks the badge was kept throughout and the
 * restarted page works from what it stored.
 */
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { launchFirefox, type LaunchedFirefox } from "../../scripts/firefox.ts";
import { until } from "./helpers.ts";

declare const browser: import("webextension-polyfill").Browser;

let firefox: LaunchedFirefox;
let probe: Page;

const badge = () =>
  probe.evaluate(async () => ({
    text: await browser.action.getBadgeText({}),
    title: await browser.action.getTitle({}),
  }));

/** The badge without its "Last checked" line, which a check by the restarted page rightly moves on a minute. */
const withoutLastChecked = (b: { text: string; title: string }) => ({
  text: b.text,
  title: b.title.replace(/\nLast checked .*$/, ""),
});

beforeAll(async () => {
  firefox = await launchFirefox({
    dist: inject("firefoxDir"),
    prefs: { "extensions.background.idle.timeout": 1000 },
  });
  probe = await firefox.openPage("src/options/index.html");
});

afterAll(async () => {
  await firefox?.close();
});

test("the background page stops when idle and starts again on an event, and the badge stays", async () => {
  const first = await until(badge, (b) => b.text === "120");
  await until(firefox.backgroundState, (state) => state === "stopped");
  // Stopped: the toolbar still shows what the page set (Firefox keeps action values, not the page).
  expect(await badge()).toEqual(first);
  // A settings change is an event the stopped page is started for; it reads its state back from storage.
  await probe.evaluate(() => browser.storage.sync.set({ settings: { channel: "dev" } }));
  // Title and text are separate calls: wait for both, not for one and then read the other.
  const dev = await until(
    badge,
    (b) => b.title.startsWith("Release Radar: Chrome Dev on Linux") && b.text === "122",
  );
  // Stopped again, and started by a message this time (the popup's Check now): the answer comes back.
  await until(firefox.backgroundState, (state) => state === "stopped");
  expect(await probe.evaluate(() => browser.runtime.sendMessage({ type: "refresh" }))).toEqual({ ok: true });
  const after = await badge();
  expect(after.title).toMatch(/\nLast checked \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(withoutLastChecked(after)).toEqual(withoutLastChecked(dev));
  await probe.evaluate(() => browser.storage.sync.remove("settings"));
  await until(badge, (b) => b.text === "120");
  expect(await firefox.errors()).toEqual([]);
});
