// Helpers shared by the Firefox tests.
import type { Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { waitFor } from "../../scripts/chromium.ts";
import { launchFirefox, type LaunchedFirefox } from "../../scripts/firefox.ts";

declare const browser: import("webextension-polyfill").Browser;

/**
 * Reads until `done` holds for what `read` returned, and returns that; fails with the last value read. For
 * hooks and helpers, where expect.poll cannot run.
 */
export function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return waitFor(read, done, { what: read.toString() });
}

/**
 * Waits until the background's first poll has stored its snapshot, read through `page` (any extension page):
 * the popup, the answers and the address bar draw from it.
 */
export async function untilFirstPoll(page: Page): Promise<void> {
  await until(
    () => page.evaluate(async () => (await browser.storage.local.get("snapshot")).snapshot !== undefined),
    Boolean,
  );
}

/** The add-on in Firefox for one test file, with an options page left open to read its storage through. */
export type FirefoxSuite = LaunchedFirefox & { readonly probe: Page };

/**
 * Launches the built add-on in Firefox (with `prefs`) before the file's tests and waits for its first poll;
 * after each test, the add-on must have logged no error; closes Firefox after the file. What it returns reads
 * through to the launched Firefox, so a file uses it as the one it launched itself.
 */
export function firefoxForSuite(prefs?: Record<string, string | number | boolean>): FirefoxSuite {
  let launched: { firefox: LaunchedFirefox; probe: Page } | undefined;
  beforeAll(async () => {
    const firefox = await launchFirefox({ dist: inject("firefoxDir"), ...(prefs ? { prefs } : {}) });
    const probe = await firefox.openPage("src/options/index.html");
    launched = { firefox, probe };
    await untilFirstPoll(probe);
  });
  afterEach(async () => {
    expect(await launched?.firefox.errors()).toEqual([]);
  });
  afterAll(async () => {
    await launched?.firefox.close();
  });
  return new Proxy({} as FirefoxSuite, {
    get(_, key): unknown {
      if (launched === undefined) throw new Error("Firefox is launched before the file's tests");
      return key === "probe" ? launched.probe : (Reflect.get(launched.firefox, key) as unknown);
    },
  });
}
