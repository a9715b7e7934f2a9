/** The handler as a plain function: request in, response out, no sockets. */
import { describe, expect, test } from "vitest";
import { buildDataset } from "../../../emulator/dataset.ts";
import { createHandler } from "../../../emulator/handler.ts";
import { ALL_RELEASES, FIXTURE } from "./service-fixture.ts";

const handle = createHandler(buildDataset({ releases: FIXTURE }, "fixture"));
const POLL = `/v1${ALL_RELEASES}?filter=endtime=none`;

test("answers a request with status, headers and body, without a socket", () => {
  const res = handle({ method: "GET", url: POLL });
  expect(res.status).toBe(200);
  expect(res.headers["Content-Type"]).toBe("application/json; charset=UTF-8");
  expect(res.headers["Content-Length"]).toBe(String(res.body.length));
  expect((JSON.parse(res.body.toString()) as { releases: unknown[] }).releases).toHaveLength(6);
});

test("the same query spelled differently gets the same body and ETag", () => {
  const a = handle({ method: "GET", url: POLL });
  const b = handle({
    method: "GET",
    url: `/v1${ALL_RELEASES}/?filter=endtime%20%3D%20none&page_size=0&key=k`,
  });
  expect(b.body.equals(a.body)).toBe(true);
  expect(b.headers["ETag"]).toBe(a.headers["ETag"]);
});

describe("If-None-Match", () => {
  const etag = handle({ method: "GET", url: POLL }).headers["ETag"] ?? "";

  test("matches weakly and inside a list", () => {
    expect(handle({ method: "GET", url: POLL, ifNoneMatch: `"x", W/${etag}` }).status).toBe(304);
  });

  test("* matches any 200", () => {
    expect(handle({ method: "GET", url: POLL, ifNoneMatch: "*" }).status).toBe(304);
  });

  test("never turns an error into a 304", () => {
    expect(handle({ method: "GET", url: "/v1/nope/platforms", ifNoneMatch: "*" }).status).toBe(404);
  });

  test("answers HEAD with 304 too", () => {
    const res = handle({ method: "HEAD", url: POLL, ifNoneMatch: etag });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
  });
});

test("an error answer carries no ETag", () => {
  expect(handle({ method: "GET", url: `${POLL}&bogus=1` }).headers["ETag"]).toBeUndefined();
});
