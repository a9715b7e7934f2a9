/** PUT /_emulator/release: a running emulator's staged rollout moved, as the real service moves one between polls. */
import { request } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import type { RunningServer } from "../../../emulator/server.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import { getJson, release, startFixtureServer } from "./service-fixture.ts";

const NEW = release("win64", "stable", "154.0.7999.10", "2026-12-01T00:00:00Z", undefined, 0.25);
const OLD = release("win64", "stable", "153.0.7950.60", "2026-11-20T00:00:00Z", undefined, 0.75);
const ROLLOUT = [
  { ...NEW, fractionGroup: "7" },
  { ...OLD, fractionGroup: "7" },
  release("linux", "stable", "154.0.7999.10", "2026-12-01T00:00:00Z"),
];
const LIVE = "/chrome/platforms/win64/channels/stable/versions/all/releases?filter=endtime=none";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const put = (s: RunningServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(s.url.replace(/\/v1$/, "/_emulator/release"), {
    method: "PUT",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function live(s: RunningServer): Promise<[string, number][]> {
  const { body } = await getJson(s.url, LIVE);
  return (body as { releases: ReleaseResource[] }).releases.map((r) => [r.version, r.fraction]);
}

describe("the admin endpoint's change of a release's fraction", () => {
  test("moves a rollout: the release gets its fraction, its group's other release the rest, none ends it", async () => {
    server = await startFixtureServer(ROLLOUT);
    expect(await live(server)).toEqual([
      ["154.0.7999.10", 0.25],
      ["153.0.7950.60", 0.75],
    ]);
    const half = await put(server, { name: NEW.name, fraction: 0.5 });
    expect(half.status).toBe(200);
    expect(await half.json()).toMatchObject({ release: { name: NEW.name, fraction: 0.5 } });
    expect(await live(server)).toEqual([
      ["154.0.7999.10", 0.5],
      ["153.0.7950.60", 0.5],
    ]);
    expect((await put(server, { name: NEW.name, fraction: 1 })).status).toBe(200);
    expect(await live(server)).toEqual([["154.0.7999.10", 1]]);
  });

  test("moving the only live release to 25% keeps the version before it serving the other 75%", async () => {
    const only = release("linux", "stable", "154.0.7999.10", "2026-12-01T00:00:00Z");
    const before = release(
      "linux",
      "stable",
      "153.0.7950.60",
      "2026-11-20T00:00:00Z",
      "2026-12-01T00:00:00Z",
    );
    const older = release("linux", "stable", "152.0.7900.1", "2026-11-01T00:00:00Z", "2026-11-20T00:00:00Z");
    server = await startFixtureServer([only, before, older]);
    const linux = LIVE.replace("win64", "linux");
    const liveOn = async () =>
      ((await getJson(server!.url, linux)).body as { releases: ReleaseResource[] }).releases;
    expect((await put(server, { name: only.name, fraction: 0.25 })).status).toBe(200);
    const rollout = await liveOn();
    expect(rollout.map((r) => [r.version, r.fraction])).toEqual([
      ["154.0.7999.10", 0.25],
      ["153.0.7950.60", 0.75],
    ]);
    // A release record of its own, in the rollout's fraction group, as the service records a serving change.
    expect(rollout[1]?.name).not.toBe(before.name);
    expect(rollout[1]?.fractionGroup).toBe(rollout[0]?.fractionGroup);
    expect((await put(server, { name: only.name, fraction: 1 })).status).toBe(200);
    expect((await liveOn()).map((r) => [r.version, r.fraction])).toEqual([["154.0.7999.10", 1]]);
  });

  test("says what is wrong with a bad change, and changes nothing", async () => {
    server = await startFixtureServer(ROLLOUT);
    expect((await put(server, "{not json")).status).toBe(400);
    const bad = await put(server, { name: NEW.name, fraction: 1.5 });
    expect(await bad.json()).toMatchObject({
      error: { code: 400, message: "fraction must be a number from 0 to 1" },
    });
    const missing = await put(server, { name: `${NEW.name}0`, fraction: 1 });
    expect(missing.status).toBe(404);
    expect((await fetch(server.url.replace(/\/v1$/, "/_emulator/release"))).status).toBe(405);
    expect(await live(server)).toEqual([
      ["154.0.7999.10", 0.25],
      ["153.0.7950.60", 0.75],
    ]);
  });

  test("refuses a web page, as the faults endpoint does", async () => {
    server = await startFixtureServer(ROLLOUT);
    const url = server.url.replace(/\/v1$/, "/_emulator/release");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: "PUT", headers: { Origin: "https://evil.example" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ name: NEW.name, fraction: 1 }));
    });
    expect(status).toBe(403);
    expect(await live(server)).toEqual([
      ["154.0.7999.10", 0.25],
      ["153.0.7950.60", 0.75],
    ]);
  });
});
