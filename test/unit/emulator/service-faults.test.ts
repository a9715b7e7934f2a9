/** --faults over HTTP, switched at run time through setFaults and the admin endpoint. */
import { request } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import type { RunningServer } from "../../../emulator/server.ts";
import { InvalidResponseError } from "../../../src/core/client/errors.ts";
import { validateListBody } from "../../../src/core/client/validate.ts";
import { ALL_RELEASES, getJson, startFixtureServer } from "./service-fixture.ts";

const POLL = `${ALL_RELEASES}?filter=endtime=none`;

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(faults: string): Promise<RunningServer> {
  server = await startFixtureServer(undefined, faults);
  return server;
}

function adminUrl(s: RunningServer): string {
  return s.url.replace(/\/v1$/, "/_emulator/faults");
}

test("latency delays every answer", async () => {
  const s = await start("latency=150");
  const t0 = performance.now();
  const { status } = await getJson(s.url, POLL);
  expect(status).toBe(200);
  expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
});

test("error=1 answers 500 then 503, each with Retry-After and Google's error shape", async () => {
  const s = await start("error=1");
  const a = await getJson(s.url, POLL);
  const b = await getJson(s.url, POLL);
  expect([a.status, b.status]).toEqual([500, 503]);
  expect(a.headers.get("retry-after")).toBe("1");
  expect(b.headers.get("retry-after")).toBe("1");
  expect(a.body).toMatchObject({ error: { code: 500, status: "INTERNAL" } });
  expect(b.body).toMatchObject({ error: { code: 503, status: "UNAVAILABLE" } });
  expect(b.headers.get("access-control-allow-origin")).toBe("*");
});

test("retryafter sets the Retry-After seconds", async () => {
  const s = await start("error=1,retryafter=30");
  expect((await getJson(s.url, POLL)).headers.get("retry-after")).toBe("30");
});

test("malformed=1 answers 200 with JSON the client validator refuses, two ways in turn", async () => {
  const s = await start("malformed=1");
  const notArray = await getJson(s.url, POLL);
  expect(notArray.status).toBe(200);
  expect(Array.isArray((notArray.body as { releases: unknown }).releases)).toBe(false);
  expect(() => validateListBody(notArray.body, "releases")).toThrow(InvalidResponseError);

  const missing = await getJson(s.url, POLL);
  expect(missing.status).toBe(200);
  expect((missing.body as { releases: { serving: object }[] }).releases[0]?.serving).toEqual({});
  expect(() => validateListBody(missing.body, "releases")).toThrow(/releases\[0\]\.serving\.startTime/);
  expect(missing.headers.get("etag")).toBeNull();
});

test("truncated=1 answers 200 with a body cut short", async () => {
  const s = await start("truncated=1");
  // Uncompressed, so Content-Length counts the text itself.
  const res = await fetch(s.url + POLL, { headers: { "Accept-Encoding": "identity" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBeNull();
  const text = await res.text();
  expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(text));
  expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
  expect(text.startsWith('{\n  "releases": [')).toBe(true);
});

test("a broken 200 is sent even to a client holding a matching ETag", async () => {
  const s = await start("");
  const etag = (await fetch(s.url + POLL)).headers.get("etag") ?? "";
  s.setFaults("truncated=1");
  const res = await fetch(s.url + POLL, { headers: { "If-None-Match": etag } });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
});

test("stall=1 never answers, and close() still resolves", async () => {
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const s = (server = await startFixtureServer(undefined, "stall=1", () => arrived()));
  const pending = fetch(s.url + POLL).then(
    () => "answered",
    () => "failed",
  );
  // Closed only once the request is in, so close() has a stalled request to end (the test's timeout is
  // what fails a close that hangs).
  await reached;
  await s.close();
  expect(await pending).toBe("failed");
});

test("a stalled request fails by the client's own timeout", async () => {
  const s = await start("stall=1");
  await expect(fetch(s.url + POLL, { signal: AbortSignal.timeout(150) })).rejects.toThrow();
});

test("faults only touch the service: the admin endpoint still answers under error=1", async () => {
  const s = await start("error=1");
  const res = await fetch(adminUrl(s));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ faults: "error=1" });
});

describe("changing faults at run time", () => {
  test("setFaults switches faults on and off", async () => {
    const s = await start("");
    expect((await getJson(s.url, POLL)).status).toBe(200);
    s.setFaults("error=1,retryafter=2");
    expect(s.faults()).toBe("error=1,retryafter=2");
    const failed = await getJson(s.url, POLL);
    expect(failed.status).toBe(500);
    expect(failed.headers.get("retry-after")).toBe("2");
    s.setFaults("");
    expect((await getJson(s.url, POLL)).status).toBe(200);
  });

  test("setFaults with a bad spec throws and keeps the faults in force", async () => {
    const s = await start("latency=1");
    expect(() => s.setFaults("error=3")).toThrow("error=3");
    expect(s.faults()).toBe("latency=1");
  });

  test("PUT /_emulator/faults sets them, GET reads them, an empty body clears them", async () => {
    const s = await start("");
    const put = await fetch(adminUrl(s), { method: "PUT", body: "seed=3, error=1" });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ faults: "error=1,seed=3" });
    expect((await getJson(s.url, POLL)).status).toBe(500);
    expect(await (await fetch(adminUrl(s))).json()).toEqual({ faults: "error=1,seed=3" });

    const clear = await fetch(adminUrl(s), { method: "PUT", body: "" });
    expect(await clear.json()).toEqual({ faults: "" });
    expect((await getJson(s.url, POLL)).status).toBe(200);
  });

  test("PUT /_emulator/faults with a bad spec is 400 and changes nothing", async () => {
    const s = await start("latency=1");
    const res = await fetch(adminUrl(s), { method: "PUT", body: "explode=1" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    expect(s.faults()).toBe("latency=1");
  });

  test("other methods on the admin endpoint are 405, other admin paths 404", async () => {
    const s = await start("");
    const post = await fetch(adminUrl(s), { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, PUT");
    expect((await fetch(adminUrl(s).replace(/faults$/, "data"))).status).toBe(404);
  });
});

/** One request with headers fetch would not let a caller set (Host), answered with its status and headers. */
function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the admin endpoint answers only the developer's own tools", () => {
  test("a web page's preflight and PUT are refused, with no CORS header, and change nothing", async () => {
    const s = await start("");
    const origin = { Origin: "https://evil.example" };
    const preflight = await raw(adminUrl(s), "OPTIONS", {
      ...origin,
      "Access-Control-Request-Method": "PUT",
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
    const put = await raw(adminUrl(s), "PUT", origin, "error=1");
    expect(put.status).toBe(403);
    const simple = await raw(adminUrl(s), "GET", { "Sec-Fetch-Site": "cross-site" });
    expect(simple.status).toBe(403);
    expect(s.faults()).toBe("");
  });

  test("a request addressed to another host (DNS rebinding) is refused", async () => {
    const s = await start("");
    const { port } = new URL(s.url);
    const put = await raw(adminUrl(s), "PUT", { Host: `attacker.example:${port}` }, "error=1");
    expect(put.status).toBe(403);
    expect(s.faults()).toBe("");
  });

  test("the service's own endpoints keep CORS for every origin, as the real service has it", async () => {
    const s = await start("");
    const res = await raw(s.url + POLL, "GET", { Origin: "https://evil.example" });
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });
});
