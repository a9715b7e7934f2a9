import { describe, expect, it, vi } from "vitest";
import type { Known } from "../../../src/background/controller.ts";
import type { RolloutEvent } from "../../../src/background/notify.ts";
import { createTrackedWatch } from "../../../src/background/tracked-watch.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { DEFAULT_SETTINGS } from "../../../src/shared/store/settings.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";
import { createStorage, type FakeStorage } from "../../fakes/browser.ts";
import { realAsset, release, snapshot } from "../shared/answers/fixtures.ts";

const NOW = Date.parse("2026-12-04T12:00:00Z");

/** Windows Stable with M154 at `share`, M153 serving the rest. */
const rollout = (share: number): Snapshot =>
  snapshot([
    release("win64", "stable", "154.0.7999.10", share, { group: "1" }),
    ...(share < 1 ? [release("win64", "stable", "153.0.7950.60", 1 - share, { group: "1" })] : []),
  ]);

/** A worker's watched items over `storage` (a new one per worker start), with the snapshot `at()` gives. */
function worker(storage: FakeStorage, at: () => Snapshot) {
  const warnings: string[] = [];
  const store = createStore(storage, EVERY_KEY, (w) => warnings.push(w));
  const notified: RolloutEvent[] = [];
  const known = (): Promise<Known> =>
    Promise.resolve({
      state: {
        settings: {
          ...DEFAULT_SETTINGS,
          baseUrl: "https://versionhistory.googleapis.com/v1",
          product: "chrome",
        },
        watch: { product: "chrome", platform: "win64", channel: "stable" },
        snapshot: at(),
        poll: null,
        refreshing: false,
      },
      schedules: [{ mstone: 155, stableDate: "2027-01-26" }],
    });
  const asset = vi.fn(() => Promise.resolve(realAsset()));
  const watch = createTrackedWatch({
    store,
    asset,
    known,
    notify: (events) => Promise.resolve(notified.push(...events)),
    now: () => NOW,
    warn: () => {},
  });
  return { store, notified, asset, warnings, update: () => watch.update() };
}

describe("the worker's watched items", () => {
  it("notifies a crossing once, across a worker restart, and lists each item's state", async () => {
    const storage = createStorage({
      sync: {
        tracked: [
          { kind: "milestone", id: "154", threshold: 95, where: "watched" },
          { kind: "milestone", id: "155", threshold: 95, where: "watched" },
          { kind: "feature", id: "has", threshold: 95, where: "watched" },
        ],
      },
    });
    let share = 0.25;
    const first = worker(storage, () => rollout(share));
    await first.update();
    expect(first.notified).toEqual([]);
    const view = await first.store.get("trackedView");
    expect(view?.items.map((i) => [i.label, i.rows[0]?.text])).toEqual([
      ["M154", "rolling out: 25% of Windows Stable"],
      ["M155", "ships in M155, Stable 2027-01-26"],
      [":has()", "reached 95% on Windows by 2026-12-04"],
    ]);
    expect(view?.items[1]?.rows[0]?.expected).toEqual({
      day: "2027-01-26",
      why: "Stable 2027-01-26; no past rollout read yet",
    });

    share = 1;
    await first.update();
    expect(first.notified.map((e) => e.title)).toEqual(["M154 reached 95% on Windows"]);

    const restarted = worker(storage, () => rollout(share));
    await restarted.update();
    expect(restarted.notified).toEqual([]);
  });

  it("reads no feature data while nothing is watched, and ignores a bad stored list with a word", async () => {
    const storage = createStorage({ sync: { tracked: "everything" } });
    const w = worker(storage, () => rollout(1));
    await w.update();
    expect(w.asset).not.toHaveBeenCalled();
    expect(await w.store.get("trackedView")).toEqual({ at: NOW, items: [] });
    expect(w.warnings).toContainEqual(
      expect.stringContaining("tracked: ignored (expected a list, found the string"),
    );
  });
});
