import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Known } from "../../../src/background/controller.ts";
import type { RolloutEvent } from "../../../src/background/notices/notify.ts";
import { createTrackedWatch } from "../../../src/background/watched/tracked-watch.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { DEFAULT_SETTINGS } from "../../../src/shared/store/settings.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";
import { createStorage, type FakeStorage } from "../../fakes/browser.ts";
import { realAsset, release, snapshot } from "../shared/answers/fixtures.ts";
import { createRolloutHistories } from "../../../src/background/watched/rollout-history.ts";
import { storedWaits } from "../../../src/background/cache/failure-wait.ts";
import { createClient } from "../../../src/core/client/index.ts";
import { releaseOf } from "../../fakes/release.ts";
import { serviceFetch } from "../../fakes/service-fetch.ts";
import { withHostileServer, type HostileServer } from "../../hostile-server.ts";

const NOW = Date.parse("2026-12-04T12:00:00Z");

/** Windows Stable with M154 at `share`, M153 serving the rest. */
const rollout = (share: number): Snapshot =>
  snapshot([
    release("win64", "stable", "154.0.7999.10", share, { group: "1" }),
    ...(share < 1 ? [release("win64", "stable", "153.0.7950.60", 1 - share, { group: "1" })] : []),
  ]);

/** Windows Stable's past: M151, then M152 full 4 days after its first serving, M153 after 6; M154 at 25% since Dec 1. */
const PAST = {
  releases: [
    // The window's oldest milestone, which may have started before it: not counted.
    releaseOf({
      version: "151.0.1.0",
      startTime: "2026-09-08T18:00:00Z",
      endTime: "2026-10-06T18:00:00Z",
      fractionGroup: "1",
    }),
    releaseOf({
      version: "152.0.1.0",
      fraction: 0.5,
      startTime: "2026-10-06T18:00:00Z",
      endTime: "2026-10-10T18:00:00Z",
      fractionGroup: "1",
    }),
    releaseOf({
      version: "152.0.1.1",
      startTime: "2026-10-10T18:00:00Z",
      endTime: "2026-11-03T18:00:00Z",
      fractionGroup: "1",
    }),
    releaseOf({
      version: "153.0.1.0",
      fraction: 0.25,
      startTime: "2026-11-03T18:00:00Z",
      endTime: "2026-11-09T18:00:00Z",
      fractionGroup: "1",
    }),
    releaseOf({
      version: "153.0.1.1",
      startTime: "2026-11-09T18:00:00Z",
      endTime: "2026-12-01T18:00:00Z",
      fractionGroup: "1",
    }),
    releaseOf({
      version: "154.0.7999.10",
      fraction: 0.25,
      startTime: "2026-12-01T18:00:00Z",
      fractionGroup: "1",
    }),
  ],
};

/** A worker's watched items over `storage` (a new one per worker start), with the snapshot `at()` gives. */
function worker(
  storage: FakeStorage,
  at: () => Snapshot,
  service = serviceFetch(PAST),
  asset = vi.fn(() => Promise.resolve(realAsset())),
) {
  const warnings: string[] = [];
  /** The notifier's calls, in order: "notify" or the fetchedAt said settled. */
  const told: (string | number)[] = [];
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
  const watch = createTrackedWatch({
    store,
    asset,
    rollouts: createRolloutHistories({
      client: ({ baseUrl, product }) =>
        createClient({ baseUrl, product, fetch: service.fetch, now: () => NOW }),
      cache: { get: () => store.get("rollouts"), set: (entries) => store.set("rollouts", entries) },
      waits: storedWaits(store),
      now: () => NOW,
      warn: () => {},
    }),
    known,
    notify: (events) => {
      told.push("notify");
      return Promise.resolve(notified.push(...events));
    },
    settled: (fetchedAt) => void told.push(fetchedAt),
    now: () => NOW,
    warn: () => {},
  });
  return { store, storage, notified, told, asset, warnings, service, update: () => watch.update() };
}

// The real feature data is built once for the file, which takes seconds on a busy machine.
beforeAll(() => void realAsset(), 180_000);

