import { describe, expect, it } from "vitest";
import {
  createMilestoneHistories,
  HISTORY_MAX_AGE_MS,
  summarizeMilestone,
  type HistoryCache,
} from "../../../src/background/schedule/milestone-history.ts";
import {
  MAX_HISTORIES,
  type HistoryEntry,
  type MilestoneHistory,
} from "../../../src/shared/store/histories.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { createStorage } from "../../fakes/browser.ts";
import { withHostileServer } from "../../hostile-server.ts";
import { storedWaits } from "../../../src/background/cache/failure-wait.ts";
import {
  createClient,
  type ReleasesQuery,
  type VersionHistoryClient,
} from "../../../src/core/client/index.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import { BASE, fakeFetch, json } from "../../fakes/fetch.ts";
import { releaseOf } from "../../fakes/release.ts";

const rel = (
  channel: string,
  version: string,
  startTime: string,
  endTime?: string,
  fraction = 1,
): ReleaseResource => releaseOf({ channel, version, startTime, endTime, fraction });

/** M120 on win64: beta from November, stable from December, still live on stable. */
const M120: readonly ReleaseResource[] = [
  rel("beta", "120.0.6099.5", "2023-11-01T18:00:00Z", "2023-11-08T18:00:00Z"),
  rel("beta", "120.0.6099.62", "2023-11-29T18:00:00.123456Z", "2023-12-06T18:00:00Z"),
  rel("stable", "120.0.6099.71", "2023-12-05T19:00:00.5Z", "2023-12-12T19:00:00Z"),
  rel("stable", "120.0.6099.109", "2023-12-12T19:00:00Z"),
  rel("stable", "121.0.6167.85", "2024-01-23T19:00:00Z"),
  rel("beta", "119.0.6045.9", "2023-10-01T18:00:00Z", "2023-10-31T18:00:00Z"),
];

describe("summarizeMilestone", () => {
  it("gives per channel the milestone's versions oldest first, when it first reached the channel, and when it left it (none while it is live there)", () => {
    expect(summarizeMilestone(M120, 120)).toEqual({
      milestone: 120,
      channels: {
        beta: {
          versions: ["120.0.6099.5", "120.0.6099.62"],
          firstStart: "2023-11-01T18:00:00Z",
          lastEnd: "2023-12-06T18:00:00Z",
        },
        stable: {
          versions: ["120.0.6099.71", "120.0.6099.109"],
          firstStart: "2023-12-05T19:00:00.5Z",
          lastEnd: null,
        },
      },
    });
  });

  it("ignores releases of other milestones", () => {
    const h = summarizeMilestone(M120, 119);
    expect(Object.keys(h.channels)).toEqual(["beta"]);
    expect(h.channels.beta?.versions).toEqual(["119.0.6045.9"]);
  });

  it("compares times as instants, whatever their fraction digits", () => {
    const h = summarizeMilestone(
      [rel("dev", "120.0.1.1", "2023-10-01T10:00:00Z"), rel("dev", "120.0.1.2", "2023-10-01T10:00:00.1Z")],
      120,
    );
    expect(h.channels.dev?.firstStart).toBe("2023-10-01T10:00:00Z");
  });

  it("skips releases whose end time does not parse instead of calling them live", () => {
    const h = summarizeMilestone(
      [
        rel("dev", "120.0.1.1", "2023-10-01T10:00:00Z", "2023-10-02T10:00:00Z"),
        rel("dev", "120.0.1.2", "2023-10-02T10:00:00Z", "yesterday"),
      ],
      120,
    );
    expect(h.channels.dev).toEqual({
      versions: ["120.0.1.1"],
      firstStart: "2023-10-01T10:00:00Z",
      lastEnd: "2023-10-02T10:00:00Z",
    });
  });

  it("is empty when the milestone was never seen", () => {
    expect(summarizeMilestone(M120, 200)).toEqual({ milestone: 200, channels: {} });
  });
});

/** A fake client that answers releases from a list and counts and records its requests. */
function fakeClient(items: readonly ReleaseResource[], fail?: Error) {
  const queries: ReleasesQuery[] = [];
  const client: VersionHistoryClient = {
    baseUrl: BASE,
    product: "chrome",
    releases: (q = {}) => {
      queries.push(q);
      if (fail) return Promise.reject(fail);
      return Promise.resolve({ items, truncated: false, fetchedAt: 0, requests: 1 });
    },
    platforms: () => Promise.reject(new Error("not used")),
    channels: () => Promise.reject(new Error("not used")),
    versions: () => Promise.reject(new Error("not used")),
    versionsPage: () => Promise.reject(new Error("not used")),
    releasesPage: () => Promise.reject(new Error("not used")),
    url: () => "",
  };
  return { client, queries };
}

const T0 = Date.UTC(2024, 0, 1);

/**
 * The stored list of histories over in-memory storage, wired as the service worker wires it; `raw` is what
 * storage holds under `histories`, `entries()` what the store reads back.
 */
