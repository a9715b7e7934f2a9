/**
 * Malformed 2xx bodies: each gives InvalidResponseError naming the exact JSON path of the first bad value
 * (src/core/client/validate.ts, validate-release.ts). Run through the client, so the error also names the request URL.
 */
import { describe, expect, it } from "vitest";
import { createClient, InvalidResponseError } from "../../../../src/core/client/index.ts";
import { validateRelease } from "../../../../src/core/client/release-bounds.ts";
import { validateChannel, validatePlatform, validateVersion } from "../../../../src/core/client/validate.ts";
import { BASE, json, release, text } from "../../../fakes/fetch.ts";

const RELEASES_URL = `${BASE}/chrome/platforms/all/channels/all/versions/all/releases`;

async function releasesError(answer: Response): Promise<InvalidResponseError> {
  const client = createClient({ baseUrl: BASE, product: "chrome", fetch: () => Promise.resolve(answer) });
  try {
    await client.releases();
  } catch (e) {
    if (e instanceof InvalidResponseError) return e;
    throw e;
  }
  throw new Error("expected an InvalidResponseError");
}

const ONE = (r: unknown) => json({ releases: [r], nextPageToken: "" });

describe("body as a whole", () => {
  it.each([
    ["not JSON", text("<html>Service</html>")],
    ["truncated JSON", text('{"releases":[{"name":"chrome/platforms/win')],
    ["an empty body", text("")],
    ["an array instead of an object", json([release()])],
    ["a JSON string instead of an object", json("releases")],
    ["null", json(null)],
  ])("rejects %s with field (body)", async (_what, answer) => {
    const error = await releasesError(answer);
    expect(error.field).toBe("(body)");
    expect(error.url).toBe(RELEASES_URL);
  });

  it("quotes at most the start of a non-JSON body", async () => {
    const error = await releasesError(text(`<html>${"x".repeat(10_000)}</html>`));
    expect(error.message.length).toBeLessThan(400);
  });
});

describe("list and page token", () => {
  it.each([
    ["the list key is an object", json({ releases: {} }), "releases"],
    ["the list key is a string", json({ releases: "none" }), "releases"],
    ["an item is not an object", json({ releases: [release(), "x"] }), "releases[1]"],
    ["an item is an array", json({ releases: [[]] }), "releases[0]"],
    ["nextPageToken is a number", json({ releases: [], nextPageToken: 2 }), "nextPageToken"],
  ])("rejects a body where %s", async (_what, answer, field) => {
    expect((await releasesError(answer)).field).toBe(field);
  });

  it("reads an absent list key as an empty list (proto3 omits empty repeated fields)", async () => {
    const client = createClient({ baseUrl: BASE, product: "chrome", fetch: () => Promise.resolve(json({})) });
    const result = await client.releases();
    expect(result.items).toEqual([]);
  });
});

