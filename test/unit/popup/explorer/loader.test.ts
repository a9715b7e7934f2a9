// The explorer's loader against the emulator's own request handler: paging, one client per product, newer
// queries overtaking older ones, asking once per URL, failures kept as thrown with the rows on screen, and the
// rows' changes links from the previous versions the service lists.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createClient, HttpError, NetworkError } from "../../../../src/core/client/index.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import { createExplorerLoader, type LoaderSnapshot } from "../../../../src/popup/explorer/loader.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";
import { BASE_URL, serviceFetch, type ServiceFetch } from "../../../fakes/service-fetch.ts";

vi.mock(import("../../../../src/core/client/index.ts"), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, createClient: vi.fn(actual.createClient) };
});

/** Every release of the fixture (five), two to a page: three pages. */
const ALL = defaultState("chrome", "all");
const LINUX: ExplorerState = { ...ALL, platform: "linux" };
const WIN64: ExplorerState = { ...ALL, platform: "win64" };

let service: ServiceFetch;
/** While true, requests wait for `release()` before they reach the service. */
let holding: boolean;
let held: (() => void)[];
/** The signal of each request, in order. */
let signals: (AbortSignal | null | undefined)[];
let snapshots: LoaderSnapshot[];

function release(): void {
  for (const go of held.splice(0)) go();
}

/**
 * A loader over `service`, two rows to a page. The tests of the list itself count its requests and snapshots
 * exactly, so they leave out the changes links' lookups, which "changes links" below tests with the list.
 */
function loader({ changesLinks = false, pageSize = 2 } = {}) {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    signals.push(init?.signal);
    if (holding) await new Promise<void>((go) => held.push(go));
    return service.fetch(input, init);
  };
  return createExplorerLoader({
    baseUrl: BASE_URL,
    fetch,
    pageSize,
    changesLinks,
    onChange: (snapshot) => snapshots.push(snapshot),
  });
}

/** A loader (as `loader(options)` makes it) that has loaded `state`'s first page. */
async function queried(state: ExplorerState, options: Parameters<typeof loader>[0] = {}) {
  const results = loader(options);
  await results.query(state);
  return results;
}

const names = (snapshot: LoaderSnapshot): string[] =>
  snapshot.loaded?.items.items.map((item) => item.name) ?? [];

beforeEach(() => {
  service = serviceFetch();
  holding = false;
  held = [];
  signals = [];
  snapshots = [];
  vi.mocked(createClient).mockClear();
});

describe("paging", () => {
  it("loads the first page, then each next page to the end", async () => {
    const results = await queried(ALL);
    const first = results.current();
    expect(first).toMatchObject({ querying: false, loadingMore: false, failure: null });
    expect(first.loaded).toMatchObject({ state: ALL, pages: 1 });
    expect(first.loaded?.rows).toHaveLength(2);
    expect(first.loaded?.nextPageToken).not.toBe("");

    await results.loadMore();
    const second = results.current();
    expect(second.loaded?.pages).toBe(2);
    expect(names(second).slice(0, 2)).toEqual(names(first));
    expect(second.loaded?.rows).toHaveLength(4);

    await results.loadMore();
    const last = results.current();
    expect(last.loaded?.rows).toHaveLength(5);
    expect(last.loaded?.nextPageToken).toBe("");
    expect(new Set(names(last)).size).toBe(5);
    expect(service.requests).toHaveLength(3);

    await results.loadMore();
    expect(service.requests).toHaveLength(3);
    expect(results.current().loaded).toBe(last.loaded);
  });

  it("keeps the row objects a new page leaves unchanged", async () => {
    const results = await queried(ALL);
    const before = results.current().loaded?.rows ?? [];
    await results.loadMore();
    const after = results.current().loaded?.rows ?? [];
    expect(after).toHaveLength(4);
    before.forEach((row, i) => {
      const now = after[i];
      expect(now?.key).toBe(row.key);
      // The same object exactly when nothing about the row changed (a new page can bring its previous version).
      expect(now === row).toBe(now?.previous === row.previous);
    });
    expect(after.slice(0, 2).some((row, i) => row === before[i])).toBe(true);
  });

  it("tells the page what is in flight while it is", async () => {
    const results = loader();
    holding = true;
    const first = results.query(ALL);
    expect(results.current()).toMatchObject({ querying: true, loadingMore: false, loaded: null });
    release();
    await first;
    const more = results.loadMore();
    expect(results.current()).toMatchObject({ querying: false, loadingMore: true });
    release();
    await more;
    expect(results.current()).toMatchObject({ querying: false, loadingMore: false });
    expect(snapshots.map((s) => [s.querying, s.loadingMore])).toEqual([
      [true, false],
      [false, false],
      [false, true],
      [false, false],
    ]);
  });
});

