/**
 * The release list a new user meets, in real Chromium against an emulator of this file's own: a slow service
 * that does answer still fills the list (the page asks only what it shows, the list first, and never queues
 * behind itself); the popup's list follows what the toolbar watches unless the person picks its own pair;
 * and the polish a new user notices: whole column headings and a long pasted filter kept whole.
 */
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, test } from "vitest";
import type { OpenedPage } from "../../scripts/chromium.ts";
import { DEFAULT_TIMEOUT_MS } from "../../src/core/client/client.ts";
import { E2E_DATA } from "./global-setup.ts";
import { launchedForSuite, openPopup as openPopupPage } from "./helpers.ts";

const POPUP = "src/popup/index.html";
/** Chromium's connections per host (HTTP/1.1), which the emulator speaks: a seventh request waits for one. */
const BROWSER_CONNECTIONS_PER_HOST = 6;

const launched = launchedForSuite({ ownEmulator: { args: ["--data", E2E_DATA] } });

beforeEach(async () => {
  // What a first-time user has: the default watch (this device's platform, stable) and no filters stored.
  await launched().worker.evaluate(async (url) => {
    await chrome.storage.local.remove("explorer");
    await chrome.storage.sync.set({ settings: { baseUrl: url } });
  }, launched.baseUrl());
});

/** The page as the toolbar's popup (helpers.ts), once its list has rows. */
async function openPopup(query = "", zoom = 1): Promise<OpenedPage> {
  const opened = await openPopupPage(launched(), { query, zoom });
  await opened.page.locator("#results [data-index='0']").waitFor();
  return opened;
}

/** The list's platform and channel, and the path of the request its rows answer. */
async function listShows(page: Page): Promise<{ platform: string; channel: string; path: string }> {
  return {
    platform: await page.inputValue("#platform"),
    channel: await page.inputValue("#channel"),
    path: new URL((await page.locator("#request-url").textContent()) ?? "").pathname.replace(
      /^\/v1\/\w+/,
      "",
    ),
  };
}

/** Sets the emulator's injected faults (its admin endpoint, emulator/admin.ts); "" clears them. */
async function setFaults(spec: string): Promise<void> {
  const response = await fetch(new URL("/_emulator/faults", launched.baseUrl()), {
    method: "PUT",
    body: spec,
  });
  expect(response.status).toBe(200);
}