describe("release fields", () => {
  it.each([
    ["name missing", release({ name: undefined }), "name"],
    ["name a number", release({ name: 7 }), "name"],
    [
      "name of a version, not a release",
      release({ name: "chrome/platforms/win/channels/stable/versions/1" }),
      "name",
    ],
    [
      "name with a wrong collection",
      release({ name: "chrome/platforms/win/tracks/stable/versions/1/releases/2" }),
      "name",
    ],
    ["version missing", release({ version: undefined }), "version"],
    ["version empty", release({ version: "" }), "version"],
    ["version with a bidi override", release({ version: "120\u202E1.0" }), "version"],
    ["version in right-to-left letters", release({ version: "\u05D0" }), "version"],
    ["version longer than 64 characters", release({ version: "1".repeat(65) }), "version"],
    ["name longer than 500 characters", release({ name: `chrome/platforms/${"w".repeat(500)}` }), "name"],
    ["serving missing", release({ serving: undefined }), "serving"],
    ["serving a string", release({ serving: "2024-05-29T20:11:36Z" }), "serving"],
    ["startTime missing", release({ serving: {} }), "serving.startTime"],
    ["startTime not RFC 3339", release({ serving: { startTime: "May 29 2024" } }), "serving.startTime"],
    ["startTime a number", release({ serving: { startTime: 1717013496 } }), "serving.startTime"],
    [
      "startTime an impossible date",
      release({ serving: { startTime: "2024-02-30T00:00:00Z" } }),
      "serving.startTime",
    ],
    [
      "endTime not RFC 3339",
      release({ serving: { startTime: "2024-05-29T20:11:36Z", endTime: "later" } }),
      "serving.endTime",
    ],
    ["fraction a string", release({ fraction: "1" }), "fraction"],
    ["fraction 1.5", release({ fraction: 1.5 }), "fraction"],
    ["fraction negative", release({ fraction: -0.1 }), "fraction"],
    ["fractionGroup a number", release({ fractionGroup: 144 }), "fractionGroup"],
    ["pinnable a string", release({ pinnable: "false" }), "pinnable"],
    ["rolloutData an object", release({ rolloutData: { rolloutName: "r", tag: [] } }), "rolloutData"],
    ["rolloutData item not an object", release({ rolloutData: ["r"] }), "rolloutData[0]"],
    ["rolloutName missing", release({ rolloutData: [{ tag: ["rollout"] }] }), "rolloutData[0].rolloutName"],
    ["tag a string", release({ rolloutData: [{ rolloutName: "r", tag: "rollout" }] }), "rolloutData[0].tag"],
    [
      "a tag not a string",
      release({ rolloutData: [{ rolloutName: "r", tag: ["a", 1] }] }),
      "rolloutData[0].tag[1]",
    ],
  ])("rejects %s", async (_what, item, field) => {
    expect((await releasesError(ONE(item))).field).toBe(`releases[0].${field}`);
  });

  it("names the offending item's index", async () => {
    const answer = json({
      releases: [release(), release(), release(), release({ serving: { startTime: "x" } })],
    });
    expect((await releasesError(answer)).field).toBe("releases[3].serving.startTime");
  });

  it("says what was expected and what was found", async () => {
    const error = await releasesError(ONE(release({ fraction: 1.5 })));
    expect(error.detail).toBe("expected a number from 0 to 1, found the number 1.5");
    expect(error.message).toBe(
      `Invalid response from ${RELEASES_URL}: releases[0].fraction: ${error.detail}`,
    );
  });

  it("reads an absent fraction as 0 (proto3 omits zero values)", () => {
    expect(validateRelease(release({ fraction: undefined }), "r").fraction).toBe(0);
  });

  it("keeps an absent endTime absent (the release is live)", () => {
    expect(validateRelease(release(), "r").serving).toEqual({ startTime: "2024-05-29T20:11:36.621415Z" });
  });

  it("reads an absent tag list as empty (proto3 omits empty repeated fields)", () => {
    const r = validateRelease(release({ rolloutData: [{ rolloutName: "r" }] }), "r");
    expect(r.rolloutData).toEqual([{ rolloutName: "r", tag: [] }]);
  });

  it("ignores unknown fields and does not copy them", () => {
    const r = validateRelease(release({ futureField: { x: 1 } }), "r");
    expect(r).not.toHaveProperty("futureField");
    expect(r.version).toBe("125.0.6422.113");
  });

  it("reports the caller's path when used without a request (the emulator's data file)", () => {
    let error: unknown;
    try {
      validateRelease(release({ pinnable: 1 }), "data[12]");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ url: "", field: "data[12].pinnable" });
  });
});

describe("platform, channel and version items", () => {
  it("rejects a platform whose name has a channel in it", () => {
    expect(() =>
      validatePlatform({ name: "chrome/platforms/win/channels/stable", platformType: "WIN" }, "platforms[0]"),
    ).toThrow(expect.objectContaining({ field: "platforms[0].name" }));
  });

  it("rejects a platform without platformType", () => {
    expect(() => validatePlatform({ name: "chrome/platforms/win" }, "platforms[0]")).toThrow(
      expect.objectContaining({ field: "platforms[0].platformType" }),
    );
  });

  it("rejects a channel whose name is a platform's", () => {
    expect(() =>
      validateChannel({ name: "chrome/platforms/win", channelType: "STABLE" }, "channels[1]"),
    ).toThrow(expect.objectContaining({ field: "channels[1].name" }));
  });

  it("rejects a channel without channelType", () => {
    expect(() =>
      validateChannel({ name: "chrome/platforms/win/channels/beta", channelType: 2 }, "channels[0]"),
    ).toThrow(expect.objectContaining({ field: "channels[0].channelType" }));
  });

  it("accepts a non-numeric version such as unknown_version", () => {
    const v = {
      name: "chrome/platforms/win/channels/stable/versions/unknown_version",
      version: "unknown_version",
    };
    expect(validateVersion(v, "versions[0]")).toEqual(v);
  });

  it("rejects a version item without version", () => {
    expect(() =>
      validateVersion({ name: "chrome/platforms/win/channels/stable/versions/1.0" }, "versions[0]"),
    ).toThrow(expect.objectContaining({ field: "versions[0].version" }));
  });
});
