// Helpers shared by the Firefox tests.
import type { Page } from "puppeteer-core";
import { waitFor } from "../../scripts/chromium.ts";

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
