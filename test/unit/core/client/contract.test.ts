/**
 * Contract: every real response body we have (test/fixtures/; a `source` or `_source` field says where each
 * came from) passes the validators, with the counts the sources state.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createClient, InvalidResponseError } from "../../../../src/core/client/index.ts";
import { validateRelease } from "../../../../src/core/client/release-bounds.ts";
import { validateListBody } from "../../../../src/core/client/validate.ts";
import { fakeFetch, json } from "../../../fakes/fetch.ts";

function fixture(name: string): Record<string, Record<string, unknown>> {
  const url = new URL(`../../../fixtures/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as Record<string, Record<string, unknown>>;
}

const guide = fixture("versionhistory-guide-example-responses.json");
const real = fixture("versionhistory-real-responses.json");

function entry(file: Record<string, Record<string, unknown>>, prefix: string): Record<string, unknown> {
  const key = Object.keys(file).find((k) => k.startsWith(prefix));
  if (!key) throw new Error(`fixture has no entry ${prefix}`);
  return file[key] as Record<string, unknown>;
}

describe("the guide's four example responses", () => {
  it("platforms: 8 platforms, the reference's list less lacros", () => {
    const body = validateListBody(guide["GET /v1/chrome/platforms/"], "platforms");
    expect(body.items).toHaveLength(8);
    expect(body.items.map((p) => p.platformType)).toEqual([
      "WIN",
      "WIN64",
      "MAC",
      "MAC_ARM64",
      "LINUX",
      "ANDROID",
      "WEBVIEW",
      "IOS",
    ]);
    expect(body.nextPageToken).toBe("");
  });

  it("all channels: 32 platform and channel combinations over the 8 platforms", () => {
    const body = validateListBody(guide["GET /v1/chrome/platforms/all/channels"], "channels");
    expect(body.items).toHaveLength(32);
    expect(new Set(body.items.map((c) => c.name.split("/")[2])).size).toBe(8);
  });

  it("win channels: the reference's channels except extended", () => {
    const body = validateListBody(guide["GET /v1/chrome/platforms/win/channels"], "channels");
    expect(body.items.map((c) => c.channelType)).toEqual(["STABLE", "BETA", "DEV", "CANARY", "CANARY_ASAN"]);
  });

  it("win/stable versions: 139 entries, duplicates and unknown_version kept", () => {
    const body = validateListBody(guide["GET /v1/chrome/platforms/win/channels/stable/versions"], "versions");
    expect(body.items).toHaveLength(139);
    expect(new Set(body.items.map((v) => v.name)).size).toBe(130);
    expect(body.items.filter((v) => v.version === "unknown_version")).toHaveLength(6);
    expect(body.items[0]?.version).toBe("89.0.4389.72");
  });
});

describe("real release responses", () => {
  it("A, the live capture: 2 live releases of one version, last page marked by an empty token", () => {
    const body = validateListBody(entry(real, "A_")["response"], "releases");
    expect(body.items).toHaveLength(2);
    expect(body.nextPageToken).toBe("");
    expect(body.items.every((r) => r.serving.endTime === undefined && r.fraction === 1)).toBe(true);
    expect(body.items.map((r) => r.fractionGroup)).toEqual(["144", "143"]);
    expect(body.items[0]).toEqual({
      name: "chrome/platforms/win64/channels/stable/versions/125.0.6422.113/releases/1717013496",
      version: "125.0.6422.113",
      serving: { startTime: "2024-05-29T20:11:36.621415Z" },
      fraction: 1,
      fractionGroup: "144",
      pinnable: false,
    });
  });

  it("A through the client: one request, two items", async () => {
    const fake = fakeFetch(() => json(entry(real, "A_")["response"]));
    const client = createClient({
      baseUrl: "https://versionhistory.googleapis.com/v1",
      product: "chrome",
      fetch: fake.fetch,
    });
    const result = await client.releases({ platform: "win64", channel: "stable", filter: "endtime=none" });
    expect(result).toMatchObject({ requests: 1, truncated: false });
    expect(result.items).toHaveLength(2);
    // The capture's own request (entry A): same path and filter.
    expect(decodeURIComponent(fake.requests[0]?.url ?? "")).toBe(
      entry(real, "A_")["request"]?.toString().slice(4),
    );
  });

  it("B: an ended release with endTime and fraction 0.4975, no nextPageToken", () => {
    const body = validateListBody(entry(real, "B_")["response"], "releases");
    expect(body.items).toHaveLength(1);
    expect(body.nextPageToken).toBe("");
    expect(body.items[0]?.serving).toEqual({
      startTime: "2025-01-08T19:27:31.216008Z",
      endTime: "2025-01-09T21:01:31.167025Z",
    });
    expect(body.items[0]?.fraction).toBe(0.4975);
  });

  it("C: rolloutData both filled and empty, pinnable both ways", () => {
    const body = validateListBody(entry(real, "C_")["response"], "releases");
    expect(body.items).toHaveLength(2);
    expect(body.items[0]?.rolloutData).toEqual([{ rolloutName: "155.0.8059.12 Rollout", tag: ["rollout"] }]);
    expect(body.items[0]?.fraction).toBe(0.005);
    expect(body.items[1]?.rolloutData).toEqual([]);
    expect(body.items.map((r) => r.pinnable)).toEqual([false, true]);
  });

  it("D: a single item with a whole-second startTime and no pinnable", () => {
    const item = validateRelease(entry(real, "D_")["response_item"], "response_item");
    expect(item.serving.startTime).toBe("2023-12-06T21:01:00Z");
    expect(item).not.toHaveProperty("pinnable");
    expect(item.fractionGroup).toBe("1");
  });

  it("E: the example's placeholder startTime is rejected, naming the field", () => {
    // Entry E documents a build script's expectations; its startTime is the placeholder text
    // "<RFC3339 with 1-6 fractional digits>Z", not a real value, so a strict validator must refuse it.
    let error: unknown;
    try {
      validateListBody(entry(real, "E_")["release_response_example"], "releases");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).field).toBe("releases[0].serving.startTime");
  });

  it("E: the same example with a real startTime in its place passes", () => {
    const example = entry(real, "E_")["release_response_example"] as { releases: Record<string, unknown>[] };
    const fixed = {
      ...example,
      releases: example.releases.map((r) => ({ ...r, serving: { startTime: "2026-07-16T21:33:47.123Z" } })),
    };
    const body = validateListBody(fixed, "releases");
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ pinnable: true, rolloutData: [], fractionGroup: "1" });
  });

  it("every release response and item in the real file is covered", () => {
    // Guards the tests above: a new entry in the fixture must get its own test.
    const keys = Object.keys(real).filter((k) => !k.startsWith("_"));
    expect(keys.map((k) => k.slice(0, 2))).toEqual(["A_", "B_", "C_", "D_", "E_"]);
  });
});
