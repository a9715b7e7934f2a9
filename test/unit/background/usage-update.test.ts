// The monthly usage update against a stand-in for caniuse's files: off until asked, once a month with the
// ETag (304 keeps everything), a newer table taken and answered from, a hostile file refused with the last
// good table kept and said, a clock set back asking again, and the chosen region's table.
import { beforeEach, describe, expect, it } from "vitest";
import { createUsageUpdates, MONTH_MS, RETRY_MS } from "../../../src/background/usage/usage-update.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { CANIUSE_RAW_URL } from "../../../src/shared/store/build-defaults.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import { withUpdate } from "../../../src/shared/usage/usage-context.ts";
import { createStorage, type FakeStorage } from "../../fakes/browser.ts";
import { GERMANY, handUsageAsset } from "../../fakes/usage.ts";

const NOW = Date.UTC(2026, 10, 28, 12);
const bundled = handUsageAsset();

/** caniuse's data file in miniature, `updated` on `day`, Chrome 106 at `share`. */
function dataFile(day: string, share = 30): unknown {
  return {
    updated: Date.parse(`${day}T05:00:00Z`) / 1000,
    agents: {
      chrome: {
        usage_global: { "104": 10, "105": 20, "106": share, "107": 5 },
        version_list: ["104", "105", "106", "107"].map((version) => ({
          version,
          era: version === "107" ? 0 : -1,
        })),
      },
    },
    data: { "css-has": { stats: { chrome: { "104": "n", "105": "y", "106": "y", "107": "y" } } } },
  };
}

interface Served {
  status: number;
  body?: string;
  etag?: string;
}

let storage: FakeStorage;
let files: Map<string, Served>;
let asked: { url: string; ifNoneMatch: string | null }[];
let now: number;

const doFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
  const ifNoneMatch = new Headers(init?.headers).get("If-None-Match");
  asked.push({ url, ifNoneMatch });
  const served = files.get(url) ?? { status: 404, body: "not found" };
  if (served.etag !== undefined && ifNoneMatch === served.etag)
    return Promise.resolve(new Response(null, { status: 304 }));
  return Promise.resolve(
    new Response(served.body ?? "", {
      status: served.status,
      headers: served.etag === undefined ? {} : { ETag: served.etag },
    }),
  );
};

function updates() {
  const store = createStore(storage, EVERY_KEY, () => {});
  const u = createUsageUpdates({
    store,
    fetch: doFetch,
    now: () => now,
    bundled: () => Promise.resolve(bundled),
  });
  return { store, check: (force?: boolean) => u.check(force) };
}

const serve = (path: string, served: Served) => files.set(`${CANIUSE_RAW_URL}/${path}`, served);

beforeEach(() => {
  storage = createStorage({ sync: { settings: { usageUpdates: true } } });
  files = new Map();
  asked = [];
  now = NOW;
  serve("data.json", { status: 200, body: JSON.stringify(dataFile("2026-10-28")), etag: '"v1"' });
});

