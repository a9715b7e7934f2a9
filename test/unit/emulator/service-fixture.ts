/**
 * A small dataset written for the emulator tests, and a server over it on a random port. The releases are
 * listed out of order on purpose, so the tests see the emulator's ordering rather than the file's.
 */
import { afterAll, beforeAll } from "vitest";
import { buildDataset } from "../../../emulator/dataset.ts";
import { startServer, type RunningServer } from "../../../emulator/server.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import { releaseOf } from "../../fakes/release.ts";

/** A release as the service sends it; the id is the start time in Unix seconds, as on the real service. */
export function release(
  platform: string,
  channel: string,
  version: string,
  startTime: string,
  endTime?: string,
  fraction = 1,
  product = "chrome",
): ReleaseResource {
  const id = Math.floor(Date.parse(startTime) / 1000);
  return {
    ...releaseOf({ product, platform, channel, version, startTime, endTime, fraction }),
    fractionGroup: String(id % 1000),
    pinnable: fraction === 1,
    rolloutData: [],
  };
}

/**
 * 9 releases: win stable/beta/dev/canary, linux stable, and `zeta`, a platform the catalog does not know.
 * Live (no endTime): win stable 1.0.0.10 (the second one), win beta 80.0.1.0, win dev, win canary, linux, zeta.
 */
export const FIXTURE: readonly ReleaseResource[] = [
  release("win", "beta", "80.0.1.0", "2024-01-05T00:00:00Z", undefined, 0.5),
  release("zeta", "stable", "2.0.0.0", "2024-01-11T00:00:00Z"),
  release("win", "stable", "1.0.0.8", "2024-01-01T00:00:00Z", "2024-01-10T00:00:00Z"),
  release("win", "canary", "82.0.0.0", "2024-01-08T00:00:00Z"),
  release("win", "stable", "1.0.0.10", "2024-01-12T00:00:00.123456Z"),
  release("linux", "stable", "1.0.0.10", "2024-01-10T00:00:00Z"),
  release("win", "dev", "81.0.0.0", "2024-01-07T00:00:00Z"),
  release("win", "beta", "79.0.0.0", "2023-12-01T00:00:00Z", "2024-01-05T00:00:00Z"),
  release("win", "stable", "1.0.0.10", "2024-01-10T00:00:00Z", "2024-01-12T00:00:00.123456Z"),
];

/** Starts an emulator over `releases` on 127.0.0.1 and a free port. Close it in afterAll/afterEach. */
export async function startFixtureServer(
  releases: readonly unknown[] = FIXTURE,
  faults = "",
  onRequest?: (target: string) => void,
): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataset: buildDataset({ releases }, "fixture"),
    faults,
    ...(onRequest ? { onRequest } : {}),
  });
}

/**
 * An emulator over the fixture for the whole test file: started before its tests, closed after them.
 * `url` is its base URL once started; `get` is getJson on it.
 */
export function fixtureServerForSuite(): {
  readonly url: string;
  get: (path: string, init?: RequestInit) => ReturnType<typeof getJson>;
} {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server?.close());
  return {
    get url() {
      if (server === undefined) throw new Error("the fixture server starts before the file's tests");
      return server.url;
    },
    get(path, init) {
      return getJson(this.url, path, init);
    },
  };
}

/** `RELEASES` path of platform/channel/version, relative to the base URL. */
export const ALL_RELEASES = "/chrome/platforms/all/channels/all/versions/all/releases";

/** GETs `base + path` and returns status, headers and the parsed JSON body (or null when there is none). */
export async function getJson(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const res = await fetch(base + path, init);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as unknown) : null,
    text,
  };
}

/** The `name`s of a releases/versions answer, in order. */
export function names(body: unknown, key = "releases"): string[] {
  return ((body as Record<string, { name: string }[]>)[key] ?? []).map((r) => r.name);
}

/** The short form `platform/channel/version` of a release or version name. */
export function short(name: string): string {
  const s = name.split("/");
  return `${s[2]}/${s[4]}/${s[6]}`;
}

/**
 * Starts an emulator with no releases whose clock reads `nowIso` (for the schedule's current, next and
 * previous) on 127.0.0.1 and a free port. Close it in afterAll.
 */
export function startScheduleServer(nowIso = "2026-09-10T12:00:00Z"): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataset: buildDataset({ releases: [] }, "empty"),
    now: () => Date.parse(nowIso),
  });
}
