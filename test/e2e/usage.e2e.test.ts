/**
 * The share of users in real Chromium: the answer page's worldwide figure for a sample of web features with a
 * caniuse id equals caniuse-db's own (`usage_perc_y`, `usage_perc_a`), the bars are drawn and pass axe, a
 * region chosen in options and a stats file imported there show in the answer, and a bad file is refused with
 * the path of its first wrong value while the file imported before stays.
 */
import AxeBuilder from "@axe-core/playwright";
import { createRequire } from "node:module";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openExtensionPage, readAction } from "../../scripts/chromium.ts";
import { buildFeaturesAsset } from "../../scripts/features-asset.ts";
import { BAD_STATS, GOOD_STATS, HAS_WITH_GERMANY } from "../usage-expected.ts";
import { launchedForSuite, until } from "./helpers.ts";

const require = createRequire(import.meta.url);
interface CaniuseFeature {
  usage_perc_y: number;
  usage_perc_a: number;
  stats: Record<string, Record<string, string>>;
}
const caniuse = require("caniuse-db/fulldata-json/data-2.0.json") as {
  agents: Record<string, { version_list: { version: string; era: number }[] }>;
  data: Record<string, CaniuseFeature>;
};
const POPUP = "src/popup/index.html";
const OPTIONS = "src/options/index.html";
const launched = launchedForSuite();
let files: string;

beforeAll(async () => {
  await until(async () => (await readAction(launched().worker)).badgeText === "120");
  files = await mkdtemp(join(tmpdir(), "rr-usage-"));
});

afterAll(async () => {
  await launched().worker.evaluate(async () => {
    await chrome.storage.sync.remove("settings");
    await chrome.storage.local.remove("visitors");
  });
});

async function openAnswer(question: string): Promise<Page> {
  const { page } = await openExtensionPage(
    launched().context,
    launched().extensionId,
    `${POPUP}?mode=tab&q=${encodeURIComponent(question)}`,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("#answer .answer-users").waitFor();
  return page;
}

const firstLine = async (page: Page): Promise<string> =>
  (await page.locator("#answer .answer-lines li").first().textContent()) ?? "";

describe("the share of users on the answer page", () => {
  // Every 40th web feature with a caniuse id: a sample no one picked for its figures.
  const sample = buildFeaturesAsset()
    .features.filter((f) => f.caniuse !== undefined)
    .filter((_, i) => i % 40 === 0);

  test(`equals caniuse's own figure worldwide, for ${sample.length} features`, async () => {
    expect(sample.length).toBeGreaterThanOrEqual(8);
    for (const feature of sample) {
      const page = await openAnswer(`feature:${feature.id}`);
      const { usage_perc_y: y, usage_perc_a: a } = caniuse.data[feature.caniuse ?? ""] ?? {
        usage_perc_y: NaN,
        usage_perc_a: NaN,
      };
      // The figures as the page holds them (unrounded), then as it writes them.
      const worldwide = page.locator("#answer .users-tables li").first();
      expect(Math.abs(Number(await worldwide.getAttribute("data-has")) - y), feature.id).toBeLessThanOrEqual(
        0.05,
      );
      expect(
        Math.abs(Number(await worldwide.getAttribute("data-partly")) - a),
        feature.id,
      ).toBeLessThanOrEqual(0.05);
      expect(await firstLine(page), feature.id).toMatch(/^(<?\d+\.\d%|100%|0%) of users worldwide have it/);
      await page.close();
    }
  });

  test("is drawn as bars with their figures written beside them, and passes axe", async () => {
    const page = await openAnswer(":has()");
    const tables = await page.locator("#answer .users-tables .users-name").allTextContents();
    expect(tables).toEqual(["worldwide"]);
    const browsers = await page.locator("#answer .users-browsers .users-name").allTextContents();
    expect(browsers.slice(0, 3)).toEqual(["Chrome for Android", "Chrome", "Safari on iOS"]);
    expect(await page.locator("#answer .users-tables .users-figures").first().textContent()).toMatch(
      /^has it 94\.8% · not \d+\.\d%( · unknown \d+\.\d%)?$/,
    );
    await page.locator("#answer[aria-busy=false]").waitFor();
    const result = await new AxeBuilder({ page }).include("#answer").analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.close();
  });
});

describe("a region and the person's own visitors, chosen in options", () => {
  test("a region chosen shows beside the worldwide figure, as caniuse sums it", async () => {
    const { page } = await openExtensionPage(launched().context, launched().extensionId, OPTIONS);
    await page.locator("#baseUrl:enabled").waitFor();
    await page.locator("#usageRegion option[value=DE]").waitFor({ state: "attached" });
    await page.selectOption("#usageRegion", "DE");
    await page.locator("#save").click();
    await until(
      () => page.locator("#status").textContent(),
      (t) => t === "Saved.",
    );
    await page.close();
    const answer = await openAnswer(":has()");
    expect(await firstLine(answer)).toBe(HAS_WITH_GERMANY);
    await answer.close();
  });

  test("a stats file imported shows as your visitors; a bad one is refused with its path, the first one kept", async () => {
    const good = join(files, "browserslist-stats.json");
    await writeFile(good, GOOD_STATS);
    const bad = join(files, "broken-stats.json");
    await writeFile(bad, BAD_STATS);
    const { page } = await openExtensionPage(launched().context, launched().extensionId, OPTIONS);
    await page.locator("#baseUrl:enabled").waitFor();
    await page.setInputFiles("#visitors-file", good);
    await until(
      () => page.locator("#visitors-status").textContent(),
      (t) => /^Imported browserslist-stats\.json on \d{4}-\d{2}-\d{2}: 2 browsers\.$/.test(t ?? ""),
    );
    await page.setInputFiles("#visitors-file", bad);
    await until(
      () => page.locator("#visitors-status").textContent(),
      (t) => (t ?? "").startsWith("broken-stats.json was not imported"),
    );
    expect(await page.locator("#visitors-status").textContent()).toMatch(
      /^broken-stats\.json was not imported: \$\.chrome\["120"\]: must be a share from 0 to 100, or null\. Imported browserslist-stats\.json on /,
    );
    await page.close();
    const answer = await openAnswer(":has()");
    // Chrome 104 lacks :has() (105): 80% of these visitors have it.
    expect(await firstLine(answer)).toMatch(/ · your visitors 80\.0%$/);
    expect(await answer.locator("#answer .answer-users h3").nth(1).textContent()).toBe(
      "By browser, your visitors",
    );
    await answer.close();
  });
});
