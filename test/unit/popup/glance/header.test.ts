// The popup's header from stored values: what is live for the watched platform and channel, how current
// the data is, this browser, and every live platform and channel; all by the rules the toolbar uses.
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import type { GlanceCopy } from "../../../../src/popup/glance/glance-copy.ts";
import { glanceCopyOf, headerView, type HeaderInput } from "../../../../src/popup/glance/header.ts";
import { withClock } from "../../../../src/popup/glance/header-clock.ts";
import type { PollState } from "../../../../src/shared/store/poll-state.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../../../src/shared/store/settings.ts";
import type { Snapshot } from "../../../../src/shared/store/snapshot.ts";
import { releaseOf } from "../../../fakes/release.ts";
import type { Watch } from "../../../../src/shared/watch/device-platform.ts";

const BASE = "http://127.0.0.1:8787/v1";
const SERVICE = { baseUrl: BASE, product: "chrome" };
const NOW = Date.parse("2026-11-21T12:00:00Z");
const MIN = 60_000;

const settings: Settings = { ...DEFAULT_SETTINGS, baseUrl: BASE, product: "chrome", pollMinutes: 30 };

const rel = (
  platform: string,
  channel: string,
  version: string,
  fraction: number,
  startTime: string,
): ReleaseResource => releaseOf({ platform, channel, version, fraction, startTime });

const LIVE = [
  rel("win64", "stable", "151.0.7922.173", 0.75, "2026-11-01T10:00:00Z"),
  rel("win64", "stable", "152.0.7977.54", 0.1, "2026-11-18T09:00:00Z"),
  rel("win64", "stable", "152.0.7977.54", 0.25, "2026-11-19T09:00:00Z"),
  rel("linux", "stable", "152.0.7977.54", 1, "2026-11-18T09:00:00Z"),
  rel("win64", "dev", "154.0.8013.2", 1, "2026-11-20T09:00:00Z"),
];

const snapshot = (fetchedAt: number, releases: readonly ReleaseResource[] = LIVE): Snapshot => ({
  ...SERVICE,
  fetchedAt,
  releases,
});

/** What the header watches: Stable on `platform`. */
const on = (platform: string): Watch => ({ product: "chrome", platform, channel: "stable" });
const input = (over: Partial<HeaderInput> = {}): HeaderInput => ({
  settings,
  watch: on("win64"),
  snapshot: snapshot(NOW - 3 * MIN),
  poll: null,
  now: NOW,
  ...over,
});

const failing = (over: Partial<PollState> = {}): PollState => ({
  service: SERVICE,
  failures: 3,
  lastError: { kind: "http", status: 503, reason: "backend down", details: "GET ... failed with 503" },
  lastAttempt: NOW - MIN,
  nextTry: NOW + 4 * MIN,
  ...over,
});

