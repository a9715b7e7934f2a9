/**
 * The popup's switcher of what the toolbar watches, in real Chromium against the e2e emulator: it offers the
 * platforms and channels the service lists (Chrome on Windows and Linux; Stable and Dev on Linux), not the
 * catalog's fifteen platforms, and keeps a saved platform the service lacks selected, marked as such.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { openExtensionPage, readAction } from "../../scripts/chromium.ts";
import { launchedForSuite, storedDrawn, until } from "./helpers.ts";

const POPUP = "src/popup/index.html";

/** A select's options as [value, label] pairs. */
function options(page: Page, select: string): Promise<string[][]> {
  return page.$$eval(`${select} option`, (list) =>
    list.map((o) => [(o as HTMLOptionElement).value, o.textContent]),
  );
}

describe("the popup's watch lists", () => {
  const launched = launchedForSuite();

  const openPopup = async (): Promise<Page> => {
    const { page } = await openExtensionPage(launched().context, launched().extensionId, POPUP);
    await storedDrawn(page);
    return page;
  };

  beforeAll(async () => {
    // The worker's first poll stores the snapshot the header is drawn from.
    await until(async () => (await readAction(launched().worker)).badgeText === "120");
  });

  test("offer the service's platforms and channels, Automatic first", async () => {
    const page = await openPopup();
    await expect
      .poll(() => options(page, "#watch-platform"))
      .toEqual([
        ["auto", "Automatic (this device: Linux)"],
        ["win64", "Windows"],
        ["linux", "Linux"],
      ]);
    await expect
      .poll(() => options(page, "#watch-channel"))
      .toEqual([
        ["stable", "Stable"],
        ["dev", "Dev"],
      ]);
    await page.close();
  });

  test("keep a saved platform the service does not list, marked as such", async () => {
    await launched().worker.evaluate(() => chrome.storage.sync.set({ settings: { platform: "mac" } }));
    try {
      const page = await openPopup();
      // The mark comes from the service's own list: the snapshot alone could only say nothing is live there.
      await expect
        .poll(() => options(page, "#watch-platform"))
        .toEqual([
          // Another platform is watched: the page does not know what Automatic would stand for here.
          ["auto", "Automatic"],
          ["win64", "Windows"],
          ["linux", "Linux"],
          ["mac", "macOS (Intel) (not on this service)"],
        ]);
      expect(await page.inputValue("#watch-platform")).toBe("mac");
      await page.close();
    } finally {
      await launched().worker.evaluate(() => chrome.storage.sync.clear());
    }
  });
});
