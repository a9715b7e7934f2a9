/**
 * The monthly usage update and a watch by the share of users, in real Chromium against the e2e emulator's copy
 * of caniuse's files: :has() watched until 95% of users worldwide; updates turned on in options (the bundled
 * month is the newest, said); the emulator then serves a newer month in which 97% of users have it: the
 * answer says that month, and exactly one notification tells the crossing; a check with nothing new is
 * answered 304; a hostile file keeps the last good table, and options says why.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openExtensionPage, readAction, WAIT_TIMEOUT_MS } from "../../scripts/chromium.ts";
import { launchedForSuite, until } from "./helpers.ts";

const require = createRequire(import.meta.url);
const DATA_FILE = require.resolve("caniuse-db/data.json");
const launched = launchedForSuite();
const caniuse = (path: string) => launched.baseUrl().replace(/\/v1$/, `/caniuse/${path}`);
const replace = (body: string) =>
  fetch(launched.baseUrl().replace(/\/v1$/, "/_emulator/caniuse/data.json"), { method: "PUT", body });

interface DataFile {
  updated: number;
  agents: Record<string, { usage_global: Record<string, number> }>;
  data: Record<string, { stats: Record<string, Record<string, string>> }>;
}

/**
 * caniuse's data file a month on: its day moved to 2026-10-28, and every user of a version without :has()
 * moved to Chrome 150, which has it.
 */
function newerMonth(): string {
  const data = JSON.parse(readFileSync(DATA_FILE, "utf8")) as DataFile;
  data.updated = Date.parse("2026-10-28T05:00:00Z") / 1000;
  let moved = 0;
  for (const [agent, a] of Object.entries(data.agents)) {
    for (const [version, share] of Object.entries(a.usage_global)) {
      if (share > 0 && !(data.data["css-has"]?.stats[agent]?.[version] ?? "").startsWith("y")) {
        moved += share;
        a.usage_global[version] = 0;
      }
    }
  }
  const chrome = data.agents.chrome?.usage_global ?? {};
  chrome["150"] = (chrome["150"] ?? 0) + moved;
  return JSON.stringify(data);
}

/** Makes the update due (its last check a month and a day ago) and fires its alarm now. */
async function checkAgain(): Promise<number | null> {
  return launched().worker.evaluate(async () => {
    const { usageUpdate } = await chrome.storage.local.get<{ usageUpdate?: { checkedAt: number } }>(
      "usageUpdate",
    );
    if (usageUpdate === undefined) return null;
    const checkedAt = Date.now() - 31 * 24 * 3600_000;
    await chrome.storage.local.set({ usageUpdate: { ...usageUpdate, checkedAt } });
    await chrome.alarms.create("usage-update", { when: Date.now() });
    return checkedAt;
  });
}

const reached = async (page: Page): Promise<string[]> => {
  const notified = await page.evaluate(async () => (await chrome.storage.local.get("notified")).notified);
  return ((notified ?? []) as string[]).filter((id) => id.startsWith("reached:"));
};

beforeAll(async () => {
  await until(async () => (await readAction(launched().worker)).badgeText === "120");
});

afterAll(async () => {
  // The emulator is the e2e files' own: it serves the package's file again.
  await replace(readFileSync(DATA_FILE, "utf8"));
});

describe("the monthly usage update, and a watch by the share of users", () => {
  test("a newer month arrives, the watch is told once; 304 keeps it; a hostile file is refused, said", async () => {
    const { page } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html?mode=tab&q=:has()",
    );
    await page.locator("#answer-watch:not([hidden]) #answer-watch-where").waitFor();
    await page.selectOption("#answer-watch-where", "worldwide");
    await page.locator("#answer-watch-save").click();
    await expect
      .poll(() => page.locator("#tracked-list").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toContain("94.8% of users worldwide have it (caniuse usage of 2026-09-28)");

    const { page: options } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/options/index.html",
    );
    await options.locator("#baseUrl:enabled").waitFor();
    await options.check("#usageUpdates");
    await options.locator("#save").click();
    await expect.poll(() => options.locator("#status").textContent()).toBe("Saved.");
    await expect
      .poll(() => options.locator("#usageUpdates-status").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toMatch(/^Checked \d{4}-\d{2}-\d{2}: the bundled table of 2026-09-28 is the newest\.$/);

    expect((await replace(newerMonth())).status).toBe(200);
    await checkAgain();
    await expect
      .poll(() => options.locator("#usageUpdates-status").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toMatch(/^Checked \d{4}-\d{2}-\d{2}: caniuse's table of 2026-10-28 is in use\.$/);
    await expect
      .poll(() => reached(page), { timeout: WAIT_TIMEOUT_MS })
      .toEqual(["reached:feature:has@95/worldwide/users/worldwide"]);
    await expect
      .poll(() => page.locator("#tracked-list").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toMatch(/reached 95% of users worldwide on \d{4}-\d{2}-\d{2} \(caniuse usage of 2026-10-28\)/);
    const { page: answer } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html?mode=tab&q=:has()",
    );
    await answer.locator("#answer .answer-users").waitFor();
    expect(await answer.locator("#answer .answer-lines li").first().textContent()).toMatch(
      /^97\.\d% of users worldwide have it, caniuse usage of 2026-10-28$/,
    );
    await answer.close();

    // Nothing new: asked with the ETag, answered 304, and nothing told again.
    const answers: number[] = [];
    const isData = (url: URL) => url.href === caniuse("data.json");
    await launched().context.route(isData, async (route) => {
      const response = await route.fetch();
      answers.push(response.status());
      await route.fulfill({ response });
    });
    const asked = await checkAgain();
    await until(() => Promise.resolve(answers.length > 0));
    expect(answers).toEqual([304]);
    await launched().context.unroute(isData);
    // The 304 counts as a check: the last check is now, not the month ago it was set to.
    const checkedAt = () =>
      launched().worker.evaluate(
        async () =>
          (await chrome.storage.local.get<{ usageUpdate?: { checkedAt: number } }>("usageUpdate")).usageUpdate
            ?.checkedAt ?? 0,
      );
    await expect.poll(checkedAt).toBeGreaterThan((asked ?? 0) + 30 * 24 * 3600_000);

    // A hostile file: refused, said, and the table in use stays.
    expect((await replace(JSON.stringify({ updated: 1e300, agents: {}, data: {} }))).status).toBe(200);
    await checkAgain();
    await expect
      .poll(() => options.locator("#usageUpdates-status").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toContain(
        "caniuse's table of 2026-10-28 is in use. The last check failed: caniuse's data (" +
          caniuse("data.json") +
          "): caniuse's data: updated is not a time from 2008 to 2100. The table in use stays.",
      );
    expect(await reached(page)).toHaveLength(1);
    await options.close();
    await page.close();
  });
});
