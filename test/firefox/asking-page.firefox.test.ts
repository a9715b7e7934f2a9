/**
 * The answer page of the Firefox build in real Firefox (`?mode=tab&q=`, as the background's omnibox and menu
 * open it): a milestone, a version, a web feature, a miss and hostile input, each answered as text with no
 * error logged; and asking `firefox` names Firefox's current release against this one.
 */
import type { Page } from "puppeteer-core";
import { describe, expect, test } from "vitest";
import { buildFeaturesAsset } from "../../scripts/features-asset.ts";
import { ask } from "../../src/shared/answers/index.ts";
import { context, realMoreKeys } from "../unit/shared/answers/fixtures.ts";
import { firefoxForSuite, until } from "./helpers.ts";
import { askInPage } from "../ask-in-page.ts";

declare const browser: import("webextension-polyfill").Browser;

const firefox = firefoxForSuite();

/** The Firefox versions browser-compat-data calls Extended Support Releases. */
const firefoxEsrMajors = (): Promise<string[]> =>
  Promise.resolve(
    buildFeaturesAsset()
      .releases.firefox.filter((r) => r.status === "esr")
      .map((r) => r.version),
  );

const text = (page: Page, selector: string): Promise<string> =>
  page.$eval(selector, (el) => el.textContent ?? "").catch(() => "");
const lines = (page: Page): Promise<string[]> =>
  page.$$eval("#answer .answer-lines li", (items) => items.map((li) => li.textContent ?? ""));

/** The answer page for `question`, once its answer is drawn. */
async function openAnswer(question: string): Promise<Page> {
  const page = await firefox.openPage(`src/popup/index.html?mode=tab&q=${encodeURIComponent(question)}`);
  await page.waitForSelector("#answer h2");
  return page;
}

describe("the answer page in Firefox", () => {
  test("a milestone", async () => {
    const page = await openAnswer("153");
    expect(await page.$eval("#ask", (el) => (el as HTMLInputElement).value)).toBe("153");
    expect(await text(page, "#answer h2")).toBe("Chrome 153");
    // The schedule service's day, which the background is asked for and the answer drawn again with.
    await until(
      () => lines(page),
      (l) => l.includes("Stable since 2026-09-08"),
    );
    await page.close();
  });

  test("a version, with what the service served (here: nothing, said plainly)", async () => {
    const page = await openAnswer("151.0.7922.173");
    expect(await text(page, "#answer h2")).toBe("Version 151.0.7922.173");
    await until(
      () => lines(page),
      (l) => l.includes("The service knows no release of 151.0.7922.173."),
    );
    await page.close();
  });

  test("a web feature, with the data it came from", async () => {
    const page = await openAnswer(":has()");
    expect(await text(page, "#answer h2")).toBe(":has()");
    // The share of users opens it (usage.firefox.test.ts), then what Chrome did, with its Stable day.
    const said = await until(
      () => lines(page),
      (all) => all.includes("Chrome 105 shipped it: Stable since 2022-09-02"),
    );
    expect(said[0]).toBe("94.8% of users worldwide have it, caniuse usage of 2026-09-28");
    expect(await text(page, "#answer .answer-data")).toBe(
      "web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12",
    );
    await page.close();
  });

  test("a miss", async () => {
    const page = await openAnswer("xyzzy");
    expect(await text(page, "#answer h2")).toBe("No milestone, version or web feature matches 'xyzzy'");
    await page.close();
  });

  test("hostile input: 10,000 characters of markup and RTL marks, cut with a notice, shown as text", async () => {
    const hostile = `<img src=x onerror="document.title='pwned'">\u202E\u200Fשלום<b>b</b>`.padEnd(
      10_000,
      "<i>x</i>",
    );
    const page = await openAnswer(hostile);
    expect(await text(page, "#answer .answer-notice")).toBe(
      "The question was 10,000 characters long; only its first 200 were read.",
    );
    expect(await page.$$eval("#answer img, #answer b, #answer i", (found) => found.length)).toBe(0);
    expect(await text(page, "#answer h2")).toContain(`<img src=x onerror="document.title='pwned'">`);
    // Its markup never ran (it would have set the title to 'pwned'); the title repeats its start, as text.
    expect(await page.title()).toMatch(/^<img src=x onerror="document\.title='pwned'">.*… · Release Radar$/);
    await page.close();
  });

  test("asking `firefox` names Firefox's current release and where this one stands, an ESR as one", async () => {
    const page = await openAnswer("firefox");
    const version = await page.evaluate(async () => (await browser.runtime.getBrowserInfo()).version);
    const mine = version.split(".")[0] ?? "";
    // Debian's firefox-esr is an Extended Support Release (browser-compat-data lists 153 as one).
    const esr = (await firefoxEsrMajors()).includes(mine) || /esr/i.test(version) ? " ESR" : "";
    expect(await text(page, "#answer h2")).toBe(`Firefox ${mine}${esr}`);
    expect((await lines(page))[0]).toMatch(
      new RegExp(`^Firefox ${mine}${esr} · current release \\d+ since \\d{4}-\\d{2}-\\d{2} · `),
    );
    await page.close();
  });
});

/** Examples of each class of issue 40's questions (the issue's own), typed into the Firefox page. */
const CLASS_EXAMPLES = [
  "grid gap firefox",
  "is avif supported on iphone",
  "container queries samsung internet",
  "display: contents",
  "position sticky",
  "the min() function",
  "??=",
  "OPFS",
  "PiP",
  "SSE",
  "dark mode media query",
  "carousel",
  "reduce motion media query",
  "KeyboardEvent.keyCode",
  "the document.domain setter",
  "<marquee>",
  "the unload event",
  "X-XSS-Protection",
  "Array.prototype.toSorted()",
  "mask-image",
  "when will chrome 153 be stable",
  "chrome 153 release notes",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36",
  "is it safe to use :has",
];

describe("the classes of issue 40 in Firefox", () => {
  test("each example answers the subject the shared code finds for it, the second asset read as needed", async () => {
    const page = await openAnswer("153");
    await page.waitForSelector("#ask");
    const ctx = { ...context(), more: realMoreKeys() };
    const got: string[] = [];
    for (const q of CLASS_EXAMPLES) {
      const { subject } = await page.evaluate(askInPage, q);
      got.push(`${q} -> ${subject ?? "none"}`);
    }
    const wanted = CLASS_EXAMPLES.map((q) => `${q} -> ${ask(q, ctx).subject ?? "none"}`);
    // Every example names something: the comparison is of subjects, not of misses.
    expect(wanted.filter((w) => w.endsWith("-> none"))).toEqual([]);
    expect(got).toEqual(wanted);
    await page.close();
  });
});
