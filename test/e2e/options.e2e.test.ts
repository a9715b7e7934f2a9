/**
 * The options page of the built extension in real Chromium, for what only a real browser shows: what
 * `storage.sync` holds, host access asked for and refused by Chrome itself, the service's own lists, reset and
 * undo through real storage, and the text size. The page's rules (field errors, saving only what changed,
 * changes written elsewhere, Cancel, a saved choice the service does not list) are unit-tested over the same
 * markup (test/unit/options/options-dom.test.ts). Storage is read back in the service worker, a separate
 * context, so the tests see what the extension as a whole sees.
 */
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, inject, test } from "vitest";
import { openExtensionPage } from "../../scripts/chromium.ts";
import { launchedForSuite } from "./helpers.ts";

const OPTIONS = "src/options/index.html";

/**
 * Returns once the browser has answered every extension API call the page made before this one, and the
 * page has run what it does with the answers. Chrome answers a page's extension calls in the order they were
 * made, and a refusal (say, for want of a user gesture) at once: so after two round trips of our own (the
 * page's first call, `permissions.contains`, may still be under way when the first starts, and its
 * `permissions.request` follows it) any refusal has arrived and been handled, however slow the machine.
 * Used to see that something did not happen, instead of a fixed pause.
 */
async function afterPendingExtensionCalls(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => chrome.permissions.getAll());
  }
}

/**
 * The errors a page raised, less the browser's own line for each request that reached no server: the
 * platform and channel lists are asked of the service the form names, and the tests name some that are not
 * there (port 9, which Chromium refuses to connect to, or a host that does not resolve offline).
 */
function pageErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => !/^Failed to load resource: net::ERR_/.test(e));
}

