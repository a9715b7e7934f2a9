/**
 * What the emulator shares with every Google API: system parameters, unknown parameters, error bodies,
 * methods, CORS, ETag revalidation. (Google's error shape: https://cloud.google.com/apis/design/errors; the
 * parameters: the discovery document, https://versionhistory.googleapis.com/$discovery/rest?version=v1.)
 */
import { describe, expect, test } from "vitest";
import { ALL_RELEASES, fixtureServerForSuite } from "./service-fixture.ts";

const served = fixtureServerForSuite();

const POLL = `${ALL_RELEASES}?filter=endtime=none`;

describe("query parameters", () => {
  test("an unknown parameter is 400 with Google's wording", async () => {
    const { status, body } = await served.get(`${POLL}&colour=red`);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 400,
        message:
          "Invalid JSON payload received. Unknown name \"colour\": Cannot bind query parameter. Field 'colour' could not be found in request message.",
        status: "INVALID_ARGUMENT",
      },
    });
  });

  test("alt=json is accepted", async () => {
    expect((await served.get(`${POLL}&alt=json`)).status).toBe(200);
  });

  test("alt=proto is 400", async () => {
    const { status, body } = await served.get(`${POLL}&alt=proto`);
    expect(status).toBe(400);
    expect((body as { error: { message: string } }).error.message).toContain("alt=proto is not supported");
  });

  test("key, quotaUser and the other system parameters that change no answer are accepted and ignored", async () => {
    const plain = await served.get(POLL);
    const withSystem = await served.get(
      `${POLL}&key=AIzaFake&quotaUser=me&%24.xgafv=2&access_token=t&upload_protocol=raw&uploadType=media`,
    );
    expect(withSystem.status).toBe(200);
    expect(withSystem.text).toBe(plain.text);
  });

  test("key=...&prettyPrint=false answers compact JSON", async () => {
    const { status, text, body } = await served.get(`${POLL}&key=AIzaFake&prettyPrint=false`);
    expect(status).toBe(200);
    expect(text).toBe(JSON.stringify(body));
  });

  test("by default the JSON is pretty-printed with two spaces", async () => {
    const { text, body } = await served.get(POLL);
    expect(text).toBe(`${JSON.stringify(body, null, 2)}\n`);
  });

  test("prettyPrint=false also makes error bodies compact", async () => {
    const { status, text } = await served.get(`${ALL_RELEASES}?pageSize=-1&prettyPrint=false`);
    expect(status).toBe(400);
    expect(text).toBe(
      '{"error":{"code":400,"message":"page_size must not be negative, found -1","status":"INVALID_ARGUMENT"}}',
    );
  });

  test("a prettyPrint that is not a boolean is 400", async () => {
    expect((await served.get(`${POLL}&prettyPrint=maybe`)).status).toBe(400);
  });

  test("the same parameter twice with one value is accepted", async () => {
    expect((await served.get(`${POLL}&filter=endtime=none`)).status).toBe(200);
  });

  test("the same parameter twice with different values is 400", async () => {
    const { status, body } = await served.get(`${POLL}&filter=fraction=1`);
    expect(status).toBe(400);
    expect((body as { error: { message: string } }).error.message).toContain(
      '"filter" is given more than once',
    );
  });
});

describe("headers", () => {
  test("every answer is JSON with CORS open and no-cache, errors included", async () => {
    for (const path of [POLL, "/nope/platforms", `${POLL}&x=1`]) {
      const { headers } = await served.get(path);
      expect(headers.get("content-type")).toBe("application/json; charset=UTF-8");
      expect(headers.get("access-control-allow-origin")).toBe("*");
      expect(headers.get("access-control-expose-headers")).toBe("ETag, Retry-After");
      expect(headers.get("cache-control")).toBe("no-cache");
    }
  });

  test("a 200 carries a strong ETag, and If-None-Match with it gives 304 without a body", async () => {
    const first = await served.get(POLL);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetch(served.url + POLL, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    expect(await again.text()).toBe("");
  });

  test("a stale If-None-Match gets the full 200", async () => {
    const res = await fetch(served.url + POLL, { headers: { "If-None-Match": '"stale"' } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toBe("");
  });

  test("different answers have different ETags", async () => {
    const a = (await served.get(POLL)).headers.get("etag");
    const b = (await served.get(ALL_RELEASES)).headers.get("etag");
    expect(a).not.toBe(b);
  });

  test("HEAD answers the GET's headers without a body", async () => {
    const get = await fetch(served.url + POLL);
    const head = await fetch(served.url + POLL, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });
});

describe("methods", () => {
  test.each(["POST", "PUT", "DELETE", "PATCH"])(
    "%s is 405 with Allow and a JSON error body",
    async (method) => {
      const res = await fetch(served.url + POLL, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("content-type")).toBe("application/json; charset=UTF-8");
      expect(await res.json()).toEqual({
        error: {
          code: 405,
          message: `Method ${method} is not allowed here; use GET, HEAD, OPTIONS.`,
          status: "UNIMPLEMENTED",
        },
      });
    },
  );

  test("OPTIONS answers a CORS preflight with 204", async () => {
    const res = await fetch(served.url + POLL, {
      method: "OPTIONS",
      headers: {
        Origin: "chrome-extension://abc",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe("if-none-match");
    expect(await res.text()).toBe("");
  });
});