describe("the monthly usage update", () => {
  it("asks nothing until the person turns it on", async () => {
    storage = createStorage();
    await updates().check();
    expect(asked).toEqual([]);
  });

  it("takes a newer month's table, and the answers read it over the bundled one", async () => {
    const { store, check } = updates();
    await check();
    const kept = await store.get("usageUpdate");
    expect(kept).toMatchObject({ source: CANIUSE_RAW_URL, checkedAt: NOW, etag: '"v1"', fetchedAt: NOW });
    expect(kept?.problem).toBeUndefined();
    const asset = withUpdate(bundled, kept);
    expect(asset.source.updated).toBe("2026-10-28");
    expect(asset.global.chrome).toEqual({ "104": 10, "105": 20, "106": 30, "107": 5 });
    expect(asset.caniuse["css-has"]?.chrome).toBe("ny3");
  });

  it("asks once a month, with the ETag; a 304 keeps the table and counts as a check", async () => {
    const { store, check } = updates();
    await check();
    now = NOW + MONTH_MS - 60_000;
    await check();
    expect(asked).toHaveLength(1);
    now = NOW + MONTH_MS;
    await check();
    expect(asked.at(-1)).toEqual({ url: `${CANIUSE_RAW_URL}/data.json`, ifNoneMatch: '"v1"' });
    const kept = await store.get("usageUpdate");
    expect(kept).toMatchObject({ checkedAt: NOW + MONTH_MS, fetchedAt: NOW });
    expect(kept?.usage?.updated).toBe("2026-10-28");
  });

  it("keeps the table in use when the file is no newer", async () => {
    serve("data.json", { status: 200, body: JSON.stringify(dataFile("2026-09-01")) });
    const { store, check } = updates();
    await check();
    const kept = await store.get("usageUpdate");
    expect(kept?.usage).toBeUndefined();
    expect(withUpdate(bundled, kept)).toBe(bundled);
  });

  it.each([
    ["not JSON", { status: 200, body: "<html>rate limited</html>" }, "not JSON"],
    [
      "a share out of bounds",
      { status: 200, body: JSON.stringify(dataFile("2026-12-28", 1e300)) },
      "must be a share from 0 to 100",
    ],
    [
      "a day out of range",
      { status: 200, body: JSON.stringify({ ...(dataFile("2026-12-28") as object), updated: 1e300 }) },
      "updated is not a time from 2008 to 2100",
    ],
    ["an error", { status: 503, body: "" }, "HTTP 503"],
    ["too large", { status: 200, body: " ".repeat(21 * 1024 * 1024) }, "more than 20971520 bytes"],
  ])("refuses %s, keeps the last good table, says why and asks again a day later", async (_, bad, why) => {
    const { store, check } = updates();
    await check();
    serve("data.json", { ...bad, etag: '"v2"' });
    now = NOW + MONTH_MS;
    await check();
    const kept = await store.get("usageUpdate");
    expect(kept?.problem).toContain(why);
    expect(kept?.usage?.updated).toBe("2026-10-28");
    now += RETRY_MS - 60_000;
    await check();
    expect(asked).toHaveLength(2);
    now += 60_000;
    await check();
    expect(asked).toHaveLength(3);
  });

  it("asks again at once when the last check is in the future: the clock was set back", async () => {
    const { check } = updates();
    await check();
    now = NOW - 365 * 24 * 3600_000;
    await check();
    expect(asked).toHaveLength(2);
  });

  it("fetches the chosen region's table, and refuses another region's under its name", async () => {
    storage = createStorage({ sync: { settings: { usageUpdates: true, usageRegion: "DE" } } });
    serve("region-usage-json/DE.json", {
      status: 200,
      body: JSON.stringify({ ...GERMANY, month: "2026-10" }),
    });
    const { store, check } = updates();
    await check();
    expect((await store.get("usageUpdate"))?.region?.table).toMatchObject({
      id: "DE",
      name: "Germany",
      month: "2026-10",
    });
    serve("region-usage-json/DE.json", {
      status: 200,
      body: JSON.stringify({ ...GERMANY, id: "FR", month: "2026-11" }),
    });
    await check(true);
    const kept = await store.get("usageUpdate");
    expect(kept?.problem).toContain("$.id: must be DE, the region asked for (it is FR's table)");
    expect(kept?.region?.table.month).toBe("2026-10");
  });

  it("asks a region whose file failed again with the daily retry, not at every check", async () => {
    storage = createStorage({ sync: { settings: { usageUpdates: true, usageRegion: "DE" } } });
    const { store, check } = updates();
    await check();
    expect((await store.get("usageUpdate"))?.problem).toContain("the region's table (DE): HTTP 404");
    const asked1 = asked.length;
    now += 60_000;
    await check();
    await check();
    expect(asked).toHaveLength(asked1);
    now += RETRY_MS;
    await check();
    expect(asked.filter((a) => a.url.endsWith("DE.json"))).toHaveLength(2);
  });

  it("a region chosen while a check runs is asked by a run right after it", async () => {
    const { store, check } = updates();
    const first = check();
    await storage.sync.set({ settings: { usageUpdates: true, usageRegion: "DE" } });
    serve("region-usage-json/DE.json", { status: 200, body: JSON.stringify(GERMANY) });
    void check();
    await first;
    await expect.poll(async () => (await store.get("usageUpdate"))?.region?.code).toBe("DE");
  });
});
