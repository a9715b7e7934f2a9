// The usage context a surface answers from: the bundled asset, a region's own file (a continent's too, by its
// code), a newer month kept by the update over the bundled one, and a failure said rather than thrown.
import { describe, expect, it } from "vitest";
import { createUsageContext } from "../../../../src/shared/usage/usage-context.ts";
import type { UsageUpdate } from "../../../../src/shared/usage/update-store.ts";
import { readRegionFile } from "../../../../src/core/usage/table.ts";
import { GERMANY, filesFetch, handUsageAsset } from "../../../fakes/usage.ts";

const EUROPE = { ...GERMANY, id: "eu", name: "Europe" };
const files = { "usage.json": handUsageAsset(), "usage/DE.json": GERMANY, "usage/alt-eu.json": EUROPE };

function context(served: Record<string, unknown> = files, update: UsageUpdate | null = null) {
  const doFetch = filesFetch(served);
  const read = createUsageContext({
    fetch: doFetch,
    fileUrl: (path) => `chrome-extension://rr/${path}`,
    loadVisitors: () => Promise.resolve(null),
    loadUpdate: () => Promise.resolve(update),
  });
  return { read, asked: doFetch.asked };
}

describe("the usage context", () => {
  it("reads a continent's file by its code, and each region's once", async () => {
    const { read, asked } = context();
    const europe = await read({ usageRegion: "alt-eu", usageUpdates: false });
    expect(europe.ok && europe.usage.region).toMatchObject({
      id: "alt-eu",
      name: "Europe",
      month: "2026-08",
    });
    await read({ usageRegion: "alt-eu", usageUpdates: false });
    expect(asked.filter((u) => u.endsWith("alt-eu.json"))).toHaveLength(1);
  });

  it("says why a region's share is missing: a code the data does not offer, a file it cannot read", async () => {
    const unknown = await context().read({ usageRegion: "FR", usageUpdates: false });
    expect(unknown.ok && unknown.usage.regionProblem).toBe(
      "The region chosen in options (FR) has no usage table here.",
    );
    const broken = await context({ "usage.json": handUsageAsset() }).read({
      usageRegion: "DE",
      usageUpdates: false,
    });
    expect(broken.ok && broken.usage.regionProblem).toMatch(/^The share in Germany is unknown: .*HTTP 404$/);
  });

  it("says why there is no share at all when usage.json cannot be read", async () => {
    expect(await context({}).read({ usageRegion: null, usageUpdates: false })).toEqual({
      ok: false,
      problem:
        "Share of users unknown: Release Radar could not read its usage data (chrome-extension://rr/usage.json): HTTP 404",
    });
  });

  it("uses a month the update kept only while updates are on, and only where it is newer than the bundled one", async () => {
    const newer = { ...handUsageAsset(), updated: "2026-10-28", caniuse: {} };
    const update: UsageUpdate = {
      source: "https://raw.githubusercontent.com/Fyrd/caniuse/main",
      checkedAt: Date.UTC(2026, 10, 1),
      usage: newer,
      fetchedAt: Date.UTC(2026, 10, 1),
      region: { code: "DE", table: readRegionFile({ ...GERMANY, month: "2026-07" }, {}, "DE") },
    };
    const on = await context(files, update).read({ usageRegion: "DE", usageUpdates: true });
    expect(on.ok && on.usage.asset.source.updated).toBe("2026-10-28");
    // The region's month kept (2026-07) is older than the bundled file's (2026-08): the bundled one answers.
    expect(on.ok && on.usage.region?.month).toBe("2026-08");
    const off = await context(files, update).read({ usageRegion: "DE", usageUpdates: false });
    expect(off.ok && off.usage.asset.source.updated).toBe("2026-09-28");
  });
});
