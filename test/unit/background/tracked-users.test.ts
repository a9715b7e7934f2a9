// Watching a feature until a share of all users (worldwide, a region, the person's visitors): the row's words,
// why there is no expected day, and a crossing told once when a newer month's table moves the share across.
import { beforeAll, describe, expect, it } from "vitest";
import type { Known } from "../../../src/background/controller.ts";
import type { RolloutEvent } from "../../../src/background/notices/notify.ts";
import { createTrackedWatch } from "../../../src/background/watched/tracked-watch.ts";
import type { UsageAsset } from "../../../src/core/usage/asset.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { DEFAULT_SETTINGS } from "../../../src/shared/store/settings.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import type { TrackedItem } from "../../../src/shared/tracked/items.ts";
import { itemOfNotification } from "../../../src/shared/tracked/items.ts";
import type { UsageOutcome } from "../../../src/shared/usage/usage-context.ts";
import { whereChoices } from "../../../src/popup/tracked/tracked-list.ts";
import { createStorage, type FakeStorage } from "../../fakes/browser.ts";
import { handUsageAsset } from "../../fakes/usage.ts";
import { realAsset } from "../shared/answers/fixtures.ts";

const NOW = Date.parse("2026-12-04T12:00:00Z");
const HAS_95_WORLDWIDE: TrackedItem = { kind: "feature", id: "has", threshold: 95, where: "worldwide" };

/** A month later: Chrome 104 and the older Safaris nearly gone, so 96% of all users have :has(). */
const NEWER: UsageAsset = handUsageAsset({
  source: { caniuse: "caniuse", updated: "2026-10-28" },
  global: { chrome: { "104": 1, "105": 60, "106": 30 }, ios_saf: { "16.0": 6 } },
});

function worker(storage: FakeStorage, usage: () => UsageOutcome, region: string | null = null) {
  const store = createStore(storage, EVERY_KEY, () => {});
  const notified: RolloutEvent[] = [];
  const known = (): Promise<Known> =>
    Promise.resolve({
      state: {
        settings: { ...DEFAULT_SETTINGS, usageRegion: region },
        watch: { product: "chrome", platform: "win64", channel: "stable" },
        snapshot: null,
        poll: null,
        refreshing: false,
      },
      schedules: [],
    });
  const watch = createTrackedWatch({
    store,
    asset: () => Promise.resolve(realAsset()),
    rollouts: {
      kept: () => Promise.resolve({ last: null, failure: null }),
      get: () => Promise.reject(new Error("none")),
    },
    known,
    notify: (events) => Promise.resolve(notified.push(...events)),
    now: () => NOW,
    warn: () => {},
    usage: () => Promise.resolve(usage()),
  });
  return { store, notified, update: () => watch.update() };
}

const context = (asset: UsageAsset): UsageOutcome => ({
  ok: true,
  usage: { asset, region: null, visitors: null },
});

beforeAll(() => void realAsset(), 180_000);

describe("an item watched by its share of users", () => {
  it("lists the share with the table's month, and says why it promises no day", async () => {
    const storage = createStorage({ sync: { tracked: [HAS_95_WORLDWIDE] } });
    const w = worker(storage, () => context(handUsageAsset()));
    await w.update();
    const row = (await w.store.get("trackedView"))?.items[0]?.rows[0];
    expect(row).toMatchObject({
      platform: "users",
      channel: "worldwide",
      share: 0.75,
      state: "users",
      text: "75.0% of users worldwide have it (caniuse usage of 2026-09-28)",
      expected: {
        day: null,
        why: "no forecast: the largest groups without it are Chrome before 105 10.0%, Safari on iOS before 15.4 5.0%; browsers other than Chrome update on their own schedules (Safari with its operating system), and the usage table changes monthly",
      },
    });
  });

  it("tells the crossing once when a newer month's table moves it across, and never again", async () => {
    const storage = createStorage({ sync: { tracked: [HAS_95_WORLDWIDE] } });
    let asset = handUsageAsset();
    const first = worker(storage, () => context(asset));
    await first.update();
    expect(first.notified).toEqual([]);
    asset = NEWER;
    await first.update();
    expect(first.notified).toEqual([
      {
        id: "reached:feature:has@95/worldwide/users/worldwide",
        kind: "reached",
        version: ":has()",
        title: ":has() reached 95% of users worldwide",
        message: "96.0% of users worldwide have it now. Click for the answer.",
      },
    ]);
    expect(itemOfNotification(first.notified[0]?.id ?? "")).toEqual({ kind: "feature", id: "has" });
    // Polls go on, and a worker restarts: the memory holds that it was told.
    await first.update();
    const again = worker(storage, () => context(asset));
    await again.update();
    expect([...first.notified, ...again.notified]).toHaveLength(1);
    const row = (await again.store.get("trackedView"))?.items[0]?.rows[0];
    expect(row?.text).toBe("reached 95% of users worldwide on 2026-12-04 (caniuse usage of 2026-10-28)");
  });

  it("says what is missing: no region chosen, no stats file, no usage data, a milestone", async () => {
    const storage = createStorage({
      sync: {
        tracked: [
          { ...HAS_95_WORLDWIDE, where: "region" },
          { ...HAS_95_WORLDWIDE, kind: "key", id: "css.selectors.has", where: "visitors" },
          { kind: "milestone", id: "154", threshold: 95, where: "worldwide" },
        ],
      },
    });
    const w = worker(storage, () => context(handUsageAsset()));
    await w.update();
    const texts = (await w.store.get("trackedView"))?.items.map((i) => i.rows[0]?.text);
    expect(texts).toEqual([
      "share of users in the chosen region unknown: no region is chosen in options",
      "share of your visitors unknown: no stats file is imported in options",
      "share of users worldwide unknown: a milestone is counted on Chrome's rollout, not in users",
    ]);
    const broken = worker(storage, () => ({ ok: false, problem: "Share of users unknown: HTTP 404" }));
    await broken.update();
    expect((await broken.store.get("trackedView"))?.items[0]?.rows[0]?.text).toBe(
      "share of users in the chosen region unknown: Share of users unknown: HTTP 404",
    );
  });

  it("is offered for a feature or a compat key, not a milestone", () => {
    expect(whereChoices("milestone", "Windows Stable").map((c) => c.value)).toEqual(["watched", "stable"]);
    expect(whereChoices("feature", "Windows Stable").map((c) => c.value)).toEqual([
      "watched",
      "stable",
      "worldwide",
      "region",
      "visitors",
    ]);
  });

  it("keeps a long reason within what the list keeps, so the list still reads", async () => {
    const storage = createStorage({ sync: { tracked: [{ ...HAS_95_WORLDWIDE, where: "region" }] } });
    const long = `The share in Germany is unknown: ${"x".repeat(400)}`;
    const w = worker(storage, () => ({
      ok: true,
      usage: { asset: handUsageAsset(), region: null, regionProblem: long, visitors: null },
    }));
    await w.update();
    const text = (await w.store.get("trackedView"))?.items[0]?.rows[0]?.text ?? "";
    expect(text).toMatch(
      /^share of users in the chosen region unknown: The share in Germany is unknown: x+…$/,
    );
    expect(text).toHaveLength(300);
  });
});
