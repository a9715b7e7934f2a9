// The explorer's loader against the emulator's own request handler: paging, one client per product, newer
// queries overtaking older ones, asking once per URL, and failures kept as thrown with the rows on screen.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createClient, HttpError, NetworkError } from "../../../src/core/client/index.ts";
import { defaultState } from "../../../src/popup/explorer-filter.ts";
import { createExplorerLoader, type LoaderSnapshot } from "../../../src/popup/explorer-loader.ts";
import type { ExplorerState } from "../../../src/popup/explorer-state.ts";
import { BASE_URL, serviceFetch, type ServiceFetch } from "../../fakes/service-fetch.ts";

vi.mock(import("../../../src/core/client/index.ts"), async (importOriginal) => {
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

function loader() {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    signals.push(init?.signal);
    if (holding) await new Promise<void>((go) => held.push(go));
    return service.fetch(input, init);
  };
  return createExplorerLoader({
    baseUrl: BASE_URL,
    fetch,
    pageSize: 2,
    onChange: (snapshot) => snapshots.push(snapshot),
  });
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
    const results = loader();
    await results.query(ALL);
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
    const results = loader();
    await results.query(ALL);
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
    const results = loader();
    await results.query(ALL);
    await results.loadMore();
    await results.query(LINUX);
    await results.query({ ...ALL, versionFrom: "120" });
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(service.requests).toHaveLength(4);
    expect(results.current().loaded?.rows).toHaveLength(2);
  });

  it("makes another for another product, and keeps both", async () => {
    const results = loader();
    await results.query(ALL);
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
    const results = loader();
    await results.query(ALL);
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
    const results = loader();
    await results.query(LINUX);
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
    const results = loader();
    await results.query(ALL);
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
    const results = loader();
    await results.query(LINUX);
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
    const results = loader();
    await results.query(LINUX);
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
    const results = loader();
    await results.query(ALL);
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
    const results = loader();
    await results.query(LINUX);
    const seen = snapshots.length;
    await results.retry();
    expect(service.requests).toHaveLength(1);
    expect(snapshots).toHaveLength(seen);
  });
});
