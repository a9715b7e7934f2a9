/**
 * The share of users in real Firefox: a region chosen in options and a browserslist stats file imported there
 * show in the answer page's first line, as in Chromium; a bad file is refused with the path of its first
 * wrong value, and the file imported before stays.
 */
import type { Page } from "puppeteer-core";
import { describe, expect, test } from "vitest";
import { BAD_STATS, BAD_STATS_REASON, GOOD_STATS, HAS_WITH_GERMANY } from "../usage-expected.ts";
import { firefoxForSuite, until } from "./helpers.ts";

const firefox = firefoxForSuite();

const text = (page: Page, selector: string): Promise<string> =>
  page.$eval(selector, (el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()).catch(() => "");

/** Picks a file for the page's stats input, as the file chooser hands it over: the input's own change event. */
async function pick(page: Page, name: string, json: string): Promise<void> {
  await page.evaluate(
    (fileName, body) => {
      const input = document.getElementById("visitors-file") as HTMLInputElement;
      const files = new DataTransfer();
      files.items.add(new File([body], fileName, { type: "application/json" }));
      input.files = files.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    },
    name,
    json,
  );
}

async function firstAnswerLine(): Promise<string> {
  const page = await firefox.openPage("src/popup/index.html?mode=tab&q=%3Ahas()");
  await page.waitForSelector("#answer .answer-users");
  const line = await text(page, "#answer .answer-lines li");
  await page.close();
  return line;
}

describe("the share of users in Firefox", () => {
  test("a region chosen in options shows beside the worldwide figure", async () => {
    const options = await firefox.openPage("src/options/index.html");
    await options.waitForSelector("#baseUrl:enabled");
    await options.waitForSelector("#usageRegion option[value=DE]");
    await options.select("#usageRegion", "DE");
    await options.locator("#save").click();
    await until(
      () => text(options, "#status"),
      (t) => t === "Saved.",
    );
    await options.close();
    expect(await firstAnswerLine()).toBe(HAS_WITH_GERMANY);
  });

  test("a stats file imported shows as your visitors; a bad one is refused with its path, the first kept", async () => {
    const options = await firefox.openPage("src/options/index.html");
    await options.waitForSelector("#baseUrl:enabled");
    await pick(options, "browserslist-stats.json", GOOD_STATS);
    await until(
      () => text(options, "#visitors-status"),
      (t) => /^Imported browserslist-stats\.json on \d{4}-\d{2}-\d{2}: 2 browsers\.$/.test(t),
    );
    await pick(options, "broken-stats.json", BAD_STATS);
    const said = await until(
      () => text(options, "#visitors-status"),
      (t) => t.startsWith("broken-stats.json was not imported"),
    );
    expect(said).toBe(
      `broken-stats.json was not imported: ${BAD_STATS_REASON}. ${said.slice(said.indexOf("Imported browserslist-stats.json"))}`,
    );
    expect(said).toMatch(/Imported browserslist-stats\.json on \d{4}-\d{2}-\d{2}: 2 browsers\.$/);
    await options.close();
    expect(await firstAnswerLine()).toMatch(/ · your visitors 80\.0%$/);
  });
});