function memoryCache(
  raw?: unknown,
): HistoryCache & { entries(): Promise<readonly HistoryEntry[]>; raw(): unknown } {
  const storage = createStorage(raw === undefined ? {} : { local: { histories: raw } });
  const store = createStore(storage, EVERY_KEY, () => {});
  return {
    get: () => store.get("histories"),
    set: (entries) => store.set("histories", entries),
    entries: () => store.get("histories"),
    raw: () => storage.local.data.get("histories"),
  };
}

/** A well-formed entry of the default service for `history`. */
const entry = (history: MilestoneHistory, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  baseUrl: BASE,
  product: "chrome",
  platform: "win64",
  fetchedAt: T0,
  usedAt: T0,
  history,
  ...over,
});

/**
 * The histories over `client` and `cache` on a clock the test moves; `history(platform, milestone)` gets one
 * (the last good value) and `failure` is the latest get's recorded failure.
 */
function setup(client: VersionHistoryClient, cache: HistoryCache = memoryCache()) {
  const clock = { now: T0 };
  const warnings: string[] = [];
  const resource = createMilestoneHistories({
    client: () => client,
    cache,
    now: () => clock.now,
    warn: (message) => warnings.push(message),
  });
  const at = (platform: string, milestone: number) => ({
    baseUrl: BASE,
    product: "chrome",
    platform,
    milestone,
  });
  return {
    clock,
    warnings,
    resource,
    history: async (platform: string, milestone: number) =>
      (await resource.get(at(platform, milestone))).last?.value,
  };
}

