/**
 * The Firefox build against the hostile stand-in (test/hostile-server.ts): Firefox has no storage quota to
 * stop a huge answer, and its alarms and dates take whatever number they are given, so the bounds must be
 * the extension's own.
 */
import type { Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, expect, inject, test } from "vitest";
import { launchFirefox, type LaunchedFirefox } from "../../scripts/firefox.ts";
import { startHostileServer, type HostileServer } from "../hostile-server.ts";
import { until } from "./helpers.ts";

/** The `browser` global of a Firefox extension page. */
declare const browser: import("webextension-polyfill").Browser;

let server: HostileServer;
let firefox: LaunchedFirefox;
let probe: Page;

async function title(): Promise<string> {
  return probe.evaluate(() => browser.action.getTitle({}));
}

/** Asks the background page to poll now, as "Check now" does; resolves once it answers. */
async function refresh(): Promise<void> {
  await probe.evaluate(() => browser.runtime.sendMessage({ type: "refresh" }));
}

async function stored(): Promise<{
  snapshot?: { releases: unknown[] };
  pollState?: { nextTry: unknown; lastError?: { kind: string } };
}> {
  return probe.evaluate(() => browser.storage.local.get(["snapshot", "pollState"]));
}

beforeAll(async () => {
  server = await startHostileServer();
  firefox = await launchFirefox({ dist: inject("firefoxDir") });
  probe = await firefox.openPage("src/options/index.html");
  await probe.evaluate((settings) => browser.storage.sync.set({ settings }), {
    baseUrl: server.baseUrl,
    scheduleUrl: server.origin,
  });
  await until(title, (t) => t.includes(`Last checked`) && t.includes(new URL(server.origin).host));
  // The poll the settings change started is still at its schedule questions when the title shows: a refresh
  // joins it and answers once it has ended, so a test's own refresh then polls anew (rather than joining it).
  await refresh();
});

afterEach(async () => {
  server.live = "good";
  await refresh();
  await until(title, (t) => t.includes("Last checked"));
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

test("a 20 MB answer is refused as it streams and said, and nothing of it is stored", async () => {
  server.live = "huge";
  await refresh();
  const t = await until(title, (t) => t.includes("too large"));
  expect(t).toContain("The latest check failed: The service's answer is too large (more than");
  const { snapshot, pollState } = await stored();
  expect(snapshot?.releases).toHaveLength(2);
  expect(pollState?.lastError?.kind).toBe("too-large");
});

test("a Retry-After of 10^13 seconds puts the next try an hour away at most", async () => {
  server.live = "retry-after";
  await refresh();
  const t = await until(title, (t) => t.includes("next try"));
  expect(t).toMatch(/next try at .*\(in (\d+ min|1 h)\)/);
  const nextTry = (await stored()).pollState?.nextTry;
  expect(typeof nextTry).toBe("number");
  expect(nextTry as number).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
  const alarm = await probe.evaluate(async () => (await browser.alarms.get("poll"))?.scheduledTime);
  expect(Math.abs((alarm ?? 0) - (nextTry as number))).toBeLessThan(1000);
  expect(await firefox.errors()).toEqual([]);
});