describe("headerView", () => {
  it("names the watched product, platform and channel, and the service host", () => {
    const view = headerView(input());
    expect([view.product, view.platformLabel, view.channelLabel, view.host]).toEqual([
      "Chrome",
      "Windows",
      "Stable",
      "127.0.0.1:8787",
    ]);
  });

  it("shows the newest live version and the one most users run, each since it started serving, in UTC", () => {
    const view = headerView(input());
    expect(view.newest).toEqual({
      version: "152.0.7977.54",
      fraction: 0.25,
      share: "25%",
      since: "since 2026-11-18 09:00 UTC",
    });
    expect(view.mostUsers).toEqual({
      version: "151.0.7922.173",
      fraction: 0.75,
      share: "75%",
      since: "since 2026-11-01 10:00 UTC",
    });
    expect(view.alsoLive).toBeNull();
    expect(view.nothingLive).toBeNull();
  });

  it("calls a new milestone's small push to Stable early stable, as the toolbar's title does", () => {
    expect(headerView(input()).earlyStable).toBe(false);
    const early = [
      rel("win64", "stable", "151.0.7922.173", 0.99, "2026-11-01T10:00:00Z"),
      rel("win64", "stable", "152.0.7977.54", 0.01, "2026-11-18T09:00:00Z"),
    ];
    expect(headerView(input({ snapshot: snapshot(NOW - 3 * MIN, early) })).earlyStable).toBe(true);
  });

  it("names no separate 'most users' when the newest serves the most", () => {
    const view = headerView(input({ watch: on("linux") }));
    expect(view.newest?.version).toBe("152.0.7977.54");
    expect(view.mostUsers).toBeNull();
  });

  it("says the last check relatively, with the UTC time for the tooltip", () => {
    expect(headerView(input()).checked).toEqual({
      text: "last checked 3 min ago",
      title: "2026-11-21 11:57 UTC",
    });
  });

  it("tells whether this browser is behind, at or ahead of the newest live version", () => {
    const chrome = (version: string) => ({ name: "Chrome", version, chromium: true });
    expect(headerView(input({ thisBrowser: chrome("151.0.7922.173") })).browser).toEqual({
      name: "Chrome 151.0.7922.173",
      status: "behind",
    });
    expect(headerView(input({ thisBrowser: chrome("152.0.7977.54") })).browser?.status).toBe("current");
    expect(headerView(input({ thisBrowser: chrome("152.0.7977.60") })).browser?.status).toBe("current");
    expect(headerView(input({ thisBrowser: chrome("153.0.1.0") })).browser?.status).toBe("ahead");
    expect(headerView(input()).browser).toBeNull();
  });

  it("names a browser whose versions are not Chrome's without comparing (Firefox 153 is not behind 152)", () => {
    const firefox = { name: "Firefox", version: "153.0", chromium: false };
    expect(headerView(input({ thisBrowser: firefox })).browser).toEqual({
      name: "Firefox 153.0",
      status: "unrelated",
    });
  });

  it("cannot compare this browser when nothing of the channel is live", () => {
    const view = headerView(
      input({ watch: on("mac"), thisBrowser: { name: "Chromium", version: "150.0.0.0", chromium: true } }),
    );
    expect(view.newest).toBeNull();
    expect(view.nothingLive).toBe("No live Stable release on macOS (Intel)");
    expect(view.browser?.status).toBe("unknown");
  });

  it("puts every live platform and channel in a matrix: platforms as rows, channels as columns", () => {
    const cell = (version: string, fraction: number, share: string, since: string) => ({
      short: version.split(".")[0],
      version,
      fraction,
      share,
      since: `${since} UTC`,
    });
    expect(headerView(input()).live).toEqual({
      channels: [
        { id: "stable", label: "Stable" },
        { id: "dev", label: "Dev" },
      ],
      rows: [
        {
          platform: "win64",
          label: "Windows",
          cells: [
            cell("152.0.7977.54", 0.25, "25%", "2026-11-18 09:00"),
            cell("154.0.8013.2", 1, "100%", "2026-11-20 09:00"),
          ],
        },
        {
          platform: "linux",
          label: "Linux",
          cells: [cell("152.0.7977.54", 1, "100%", "2026-11-18 09:00"), null],
        },
      ],
      pairs: 3,
      moreChannels: 0,
    });
  });

  it("5,000 channels or versions: a table of the first few channels and the newest line, the rest counted", () => {
    const start = "2026-11-01T10:00:00Z";
    const channels = Array.from({ length: 5000 }, (_, i) =>
      rel("win64", `ch_${i}`, "151.0.7922.173", 1, start),
    );
    const versions = Array.from({ length: 5000 }, (_, i) =>
      rel("win64", "stable", `151.0.${i}.1`, 0.0002, start),
    );
    const wide = headerView(input({ snapshot: snapshot(NOW - MIN, channels) }));
    expect(wide.live.channels).toHaveLength(10);
    expect(wide.live.rows[0]?.cells).toHaveLength(10);
    expect(wide.live).toMatchObject({ pairs: 5000, moreChannels: 4990 });
    const long = headerView(input({ snapshot: snapshot(NOW - MIN, versions) }));
    expect(long.alsoLive).toBe(
      "Also live: 151.0.4998.1 (0%, since 2026-11-01 10:00 UTC); 151.0.4997.1 (0%, since 2026-11-01 10:00 UTC); " +
        "151.0.4996.1 (0%, since 2026-11-01 10:00 UTC) and 4,996 more",
    );
  });

  it("says how current the data is on the version itself", () => {
    expect(headerView(input()).state).toBe("current");
    expect(headerView(input({ snapshot: snapshot(NOW - 91 * MIN) })).state).toBe("stale");
    expect(headerView(input({ poll: failing() })).state).toBe("failing");
    expect(headerView(input({ snapshot: null })).state).toBe("first");
  });

  it("has no problem and no stale warning while the data is fresh and the last check succeeded", () => {
    const view = headerView(input({ poll: { service: SERVICE, failures: 0, nextTry: NOW + 30 * MIN } }));
    expect(view.problem).toBeNull();
    expect(view.stale).toBeNull();
  });

  it("warns of stale data past three poll intervals without a success", () => {
    expect(headerView(input({ snapshot: snapshot(NOW - 90 * MIN) })).stale).toBeNull();
    const view = headerView(input({ snapshot: snapshot(NOW - 91 * MIN) }));
    expect(view.stale).toBe("Stale: no successful check since 2026-11-21 10:29 UTC (1 h ago).");
    expect(view.checked.text).toBe("last good check 1 h ago");
  });

  it("a failing check is a problem for the banners, and the header speaks of the last good check", () => {
    const view = headerView(input({ poll: failing(), snapshot: snapshot(NOW - 2 * 60 * MIN) }));
    expect(view.problem).toEqual({
      source: "check",
      failure: failing().lastError,
      nextTry: NOW + 4 * MIN,
    });
    expect(view.checked.text).toBe("last good check 2 h ago");
    // The failure is said once, in its banner: not also as a stale warning.
    expect(view.stale).toBeNull();
  });

  it("without any data, a failure does not sit beside 'not checked yet'", () => {
    const view = headerView(input({ poll: failing(), snapshot: null }));
    expect(view.checked.text).toBe("no successful check yet");
    expect(view.nothingLive).toBe("No release data yet.");
    expect(view.problem).not.toBeNull();
  });

  it("before the first check says it is coming", () => {
    const view = headerView(input({ snapshot: null }));
    expect(view.checked.text).toBe("first check pending");
    expect(view.nothingLive).toBe("Checking 127.0.0.1:8787 for the first time…");
    expect(view.problem).toBeNull();
  });

  it("treats a snapshot or poll state of another service or product as nothing known", () => {
    const foreignData = { ...snapshot(NOW - MIN), product: "fuchsiawebengine" };
    const foreignPoll = failing({
      service: { ...SERVICE, baseUrl: "https://versionhistory.googleapis.com/v1" },
    });
    const view = headerView(input({ snapshot: foreignData, poll: foreignPoll }));
    expect(view.newest).toBeNull();
    expect(view.live).toEqual({ channels: [], rows: [], pairs: 0, moreChannels: 0 });
    expect(view.problem).toBeNull();
    expect(view.checked.text).toBe("first check pending");
  });
});

describe("the page's copy of the header (what the first paint draws from)", () => {
  it.each<[string, Partial<HeaderInput>]>([
    ["fresh", {}],
    ["no live release on the platform", { watch: on("mac") }],
    ["failing", { poll: failing(), snapshot: snapshot(NOW - 2 * 60 * MIN) }],
    ["failing with no data", { poll: failing(), snapshot: null }],
    ["before the first check", { snapshot: null }],
    ["of another service", { snapshot: { ...snapshot(NOW - MIN), product: "fuchsiawebengine" } }],
  ])("written %s and read hours later, draws what the header says then", (_, over) => {
    const { now, ...stored } = input(over);
    // Through its text, as the page keeps it.
    const copy = JSON.parse(JSON.stringify(glanceCopyOf(stored))) as GlanceCopy;
    for (const later of [now, now + 95 * MIN, now + 30 * 60 * MIN]) {
      expect(withClock(copy.body, copy.check, later)).toEqual(headerView({ ...stored, now: later }));
    }
  });
});
