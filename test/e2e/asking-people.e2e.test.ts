/**
 * Asking as people ask, in real Chromium, on `npm start`'s data (the bundled history moved to the present:
 * Linux Stable runs 151): the answer page finds the subject everyday words name, answers a compat key as
 * that key, offers candidates rather than guess, says removed and discouraged features so, partial support,
 * links the feature itself, takes Chrome's days from the schedule alone, and the smaller points (links that
 * answer, the tab's title, Firefox, a milestone not shipped yet).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { readAction, openExtensionPage, type OpenedPage } from "../../scripts/chromium.ts";
import { buildFeaturesAsset } from "../../scripts/features-asset.ts";
import { compatKeys } from "../../src/core/features/compat-keys.ts";
import { CORPUS } from "../unit/shared/answers/corpus.ts";
import { SETS } from "../unit/shared/answers/asking-sets.ts";
import { sameSubject, wantedSubject } from "../unit/shared/answers/corpus-subjects.ts";
import { launchedForSuite, until } from "./helpers.ts";
import { askInPage } from "../ask-in-page.ts";

const POPUP = "src/popup/index.html";
const launched = launchedForSuite({ ownEmulator: { args: ["--shift-to-now"] } });

beforeAll(async () => {
  // Linux Stable runs 151 in the bundled data: the first poll is stored once the badge says so.
  await until(async () => (await readAction(launched().worker)).badgeText === "151");
});

/** The answer page for `question`, in a tab as the worker opens it, with its first answer drawn. */
async function openAnswer(question: string): Promise<OpenedPage> {
  const query = new URLSearchParams({ mode: "tab", q: question }).toString();
  const opened = await openExtensionPage(launched().context, launched().extensionId, `${POPUP}?${query}`);
  // The answer, and the field shown: the page answers what is typed from here on.
  await opened.page.locator("#answer h2").waitFor();
  await opened.page.locator("#ask").waitFor();
  return opened;
}

const title = (page: Page) => page.locator("#answer h2").textContent();
/** The share of users opens a feature's or key's answer (users.test.ts and usage.e2e.test.ts test it). */
const USERS_LINE = /^(\S+ of users worldwide have it|Lacking it |Unknown: \S+ (worldwide|in|among) )/;
/** The answer's lines after the share of users: what Chrome did with it first. */
const lines = async (page: Page) =>
  (await page.locator("#answer .answer-lines li").allTextContents()).filter((l) => !USERS_LINE.test(l));
const subject = (page: Page) => page.locator("#answer").getAttribute("data-subject");
const httpsLinks = (page: Page) =>
  page.$$eval("#answer a[target=_blank]", (links) => links.map((a) => a.getAttribute("href") ?? ""));

const askInPlace = (page: Page, question: string) => page.evaluate(askInPage, question);

/** The share of the held-out set to answer first: the target. */
const HELD_OUT_FLOOR = 0.85;

const asset = buildFeaturesAsset();
const keys = compatKeys(asset);
const same = (got: string | null, want: string): boolean => sameSubject(asset, got, want);