describe("the options page", () => {
  const launched = launchedForSuite();

  const storedSync = (): Promise<Record<string, unknown>> =>
    launched().worker.evaluate(() => chrome.storage.sync.get("settings"));

  const writeSync = (settings: Record<string, unknown>): Promise<void> =>
    launched().worker.evaluate((value) => chrome.storage.sync.set({ settings: value }), settings);

  /** Opens the page and waits until it shows the stored settings (its controls are enabled then). */
  const open = async (): Promise<{ page: Page; errors: readonly string[] }> => {
    const { context, extensionId } = launched();
    const opened = await openExtensionPage(context, extensionId, OPTIONS);
    await opened.page.locator("#baseUrl:enabled").waitFor();
    return opened;
  };

  beforeEach(async () => {
    await launched().worker.evaluate(() => chrome.storage.sync.clear());
  });

  test("shows the stored settings over the build's defaults", async () => {
    await writeSync({ channel: "dev", pollMinutes: 45, notify: false, clickAction: "refresh" });
    const { page, errors } = await open();
    // The e2e build's defaults: the emulator, with the documentation's product id (`browser`).
    expect(await page.inputValue("#baseUrl")).toBe(inject("emulatorUrl"));
    expect(await page.inputValue("#product")).toBe("browser");
    expect(await page.inputValue("#platform")).toBe("auto");
    expect(await page.locator("#platform option:checked").textContent()).toBe(
      "Automatic (this device: Linux)",
    );
    expect(await page.inputValue("#channel")).toBe("dev");
    expect(await page.inputValue("#pollMinutes")).toBe("45");
    expect(await page.isChecked("#clickAction-refresh")).toBe(true);
    expect(await page.isChecked("#notify")).toBe(false);
    expect(await page.isChecked("#focusMode")).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("another loopback port is saved without a prompt: the build already grants 127.0.0.1", async () => {
    const { page, errors } = await open();
    await page.fill("#baseUrl", "http://127.0.0.1:9/v1/");
    await page.click("#save");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Saved.");
    expect(await storedSync()).toEqual({ settings: { baseUrl: "http://127.0.0.1:9/v1" } });
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });

  // Each is refused at the field, with the reason, before any host permission is asked: Chromium's URL
  // parser would take the first as the host `ex%20ample.com` and prompt for it, and the others would save
  // an address no request could use (every one a 404) or print 5,000 characters in the status line.
  test.each([
    ["a space in the host", "https://ex ample.com/v1", "Must not contain spaces."],
    [
      "no /v1",
      "https://versionhistory.googleapis.com",
      "Must end in /v1, the version of the service's API: try https://versionhistory.googleapis.com/v1.",
    ],
    [
      "5,000 characters",
      `https://releases.example.com/${"a".repeat(4971)}`,
      'Is 5000 characters long, more than the 256 an address may have (it starts "https://releases.example.com/aaaaaaaaaa…").',
    ],
  ])("a base URL with %s is refused at the field without asking for access", async (_what, url, error) => {
    const { page, errors } = await open();
    await page.fill("#baseUrl", url);
    await expect.poll(() => page.locator("#baseUrl-error").textContent()).toBe(error);
    await page.click("#save");
    await expect
      .poll(() => page.locator("#status").textContent())
      .toBe("Not saved: correct the marked fields.");
    await afterPendingExtensionCalls(page);
    expect(await page.locator("#status").textContent()).toBe("Not saved: correct the marked fields.");
    expect(await page.isEnabled("#save")).toBe(true);
    expect(await page.locator("#access").isHidden()).toBe(true);
    expect(await storedSync()).toEqual({});
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the schedule box is empty while the schedule follows the service, and follows a new one", async () => {
    const { page, errors } = await open();
    const emulatorOrigin = new URL(inject("emulatorUrl")).origin;
    expect(await page.inputValue("#scheduleUrl")).toBe("");
    expect(await page.getAttribute("#scheduleUrl", "placeholder")).toBe(emulatorOrigin);
    expect(await page.locator("#scheduleUrl-followed").textContent()).toBe(emulatorOrigin);
    await page.fill("#baseUrl", "http://127.0.0.1:9/v1");
    await expect.poll(() => page.locator("#scheduleUrl-followed").textContent()).toBe("http://127.0.0.1:9");
    expect(await page.getAttribute("#scheduleUrl", "placeholder")).toBe("http://127.0.0.1:9");
    await page.click("#save");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Saved.");
    // Only the service: the schedule is not stored, so it keeps following the service.
    expect(await storedSync()).toEqual({ settings: { baseUrl: "http://127.0.0.1:9/v1" } });
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });

  test("a schedule of the person's own is kept when the service changes, and clearing it follows again", async () => {
    await writeSync({ scheduleUrl: "https://dash.example.org" });
    const { page } = await open();
    expect(await page.inputValue("#scheduleUrl")).toBe("https://dash.example.org");
    await page.fill("#baseUrl", "http://127.0.0.1:9/v1");
    await page.click("#save");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Saved.");
    expect(await storedSync()).toEqual({
      settings: { baseUrl: "http://127.0.0.1:9/v1", scheduleUrl: "https://dash.example.org" },
    });
    await page.fill("#scheduleUrl", "");
    await page.click("#save");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Saved.");
    expect(await storedSync()).toEqual({ settings: { baseUrl: "http://127.0.0.1:9/v1", scheduleUrl: null } });
    await page.close();
  });

  test("the platform and channel lists offer what the service lists, with their labels", async () => {
    const { page, errors } = await open();
    const options = (select: string) =>
      page.$$eval(`${select} option`, (list) =>
        list.map((o) => [(o as HTMLOptionElement).value, o.textContent]),
      );
    // The e2e emulator's data: Chrome on Windows and Linux; Stable and Dev on Linux (this device).
    await expect
      .poll(() => options("#platform"))
      .toEqual([
        ["auto", "Automatic (this device: Linux)"],
        ["win64", "Windows"],
        ["linux", "Linux"],
      ]);
    await expect
      .poll(() => options("#channel"))
      .toEqual([
        ["stable", "Stable"],
        ["dev", "Dev"],
      ]);
    // Windows has Stable only.
    await page.selectOption("#platform", "win64");
    await expect.poll(() => options("#channel")).toEqual([["stable", "Stable"]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("Reset offers Undo, which writes back exactly what was stored, a custom service included", async () => {
    const before = { baseUrl: "http://127.0.0.1:9/v1", channel: "beta", pollMinutes: 5 };
    await writeSync(before);
    const { page, errors } = await open();
    await page.click("#reset");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Defaults restored.");
    expect(await storedSync()).toEqual({});
    expect(await page.inputValue("#baseUrl")).toBe(inject("emulatorUrl"));
    await page.click("#undo-reset");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Settings restored.");
    expect(await storedSync()).toEqual({ settings: before });
    expect(await page.inputValue("#baseUrl")).toBe("http://127.0.0.1:9/v1");
    expect(await page.inputValue("#channel")).toBe("beta");
    expect(await page.locator("#undo-reset").isHidden()).toBe(true);
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });

  // Chrome refuses outright to grant an origin outside the manifest's optional host permissions ([::1] is
  // loopback but only 127.0.0.1 is listed), which is the one refusal a headless run can produce.
  test("an origin Chrome will not grant offers Save anyway, which writes it for the worker to try via CORS", async () => {
    const { page, errors } = await open();
    await page.fill("#baseUrl", "http://[::1]:9/v1");
    await page.click("#save");
    await page.locator("#access").waitFor();
    expect(await page.locator("#access-text").textContent()).toContain(
      "Only permissions specified in the manifest may be requested",
    );
    expect(await storedSync()).toEqual({});
    await page.click("#save-anyway");
    await expect.poll(() => page.locator("#status").textContent()).toMatch(/^Saved\. Without access/);
    expect(await storedSync()).toEqual({ settings: { baseUrl: "http://[::1]:9/v1" } });
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });

  // Last on purpose: headless Chromium shows the permission prompt but nobody can answer it (Playwright
  // does not reach browser dialogs), so the request stays pending until the page closes.
  test("a custom https base URL asks the browser for that origin and writes nothing until answered", async () => {
    const { page, errors } = await open();
    await page.fill("#baseUrl", "https://releases.example.com/v1");
    await page.click("#save");
    // Had the click's user gesture been lost, Chrome would reject the request at once and the page would
    // offer "Save anyway"; a pending request means the prompt is up.
    await expect
      .poll(() => page.locator("#status").textContent())
      .toBe("Asking the browser for access to https://releases.example.com: answer its prompt to continue.");
    await afterPendingExtensionCalls(page);
    expect(await page.locator("#access").isHidden()).toBe(true);
    expect(await page.isDisabled("#save")).toBe(true);
    expect(await storedSync()).toEqual({});
    expect(
      await launched().worker.evaluate(() =>
        chrome.permissions.contains({ origins: ["https://releases.example.com/*"] }),
      ),
    ).toBe(false);
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });
});

describe("the options page's text", () => {
  const launched = launchedForSuite();

  test("is drawn at 14px, not at the 75% Chrome's extension stylesheet gives body text", async () => {
    const { page } = await openExtensionPage(launched().context, launched().extensionId, OPTIONS);
    await page.locator("label").first().waitFor();
    expect(await page.$eval("label", (el) => getComputedStyle(el).fontSize)).toBe("14px");
    await page.close();
  });
});