describe("one client per product", () => {
  it("makes a product's client once, for every page and query of it", async () => {
    const results = await queried(ALL);
    await results.loadMore();
    await results.query(LINUX);
    await results.query({ ...ALL, versionFrom: "120" });
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(service.requests).toHaveLength(4);
    expect(results.current().loaded?.rows).toHaveLength(2);
  });

  it("makes another for another product, and keeps both", async () => {
    const results = await queried(ALL);
    await results.query({ ...ALL, product: "browser" });
    expect(names(results.current()).every((name) => name.startsWith("browser/"))).toBe(true);
    await results.query(LINUX);
    expect(names(results.current()).every((name) => name.startsWith("chrome/platforms/linux/"))).toBe(true);
    expect(vi.mocked(createClient).mock.calls.map(([options]) => options.product)).toEqual([
      "chrome",
      "browser",
    ]);
  });
});

describe("a newer query", () => {
  it("aborts the older one, whose answer never lands", async () => {
    const results = loader();
    holding = true;
    const older = results.query(LINUX);
    const newer = results.query(WIN64);
    release();
    await Promise.all([older, newer]);
    expect(results.current()).toMatchObject({ querying: false, failure: null });
    expect(results.current().loaded?.state).toBe(WIN64);
    expect(names(results.current())).toEqual([
      "chrome/platforms/win64/channels/stable/versions/120.0.6099.71/releases/1701896460",
    ]);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    // Busy from the first query to the newer one's answer; the cancelled one is no failure.
    expect(snapshots.map((s) => [s.querying, s.failure])).toEqual([
      [true, null],
      [true, null],
      [false, null],
    ]);
    expect(snapshots.some((s) => s.loaded?.state === LINUX)).toBe(false);
  });

  it("aborts the older one's load-more, whose page is never appended", async () => {
    const results = await queried(ALL);
    holding = true;
    const more = results.loadMore();
    const newer = results.query(LINUX);
    expect(results.current()).toMatchObject({ querying: true, loadingMore: false });
    release();
    await Promise.all([more, newer]);
    expect(results.current()).toMatchObject({ loadingMore: false, failure: null });
    expect(results.current().loaded).toMatchObject({ state: LINUX, pages: 1 });
    expect(signals[1]?.aborted).toBe(true);
    expect(snapshots.some((s) => s.loaded?.pages === 2 || s.failure !== null)).toBe(false);
  });
});

describe("asking once per URL", () => {
  it("asks nothing for the URL already loaded", async () => {
    const results = await queried(LINUX);
    const loaded = results.current().loaded;
    const seen = snapshots.length;
    await results.query({ ...LINUX });
    expect(service.requests).toHaveLength(1);
    expect(snapshots).toHaveLength(seen);
    expect(results.current().loaded).toBe(loaded);
  });

  it("asks nothing for the URL on its way", async () => {
    const results = loader();
    holding = true;
    const first = results.query(LINUX);
    const again = results.query({ ...LINUX });
    release();
    await Promise.all([first, again]);
    expect(service.requests).toHaveLength(1);
    expect(results.current().loaded?.state).toBe(LINUX);
  });

  it("asks again when forced, starting over from the first page", async () => {
    const results = await queried(ALL);
    await results.loadMore();
    await results.query(ALL, { force: true });
    expect(service.requests).toHaveLength(3);
    expect(service.requests[2]?.url).toBe(service.requests[0]?.url);
    expect(results.current().loaded).toMatchObject({ pages: 1 });
    expect(results.current().loaded?.rows).toHaveLength(2);
  });
});

