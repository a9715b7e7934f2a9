/**
 * Watching a milestone until it reaches a share, in real Chromium against an emulator of the suite's own (the
 * e2e dataset: Linux Stable 120 rolling out at 25%): "Watch" under the answer keeps it in sync storage, the
 * popup lists its state, and when the emulator's admin endpoint moves the rollout to 100% exactly one
 * notification appears, however many polls follow. No accessibility violation in the list or the control.
 */
import AxeBuilder from "@axe-core/playwright";
import { beforeAll, describe, expect, test } from "vitest";
import { openExtensionPage, readAction, WAIT_TIMEOUT_MS } from "../../scripts/chromium.ts";
import { E2E_DATA } from "./global-setup.ts";
import { launchedForSuite, until } from "./helpers.ts";
import { SCHEDULE_PATH } from "../../src/core/client/schedule.ts";

const RELEASE = "chrome/platforms/linux/channels/stable/versions/120.0.6099.71/releases/1701896460";
const launched = launchedForSuite({ ownEmulator: { args: ["--data", E2E_DATA] } });

beforeAll(async () => {
  await until(async () => (await readAction(launched().worker)).badgeText !== "");
});

describe("a watched milestone", () => {
  test("its control waits, unseen in its place, until the answer is complete with its schedule's days", async () => {
    // The worker's request for M120's days is held: the answer is drawn without them, and will grow.
    let asked = false;
    let answerSchedule = () => {};
    const held = new Promise<void>((resolve) => (answerSchedule = resolve));
    const isM120 = (url: URL) =>
      url.pathname.endsWith(SCHEDULE_PATH) && url.searchParams.get("mstone") === "120";
    await launched().context.route(isM120, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const { page, errors } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html?mode=tab&q=120",
    );
    await until(() => Promise.resolve(asked));
    const control = page.locator("#answer-watch:not([hidden])");
    await control.waitFor({ state: "attached" });
    expect(await page.locator("#answer").getAttribute("aria-busy")).toBe("true");
    expect(await control.isVisible()).toBe(false);
    expect(await control.boundingBox()).not.toBeNull();
    answerSchedule();
    await control.waitFor({ state: "visible" });
    expect(await page.locator("#answer").getAttribute("aria-busy")).toBe("false");
    expect(await page.locator("#answer .answer-lines").textContent()).toMatch(
      /Stable since \d{4}-\d{2}-\d{2}/,
    );
    await launched().context.unroute(isM120);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("is watched from its answer, listed, and told once when its rollout reaches the threshold", async () => {
    const { page, errors } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html?mode=tab&q=120",
    );
    await page.locator("#answer-watch-save").click();
    await expect
      .poll(() => page.evaluate(async () => (await chrome.storage.sync.get("tracked")).tracked))
      .toEqual([{ kind: "milestone", id: "120", threshold: 95, where: "watched" }]);
    await expect
      .poll(() => page.locator("#tracked-list").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toContain("rolling out: 25% of Linux Stable");
    expect(await page.locator("#answer-watch-status").textContent()).toBe(
      "Watching: told once when it reaches 95%.",
    );

    const moved = await fetch(launched.baseUrl().replace(/\/v1$/, "/_emulator/release"), {
      method: "PUT",
      body: JSON.stringify({ name: RELEASE, fraction: 1 }),
    });
    expect(moved.status).toBe(200);
    const reached = async (): Promise<string[]> =>
      Object.keys(await page.evaluate(() => chrome.notifications.getAll())).filter((id) =>
        id.startsWith("reached:"),
      );
    expect(await page.evaluate(() => chrome.runtime.sendMessage({ type: "refresh" }))).toEqual({ ok: true });
    await expect
      .poll(reached, { timeout: WAIT_TIMEOUT_MS })
      .toEqual(["reached:milestone:120@95/watched/linux/stable"]);
    await expect
      .poll(() => page.locator("#tracked-list").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toMatch(/reached 95% on Linux on \d{4}-\d{2}-\d{2}/);

    // More polls of the same answer tell nothing more.
    for (let i = 0; i < 2; i++) {
      expect(await page.evaluate(() => chrome.runtime.sendMessage({ type: "refresh" }))).toEqual({
        ok: true,
      });
    }
    expect(await reached()).toEqual(["reached:milestone:120@95/watched/linux/stable"]);
    const notified = await page.evaluate(async () => (await chrome.storage.local.get("notified")).notified);
    expect((notified as string[]).filter((id) => id.startsWith("reached:"))).toHaveLength(1);

    const axe = await new AxeBuilder({ page }).include("#tracked").include("#answer-watch").analyze();
    expect(axe.violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a second writer's 55 items and a newer version's: one Stop removes exactly one, the rest stay as stored", async () => {
    const newer = [
      { kind: "origin-trial", id: "ot-1", threshold: 95, where: "watched" },
      { kind: "feature", id: "grid", threshold: 95, where: "my-cohort" },
    ];
    const items = Array.from({ length: 55 }, (_, i) => ({
      kind: "milestone",
      id: String(100 + i),
      threshold: 95,
      where: "watched",
    }));
    const stored = [newer[0], ...items, newer[1]];
    await launched().worker.evaluate((tracked) => chrome.storage.sync.set({ tracked }), stored);
    const { page, errors } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html",
    );
    await expect
      .poll(() => page.locator("#tracked-list .tracked-beyond").textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toBe(
        "2 items are kept for a newer version of Release Radar; 5 more items are past the 50 listed, kept, not shown.",
      );
    await page.locator("#tracked").evaluate((details) => ((details as HTMLDetailsElement).open = true));
    await page.getByRole("button", { name: "Stop watching M100" }).click();
    await expect
      .poll(async () => (await page.evaluate(() => chrome.storage.sync.get("tracked"))).tracked)
      .toEqual(stored.filter((x) => x !== items[0]));
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a past-rollout time of 1e300 in storage spoils nothing: the watched item is worked out again", async () => {
    const { worker } = launched();
    const at = await worker.evaluate(async (baseUrl) => {
      const { settings } = await chrome.storage.sync.get<{ settings?: { product?: string } }>("settings");
      const bad = { milestone: 119, firstStart: 1e300, steps: [[0, 1]] };
      const rollouts = [
        {
          baseUrl,
          product: settings?.product ?? "chrome",
          platform: "linux",
          fetchedAt: Date.now(),
          rollouts: [bad],
        },
      ];
      await chrome.storage.local.set({ rollouts });
      const at = Date.now();
      await chrome.storage.sync.set({
        tracked: [{ kind: "milestone", id: "121", threshold: 95, where: "watched" }],
      });
      return at;
    }, launched.baseUrl());
    const view = await until(
      () =>
        worker.evaluate(async () => {
          const { trackedView } = await chrome.storage.local.get<{
            trackedView?: { at: number; items: { label: string; rows: unknown[] }[] };
          }>("trackedView");
          return trackedView;
        }),
      (v) => v !== undefined && v.at >= at && v.items[0]?.label === "M121",
    );
    expect(view?.items[0]?.rows.length).toBeGreaterThan(0);
  });
});