describe("everyday words find their subject (the corpus, typed into the page)", () => {
  test("at least 95% right first, none wrong, each with the data's figure", async () => {
    const { page, errors } = await openAnswer("153");
    const wrong: string[] = [];
    const noFigure: string[] = [];
    let right = 0;
    for (const c of CORPUS) {
      const got = await askInPlace(page, c.q);
      const want = wantedSubject(c);
      if (want === null ? got.subject === null : same(got.subject, want)) {
        right++;
        // The figure as the data has it, in whatever case the line begins ("Discouraged: …").
        const said = got.text.toLowerCase();
        if (c.figure !== undefined && !said.includes(c.figure.toLowerCase()))
          noFigure.push(`${c.q}: ${c.figure}`);
      } else if (got.subject !== null) wrong.push(`${c.q} -> ${got.subject}`);
    }
    console.log(`asking corpus in Chromium: ${right} of ${CORPUS.length} right first`);
    expect(wrong).toEqual([]);
    expect(noFigure).toEqual([]);
    expect(right / CORPUS.length).toBeGreaterThanOrEqual(0.95);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the held-out set of issue 40, typed into the page: no wrong subject but the known ones, each figure said", async () => {
    const { page, errors } = await openAnswer("153");
    const [heldOut] = SETS;
    const wrong: string[] = [];
    const noFigure: string[] = [];
    let right = 0;
    for (const c of heldOut?.cases ?? []) {
      const got = await askInPlace(page, c.q);
      const want = wantedSubject(c);
      if (want === null ? got.subject === null : same(got.subject, want)) {
        right++;
        if (c.figure !== undefined && !got.text.toLowerCase().includes(c.figure.toLowerCase()))
          noFigure.push(`${c.q}: ${c.figure}`);
      } else if (got.subject !== null) wrong.push(`${c.q} -> ${got.subject}`);
    }
    const of = heldOut?.cases.length ?? 0;
    console.log(`held-out set in Chromium: ${right} of ${of} right first`);
    expect(wrong.filter((w) => !(heldOut?.knownWrong ?? []).includes(w))).toEqual([]);
    expect(noFigure).toEqual([]);
    // asking-sets.test.ts measures the same without a browser.
    expect(right / of).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("at 320 px wide, no answer scrolls sideways and no day breaks across lines", async () => {
    const { page, errors } = await openAnswer("153");
    await page.setViewportSize({ width: 320, height: 640 });
    for (const q of [
      "X-XSS-Protection",
      "Array.prototype.toSorted()",
      "container queries",
      "M153",
      "Web NFC",
    ]) {
      await askInPlace(page, q);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
      expect(sideways, q).toBe(false);
      // Each day sits on one line: its box is no taller than one line of its text.
      const broken = await page.$$eval(".answer .day", (days) =>
        days.filter((d) => d.getClientRects().length > 1).map((d) => d.textContent),
      );
      expect(broken, q).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test.each([
    ["does chrome support container queries", "feature:container-queries"],
    ["CSS :has selector", "feature:has"],
    ["Chrome 153 beta", "milestone:153"],
    ["M-152", "milestone:152"],
    ["when does chrome 153 ship", "milestone:153"],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.7922.173 Safari/537.36",
      "version:151.0.7922.173",
    ],
  ])("%j opens on %s", async (question, expected) => {
    const { page, errors } = await openAnswer(question);
    expect(await subject(page)).toBe(expected);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a half-typed word already suggests the feature: `contaner q` (the field's status line)", async () => {
    const { page } = await openAnswer("153");
    const got = await askInPlace(page, "contaner q");
    // Still typing: no subject is sure yet, and container queries is offered first.
    expect(got.subject).toBeNull();
    expect(await page.locator("#answer .answer-choices a").first().textContent()).toBe(
      "Container queries (size)",
    );
    await page.close();
  });
});

describe("a compat key, a wrong subject never", () => {
  test("optional chaining: the operator's own Chrome 80, naming the feature it belongs to, a link to ask it", async () => {
    const { page } = await openAnswer("optional chaining");
    expect(await title(page)).toBe("optional chaining (JavaScript operator)");
    expect((await lines(page))[0]).toBe("Chrome 80 shipped it");
    expect(await lines(page)).toContainEqual(expect.stringMatching(/^Part of the web feature Object\./));
    await page.locator("#answer .answer-choices a", { hasText: "Object" }).click();
    await expect.poll(() => subject(page)).toBe("feature:object-object");
    await page.close();
  });

  test("lazy loading is Lazy-loading images and iframes (Chrome 77), not Lazy-loading media", async () => {
    const { page } = await openAnswer("lazy loading");
    expect(await title(page)).toBe("Lazy-loading images and iframes");
    expect((await lines(page))[0]).toMatch(/^Chrome 77 shipped it/);
    await page.close();
  });

  test("display names answer their own feature: color(), Pointer Events, progress(), <geolocation>", async () => {
    const { page } = await openAnswer("153");
    for (const [q, id] of [
      ["color()", "color-function"],
      ["Pointer Events", "pointer-events-api"],
      ["progress()", "progress-function"],
      ["<geolocation>", "geolocation-element"],
      ["Object", "object-object"],
      ["Selection", "selection-api"],
    ]) {
      expect((await askInPlace(page, q ?? "")).subject).toBe(`feature:${id}`);
    }
    await page.close();
  });

  test("every Object.prototype name is asked without an error, and finds only what the data names so", async () => {
    const { page, errors } = await openAnswer("153");
    for (const name of [
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
    ]) {
      const got = await askInPlace(page, name);
      expect(got.text).not.toBe("");
    }
    expect((await askInPlace(page, "__proto__")).subject).toBe("feature:proto");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("40 browser-compat-data keys, pasted as they are, each answer that key (or the feature it is)", async () => {
    const sample = keys.filter((_, i) => i % 262 === 0).slice(0, 40);
    const { page } = await openAnswer("153");
    const missed: string[] = [];
    for (const k of sample) {
      const got = await askInPlace(page, k.key);
      if (!same(got.subject, `key:${k.key}`)) missed.push(`${k.key} -> ${got.subject ?? "nothing"}`);
    }
    expect(sample).toHaveLength(40);
    expect(missed).toEqual([]);
    await page.close();
  });

  test("`lang` is two features: offered as links that each answer one, here", async () => {
    const { page } = await openAnswer("lang");
    expect(await title(page)).toBe("Nothing matches 'lang' for sure");
    await page.locator("#answer .answer-choices a", { hasText: ":lang()" }).click();
    await expect.poll(() => title(page)).toBe(":lang()");
    expect(new URL(page.url()).searchParams.get("q")).toBe("feature:lang");
    expect(await page.title()).toBe(":lang() · Release Radar");
    await page.close();
  });
});

describe("removed, discouraged, partial", () => {
  test("mutation events: removed in which version per browser, discouraged, why, and what to use instead", async () => {
    const { page } = await openAnswer("mutation events");
    const said = await lines(page);
    expect(said[0]).toBe("Removed in Chrome 127 (supported since Chrome 1)");
    expect(said).toContainEqual(expect.stringContaining("Firefox removed in 140"));
    expect(said).toContainEqual(
      expect.stringMatching(/^Discouraged: Mutation events negatively impact performance/),
    );
    await page.locator("#answer .answer-choices a", { hasText: "MutationObserver" }).click();
    await expect.poll(() => subject(page)).toBe("feature:mutationobserver");
    await page.close();
  });

  test("document.write says it is discouraged", async () => {
    const { page } = await openAnswer("document.write");
    expect(await subject(page)).toBe("feature:document-write");
    expect(await lines(page)).toContainEqual(expect.stringMatching(/^Discouraged: /));
    await page.close();
  });

  test("anchor positioning: what Chrome supports of it, since when, and the share for that", async () => {
    const { page } = await openAnswer("anchor positioning");
    const said = await lines(page);
    expect(said[0]).toBe(
      "No Chrome version supports all of Anchor positioning yet: Chrome supports 323 of its 325 parts, the first since Chrome 125.",
    );
    expect(said[1]).toMatch(/^Stable on Linux: 100% of users have its first parts now \(M125 or later\)/);
    await page.close();
  });

  test("autocorrect, in Chrome 153 while Stable runs 151: will ship, never 'shipped it'", async () => {
    const { page } = await openAnswer("autocorrect");
    expect((await lines(page))[0]).toMatch(/^Chrome 153 will ship it: /);
    await page.close();
  });
});

describe("links go to the feature", () => {
  test.each([
    ["container queries", "container-queries", "CSSContainerRule"],
    ["popover", "popover", "popoverTargetAction"],
    ["css grid", "grid", "/gap"],
    ["fetch", "fetch", "Headers"],
    ["temporal", "temporal", "toTemporalInstant"],
  ])("%s: webstatus.dev's page, never MDN's %s", async (question, id, unrelated) => {
    const { page } = await openAnswer(question);
    const links = await httpsLinks(page);
    expect(links).toContain(`https://webstatus.dev/features/${id}`);
    expect(links.filter((l) => l.includes(unrelated))).toEqual([]);
    await page.close();
  });
});

describe("a milestone's days: the schedule's alone", () => {
  test("155: its Stable day from the schedule service, never browser-compat-data's", async () => {
    const { page } = await openAnswer("155");
    await expect
      .poll(() => lines(page))
      .toContainEqual(expect.stringMatching(/^Stable (on|since) \d{4}-\d{2}-\d{2}/));
    expect((await lines(page)).join("\n")).not.toContain("browser-compat-data");
    await page.close();
  });

  test("chrome 150: past, said against what Linux Stable runs (151)", async () => {
    const { page } = await openAnswer("chrome 150");
    expect((await lines(page))[0]).toBe("M150 is past: Stable on Linux runs M151 now.");
    await page.close();
  });

  test("firefox, asked in Chromium: Firefox's current release", async () => {
    const { page } = await openAnswer("firefox");
    expect((await lines(page))[0]).toMatch(/^Firefox \d+ is the current release, since \d{4}-\d{2}-\d{2}$/);
    await page.close();
  });
});
