/**
 * Every surface says times the same way, whatever the machine's time zone: in UTC, and naming it. The browser
 * runs in Tokyo (UTC+9, through TZ for the service worker and Playwright's emulation for pages), where the
 * fixture's 120.0.6099.71, which started 2023-12-06 21:01 UTC, started on 2023-12-07 at 06:01 local time.
 */
import { describe, expect, test } from "vitest";
import { openExtensionPage } from "../../scripts/chromium.ts";
import { launchedForSuite } from "./helpers.ts";

const ZONE = "Asia/Tokyo";
const launched = launchedForSuite({ timezoneId: ZONE });

describe(`in ${ZONE}`, () => {
  test("the zone is in effect for the service worker and for pages", async () => {
    expect(await launched().worker.evaluate(() => new Date(0).getTimezoneOffset())).toBe(-540);
    const { page } = await openExtensionPage(launched().context, launched().extensionId);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(ZONE);
    await page.close();
  });

  test("the toolbar title says UTC times", async () => {
    await expect
      .poll(() => launched().worker.evaluate(() => chrome.action.getTitle({})))
      .toContain("\n120.0.6099.71 at 25% since 2023-12-06 21:01 UTC\n");
    const title = await launched().worker.evaluate(() => chrome.action.getTitle({}));
    expect(title).toMatch(/\nLast checked \d{4}-\d\d-\d\d \d\d:\d\d UTC at /);
    expect(title).not.toContain("2023-12-07");
  });

  test("the popup's header, live table and results say the same UTC times", async () => {
    const { page, errors } = await openExtensionPage(launched().context, launched().extensionId);
    await page.locator("#newest").waitFor();
    expect(await page.locator("#current").textContent()).toContain("since 2023-12-06 21:01 UTC");
    expect(await page.locator("#checked time").getAttribute("title")).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    await page.locator("#live-rows tr").first().waitFor();
    expect(
      await page.locator("#live-rows tr", { hasText: "Linux" }).locator("td").first().getAttribute("title"),
    ).toBe("120.0.6099.71 at 25% since 2023-12-06 21:01 UTC");
    expect(await page.locator("#results .rr-head").textContent()).toContain("Start (UTC)");
    const first = page.locator("#results [data-index='0'] .c-start");
    await expect.poll(() => first.textContent()).toBe("2023-12-06 21:01");
    expect(await page.locator("body").textContent()).not.toContain("2023-12-07");
    expect(errors).toEqual([]);
    await page.close();
  });
});