describe("failures", () => {
  it("keep the error as thrown and the rows loaded before", async () => {
    const results = await queried(LINUX);
    const loaded = results.current().loaded;
    service.answer = {
      status: 503,
      body: JSON.stringify({ error: { code: 503, message: "Backend unavailable", status: "UNAVAILABLE" } }),
      headers: { "Content-Type": "application/json" },
    };
    await results.query(WIN64);
    const { failure } = results.current();
    expect(failure?.during).toBe("query");
    expect(failure?.error).toBeInstanceOf(HttpError);
    expect(failure?.error).toMatchObject({ status: 503, serviceMessage: "Backend unavailable" });
    expect(results.current()).toMatchObject({ querying: false, loaded });
  });

  it("retry runs the failed query again", async () => {
    const results = await queried(LINUX);
    service.down = true;
    await results.query(WIN64);
    expect(results.current().failure?.error).toBeInstanceOf(NetworkError);
    service.down = false;
    await results.retry();
    expect(results.current()).toMatchObject({ failure: null, querying: false });
    expect(results.current().loaded?.state).toBe(WIN64);
    expect(service.requests.map((r) => r.status)).toEqual([200, 0, 200]);
  });

  /** A loader with ALL's first page whose automatic load-more failed; the service is back by now. */
  async function failedLoadMore() {
    const results = await queried(ALL);
    service.down = true;
    await results.loadMore({ auto: true });
    service.down = false;
    return results;
  }

  it("a failed load-more stops automatic load-more until retry, which runs it again", async () => {
    const results = await failedLoadMore();
    expect(results.current().failure).toMatchObject({ during: "more" });
    expect(results.current().failure?.error).toBeInstanceOf(NetworkError);
    expect(results.current().loaded?.rows).toHaveLength(2);

    await results.loadMore({ auto: true });
    expect(service.requests).toHaveLength(2);
    expect(results.current().loaded?.rows).toHaveLength(2);

    await results.retry();
    expect(service.requests).toHaveLength(3);
    expect(results.current()).toMatchObject({ failure: null, loadingMore: false });
    expect(results.current().loaded?.rows).toHaveLength(4);

    await results.loadMore({ auto: true });
    expect(results.current().loaded?.rows).toHaveLength(5);
  });

  it("a load-more the person asks for lifts the stop", async () => {
    const results = await failedLoadMore();
    await results.loadMore();
    expect(results.current()).toMatchObject({ failure: null });
    expect(results.current().loaded?.rows).toHaveLength(4);
    await results.loadMore({ auto: true });
    expect(results.current().loaded?.rows).toHaveLength(5);
  });

  it("retry with nothing failed does nothing", async () => {
    const results = await queried(LINUX);
    const seen = snapshots.length;
    await results.retry();
    expect(service.requests).toHaveLength(1);
    expect(snapshots).toHaveLength(seen);
  });
});

