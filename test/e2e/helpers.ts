// Helpers shared by the real-browser tests.
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { WAIT_TIMEOUT_MS, launchExtension, type LaunchedExtension } from "../../scripts/chromium.ts";

/** Launches Chromium with the extension as global setup built it for these tests (never the user's dist/). */
export function launchBuilt(options: { timezoneId?: string } = {}): Promise<LaunchedExtension> {
  return launchExtension({ dist: inject("extensionDir"), ...options });
}

/**
 * Waits until the popup page has drawn storage's answer (its "rr:stored-paint" mark). Until then it may show
 * its own copy of what it last drew (src/popup/stored.ts), which a test that just stored data must not read.
 */
export async function storedDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName("rr:stored-paint").length > 0, undefined, {
    timeout: WAIT_TIMEOUT_MS,
  });
}

/** Waits until `check` holds (expect.poll works only inside tests, not in beforeAll). */
export async function until(check: () => Promise<boolean>, timeoutMs = WAIT_TIMEOUT_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not true within ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Launches the extension pointed at `baseUrl` and waits until the worker has stored a snapshot from it. */
export async function launchFor(
  baseUrl: string,
  options: { timezoneId?: string } = {},
): Promise<LaunchedExtension> {
  const extension = await launchBuilt(options);
  await extension.worker.evaluate((url) => chrome.storage.sync.set({ settings: { baseUrl: url } }), baseUrl);
  await until(
    async () =>
      (await extension.worker.evaluate(async () => {
        const { snapshot } = await chrome.storage.local.get<{ snapshot?: { baseUrl: string } }>("snapshot");
        return snapshot?.baseUrl;
      })) === baseUrl,
  );
  return extension;
}