describe("createMilestoneHistories", () => {
  it("asks one narrow request: the platform, every channel, versions of the milestone only", async () => {
    const { client, queries } = fakeClient(M120);
    await setup(client).history("win64", 120);
    expect(queries).toEqual([{ platform: "win64", channel: "all", filter: "version>=120,version<121" }]);
  });

  it("sends a filter the core client accepts, as the URL of one request", async () => {
    const { fetch, requests } = fakeFetch(() => json({ releases: M120.slice(0, 4), nextPageToken: "" }));
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch });
    const history = await setup(client).history("win64", 120);
    expect(requests.map((r) => r.url)).toEqual([
      `${BASE}/chrome/platforms/win64/channels/all/versions/all/releases?filter=${encodeURIComponent(
        "version>=120,version<121",
      )}`,
    ]);
    expect(history?.channels.stable?.versions).toEqual(["120.0.6099.71", "120.0.6099.109"]);
  });

  it("caches the summary with its service, platform and fetch time", async () => {
    const { client } = fakeClient(M120);
    const cache = memoryCache();
    await setup(client, cache).history("win64", 120);
    expect(await cache.entries()).toEqual([entry(summarizeMilestone(M120, 120))]);
  });

  it("returns the summary of the answer, and uses it without a request until it is six hours old", async () => {
    const { client, queries } = fakeClient(M120);
    const t = setup(client);
    expect(await t.history("win64", 120)).toEqual(summarizeMilestone(M120, 120));
    t.clock.now = T0 + HISTORY_MAX_AGE_MS - 1;
    expect(await t.history("win64", 120)).toEqual(summarizeMilestone(M120, 120));
    expect(queries).toHaveLength(1);
    t.clock.now = T0 + HISTORY_MAX_AGE_MS;
    await t.history("win64", 120);
    expect(queries).toHaveLength(2);
  });

  it("a restarted worker uses the stored entry younger than six hours without a request", async () => {
    const { client, queries } = fakeClient(M120);
    const cache = memoryCache();
    await setup(client, cache).history("win64", 120);
    const restarted = setup(client, cache);
    restarted.clock.now = T0 + HISTORY_MAX_AGE_MS - 1;
    expect(await restarted.history("win64", 120)).toEqual(summarizeMilestone(M120, 120));
    expect(queries).toHaveLength(1);
  });

  it("keeps platforms and milestones apart in the cache", async () => {
    const { client, queries } = fakeClient(M120);
    const cache = memoryCache();
    const t = setup(client, cache);
    await t.history("win64", 120);
    await t.history("mac", 120);
    await t.history("win64", 119);
    expect(queries).toHaveLength(3);
    expect((await cache.entries()).map((e) => `${e.platform}:${e.history.milestone}`).sort()).toEqual([
      "mac:120",
      "win64:119",
      "win64:120",
    ]);
  });

  it(`keeps the ${MAX_HISTORIES} most recently used histories, however many pages are visited`, async () => {
    const { client } = fakeClient(M120);
    const cache = memoryCache();
    const t = setup(client, cache);
    for (let m = 1; m <= MAX_HISTORIES + 10; m++) {
      t.clock.now++;
      await t.history("win64", m);
    }
    // Milestone 11 is used again by a restarted worker, so it is the most recent and stays.
    const restarted = setup(client, cache);
    restarted.clock.now = ++t.clock.now;
    await restarted.history("win64", 11);
    restarted.clock.now++;
    await restarted.history("win64", 100);
    const kept = (await cache.entries()).map((e) => e.history.milestone);
    expect(kept).toHaveLength(MAX_HISTORIES);
    expect(kept.slice(0, 2)).toEqual([100, 11]);
    expect(kept).not.toContain(12);
    expect(kept).toContain(MAX_HISTORIES + 10);
    expect(Array.isArray(cache.raw()) && (cache.raw() as unknown[]).length).toBe(MAX_HISTORIES);
  });

  it.each<[string, unknown]>([
    ["no list", "garbage"],
    ["no object", ["garbage"]],
    ["no fetch time", [{ ...entry({ milestone: 120, channels: {} }), fetchedAt: undefined }]],
    ["no use time", [{ ...entry({ milestone: 120, channels: {} }), usedAt: "now" }]],
    [
      "a channel without versions",
      [
        entry({
          milestone: 120,
          channels: { stable: { firstStart: "2023-12-05T19:00:00Z", lastEnd: null } },
        } as never),
      ],
    ],
    [
      "a start that is no time",
      [entry({ milestone: 120, channels: { stable: { versions: [], firstStart: "soon", lastEnd: null } } })],
    ],
  ])("ignores a malformed cached value (%s) and fetches", async (_, value) => {
    const { client, queries } = fakeClient(M120);
    const history = await setup(client, memoryCache(value)).history("win64", 120);
    expect(queries).toHaveLength(1);
    expect(history).toEqual(summarizeMilestone(M120, 120));
  });

  it("an entry of another milestone is not this one's", async () => {
    const { client, queries } = fakeClient(M120);
    await setup(client, memoryCache([entry({ milestone: 119, channels: {} })])).history("win64", 120);
    expect(queries).toHaveLength(1);
  });

  it("does not use an entry of another service or product", async () => {
    const { client, queries } = fakeClient(M120);
    const stale: MilestoneHistory = { milestone: 120, channels: {} };
    const cache = memoryCache([
      entry(stale, { baseUrl: "http://127.0.0.1:8787/v1" }),
      entry(stale, { product: "fuchsiawebengine" }),
    ]);
    await setup(client, cache).history("win64", 120);
    expect(queries).toHaveLength(1);
  });

  it("records a failed request, says why and caches nothing", async () => {
    const { client } = fakeClient([], new Error("503 Service Unavailable"));
    const cache = memoryCache();
    const t = setup(client, cache);
    const known = await t.resource.get({
      baseUrl: BASE,
      product: "chrome",
      platform: "win64",
      milestone: 120,
    });
    expect(known).toEqual({
      last: null,
      // Not asked again for a minute (failure-wait.ts): the first step of the poll's backoff.
      failure: { error: new Error("503 Service Unavailable"), at: T0, until: T0 + 60_000, failures: 1 },
    });
    expect(t.warnings).toEqual([
      "Release Radar: no history for milestone 120: Error: 503 Service Unavailable",
    ]);
    expect(await cache.entries()).toEqual([]);
  });

  it("keeps the stored history, however old, when asking again fails", async () => {
    const old = entry(summarizeMilestone(M120, 120), { fetchedAt: T0 - 2 * HISTORY_MAX_AGE_MS });
    const { client, queries } = fakeClient([], new Error("503 Service Unavailable"));
    const history = await setup(client, memoryCache([old])).history("win64", 120);
    expect(queries).toHaveLength(1);
    expect(history).toEqual(summarizeMilestone(M120, 120));
  });

  it("still answers when the cache fails to read or write", async () => {
    const { client, queries } = fakeClient(M120);
    const broken: HistoryCache = {
      get: () => Promise.reject(new Error("storage gone")),
      set: () => Promise.reject(new Error("quota")),
    };
    expect(await setup(client, broken).history("win64", 120)).toEqual(summarizeMilestone(M120, 120));
    expect(queries).toHaveLength(1);
  });
});

describe("a failing history, against the hostile stand-in server", () => {
  it("503 with Retry-After: 3600 is asked once by six page visits, and not again by a restarted worker", async () => {
    await withHostileServer(async (server) => {
      server.history = "retry-after";
      server.retryAfter = "3600";
      const storage = createStorage();
      const store = createStore(storage, EVERY_KEY, () => {});
      const clock = { now: T0 };
      const worker = () =>
        createMilestoneHistories({
          client: () => createClient({ baseUrl: server.baseUrl, product: "chrome" }),
          cache: { get: () => store.get("histories"), set: (entries) => store.set("histories", entries) },
          waits: storedWaits(store),
          now: () => clock.now,
          warn: () => {},
        });
      const at = { baseUrl: server.baseUrl, product: "chrome", platform: "linux", milestone: 120 };
      const first = worker();
      for (let visit = 0; visit < 6; visit++) await first.get(at);
      expect(server.counts.history).toBe(1);
      clock.now += 59 * 60_000;
      await worker().get(at);
      expect(server.counts.history).toBe(1);
      clock.now += 60_000;
      await worker().get(at);
      expect(server.counts.history).toBe(2);
    });
  });
});
