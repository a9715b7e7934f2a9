// Helpers shared by the real-browser tests.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import {
  WAIT_TIMEOUT_MS,
  launchExtension,
  openExtensionPage,
  waitFor,
  type LaunchedExtension,
  type OpenedPage,
} from "../../scripts/chromium.ts";
import { POPUP_PAGE } from "../../scripts/popup-scripts.ts";
import { spawnEmulator, type EmulatorProcess } from "../../scripts/emulator-process.ts";

/** Launches Chromium with the extension as global setup built it for these tests (never the user's dist/). */
export function launchBuilt(
  options: { timezoneId?: string; env?: Record<string, string>; profile?: string } = {},
): Promise<LaunchedExtension> {
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

/** Chrome's largest popup, in device pixels. */
export const MAX_POPUP = { width: 800, height: 600 };

/**
 * The page as the toolbar's popup, `query` its release page's context, once storage's answer is drawn. At a
 * zoom level Chrome lays the popup out in CSS pixels of the zoomed page: its width its content's (440 px),
 * its height at most 600 device pixels.
 */
export async function openPopup(
  extension: Pick<LaunchedExtension, "context" | "extensionId">,
  { query = "", zoom = 1 }: { query?: string; zoom?: number } = {},
): Promise<OpenedPage> {
  const opened = await openExtensionPage(extension.context, extension.extensionId, POPUP_PAGE + query);
  await opened.page.setViewportSize({
    width: Math.min(440, Math.floor(MAX_POPUP.width / zoom)),
    height: Math.floor(MAX_POPUP.height / zoom),
  });
  await storedDrawn(opened.page);
  return opened;
}

/**
 * Reads until `done` holds for what `read` returned (by default: until it is truthy), and returns that; fails
 * with the last value read. For hooks and helpers, where expect.poll cannot run.
 */
export function until<T>(read: () => Promise<T>, done: (value: T) => boolean = Boolean): Promise<T> {
  return waitFor(read, done, { what: read.toString() });
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

/** The extension a suite launched (ask once beforeAll has run), and the service it polls. */
export type SuiteExtension = (() => LaunchedExtension) & { readonly baseUrl: () => string };

/**
 * Launches the built extension for the suite it is called in (beforeAll, closed in afterAll): against the e2e
 * emulator, or with `ownEmulator` against an emulator of the suite's own (given `args`, else on the bundled
 * dataset), waiting for its first poll of that one. `timezoneId` is the browser's time zone.
 */
export function launchedForSuite(
  options: { ownEmulator?: boolean | { args: string[] }; timezoneId?: string } = {},
): SuiteExtension {
  let extension: LaunchedExtension | undefined;
  let emulator: EmulatorProcess | undefined;
  const browser = options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId };
  beforeAll(async () => {
    const { ownEmulator } = options;
    if (ownEmulator) {
      emulator = await spawnEmulator(typeof ownEmulator === "object" ? { args: ownEmulator.args } : {});
      extension = await launchFor(emulator.baseUrl, browser);
    } else {
      extension = await launchBuilt(browser);
    }
  });
  afterAll(async () => {
    await extension?.close();
    emulator?.stop();
  });
  const launched = (): LaunchedExtension => {
    if (extension === undefined) throw new Error("beforeAll did not launch the extension");
    return extension;
  };
  return Object.assign(launched, { baseUrl: () => emulator?.baseUrl ?? inject("emulatorUrl") });
}
