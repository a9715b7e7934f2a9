/**
 * The toolbar in real Firefox (Debian's firefox-esr, headless, through puppeteer-core over WebDriver BiDi):
 * the Firefox build's background page against the emulator (fixture dataset), every toolbar value read back
 * through Firefox's own `browser.action` from an extension page. Firefox here runs on Linux, so platform
 * `auto` watches linux. Every test ends with no error logged by the add-on (read from Firefox's console in
 * the browser's scope: BiDi reports none for extension pages; the first test proves the reader sees them).
 */
import type { HTTPRequest, Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { launchFirefox, type LaunchedFirefox } from "../../scripts/firefox.ts";
import { AMBER, DARK, rollingOut, toolbarReader, type Seen } from "../toolbar-seen.ts";

let firefox: LaunchedFirefox;
/** An extension page that reads the toolbar and writes settings through Firefox's `browser.*`. */
let probe: Page;

const DEFAULTS = {
  platform: "auto",
  channel: "stable",
  clickAction: "popup",
  focusMode: false,
  notify: true,
};

/** The `browser` global of a Firefox extension page (native; the product's own code gets it from the polyfill). */
declare const browser: import("webextension-polyfill").Browser;

async function seen(tabId?: number): Promise<Seen> {
  return probe.evaluate(async (tabId) => {
    const details = tabId === undefined ? {} : { tabId };
    return {
      text: await browser.action.getBadgeText(details),
      title: await browser.action.getTitle(details),
      color: await browser.action.getBadgeBackgroundColor(details),
      textColor: await browser.action.getBadgeTextColor(details),
      popup: await browser.action.getPopup(details),
      enabled: await browser.action.isEnabled(details),
    };
  }, tabId);
}

const { shows } = toolbarReader(seen);

async function setSettings(partial: Record<string, unknown>): Promise<void> {
  await probe.evaluate((settings) => browser.storage.sync.set({ settings }), partial);
}

/** Release-notes pages, served by the test: the machine has no internet. */
function serveReleasePages(page: Page): Promise<void> {
  page.on("request", (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    if (request.url().startsWith("https://developer.chrome.com/")) {
      void request.respond({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>notes</title><p>release notes</p>",
      });
    } else {
      void request.continue();
    }
  });
  return page.setRequestInterception(true);
}

/** Opens a release-notes page in a new tab and finds its tab id. */
async function openReleasePage(url: string): Promise<{ page: Page; tabId: number }> {
  const page = await firefox.browser.newPage();
  await serveReleasePages(page);
  await firefox.navigate(page, url);
  const tabId = await probe.evaluate(async (url) => {
    const [tab] = await browser.tabs.query({ url });
    return tab?.id ?? -1;
  }, url);
  expect(tabId).toBeGreaterThan(0);
  return { page, tabId };
}

beforeAll(async () => {
  firefox = await launchFirefox({ dist: inject("firefoxDir") });
  probe = await firefox.openPage("src/options/index.html");
  await shows(rollingOut);
});

afterEach(async () => {
  await setSettings(DEFAULTS);
  await shows((s) => rollingOut(s) && s.enabled && s.popup !== "");
  expect(await firefox.errors()).toEqual([]);
});

afterAll(async () => {
  await firefox?.close();
});

describe("the error reader", () => {
  test("sees an uncaught error and an unhandled rejection of an extension page, and forgets them when cleared", async () => {
    await probe.evaluate(() => {
      setTimeout(() => {
        throw new Error("deliberate probe error");
      });
      void Promise.reject(new Error("deliberate probe rejection"));
    });
    await expect.poll(async () => (await firefox.errors()).length).toBeGreaterThanOrEqual(2);
    expect(await firefox.errors()).toEqual([
      expect.stringMatching(/^\/src\/options\/index\.html: Error: deliberate probe error$/),
      expect.stringMatching(/^\/src\/options\/index\.html: Error: deliberate probe rejection$/),
    ]);
    await firefox.clearErrors();
    expect(await firefox.errors()).toEqual([]);
  });
});

describe("the global badge in Firefox", () => {
  test("a partial rollout: the milestone in amber with dark text, and a title naming Firefox without comparing", async () => {
    const s = await shows(rollingOut);
    expect(s.color).toEqual(AMBER);
    expect(s.textColor).toEqual(DARK);
    const lines = s.title.split("\n");
    expect(lines[0]).toBe("Release Radar: Chrome Stable on Linux");
    expect(lines[1]).toBe("Rolling out: 120 to 25% of users; most users run 119");
    expect(lines[2]).toMatch(/^\d+\.\d+\.\d+\.\d+ at 25% since /);
    expect(lines).toContainEqual(expect.stringMatching(/^This browser: Firefox \d+\.\d+(\.\d+)?$/));
    expect(s.title).not.toMatch(/behind|up to date/);
  });

  test("a settings change shows on the badge", async () => {
    await setSettings({ ...DEFAULTS, channel: "dev" });
    const s = await shows((s) => s.title.startsWith("Release Radar: Chrome Dev on Linux"));
    expect(s.text).toBe("122");
  });
});

describe("release pages in Firefox", () => {
  test("a release page gets its own badge and popup; leaving it in-page clears the tab's text (text: null)", async () => {
    const { page, tabId } = await openReleasePage("https://developer.chrome.com/release-notes/120");
    const s = await shows((s) => s.text === "STBL", tabId);
    // M120 serves 25% of Linux Stable: amber, the global badge's colour for a rollout under way.
    expect(s.color).toEqual(AMBER);
    expect(s.popup).toMatch(/src\/popup\/index\.html\?milestone=120$/);
    await shows((s) => s.title.includes("M120 on Stable since"), tabId);
    // A same-document navigation: Firefox keeps the tab's values, so the extension clears the tab's text
    // itself (`setBadgeText({tabId, text: null})`, which Firefox requires) and the global one shows through.
    await page.evaluate(() => history.pushState({}, "", "/docs/"));
    const after = await shows(rollingOut, tabId);
    expect(after.popup).toMatch(/src\/popup\/index\.html$/);
    await page.close();
  });

  test("focus mode disables the action everywhere but on release pages", async () => {
    const { page, tabId } = await openReleasePage("https://developer.chrome.com/release-notes/122");
    await setSettings({ ...DEFAULTS, focusMode: true });
    await shows((s) => !s.enabled);
    expect((await shows((s) => s.enabled, tabId)).text).toBe("DEV");
    await setSettings(DEFAULTS);
    await shows((s) => s.enabled);
    await page.close();
  });
});

describe("clicking the button in Firefox", () => {
  test("clickAction open-notes: no popup, and a click opens the newest milestone's notes in a tab", async () => {
    await setSettings({ ...DEFAULTS, clickAction: "open-notes" });
    await shows((s) => s.popup === "");
    const notes = () =>
      probe.evaluate(async () =>
        (await browser.tabs.query({})).map((t) => t.url ?? "").filter((u) => u.includes("/release-notes")),
      );
    expect(await notes()).toEqual([]);
    await firefox.clickButton();
    await expect.poll(async () => (await notes()).length).toBeGreaterThan(0);
    expect(await notes()).toEqual([
      expect.stringMatching(/^https:\/\/developer\.chrome\.com\/release-notes\/\d+$/),
    ]);
  });
});