describe("the worker's watched items", () => {
  it("say each snapshot settled after handing over its notices, also with nothing watched or on a failure", async () => {
    const items = { sync: { tracked: [{ kind: "milestone", id: "154", threshold: 95, where: "watched" }] } };
    let share = 0.25;
    const one = worker(createStorage(items), () => rollout(share));
    await one.update();
    share = 1;
    await one.update();
    const at = rollout(1).fetchedAt;
    // The crossing's notice first, then the snapshot it came from: the poll's own notice waits for it.
    expect(one.notified.map((e) => e.id)).toEqual(["reached:milestone:154@95/watched/win64/stable"]);
    expect(one.told[one.told.indexOf("notify") + 1]).toBe(at);
    const none = worker(createStorage({}), () => rollout(1));
    await none.update();
    expect(none.told).toEqual([at]);
    const failing = worker(
      createStorage(items),
      () => rollout(1),
      serviceFetch(PAST),
      vi.fn(() => Promise.reject(new Error("no asset"))),
    );
    await failing.update();
    expect(failing.told).toEqual([at]);
  });

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
      [":has()", "already reached 95% on Windows when watched on 2026-12-04"],
    ]);
    // Not live yet: counted from its scheduled Stable day; without past rollouts to go by, no day is guessed.
    const expected = view?.items[1]?.rows[0]?.expected;
    expect(expected?.day).toBeNull();
    expect(expected?.why).toMatch(/^Stable 2027-01-26; /);

    share = 1;
    await first.update();
    expect(first.notified.map((e) => e.title)).toEqual(["M154 reached 95% on Windows"]);

    const restarted = worker(storage, () => rollout(share));
    await restarted.update();
    expect(restarted.notified).toEqual([]);
  });

  it("expects an item from how past milestones rolled out there, asking each platform's past once a day", async () => {
    const storage = createStorage({
      sync: { tracked: [{ kind: "milestone", id: "154", threshold: 95, where: "watched" }] },
    });
    const live = () =>
      snapshot([PAST.releases[5]!, release("win64", "stable", "153.0.1.1", 0.75, { group: "1" })]);
    const first = worker(storage, live);
    await first.update();
    await vi.waitFor(async () =>
      expect((await first.store.get("trackedView"))?.items[0]?.rows[0]?.expected).toEqual({
        day: "2026-12-06",
        why: "on Stable since 2026-12-01; usually 4-6 days after Stable (median 5 over M152-M153)",
      }),
    );
    const asked = () => first.service.requests.filter((r) => r.url.includes("starttime")).length;
    expect(asked()).toBe(1);
    await first.update();
    expect(asked()).toBe(1);
    // A restarted worker finds the past in storage: no request before a day has passed.
    const restarted = worker(storage, live, first.service);
    await restarted.update();
    expect(asked()).toBe(1);
  });

  describe("past rollouts from a hostile service", () => {
    /** The service's requests sent to `server` instead. */
    const via = (server: HostileServer) => ({
      ...serviceFetch(PAST),
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        fetch(
          (input instanceof Request ? input.url : input.toString()).replace(
            "https://versionhistory.googleapis.com/v1",
            server.baseUrl,
          ),
          init,
        ),
    });
    const short = () =>
      snapshot([PAST.releases[5]!, release("win64", "stable", "153.0.1.1", 0.75, { group: "1" })]);
    const expectedOf = async (w: ReturnType<typeof worker>) =>
      (await w.store.get("trackedView"))?.items[0]?.rows[0]?.expected?.why;
    /** M154, short of 95% on Windows, watched by a worker whose service is `server`, updated once. */
    async function watching(server: HostileServer) {
      const storage = createStorage({
        sync: { tracked: [{ kind: "milestone", id: "154", threshold: 95, where: "watched" }] },
      });
      const w = worker(storage, short, via(server));
      await w.update();
      return w;
    }

    it("a refused history is said, with when it is asked again, not as 'no past rollout read yet'", async () => {
      await withHostileServer(async (server) => {
        server.history = "retry-after";
        const w = await watching(server);
        await vi.waitFor(async () => expect(await expectedOf(w)).toContain("could not be read"));
        expect(await expectedOf(w)).toBe(
          "on Stable since 2026-12-01; past rollouts could not be read: the service is unavailable (503); asked again at 13:00 UTC",
        );
        expect(server.counts.history).toBe(1);
        // A restarted worker keeps the wait: it says so and asks nothing before 13:00.
        const restarted = worker(w.storage, short, via(server));
        await restarted.update();
        await vi.waitFor(async () =>
          expect(await expectedOf(restarted)).toBe(
            "on Stable since 2026-12-01; past rollouts could not be read: the last request failed; asked again at 13:00 UTC",
          ),
        );
        expect(server.counts.history).toBe(1);
      });
    });

    it("a history cut at 20 pages is used and said to be read in part", async () => {
      await withHostileServer(async (server) => {
        server.history = "endless";
        const w = await watching(server);
        await vi.waitFor(async () => expect(await expectedOf(w)).toContain("read in part"));
        expect(await expectedOf(w)).toContain(
          "past rollouts read in part (the service's answer was cut at 20 pages)",
        );
        expect(server.counts.history).toBe(20);
        expect((await w.store.get("rollouts"))[0]).toMatchObject({ platform: "win64", cut: true });
      });
    });
  });

  it("raises at most three notices at once: two, and one that counts the rest", async () => {
    const storage = createStorage({
      sync: { tracked: [{ kind: "milestone", id: "154", threshold: 95, where: "stable" }] },
    });
    const platforms = ["win64", "mac", "linux", "android"];
    let share = 0.25;
    const everywhere = (): Snapshot =>
      snapshot(
        platforms.flatMap((p) => [
          release(p, "stable", "154.0.7999.10", share, { group: "1" }),
          ...(share < 1 ? [release(p, "stable", "153.0.7950.60", 1 - share, { group: "1" })] : []),
        ]),
      );
    const w = worker(storage, everywhere);
    await w.update();
    share = 1;
    await w.update();
    // Four platforms crossed at once.
    expect(w.notified).toHaveLength(3);
    expect(w.notified.slice(0, 2).map((e) => e.title)).toEqual([
      expect.stringMatching(/^M154 reached 95% on /),
      expect.stringMatching(/^M154 reached 95% on /),
    ]);
    expect(w.notified[2]?.title).toBe("2 more watched items changed");
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
