/**
 * A rollout walked 25% -> 100% -> 50% -> 100% in real Chromium, through the emulator's admin endpoint, against
 * an emulator of the suite's own (the e2e dataset: Linux Stable 120 at 25% beside 119 at 75%; the toolbar
 * watches Linux Stable). M120 is watched after the first step; M119, already past its threshold, is watched
 * then too. Notifications are counted by the notifier's record (`notified` in storage) and by the browser's
 * own list: one for the crossing (told with the toolbar's "rollout complete" of the same poll), one for the
 * pull back to 50%, none for the fall-back of the watched item or its second crossing, none for M119.
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { openExtensionPage, readAction } from "../../scripts/chromium.ts";
import { E2E_DATA } from "./global-setup.ts";
import { launchedForSuite, until } from "./helpers.ts";

const RELEASE = "chrome/platforms/linux/channels/stable/versions/120.0.6099.71/releases/1701896460";
const launched = launchedForSuite({ ownEmulator: { args: ["--data", E2E_DATA] } });

beforeAll(async () => {
  await until(async () => (await readAction(launched().worker)).badgeText !== "");
});

interface Row {
  readonly text: string;
}
interface Seen {
  readonly at: number;
  readonly rows: Record<string, string>;
  readonly notified: string[];
}

/** The watched items' rows (by item label) as the worker last worked them out, and the notifier's record. */
function seen(page: Page): Promise<Seen> {
  return page.evaluate(async () => {
    const { trackedView } = await chrome.storage.local.get<{
      trackedView?: { at: number; items: { label: string; rows: Row[] }[] };
    }>("trackedView");
    const { notified } = await chrome.storage.local.get<{ notified?: string[] }>("notified");
    const rows: Record<string, string> = {};
    for (const item of trackedView?.items ?? []) rows[item.label] = item.rows.map((r) => r.text).join(" | ");
    return { at: trackedView?.at ?? 0, rows, notified: notified ?? [] };
  });
}

/**
 * Moves M120's Linux release to `fraction`, polls, and waits until the watched items are worked out from
 * that poll and once more after it: the watch's runs follow one another, so its notices of the first are
 * recorded and shown by then.
 */
async function step(page: Page, fraction: number, expected: RegExp): Promise<Seen> {
  const moved = await fetch(launched.baseUrl().replace(/\/v1$/, "/_emulator/release"), {
    method: "PUT",
    body: JSON.stringify({ name: RELEASE, fraction }),
  });
  expect(moved.status).toBe(200);
  const refresh = () => page.evaluate(() => chrome.runtime.sendMessage({ type: "refresh" }));
  expect(await refresh()).toEqual({ ok: true });
  const first = await until(
    () => seen(page),
    (s) => expected.test(s.rows.M120 ?? ""),
  );
  expect(await refresh()).toEqual({ ok: true });
  return until(
    () => seen(page),
    (s) => s.at > first.at,
  );
}

const ours = (ids: readonly string[]) => ids.filter((id) => /linux|milestone:1(19|20)/.test(id));
const shown = async (page: Page): Promise<string[]> =>
  ours(Object.keys(await page.evaluate(() => chrome.notifications.getAll())));

describe("a rollout walked 25% -> 100% -> 50% -> 100%", () => {
  test("tells the crossing once, with the rollout's completion; the pull back once; M119 never", async () => {
    const { page, errors } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html?mode=tab",
    );
    // 25%: M120 watched now, and M119, which 119's and 120's 100% of Linux have already.
    await page.evaluate(() =>
      chrome.storage.sync.set({
        tracked: [
          { kind: "milestone", id: "120", threshold: 95, where: "watched" },
          { kind: "milestone", id: "119", threshold: 95, where: "watched" },
        ],
      }),
    );
    const watched = await until(
      () => seen(page),
      (s) => s.rows.M120 !== undefined && s.rows.M119 !== undefined,
    );
    expect(watched.rows.M120).toBe("rolling out: 25% of Linux Stable");
    expect(watched.rows.M119).toMatch(/^already reached 95% on Linux when watched on \d{4}-\d{2}-\d{2}$/);
    const before = ours(watched.notified);

    // 100%: one notice, the item's, saying the rollout is complete too.
    const full = await step(page, 1, /^reached 95% on Linux on \d{4}-\d{2}-\d{2}$/);
    const crossing = "reached:milestone:120@95/watched/linux/stable";
    expect(ours(full.notified).slice(before.length)).toEqual([
      "full:browser/linux/stable/120.0.6099.71",
      crossing,
    ]);
    // The browser shows the one: the toolbar's "rollout complete" is told in it (notifier.ts together).
    expect(await shown(page)).toEqual([crossing]);

    // 50%: the item fell back (no notice for it); the toolbar tells the pull back, once.
    const half = await step(
      page,
      0.5,
      /^fell back to 50% of Linux Stable \(reached 95% on \d{4}-\d{2}-\d{2}\)$/,
    );
    const pulled = "back:browser/linux/stable/119.0.6045.199/120.0.6099.71";
    expect(ours(half.notified).slice(before.length)).toEqual([
      "full:browser/linux/stable/120.0.6099.71",
      crossing,
      pulled,
    ]);

    // 100% again: nothing more is told; M119 was never told.
    const again = await step(page, 1, /^reached 95% on Linux on \d{4}-\d{2}-\d{2}$/);
    expect(ours(again.notified).slice(before.length)).toEqual(ours(half.notified).slice(before.length));
    expect(again.notified.filter((id) => id.includes("milestone:119"))).toEqual([]);
    expect((await shown(page)).sort()).toEqual([pulled, crossing].sort());
    expect(errors).toEqual([]);
    await page.close();
  });

  test("at 360 px the watched list keeps each day on one line", async () => {
    const { page, errors } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html",
    );
    await page.setViewportSize({ width: 360, height: 640 });
    await page.locator("#tracked-list .tracked-item").first().waitFor({ state: "attached" });
    await page.locator("#tracked").evaluate((details) => ((details as HTMLDetailsElement).open = true));
    const days = await page.$$eval("#tracked-list .day", (spans) =>
      spans.map((s) => ({ text: s.textContent, lines: s.getClientRects().length })),
    );
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((d) => d.lines !== 1)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
