// Partial responses (`fields`) and gzip, as Google's front end serves them: the mask language on its own,
// then both over HTTP against the emulator.
import { gunzipSync } from "node:zlib";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER_SHAPES, applyFieldMask, maskKey, parseFieldMask } from "../../../emulator/field-mask.ts";
import { GoogleApiError } from "../../../emulator/google-errors.ts";
import { acceptsGzip, type RunningServer } from "../../../emulator/server.ts";
import { ALL_RELEASES, startFixtureServer } from "./service-fixture.ts";

const RELEASES = ANSWER_SHAPES.releases;
const answer = {
  releases: [
    {
      name: "chrome/platforms/win/channels/stable/versions/1.0.0.10/releases/1",
      version: "1.0.0.10",
      serving: { startTime: "2024-01-10T00:00:00Z", endTime: "2024-01-12T00:00:00Z" },
      fraction: 1,
      fractionGroup: "7",
    },
  ],
  nextPageToken: "abc",
};

describe("parseFieldMask and applyFieldMask", () => {
  it.each([
    [
      "releases(version,fraction),nextPageToken",
      { releases: [{ version: "1.0.0.10", fraction: 1 }], nextPageToken: "abc" },
    ],
    ["releases/version", { releases: [{ version: "1.0.0.10" }] }],
    ["releases(serving/startTime)", { releases: [{ serving: { startTime: "2024-01-10T00:00:00Z" } }] }],
    [
      "releases(serving(startTime,endTime),version)",
      { releases: [{ version: "1.0.0.10", serving: answer.releases[0]?.serving }] },
    ],
    ["nextPageToken", { nextPageToken: "abc" }],
    ["releases", { releases: answer.releases }],
    ["*", answer],
    ["releases(*)", { releases: answer.releases }],
    ["releases,releases/version", { releases: answer.releases }],
  ])("%s", (mask, expected) => {
    expect(applyFieldMask(answer, parseFieldMask(mask, RELEASES))).toEqual(expected);
  });

  it("leaves out a selected field the answer lacks, as proto3 JSON does", () => {
    expect(applyFieldMask(answer, parseFieldMask("releases(pinnable,version)", RELEASES))).toEqual({
      releases: [{ version: "1.0.0.10" }],
    });
  });

  it.each([
    ["", /empty mask at character 1/],
    ["releases(", /a field name expected, end of mask found at character 10/],
    ["releases(version", /unclosed \( at character 17/],
    ["releases)", /"\)" unexpected at character 9/],
    ["releases,,version", /a field name expected, "," found at character 10/],
    ["releases(version),", /a field name expected, end of mask found at character 19/],
    ["releases(nope)", /no field "nope" here at character 10/],
    ["platforms", /no field "platforms" here at character 1/],
    ["nextPageToken(x)", /"nextPageToken" has no fields to select at character 14/],
    ["releases/version/x", /"x" selected inside a field that has none at character 18/],
    ["releases(version fraction)", /" " unexpected at character 17/],
    ["*/version", /nothing can follow \* at character 2/],
  ])("refuses %j with a 400 that says where", (mask, message) => {
    let error: unknown;
    try {
      parseFieldMask(mask, RELEASES);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GoogleApiError);
    expect((error as GoogleApiError).code).toBe(400);
    expect((error as GoogleApiError).status).toBe("INVALID_ARGUMENT");
    expect((error as GoogleApiError).message).toMatch(message);
  });

  it("quotes at most a short excerpt of a long mask", () => {
    const long = `releases(${"x".repeat(300)})`;
    expect(() => parseFieldMask(long, RELEASES)).toThrow(/^Invalid fields mask "releases\(x{51}…": no field/);
    expect(() => parseFieldMask("a,".repeat(600), RELEASES)).toThrow(/longer than 1000 characters/);
  });

  it("gives one cache key to one selection written two ways", () => {
    expect(maskKey(parseFieldMask("releases/version,nextPageToken", RELEASES))).toBe(
      maskKey(parseFieldMask("nextPageToken,releases(version)", RELEASES)),
    );
  });
});

describe("acceptsGzip", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["gzip", true],
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["gzip;q=0", false],
    ["identity", false],
    ["*", true],
    ["x-gzip", false],
  ])("%j: %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A raw GET (node:http does not decompress), with `headers`. */
  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${server.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );
  }

  it("fields trims the answer to what the mask names", async () => {
    const res = await get(`${ALL_RELEASES}?fields=releases(version,fraction)&pageSize=2`);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body.toString()) as { releases: object[] };
    expect(body.releases).toHaveLength(2);
    for (const r of body.releases) expect(Object.keys(r).sort()).toEqual(["fraction", "version"]);
    expect(Object.keys(body)).toEqual(["releases"]);
  });

  it("a malformed mask is a 400 INVALID_ARGUMENT in Google's error shape", async () => {
    const res = await get(`${ALL_RELEASES}?fields=releases(version`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({
      error: {
        code: 400,
        message: 'Invalid fields mask "releases(version": unclosed ( at character 17.',
        status: "INVALID_ARGUMENT",
      },
    });
  });

  it("gzips the answer for a client that accepts it, and says so", async () => {
    const plain = await get(ALL_RELEASES);
    const zipped = await get(ALL_RELEASES, { "Accept-Encoding": "gzip, deflate" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    // The ETag is the representation's, so a conditional request still gets its 304.
    const etag = String(zipped.headers.etag);
    const again = await get(ALL_RELEASES, { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("HEAD gives the gzipped GET's headers without a body", async () => {
    const head = await new Promise<{ headers: Record<string, unknown>; length: number }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}${ALL_RELEASES}`,
          { method: "HEAD", headers: { "Accept-Encoding": "gzip" } },
          (res) => {
            let length = 0;
            res.on("data", (c: Buffer) => (length += c.length));
            res.on("end", () => resolve({ headers: res.headers, length }));
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    const zipped = await get(ALL_RELEASES, { "Accept-Encoding": "gzip" });
    expect(head.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.headers["content-length"]).toBe(zipped.headers["content-length"]);
  });
});