/** The service requests a page sends, in order, and the most it had on its way at once. */
function recordRequests(page: Page): { urls: string[]; mostAtOnce: () => number } {
  const urls: string[] = [];
  let open = 0;
  let most = 0;
  const isService = (url: string): boolean => url.startsWith(launched.baseUrl());
  page.on("request", (request) => {
    if (!isService(request.url())) return;
    urls.push(request.url());
    most = Math.max(most, ++open);
  });
  const done = (request: { url(): string }): void => {
    if (isService(request.url())) open--;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return { urls, mostAtOnce: () => most };
}

describe("a slow service that does answer", () => {
  test("the tab's list loads, asked first, and nothing of a product it does not show is asked", async () => {
    // Every answer takes just over half the time limit: a list request that waits in the browser's queue
    // behind one round of other requests is over the limit by the time it is answered; one sent at once is not.
    const latencyMs = DEFAULT_TIMEOUT_MS / 2 + DEFAULT_TIMEOUT_MS / 10;
    await setFaults(`latency=${latencyMs}`);
    try {
      const page = await launched().context.newPage();
      const requests = recordRequests(page);
      await page.goto(`chrome-extension://${launched().extensionId}/${POPUP}?mode=tab`);
      // The list's first row, or the banner of its failure: whichever comes first ends the wait.
      await page.locator("#results [data-index='0'], #banners .banner").first().waitFor();
      expect(await page.locator("#banners").innerText()).toBe("");
      expect(await page.locator("#results-status").textContent()).toMatch(/^\d+ releases?/);
      const product = await page.inputValue("#product");
      const first = new URL(requests.urls[0] ?? "");
      expect(first.pathname).toMatch(
        new RegExp(`/${product}/platforms/[^/]+/channels/[^/]+/versions/all/releases$`),
      );
      expect(first.searchParams.get("pageSize")).toBe("200");
      // Only the product shown: no other product's platforms or channels.
      const others = requests.urls.filter((url) => !new URL(url).pathname.includes(`/v1/${product}/`));
      expect(others).toEqual([]);
      // Never more at once than the browser sends at once to one host, with room left for the worker.
      expect(requests.mostAtOnce()).toBeLessThan(BROWSER_CONNECTIONS_PER_HOST);
      await page.close();
    } finally {
      await setFaults("");
    }
  });
});

describe("the popup's list and what the toolbar watches", () => {
  test("switching the watch moves the list below to the same pair", async () => {
    const { page, errors } = await openPopup();
    expect(await listShows(page)).toEqual({
      platform: "linux",
      channel: "stable",
      path: "/platforms/linux/channels/stable/versions/all/releases",
    });
    await page.locator("#watch-platform").waitFor();
    await page.selectOption("#watch-platform", "win64");
    await expect
      .poll(() => listShows(page))
      .toEqual({
        platform: "win64",
        channel: "stable",
        path: "/platforms/win64/channels/stable/versions/all/releases",
      });
    await expect.poll(() => page.locator("#results-status").textContent()).toBe("1 release.");
    expect(await page.locator("#list-scope").isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a pair the person picks for the list stays, and the popup says what the toolbar watches", async () => {
    const { page, errors } = await openPopup();
    await page.selectOption("#channel", "dev");
    await expect.poll(() => page.locator("#results-status").textContent()).toBe("1 release.");
    await page.locator("#watch-platform").waitFor();
    await page.selectOption("#watch-platform", "win64");
    await expect
      .poll(() => page.locator("#list-scope").textContent())
      .toBe("Showing Linux · Dev (the toolbar watches Windows · Stable)");
    expect(await page.locator("#list-scope").isVisible()).toBe(true);
    expect(await listShows(page)).toEqual({
      platform: "linux",
      channel: "dev",
      path: "/platforms/linux/channels/dev/versions/all/releases",
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("opened for a release page, the list shows its milestone on the watched platform, not the one stored", async () => {
    // An earlier tab left Windows in the stored filters.
    await launched().worker.evaluate(() =>
      chrome.storage.local.set({ explorer: { platform: "win64", channel: "stable", liveOnly: false } }),
    );
    const { page, errors } = await openPopup("?milestone=120");
    await expect
      .poll(() => page.locator("#results-status").textContent())
      .toBe("1 release. Opened for milestone 120.");
    expect(await listShows(page)).toEqual({
      platform: "linux",
      channel: "all",
      path: "/platforms/linux/channels/all/versions/all/releases",
    });
    expect(await page.locator("#list-scope").textContent()).toBe(
      "Showing Linux · All channels (the toolbar watches Linux · Stable)",
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("polish", () => {
  test.each([1, 1.25])(
    "at %sx zoom the popup's column headings and its rows' cells are whole",
    async (zoom) => {
      const { page, errors } = await openPopup("", zoom);
      const cut = await page.$$eval("#results [role=columnheader], #results .vl-sizer [role=cell]", (cells) =>
        cells
          .filter((cell) => cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth)
          .map((cell) => `${cell.textContent} (${cell.scrollWidth} > ${cell.clientWidth} px)`),
      );
      expect(cut).toEqual([]);
      // What the narrow heading leaves out stays in its title and its text (for screen readers).
      const start = page.locator("#results .rr-head .c-start");
      expect([await start.getAttribute("title"), await start.textContent()]).toEqual([
        "Start (UTC)",
        "Start (UTC)",
      ]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  test("a filter pasted past the length limit stays whole, and the page says how long it is", async () => {
    await launched().context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { page, errors } = await openPopup();
    const long = Array.from({ length: 60 }, (_, i) => `version>=${100 + i}`).join(",");
    expect(long.length).toBeGreaterThan(500);
    await page.evaluate((text) => navigator.clipboard.writeText(text), long);
    await page.focus("#advanced");
    await page.keyboard.press("ControlOrMeta+V");
    await expect.poll(() => page.inputValue("#advanced")).toBe(long);
    expect(await page.locator("#advanced-error > span").first().textContent()).toBe(
      `The filter is limited to 500 characters; this one has ${long.length}.`,
    );
    expect(await page.getAttribute("#advanced", "aria-invalid")).toBe("true");
    expect(errors).toEqual([]);
    await page.close();
  });
});
