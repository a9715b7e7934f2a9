// The usage context a surface answers from: the bundled asset, a region's own file (a continent's too, by its
// code), a newer month kept by the update over the bundled one, and a failure said rather than thrown.
import { describe, expect, it } from "vitest";
import { createUsageContext } from "../../../../src/shared/usage/usage-context.ts";
import { GERMANY, filesFetch, handUsageAsset } from "../../../fakes/usage.ts";

const EUROPE = { ...GERMANY, id: "eu", name: "Europe" };
const files = { "usage.json": handUsageAsset(), "usage/DE.json": GERMANY, "usage/alt-eu.json": EUROPE };

function context(served: Record<string, unknown> = files) {
  const doFetch = filesFetch(served);
  const read = createUsageContext({
    fetch: doFetch,
    fileUrl: (path) => `chrome-extension://rr/${path}`,
    loadVisitors: () => Promise.resolve(null),
  });
  return { read, asked: doFetch.asked };
}

describe("the usage context", () => {
  it("reads a continent's file by its code, and each region's once", async () => {
    const { read, asked } = context();
    const europe = await read("alt-eu");
    expect(europe.ok && europe.usage.region).toMatchObject({
      id: "alt-eu",
      name: "Europe",
      month: "2026-08",
    });
    await read("alt-eu");
    expect(asked.filter((u) => u.endsWith("alt-eu.json"))).toHaveLength(1);
  });

  it("says why a region's share is missing: a code the data does not offer, a file it cannot read", async () => {
    const unknown = await context().read("FR");
    expect(unknown.ok && unknown.usage.regionProblem).toBe(
      "The region chosen in options (FR) has no usage table here.",
    );
    const broken = await context({ "usage.json": handUsageAsset() }).read("DE");
    expect(broken.ok && broken.usage.regionProblem).toMatch(/^The share in Germany is unknown: .*HTTP 404$/);
  });

  it("says why there is no share at all when usage.json cannot be read", async () => {
    expect(await context({}).read(null)).toEqual({
      ok: false,
      problem:
        "Share of users unknown: Release Radar could not read its usage data (chrome-extension://rr/usage.json): HTTP 404",
    });
  });
});
