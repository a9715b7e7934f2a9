// The platforms and channels the explorer offers come from the service itself (the emulator's handler here),
// per product, asked once and kept.
import { describe, expect, it } from "vitest";
import { createServiceIds, sharedServiceIds } from "../../../../src/shared/watch/service-ids.ts";
import { BASE_URL, serviceFetch } from "../../../fakes/service-fetch.ts";

/** A minimal release of the emulator's data file at `product/platforms/P/channels/C`. */
function release(path: string, i: number): unknown {
  return {
    name: `${path}/versions/120.0.6099.${i}/releases/${1700000000 + i}`,
    serving: { startTime: "2023-12-06T21:01:00Z" },
    fraction: 1,
    version: `120.0.6099.${i}`,
    fractionGroup: "1",
    pinnable: true,
  };
}

function setup(data?: unknown) {
  const service = serviceFetch(...(data === undefined ? [] : [data]));
  const ids = createServiceIds({ baseUrl: BASE_URL, fetch: service.fetch });
  return { service, ids };
}

describe("the service's platforms and channels", () => {
  it("lists a product's platforms and a platform's channels as the service has them", async () => {
    const { ids } = setup();
    expect(await ids.platforms("chrome")).toEqual(["win64", "linux"]);
    expect(await ids.channels("chrome", "linux")).toEqual(["stable", "dev"]);
    expect(await ids.channels("chrome", "win64")).toEqual(["stable"]);
  });

  it("lists each channel once for all platforms", async () => {
    const { ids, service } = setup();
    expect(await ids.channels("browser", "all")).toEqual(["stable", "dev"]);
    expect(service.requests.map((r) => r.url)).toEqual(["/v1/browser/platforms/all/channels"]);
  });

  it("keeps the products apart: Fuchsia WebEngine has none of Chrome's platforms", async () => {
    const { ids } = setup();
    expect(await ids.platforms("chrome")).toEqual(["win64", "linux"]);
    expect(await ids.platforms("fuchsiawebengine")).toEqual([]);
    expect(await ids.channels("fuchsiawebengine", "all")).toEqual([]);
    await expect(ids.channels("fuchsiawebengine", "linux")).rejects.toThrow(/Platform "linux" not found/);
  });

  it("puts platforms in the catalog's order and channels in the order people read them", async () => {
    const { ids } = setup({
      releases: [
        release("chrome/platforms/linux/channels/canary_asan", 1),
        release("chrome/platforms/linux/channels/beta", 2),
        release("chrome/platforms/linux/channels/extended", 3),
        release("chrome/platforms/linux/channels/stable", 4),
        release("chrome/platforms/mac/channels/stable", 5),
        release("chrome/platforms/win/channels/lts", 6),
      ],
    });
    expect(await ids.channels("chrome", "linux")).toEqual(["stable", "extended", "beta", "canary_asan"]);
    expect(await ids.channels("chrome", "all")).toEqual(["stable", "extended", "beta", "canary_asan", "lts"]);
    expect(await ids.platforms("chrome")).toEqual(["win", "mac", "linux"]);
  });

  it("sorts what the service sends in another order, unknown platforms last", async () => {
    const { ids, service } = setup();
    const names = ["linux_riscv64", "linux", "win64"].map((p) => ({
      name: `chrome/platforms/${p}`,
      platformType: p.toUpperCase(),
    }));
    service.answer = { status: 200, body: JSON.stringify({ platforms: names, nextPageToken: "" }) };
    expect(await ids.platforms("chrome")).toEqual(["win64", "linux", "linux_riscv64"]);
  });

  it("asks once: later asks and the cache read give the kept answer", async () => {
    const { ids, service } = setup();
    expect(ids.cached("chrome", "linux")).toEqual({});
    await ids.platforms("chrome");
    await ids.channels("chrome", "linux");
    await ids.platforms("chrome");
    await ids.channels("chrome", "linux");
    expect(service.requests).toHaveLength(2);
    expect(ids.cached("chrome", "linux")).toEqual({
      platforms: ["win64", "linux"],
      channels: ["stable", "dev"],
    });
    expect(ids.cached("chrome")).toEqual({ platforms: ["win64", "linux"] });
    expect(ids.known.platforms("chrome")).toEqual(["win64", "linux"]);
    expect(ids.known.channels("chrome", "linux")).toEqual(["stable", "dev"]);
    expect(ids.known.channels("chrome", "win64")).toBeUndefined();
  });

  it("shares one request between asks made while it is on its way", async () => {
    const { ids, service } = setup();
    const answers = await Promise.all([
      ids.platforms("chrome"),
      ids.platforms("chrome"),
      ids.channels("chrome", "all"),
      ids.channels("chrome", "all"),
    ]);
    expect(answers[0]).toBe(answers[1]);
    expect(answers[2]).toBe(answers[3]);
    expect(service.requests.map((r) => r.url)).toEqual([
      "/v1/chrome/platforms",
      "/v1/chrome/platforms/all/channels",
    ]);
  });

  it("does not keep a failure: the next ask tries again", async () => {
    const { ids, service } = setup();
    service.down = true;
    const [first, second] = [ids.platforms("chrome"), ids.platforms("chrome")];
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow();
    expect(ids.cached("chrome")).toEqual({});
    service.down = false;
    expect(await ids.platforms("chrome")).toEqual(["win64", "linux"]);
    expect(service.requests.map((r) => r.status)).toEqual([0, 200]);
  });

  it("does not keep an error answer either", async () => {
    const { ids, service } = setup();
    service.answer = { status: 503, body: "" };
    await expect(ids.channels("chrome", "linux")).rejects.toThrow(/503/);
    service.answer = null;
    expect(await ids.channels("chrome", "linux")).toEqual(["stable", "dev"]);
  });

  it("rejects, rather than throws, for a base URL it cannot use", async () => {
    const ids = createServiceIds({ baseUrl: "not a url" });
    await expect(ids.platforms("chrome")).rejects.toThrow();
    expect(ids.cached("chrome")).toEqual({});
  });
});

describe("sharedServiceIds", () => {
  it("gives a page's parts one ServiceIds per service, so each list is asked once", () => {
    expect(sharedServiceIds(BASE_URL)).toBe(sharedServiceIds(BASE_URL));
    expect(sharedServiceIds("https://mirror.example.org/v1")).not.toBe(sharedServiceIds(BASE_URL));
  });
});
