import { describe, expect, it } from "vitest";
import type { Settings } from "../../../src/background/model.ts";
import type { PollState } from "../../../src/background/poll-state.ts";
import { DEFAULT_SETTINGS } from "../../../src/background/settings.ts";
import type { Snapshot } from "../../../src/background/snapshot.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import { headerView, type HeaderInput } from "../../../src/popup/header-view.ts";

const BASE = "http://127.0.0.1:8787/v1";
const NOW = Date.parse("2026-11-21T12:00:00Z");
const MIN = 60_000;

const settings: Settings = { ...DEFAULT_SETTINGS, baseUrl: BASE, product: "chrome", pollMinutes: 30 };

function rel(
  platform: string,
  channel: string,
  version: string,
  fraction: number,
  start: string,
): ReleaseResource {
  return {
    name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}/releases/${Date.parse(start) / 1000}`,
    version,
    fraction,
    serving: { startTime: start },
  };
}

const snapshot = (fetchedAt: number, releases: readonly ReleaseResource[] = LIVE): Snapshot => ({
  baseUrl: BASE,
  product: "chrome",
  fetchedAt,
  releases,
});

const LIVE = [
  rel("win64", "stable", "151.0.7922.173", 0.75, "2026-11-01T10:00:00Z"),
  rel("win64", "stable", "152.0.7977.54", 0.1, "2026-11-18T09:00:00Z"),
  rel("win64", "stable", "152.0.7977.54", 0.25, "2026-11-19T09:00:00Z"),
  rel("linux", "stable", "152.0.7977.54", 1, "2026-11-18T09:00:00Z"),
  rel("win64", "dev", "154.0.8013.2", 1, "2026-11-20T09:00:00Z"),
];

const input = (over: Partial<HeaderInput> = {}): HeaderInput => ({
  settings,
  platform: "win64",
  snapshot: snapshot(NOW - 3 * MIN),
  poll: null,
  now: NOW,
  formatTime: (ms) => new Date(ms).toISOString().slice(0, 16),
  ...over,
});

describe("headerView", () => {
  it("names the watched product, platform and channel, and the service host", () => {
    const view = headerView(input());
    expect([view.product, view.platformLabel, view.channelLabel, view.host]).toEqual([
      "chrome",
      "Windows",
      "Stable",
      "127.0.0.1:8787",
    ]);
  });

  it("shows the newest live version with its largest share since its first start, and the others beside it", () => {
    const view = headerView(input());
    expect(view.newest).toEqual({
      version: "152.0.7977.54",
      fraction: 0.25,
      share: "25%",
      since: Date.parse("2026-11-18T09:00:00Z"),
      sinceText: "2026-11-18T09:00",
    });
    expect(view.others.map((o) => `${o.version} ${o.share}`)).toEqual(["151.0.7922.173 75%"]);
    expect(view.nothingLive).toBeNull();
  });

  it("says the last check relatively, with the absolute time for the title", () => {
    expect(headerView(input()).checked).toEqual({ relative: "3 min ago", absolute: "2026-11-21T11:57" });
  });

  it("tells whether this browser is behind the newest live version", () => {
    expect(headerView(input({ browserVersion: "151.0.7922.173" })).browser).toEqual({
      version: "151.0.7922.173",
      status: "behind",
    });
    expect(headerView(input({ browserVersion: "152.0.7977.54" })).browser?.status).toBe("current");
    expect(headerView(input({ browserVersion: "153.0.1.0" })).browser?.status).toBe("current");
    expect(headerView(input()).browser).toBeNull();
  });

  it("cannot compare this browser when nothing of the channel is live", () => {
    const view = headerView(input({ platform: "mac", browserVersion: "150.0.0.0" }));
    expect(view.newest).toBeNull();
    expect(view.nothingLive).toBe("No live Stable release on macOS (Intel)");
    expect(view.browser?.status).toBe("unknown");
  });

  it("lists every live platform and channel for the #live table", () => {
    expect(headerView(input()).live.map((r) => `${r.channel} ${r.platform} ${r.version}`)).toEqual([
      "Stable Linux 152.0.7977.54",
      "Stable Windows 152.0.7977.54",
      "Dev Windows 154.0.8013.2",
    ]);
  });

  it("shows no banner while the data is fresh and the last poll succeeded", () => {
    expect(headerView(input({ poll: { failures: 0, nextTry: NOW + 30 * MIN } })).banner).toBeNull();
  });

  it("is stale past three poll intervals without a success", () => {
    expect(headerView(input({ snapshot: snapshot(NOW - 90 * MIN) })).banner).toBeNull();
    const banner = headerView(input({ snapshot: snapshot(NOW - 91 * MIN) })).banner;
    expect(banner).toEqual({
      kind: "stale",
      message: "Stale: no successful check since 2026-11-21T10:29 (1 h ago).",
    });
  });

  it("shows a failing poll's own message, the next try and the age of what is shown", () => {
    const poll: PollState = {
      failures: 3,
      lastError: "GET http://127.0.0.1:8787/v1/... failed with 503 Service Unavailable: backend down",
      nextTry: NOW + 4 * MIN,
    };
    expect(headerView(input({ poll, snapshot: snapshot(NOW - 2 * 60 * MIN) })).banner).toEqual({
      kind: "error",
      message:
        "The last check at 127.0.0.1:8787 failed (3 times in a row), next try in 4 min; showing data from 2026-11-21T10:00 (2 h ago).",
      detail: poll.lastError,
    });
  });

  it("says the error without data when there is none", () => {
    const poll: PollState = { failures: 1, lastError: "cannot reach the service", nextTry: NOW - 1 };
    expect(headerView(input({ poll, snapshot: null })).banner).toEqual({
      kind: "error",
      message: "The last check at 127.0.0.1:8787 failed.",
      detail: "cannot reach the service",
    });
  });

  it("treats a snapshot of another service or product as no data", () => {
    const foreign = { ...snapshot(NOW - MIN), product: "fuchsiawebengine" };
    const view = headerView(input({ snapshot: foreign }));
    expect(view.newest).toBeNull();
    expect(view.checked).toBeNull();
    expect(view.live).toEqual([]);
    expect(view.nothingLive).toBeNull();
    expect(view.banner).toEqual({ kind: "empty", message: "No release data from 127.0.0.1:8787 yet." });
  });
});
