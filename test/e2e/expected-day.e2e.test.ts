/**
 * On the data `npm start` serves (the bundled history moved to the present, `--shift-to-now`), a watched
 * milestone's expected day in the popup is the day its rollout began on that platform plus the median time
 * the past six milestones took there to reach the threshold, both worked out here from the data file and the
 * emulator's own answer, not with the product's code.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { openExtensionPage, WAIT_TIMEOUT_MS } from "../../scripts/chromium.ts";
import type { ReleaseResource } from "../../src/core/types.ts";
import { launchedForSuite } from "./helpers.ts";

const launched = launchedForSuite({ ownEmulator: { args: ["--shift-to-now"] }, timezoneId: "UTC" });
const DAY = 86_400_000;
const { releases } = JSON.parse(
  readFileSync(new URL("../../emulator/data/releases.json", import.meta.url), "utf8"),
) as { releases: ReleaseResource[] };

/** Whole days from milestone `m`'s first Stable release on `platform` to its share first at `threshold`%. */
function daysToReach(platform: string, m: number, threshold: number): number | null {
  const mine = releases
    .filter(
      (r) => r.name.includes(`/platforms/${platform}/channels/stable/`) && r.version.startsWith(`${m}.`),
    )
    .map((r) => ({
      start: Date.parse(r.serving.startTime),
      end: r.serving.endTime === undefined ? Infinity : Date.parse(r.serving.endTime),
      group: r.fractionGroup ?? r.name,
      fraction: r.fraction,
    }));
  const starts = [...new Set(mine.map((r) => r.start))].sort((a, b) => a - b);
  for (const t of starts) {
    const groups = new Map<string, number>();
    for (const r of mine)
      if (r.start <= t && t < r.end) groups.set(r.group, (groups.get(r.group) ?? 0) + r.fraction);
    if (Math.max(0, ...groups.values()) * 100 >= threshold - 1e-9)
      return Math.round((t - (starts[0] ?? t)) / DAY);
  }
  return null;
}

/** The median of whole days, the middle two averaged and rounded. */
function median(days: readonly number[]): number {
  const sorted = [...days].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}

describe("the expected day of a watched milestone, on npm start's data", () => {
  test("is M152's first Stable day on Mac plus the median of M146-M151's days to 95% there", async () => {
    const past = [146, 147, 148, 149, 150, 151].map((m) => daysToReach("mac", m, 95));
    expect(past.every((d) => d !== null && d > 7)).toBe(true);
    const typical = median(past as number[]);
    // M152's first release on Mac as the emulator serves it (moved to the present).
    const served = (await (
      await fetch(
        `${launched.baseUrl()}/chrome/platforms/mac/channels/stable/versions/all/releases?filter=version>=152&order_by=starttime`,
      )
    ).json()) as { releases: ReleaseResource[] };
    const first = served.releases[0]?.serving.startTime ?? "";
    const day = new Date(Date.parse(`${first.slice(0, 10)}T00:00:00Z`) + typical * DAY)
      .toISOString()
      .slice(0, 10);

    const { page, errors } = await openExtensionPage(
      launched().context,
      launched().extensionId,
      "src/popup/index.html",
    );
    await page.evaluate(() =>
      chrome.storage.sync.set({
        tracked: [{ kind: "milestone", id: "152", threshold: 95, where: "stable" }],
      }),
    );
    await page.locator("#tracked").evaluate((details) => ((details as HTMLDetailsElement).open = true));
    const mac = page.locator("#tracked-list .tracked-row", { hasText: "of macOS (Intel) Stable" });
    await expect
      .poll(() => mac.textContent(), { timeout: WAIT_TIMEOUT_MS })
      .toMatch(/expected about \d{4}-\d{2}-\d{2}/);
    const text = (await mac.textContent()) ?? "";
    expect(text).toContain(`rolling out: 50% of macOS (Intel) Stable · expected about ${day}`);
    expect(text).toContain(`median ${typical} over M146-M151`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