describe("changes links", () => {
  const versionsAsked = () => service.requests.filter((r) => r.url.split("?")[0]?.endsWith("/versions"));
  const links = (snapshot: LoaderSnapshot) =>
    snapshot.loaded?.rows.map((row) => `${row.key.split("/").slice(2, 7).join("/")} <- ${row.previous}`);
  /** Lets every answer already given run its course (the fake service answers at once). */
  const settle = () => new Promise((go) => setTimeout(go, 0));

  it("come in a second snapshot, from the service's previous versions, one request per platform and channel", async () => {
    const results = await queried(ALL, { changesLinks: true, pageSize: 5 });
    const first = results.current();
    expect(first.loaded?.rows.map((row) => row.changesUrl)).toEqual([null, null, null, null, null]);
    const seen = snapshots.length;
    await vi.waitFor(() => expect(snapshots.length).toBeGreaterThan(seen));
    const second = results.current();
    expect(snapshots).toHaveLength(seen + 1);
    expect(links(second)).toEqual([
      "linux/channels/stable/versions/120.0.6099.71 <- 119.0.6045.199",
      // The lowest linux/stable row on the page: its previous is the service's.
      "linux/channels/stable/versions/119.0.6045.199 <- 119.0.6045.159",
      "linux/channels/stable/versions/119.0.6045.159 <- null",
      "linux/channels/dev/versions/122.0.6200.0 <- null",
      "win64/channels/stable/versions/120.0.6099.71 <- null",
    ]);
    expect(second.loaded?.rows[0]?.changesUrl).toBe(
      "https://chromium.googlesource.com/chromium/src/+log/119.0.6045.199..120.0.6099.71?pretty=fuller&n=10000",
    );
    // Rows that got no link are the same objects, so the list leaves them (and any focus in them) alone.
    expect(second.loaded?.rows.slice(2)).toEqual(first.loaded?.rows.slice(2));
    second.loaded?.rows.slice(2).forEach((row, i) => expect(row).toBe(first.loaded?.rows[i + 2]));
    expect(second).toMatchObject({ querying: false, loadingMore: false, failure: null });
    expect(versionsAsked().map((r) => r.url)).toEqual([
      "/v1/chrome/platforms/linux/channels/stable/versions?filter=version%3C%3D120.0.6099.71&order_by=version%20desc&pageSize=24",
      "/v1/chrome/platforms/linux/channels/dev/versions?filter=version%3C%3D122.0.6200.0&order_by=version%20desc&pageSize=22",
      "/v1/chrome/platforms/win64/channels/stable/versions?filter=version%3C%3D120.0.6099.71&order_by=version%20desc&pageSize=22",
    ]);
    expect(service.requests).toHaveLength(4);
  });

  it("diff against the version the service lists before, even when a live-only filter hides it", async () => {
    const release = (i: number, live: boolean) => {
      const start = `2026-0${i}-01T00:00:00Z`;
      return {
        name: `chrome/platforms/linux/channels/stable/versions/1.0.0.${i}/releases/${Date.parse(start) / 1000}`,
        serving: live ? { startTime: start } : { startTime: start, endTime: `2026-0${i}-20T00:00:00Z` },
        fraction: 0.5,
        version: `1.0.0.${i}`,
      };
    };
    service.setData({ releases: [release(3, true), release(2, false), release(1, true)] });
    const results = await queried({ ...LINUX, channel: "stable", liveOnly: true }, { changesLinks: true });
    expect(names(results.current()).map((name) => name.split("/")[6])).toEqual(["1.0.0.3", "1.0.0.1"]);
    await vi.waitFor(() => expect(results.current().loaded?.rows[0]?.previous).toBe("1.0.0.2"));
    expect(results.current().loaded?.rows[1]?.previous).toBeNull();
    expect(versionsAsked()).toHaveLength(1);
  });

  it("are asked for once per platform and channel for the explorer's lifetime", async () => {
    const results = await queried(ALL, { changesLinks: true });
    await vi.waitFor(() => expect(versionsAsked()).toHaveLength(1));
    await results.loadMore();
    await results.loadMore();
    await vi.waitFor(() => expect(links(results.current())?.[3]).toMatch(/122\.0\.6200\.0 <- null$/));
    await results.query(LINUX);
    await results.query(ALL, { force: true });
    await results.loadMore();
    await settle();
    // Page 2 brought linux/dev (linux/stable was known down to its bottom), page 3 win64/stable.
    expect(versionsAsked().map((r) => r.url.split("/").slice(3, 7).join("/"))).toEqual([
      "platforms/linux/channels/stable",
      "platforms/linux/channels/dev",
      "platforms/win64/channels/stable",
    ]);
    expect(links(results.current())?.[1]).toMatch(/119\.0\.6045\.199 <- 119\.0\.6045\.159$/);
  });

  /** ALL's five rows loaded, with their lookups held until the next `release()`. */
  async function lookupsHeld() {
    const results = loader({ changesLinks: true, pageSize: 5 });
    holding = true;
    const first = results.query(ALL);
    release();
    await first;
    return results;
  }

  it("stay away when their lookup fails, which is no failure of the list; the next page asks again", async () => {
    const results = await lookupsHeld();
    // The service goes away before the lookups reach it.
    service.down = true;
    release();
    await settle();
    expect(versionsAsked().map((r) => r.status)).toEqual([0, 0, 0]);
    const last = snapshots.at(-1);
    expect(last).toBe(snapshots.find((s) => s.loaded !== null));
    expect(last).toMatchObject({ querying: false, failure: null });
    expect(last?.loaded?.rows.map((row) => row.changesUrl)).toEqual([null, null, null, null, null]);
    expect(snapshots.every((s) => s.failure === null)).toBe(true);

    service.down = false;
    holding = false;
    await results.query(LINUX);
    await vi.waitFor(() => expect(results.current().loaded?.rows[0]?.previous).toBe("119.0.6045.199"));
    expect(results.current().failure).toBeNull();
  });

  it("of an older query's lookup serve the newer query's rows, asked for once", async () => {
    const results = await lookupsHeld();
    const newer = results.query(LINUX);
    release();
    await newer;
    release();
    await vi.waitFor(() => expect(results.current().loaded?.rows[0]?.previous).toBe("119.0.6045.199"));
    expect(results.current().loaded?.state).toBe(LINUX);
    expect(snapshots.filter((s) => s.loaded?.state === ALL && s.loaded.rows[0]?.previous !== null)).toEqual(
      [],
    );
    await settle();
    expect(versionsAsked()).toHaveLength(3);
  });
});

describe("a service that sends more than the page asked for", () => {
  it("keeps the page size asked for, and counts the rest, which the status says", async () => {
    // A hostile stand-in: whatever page size is asked, it answers with every release (five).
    const flooding: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      url.searchParams.set("pageSize", "1000");
      return service.fetch(url.href, init);
    };
    const results = createExplorerLoader({
      baseUrl: BASE_URL,
      fetch: flooding,
      pageSize: 2,
      onChange: () => {},
    });
    await results.query(ALL);
    const loaded = results.current().loaded;
    expect(loaded?.items.items).toHaveLength(2);
    expect(loaded?.extra).toBe(3);
  });
});
