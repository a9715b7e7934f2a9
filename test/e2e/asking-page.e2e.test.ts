/**
 * The answer page in real Chromium: the popup page with the question in its URL (`?mode=tab&q=`, as the
 * worker's omnibox and context menu open it, and `?q=` in the popup) shows the question in the field and
 * its answer, for a milestone, a version, a web feature, a miss and hostile input; typing answers in place
 * and keeps `q` in the tab's URL; no accessibility violation (axe-core).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { openExtensionPage, readAction, type OpenedPage } from "../../scripts/chromium.ts";
import { launchedForSuite, until } from "./helpers.ts";

const POPUP = "src/popup/index.html";
const IDENTITY = /^web-features \d+\.\d+\.\d+, browser-compat-data \d+\.\d+\.\d+, data of \d{4}-\d{2}-\d{2}$/;

const launched = launchedForSuite();

beforeAll(async () => {
  // The worker's first poll stores the snapshot the answers' live shares come from.
  await until(async () => (await readAction(launched().worker)).badgeText === "120");
});

/** The answer page for `question`, in a tab (as the worker opens it) or as the popup. */
async function openAnswer(question: string, mode: "tab" | "popup" = "tab"): Promise<OpenedPage> {
  const query = `${mode === "tab" ? "mode=tab&" : ""}q=${encodeURIComponent(question)}`;
  const opened = await openExtensionPage(launched().context, launched().extensionId, `${POPUP}?${query}`);
  await opened.page.setViewportSize(
    mode === "tab" ? { width: 1280, height: 900 } : { width: 440, height: 600 },
  );
  // The answer, and the field shown: the page answers what is typed from here on.
  await opened.page.locator("#answer h2").waitFor();
  await opened.page.locator("#ask").waitFor();
  return opened;
}

const answerTitle = (page: Page) => page.locator("#answer h2").textContent();
const allLines = (page: Page) => page.locator("#answer .answer-lines li").allTextContents();
/** The share of users opens a feature's or key's answer (usage.e2e.test.ts tests it). */
const USERS_LINE = /^(\S+ of users worldwide have it|Lacking it |Unknown: \S+ (worldwide|in|among) )/;
/** The answer's lines after the share of users. */
const answerLines = async (page: Page) => (await allLines(page)).filter((l) => !USERS_LINE.test(l));
const answerLinks = (page: Page) =>
  page.$$eval("#answer a[target=_blank]", (links) => links.map((a) => a.getAttribute("href")));

