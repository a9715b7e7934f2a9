// The storage owner: every key in its area, checked on the way out, one change subscription, bounded
// milestone histories, and the clean-up of keys earlier versions left behind.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { HistoryEntry } from "../../../../src/shared/store/histories.ts";
import { MAX_HISTORIES, withEntry } from "../../../../src/shared/store/histories.ts";
import type { PollState } from "../../../../src/shared/store/poll-state.ts";
import type { Snapshot } from "../../../../src/shared/store/snapshot.ts";
import { createStore, NOTIFIED_LIMIT, type StorageLike } from "../../../../src/shared/store/store.ts";
import type { StoreKey } from "../../../../src/shared/store/keys.ts";
import { EVERY_KEY } from "../../../../src/shared/store/keys.ts";
import { createStorage } from "../../../fakes/browser.ts";

const SERVICE = { baseUrl: "http://127.0.0.1:8787/v1", product: "browser" };

const SNAPSHOT: Snapshot = {
  ...SERVICE,
  fetchedAt: Date.UTC(2026, 7, 21),
  etag: '"abc"',
  releases: [
    {
      name: "browser/platforms/linux/channels/stable/versions/151.0.7922.173/releases/1",
      serving: { startTime: "2026-08-20T20:10:00Z" },
      fraction: 1,
      version: "151.0.7922.173",
    },
  ],
};

const POLL: PollState = {
  service: SERVICE,
  failures: 2,
  lastError: { kind: "http", status: 503, details: "GET ... failed with 503 Service Unavailable" },
  lastAttempt: 1000,
  nextTry: 2000,
};

function setup(initial: { sync?: Record<string, unknown>; local?: Record<string, unknown> } = {}) {
  const storage = createStorage(initial);
  const warnings: string[] = [];
  const store = createStore(storage, EVERY_KEY, (w) => warnings.push(w));
  return { storage, store, warnings };
}

function history(milestone: number, usedAt: number, platform = "linux"): HistoryEntry {
  return {
    ...SERVICE,
    platform,
    fetchedAt: usedAt,
    usedAt,
    history: {
      milestone,
      channels: {
        stable: { versions: [`${milestone}.0.1.1`], firstStart: "2026-01-01T00:00:00Z", lastEnd: null },
      },
    },
  };
}

