// Helpers shared by the real-browser tests.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { WAIT_TIMEOUT_MS, launchExtension, type LaunchedExtension } from "../../scripts/chromium.ts";
import { spawnEmulator, type EmulatorProcess } from "../../scripts/emulator-process.ts";

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

/**
 * Launches the built extension for the suite it is called in (beforeAll, closed in afterAll): against the e2e
 * emulator, or with `ownEmulator` against an emulator of its own on the bundled dataset. Returns the extension,
 * which a test may ask for once beforeAll has run.
 */
export function launchedForSuite(options: { ownEmulator?: boolean } = {}): () => LaunchedExtension {
  let extension: LaunchedExtension | undefined;
  let emulator: EmulatorProcess | undefined;
  beforeAll(async () => {
    if (options.ownEmulator) {
      emulator = await spawnEmulator();
      extension = await launchFor(emulator.baseUrl);
    } else {
      extension = await launchBuilt();
    }
  });
  afterAll(async () => {
    await extension?.close();
    emulator?.stop();
  });
  return () => {
    if (extension === undefined) throw new Error("beforeAll did not launch the extension");
    return extension;
  };
}