describe("the answer page (?q=)", () => {
  test("a milestone: where it stands, its Stable day and its release notes", async () => {
    const { page, errors } = await openAnswer("153");
    expect(await page.inputValue("#ask")).toBe("153");
    expect(await answerTitle(page)).toBe("Chrome 153");
    // The day is the schedule service's, which the worker is asked for and the answer drawn again with.
    await expect.poll(() => answerLines(page)).toContain("Stable since 2026-09-08");
    expect(await answerLinks(page)).toEqual(["https://developer.chrome.com/release-notes/153"]);
    expect(await page.locator("#answer .answer-data").textContent()).toMatch(IDENTITY);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a version: where it is live, then what the service served (here: nothing, said plainly)", async () => {
    const { page, errors } = await openAnswer("151.0.7922.173");
    expect(await answerTitle(page)).toBe("Version 151.0.7922.173");
    await expect.poll(() => answerLines(page)).toContain("The service knows no release of 151.0.7922.173.");
    expect((await answerLines(page))[0]).toBe(
      "The service does not list 151.0.7922.173 as live on any platform or channel.",
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a web feature: the milestone that shipped it, the live share and the other browsers", async () => {
    const { page, errors } = await openAnswer(":has()");
    expect(await answerTitle(page)).toBe(":has()");
    // caniuse's own figure for css-has (usage_perc_y 94.82): all browsers' users, before Chrome's rollout.
    expect((await allLines(page))[0]).toBe("94.8% of users worldwide have it, caniuse usage of 2026-09-28");
    await expect
      .poll(async () => (await answerLines(page))[0])
      .toBe("Chrome 105 shipped it: Stable since 2022-09-02");
    const lines = await answerLines(page);
    expect(lines).toContain(
      "Edge 105 · Firefox 121 · Safari 15.4 · Chrome Android 105 · Firefox for Android 121 · Safari on iOS 15.4",
    );
    expect(await answerLinks(page)).toEqual([
      "https://webstatus.dev/features/has",
      "https://caniuse.com/css-has",
      "https://drafts.csswg.org/selectors-4/#relational",
      "https://developer.mozilla.org/docs/Web/CSS/Reference/Selectors/:has",
      "https://developer.chrome.com/release-notes/105",
    ]);
    expect(await page.locator("#answer .answer-data").textContent()).toMatch(IDENTITY);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a miss: says nothing matches", async () => {
    const { page, errors } = await openAnswer("xyzzy");
    expect(await answerTitle(page)).toBe("No milestone, version or web feature matches 'xyzzy'");
    expect(await answerLinks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("100,000 emoji (a selection asked from the menu): said that nothing can be asked from it, not a blank page", async () => {
    const { page, errors } = await openAnswer("🎉".repeat(100_000));
    expect(await answerTitle(page)).toBe(`Nothing can be asked from '${"🎉".repeat(24)}…'`);
    expect(await allLines(page)).toContain(
      "It has no letter or digit: no milestone, version or web feature is named so.",
    );
    expect(await page.locator("#answer .answer-notice").textContent()).toContain("100,000 characters long");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("hostile input: 10,000 characters of markup and RTL marks are cut with a notice and shown as text", async () => {
    const hostile = `<img src=x onerror="document.title='pwned'">\u202E\u200Fשלום<b>b</b>`.padEnd(
      10_000,
      "<i>x</i>",
    );
    const { page, errors } = await openAnswer(hostile);
    expect(await page.locator("#answer .answer-notice").textContent()).toBe(
      "The question was 10,000 characters long; only its first 200 were read.",
    );
    expect(await page.locator("#answer img, #answer b, #answer i").count()).toBe(0);
    expect(await answerTitle(page)).toContain(`<img src=x onerror="document.title='pwned'">`);
    // Its markup never ran (it would have set the title to 'pwned'); the title repeats its start, as text.
    expect(await page.title()).toMatch(
      /^<img src=x onerror="document\.title='pwned'">שלום<b>b<\/b>.*… · Release Radar$/,
    );
    expect(await page.title()).not.toContain("\u202E");
    expect((await page.inputValue("#ask")).length).toBe(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("in the popup too (?q= without mode=tab)", async () => {
    const { page } = await openAnswer("153", "popup");
    expect(await answerTitle(page)).toBe("Chrome 153");
    await page.close();
  });
});

describe("the search field", () => {
  test("answers in place as the person types, and keeps the question in the tab's URL", async () => {
    const { page, errors } = await openAnswer("153");
    await page.fill("#ask", "view-transitions");
    await expect.poll(() => answerTitle(page)).toBe("View transitions");
    expect(await page.locator("#answer h2").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("q")).toBe("view-transitions");
    expect(new URL(page.url()).searchParams.get("mode")).toBe("tab");
    await page.fill("#ask", "120.0.6099");
    await page.press("#ask", "Enter");
    await expect.poll(() => answerLines(page)).toContain("Served by the service:");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("accessibility (axe-core)", () => {
  test.each(["light", "dark"] as const)("the answer page in %s has no violation", async (scheme) => {
    const { page } = await openAnswer(":has()", "popup");
    // Checked whole: the answer complete and the release list (the page's main landmark) built after it.
    await page.locator("#answer[aria-busy=false]").waitFor({ state: "attached" });
    await page.locator("main#explorer").waitFor({ state: "attached" });
    await page.emulateMedia({ colorScheme: scheme });
    const result = await new AxeBuilder({ page }).analyze();
    expect(
      result.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      ),
    ).toEqual([]);
    await page.close();
  });
});