describe("typed keys in their areas", () => {
  it("keeps settings in sync and everything else in local", async () => {
    const { storage, store } = setup();
    await store.set("settings", { channel: "beta" });
    await store.set("snapshot", SNAPSHOT);
    await store.set("pollState", POLL);
    await store.set("notified", ["live:a"]);
    await store.set("histories", [history(120, 1)]);
    await store.set("explorer", { view: "versions" });
    expect([...storage.sync.data.keys()]).toEqual(["settings"]);
    expect([...storage.local.data.keys()].sort()).toEqual(
      ["explorer", "histories", "notified", "pollState", "snapshot"].sort(),
    );
  });

  it("reads back what was written, unchanged", async () => {
    const { store } = setup();
    await store.set("snapshot", SNAPSHOT);
    await store.set("pollState", POLL);
    expect(await store.get("snapshot")).toEqual(SNAPSHOT);
    expect(await store.get("pollState")).toEqual(POLL);
  });

  it("gives each key's fallback when nothing is stored, without a warning", async () => {
    const { store, warnings } = setup();
    expect(await store.get("settings")).toEqual({});
    expect(await store.get("snapshot")).toBeNull();
    expect(await store.get("pollState")).toBeNull();
    expect(await store.get("notified")).toEqual([]);
    expect(await store.get("histories")).toEqual([]);
    expect(await store.get("explorer")).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("removes a key", async () => {
    const { storage, store } = setup({ sync: { settings: { channel: "dev" } } });
    await store.remove("settings");
    expect(storage.sync.data.size).toBe(0);
  });
});

describe("what another version or a person in the console stored is checked", () => {
  it.each<[string, unknown]>([
    ["not an object", "snapshot"],
    ["a release without a version", { ...SNAPSHOT, releases: [{ name: "x" }] }],
    ["a fraction above 1", { ...SNAPSHOT, releases: [{ ...SNAPSHOT.releases[0], fraction: 2 }] }],
    ["no fetch time", { ...SNAPSHOT, fetchedAt: "yesterday" }],
    ["an etag that is not text", { ...SNAPSHOT, etag: 5 }],
  ])("a snapshot with %s reads as none, with a warning", async (_what, value) => {
    const { store, warnings } = setup({ local: { snapshot: value } });
    expect(await store.get("snapshot")).toBeNull();
    expect(warnings).toEqual([
      expect.stringMatching(/^snapshot: ignored \(.+\); the next poll replaces it$/),
    ]);
  });

  it("a refused snapshot's warning names the field that failed and what it held", async () => {
    const { store, warnings } = setup({ local: { snapshot: { ...SNAPSHOT, fetchedAt: "yesterday" } } });
    expect(await store.get("snapshot")).toBeNull();
    expect(warnings).toEqual([
      'snapshot: ignored (fetchedAt: expected a finite number, found the string "yesterday"); the next poll replaces it',
    ]);
  });

  it.each<[string, unknown]>([
    ["an older version's shape (no service, error as text)", { failures: 1, lastError: "down", nextTry: 5 }],
    ["a negative failure count", { ...POLL, failures: -1 }],
    ["an unknown failure kind", { ...POLL, lastError: { kind: "gremlins", details: "" } }],
    ["a status that is not a number", { ...POLL, lastError: { kind: "http", status: "503", details: "" } }],
  ])("a poll state with %s reads as none", async (_what, value) => {
    const { store } = setup({ local: { pollState: value } });
    expect(await store.get("pollState")).toBeNull();
  });

  it("settings keep their valid fields and warn about the rest", async () => {
    const { store, warnings } = setup({ sync: { settings: { channel: "dev", pollMinutes: 0 } } });
    expect(await store.get("settings")).toEqual({ channel: "dev" });
    expect(warnings).toEqual([expect.stringMatching(/^settings\.pollMinutes:/)]);
  });

  it("notified ids keep only text, and only the newest NOTIFIED_LIMIT", async () => {
    const ids = Array.from({ length: NOTIFIED_LIMIT + 5 }, (_, i) => `live:${i}`);
    const { store } = setup({ local: { notified: [...ids, 7, null] } });
    const read = await store.get("notified");
    expect(read).toHaveLength(NOTIFIED_LIMIT);
    expect(read[0]).toBe("live:5");
    expect(read.at(-1)).toBe(`live:${NOTIFIED_LIMIT + 4}`);
  });

  it("histories drop malformed entries", async () => {
    const good = history(120, 5);
    const { store } = setup({
      local: { histories: [good, { ...good, usedAt: "x" }, { ...good, history: { milestone: 1 } }, 3] },
    });
    expect(await store.get("histories")).toEqual([good]);
  });

  it("histories and schedules of a milestone outside 1 to MAX_MILESTONE are dropped, as the service's are", async () => {
    const good = history(120, 5);
    const schedule = {
      scheduleUrl: "https://chromiumdash.appspot.com",
      fetchedAt: Date.UTC(2024, 0, 2),
      schedule: { mstone: 120, stableDate: "2024-01-09" },
    };
    const { store } = setup({
      local: {
        histories: [
          good,
          { ...good, history: { milestone: 0, channels: {} } },
          { ...good, history: { milestone: 2 ** 53, channels: {} } },
        ],
        schedules: [schedule, { ...schedule, schedule: { mstone: 1000, stableDate: "2024-01-09" } }],
      },
    });
    expect(await store.get("histories")).toEqual([good]);
    expect(await store.get("schedules")).toEqual([schedule]);
  });
});

describe("milestone histories are bounded", () => {
  it(`keep the ${MAX_HISTORIES} most recently used however many are added`, () => {
    let entries: HistoryEntry[] = [];
    for (let m = 1; m <= 100; m++) entries = withEntry(entries, history(m, m));
    expect(entries).toHaveLength(MAX_HISTORIES);
    expect(entries.map((e) => e.history.milestone)).toEqual(
      Array.from({ length: MAX_HISTORIES }, (_, i) => 100 - i),
    );
  });

  it("an entry used again moves to the front instead of being added twice", () => {
    let entries = [history(1, 1), history(2, 2), history(3, 3)].reduce<HistoryEntry[]>(withEntry, []);
    entries = withEntry(entries, { ...history(1, 1), usedAt: 10 });
    expect(entries.map((e) => e.history.milestone)).toEqual([1, 3, 2]);
  });

  it("entries of another platform or service are kept apart", () => {
    const entries = [
      history(120, 1),
      history(120, 2, "mac"),
      { ...history(120, 3), product: "chrome" },
    ].reduce<HistoryEntry[]>(withEntry, []);
    expect(entries).toHaveLength(3);
  });

  it("a stored list longer than the bound reads as the most recent ones", async () => {
    const many = Array.from({ length: 50 }, (_, i) => history(i + 1, i + 1));
    const { store } = setup({ local: { histories: many } });
    const read = await store.get("histories");
    expect(read).toHaveLength(MAX_HISTORIES);
    expect(read[0]?.history.milestone).toBe(50);
  });
});

describe("one change subscription", () => {
  it("reports the keys that changed, in the area they live in", async () => {
    const { storage, store } = setup();
    const seen: StoreKey[][] = [];
    store.onChange(["settings", "snapshot", "pollState"], (keys) => seen.push(keys));
    await store.set("snapshot", SNAPSHOT);
    await store.set("settings", { channel: "dev" });
    await storage.local.set({ settings: { channel: "beta" } }); // the same name in the wrong area
    await store.set("notified", ["x"]); // a key nobody asked about
    expect(seen).toEqual([["snapshot"], ["settings"]]);
  });

  it("reports a removal too", async () => {
    const { store } = setup({ sync: { settings: { channel: "dev" } } });
    const seen: StoreKey[][] = [];
    store.onChange(["settings"], (keys) => seen.push(keys));
    await store.remove("settings");
    expect(seen).toEqual([["settings"]]);
  });

  it("after a burst of writes, reading gives what is stored last", async () => {
    const { store } = setup();
    const read: string[] = [];
    store.onChange(["settings"], () => void store.get("settings").then((s) => read.push(s.channel ?? "")));
    await store.set("settings", { channel: "beta" });
    await store.set("settings", { channel: "dev" });
    await expect.poll(() => read.length).toBe(2);
    expect(read.at(-1)).toBe("dev");
  });
});

describe("keys earlier versions left behind", () => {
  it("sweep removes per-milestone history keys and nothing else", async () => {
    const { storage, store } = setup({
      local: { "history:linux:120": {}, "history:mac:119": {}, snapshot: SNAPSHOT, historyish: 1 },
    });
    await store.sweep();
    expect([...storage.local.data.keys()].sort()).toEqual(["historyish", "snapshot"]);
  });
});

describe("adapter shape", () => {
  it("accepts the real chrome.storage, so every runtime passes it as it is", () => {
    expectTypeOf<typeof chrome.storage>().toExtend<StorageLike>();
  });
});
