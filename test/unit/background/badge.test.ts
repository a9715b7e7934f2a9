import { describe, expect, it } from "vitest";
import { globalBadge as badgeOf, type GlobalInput } from "../../../src/background/toolbar/badge.ts";
import type { Watch } from "../../../src/shared/watch/device-platform.ts";
import { COLORS } from "../../../src/background/toolbar/toolbar-wording.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import type { Failure } from "../../../src/shared/status/failure.ts";
import type { PollState } from "../../../src/shared/store/poll-state.ts";
import { shareText } from "../../../src/shared/status/rollout-wording.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";

const watch: Watch = { product: "chrome", platform: "win64", channel: "stable" };

function live(platform: string, channel: string, version: string, fraction: number): ReleaseResource {
  return {
    name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}/releases/1`,
    serving: { startTime: "2026-08-19T16:43:28.159000Z" },
    fraction,
    version,
  };
}

const snapshot = (releases: ReleaseResource[]): Snapshot => ({
  baseUrl: "http://127.0.0.1:8787/v1",
  product: "chrome",
  fetchedAt: Date.UTC(2026, 7, 21, 10, 0),
  releases,
});

describe("share text", () => {
  it.each([
    [0.005, "0.5%"],
    [0.05, "5%"],
    [0.0999, "9.9%"],
    [0.1, "10%"],
    [0.25, "25%"],
    [0.4975, "49%"],
    [0.999, "99%"],
    [0, "0%"],
  ])("%f shows as %s", (fraction, text) => {
    expect(shareText(fraction)).toBe(text);
  });
});

const NOW = Date.UTC(2026, 7, 21, 10, 30);
const SERVICE = { baseUrl: "http://127.0.0.1:8787/v1", product: "chrome" };
/**
 * The badge of Chrome Stable on Windows from service host "h" at NOW with a 30-minute poll interval, drawn
 * icons and the milestone in the badge, and no poll state, unless the test says otherwise.
 */
const globalBadge = (
  input: Omit<GlobalInput, "watch" | "host" | "now" | "pollMinutes" | "poll" | "icons" | "badgeText"> &
    Partial<GlobalInput>,
) =>
  badgeOf({
    watch,
    host: "h",
    now: NOW,
    pollMinutes: 30,
    poll: null,
    icons: true,
    badgeText: "milestone",
    ...input,
  });
/** A poll state whose latest check failed with `failure`; the next try a minute from NOW. */
const failing = (failure: Failure, nextTry = NOW + 60_000): PollState => ({
  service: SERVICE,
  failures: 1,
  lastError: failure,
  lastAttempt: NOW,
  nextTry,
});
const UNAVAILABLE: Failure = {
  kind: "http",
  status: 503,
  details: "GET … failed with 503 Service Unavailable",
};

describe("global badge", () => {
  it("shows the major in green when the newest live version is fully served, and a full ring", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
    });
    expect(view).toMatchObject({ text: "151", color: COLORS.full, textColor: COLORS.white });
    expect(view.icon).toEqual({ state: "full", share: 1 });
  });

  const staged = snapshot([
    live("win64", "stable", "151.0.7922.174", 0.75),
    live("win64", "stable", "152.0.7977.54", 0.25),
    live("win64", "stable", "152.0.7977.54", 0.1),
    live("mac", "stable", "153.0.1.1", 1),
  ]);

  it("while it rolls out: the milestone in amber, the newest version's largest share on the icon's ring", () => {
    const view = globalBadge({ snapshot: staged });
    expect(view).toMatchObject({ text: "152", color: COLORS.partial, textColor: COLORS.dark });
    expect(view.icon).toEqual({ state: "rolling", share: 0.25 });
    expect(view.title).toContain("\n152.0.7977.54 at 25% since 2026-08-19 16:43 UTC\n");
    expect(view.title).toContain("\nMost users: 151.0.7922.174 at 75% since 2026-08-19 16:43 UTC\n");
  });

  it("shows the share in the badge instead when the setting asks for it, the milestone once it serves all", () => {
    expect(globalBadge({ snapshot: staged, badgeText: "share" })).toMatchObject({
      text: "25%",
      color: COLORS.partial,
      icon: { state: "rolling", share: 0.25 },
    });
    const full = snapshot([live("win64", "stable", "151.0.7922.173", 1)]);
    expect(globalBadge({ snapshot: full, badgeText: "share" }).text).toBe("151");
  });

  it("where no icon can be drawn keeps the static icon and puts the share in the badge, whatever the setting", () => {
    const view = globalBadge({ snapshot: staged, icons: false });
    expect(view).toMatchObject({ text: "25%", color: COLORS.partial, icon: null });
  });

  it("names the split first: the newest with its share and the version most users run", () => {
    const view = globalBadge({ snapshot: staged });
    expect(view.title.split("\n")[1]).toBe("Rolling out: 152 to 25% of users; most users run 151");
  });

  it("names versions of one milestone by their full numbers", () => {
    const view = globalBadge({
      snapshot: snapshot([
        live("win64", "stable", "151.0.7922.174", 0.2),
        live("win64", "stable", "151.0.7922.150", 0.8),
      ]),
    });
    expect(view.title.split("\n")[1]).toBe(
      "Rolling out: 151.0.7922.174 to 20% of users; most users run 151.0.7922.150",
    );
  });

  const early = snapshot([
    live("win64", "stable", "152.0.7977.4", 0.01),
    live("win64", "stable", "151.0.7922.174", 0.99),
  ]);
  const schedule152 = {
    mstone: 152,
    earlyStable: "2026-08-19",
    stableDate: "2026-08-26",
  };

  it("calls a small push of a new milestone to Stable early stable when no schedule is known", () => {
    const view = globalBadge({ snapshot: early });
    expect(view.title.split("\n")[1]).toBe("Early stable: 152 to 1% of users; most users run 151");
    expect(view).toMatchObject({ text: "152", icon: { state: "rolling", share: 0.01 } });
  });

  it("lets the schedule decide: early stable between its early-stable and Stable days, not after", () => {
    const onDay = (snapshot: Snapshot, today: string): string | undefined =>
      globalBadge({
        snapshot,
        schedules: new Map([[152, schedule152]]),
        today,
      }).title.split("\n")[1];
    expect(onDay(staged, "2026-08-21")).toBe("Early stable: 152 to 25% of users; most users run 151");
    expect(onDay(early, "2026-08-27")).toBe("Rolling out: 152 to 1% of users; most users run 151");
  });

  it("never calls another channel's split early stable", () => {
    const beta = snapshot([
      live("win64", "beta", "153.0.1.1", 0.01),
      live("win64", "beta", "152.0.1.1", 0.99),
    ]);
    const view = globalBadge({ snapshot: beta, watch: { ...watch, channel: "beta" }, host: "h" });
    expect(view.title.split("\n")[1]).toBe("Rolling out: 153 to 1% of users; most users run 152");
  });

  it("shows no text when the channel has no live release on the platform, and says so", () => {
    const view = globalBadge({ snapshot: snapshot([live("mac", "stable", "1", 1)]) });
    expect(view.text).toBe("");
    expect(view.title).toContain("No live Stable release on Windows");
  });

  it("shows ! in red, saying in a sentence what failed and when it tries again, when there is no data", () => {
    const view = globalBadge({ snapshot: null, host: "127.0.0.1:8787", poll: failing(UNAVAILABLE) });
    expect(view).toMatchObject({ text: "!", color: COLORS.error, icon: { state: "error", share: null } });
    expect(view.title.split("\n")).toEqual([
      "Release Radar: Chrome Stable on Windows",
      "No data yet: The service is unavailable (503); next try at 10:31 UTC (in 1 min).",
    ]);
  });

  it("names an unreachable service by its host, and keeps the raw request out of the title", () => {
    const down: Failure = { kind: "unreachable", details: "GET http://127.0.0.1:8787/v1/... failed" };
    const view = globalBadge({ snapshot: null, host: "127.0.0.1:8787", poll: failing(down) });
    expect(view.title).toContain("No data yet: Cannot reach the service at 127.0.0.1:8787; next try");
    expect(view.title).not.toContain("GET ");
  });

  it("says the first check is coming before there is any data or failure", () => {
    const view = globalBadge({ snapshot: null, host: "127.0.0.1:8787" });
    expect(view.text).toBe("");
    expect(view.icon).toEqual({ state: "none", share: null });
    expect(view.title).toBe(
      "Release Radar: Chrome Stable on Windows\nChecking 127.0.0.1:8787 for the first time…",
    );
  });

  it("keeps the text but greys the badge when the last success is older than three poll intervals", () => {
    const old = { ...snapshot([live("win64", "stable", "151.0.7922.173", 1)]), fetchedAt: NOW - 91 * 60_000 };
    const view = globalBadge({ snapshot: old });
    expect(view).toMatchObject({ text: "151", color: COLORS.stale, textColor: COLORS.white });
    expect(view.icon).toEqual({ state: "stale", share: 1 });
    expect(view.title).toContain("Last good check 2026-08-21 08:59 UTC (1 h ago) at h; stale");
    expect(view.title).not.toContain("Last checked");
  });

  it("is not stale within three poll intervals", () => {
    const recent = {
      ...snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
      fetchedAt: NOW - 89 * 60_000,
    };
    expect(globalBadge({ snapshot: recent }).color).toBe(COLORS.full);
  });

  it("names the newest and the most used version and whether this browser is behind", () => {
    const view = globalBadge({
      snapshot: snapshot([
        live("win64", "stable", "152.0.1.1", 0.25),
        live("win64", "stable", "151.0.2.2", 1),
      ]),
      host: "127.0.0.1:8787",
      thisBrowser: { name: "Chrome", version: "151.0.2.2", chromium: true },
    });
    expect(view.title.split("\n")).toEqual([
      "Release Radar: Chrome Stable on Windows",
      "Rolling out: 152 to 25% of users; most users run 151",
      "152.0.1.1 at 25% since 2026-08-19 16:43 UTC",
      "Most users: 151.0.2.2 at 100% since 2026-08-19 16:43 UTC",
      "This browser: Chrome 151.0.2.2, behind 152.0.1.1",
      "Last checked 2026-08-21 10:00 UTC at 127.0.0.1:8787",
    ]);
  });

  it("says this browser is up to date when it runs the newest version", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "151.0.2.2", 1)]),
      thisBrowser: { name: "Chrome", version: "151.0.2.2", chromium: true },
    });
    expect(view.title).toContain("This browser: Chrome 151.0.2.2, up to date");
  });

  it("names Firefox with its own version and makes no claim comparing it with Chrome's", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "152.0.1.1", 1)]),
      thisBrowser: { name: "Firefox", version: "140.0", chromium: false },
    });
    const line = view.title.split("\n").find((l) => l.startsWith("This browser"));
    expect(line).toBe("This browser: Firefox 140.0");
  });

  it("says a check stored a day ahead of the clock (set back since) as now, not as a future day", () => {
    const ahead = {
      ...snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
      fetchedAt: NOW + 24 * 3_600_000,
    };
    const view = globalBadge({ snapshot: ahead });
    expect(view.title).toContain("Last checked 2026-08-21 10:30 UTC at h");
    expect(view.color).not.toBe(COLORS.stale);
  });

  it("keeps the last good text when a check fails, in red, and says so without contradicting itself", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
      poll: failing({ kind: "timeout", details: "GET … timed out after 10000 ms" }),
    });
    expect(view).toMatchObject({ text: "151", color: COLORS.error, textColor: COLORS.white });
    expect(view.icon).toEqual({ state: "error", share: 1 });
    expect(view.title.split("\n").slice(-2)).toEqual([
      "Last good check 2026-08-21 10:00 UTC (30 min ago) at h",
      "The latest check failed: The service at h did not answer in time; next try at 10:31 UTC (in 1 min).",
    ]);
    expect(view.title).not.toContain("Last checked");
  });

  it("lists a third live version as also live", () => {
    const view = globalBadge({
      snapshot: snapshot([
        live("win64", "stable", "152.0.1.1", 0.1),
        live("win64", "stable", "151.0.2.2", 0.8),
        live("win64", "stable", "150.0.3.3", 0.1),
      ]),
    });
    expect(view.title).toContain("\nAlso live: 150.0.3.3 at 10% since 2026-08-19 16:43 UTC\n");
  });

  it("5,000 live versions make a tooltip of a few lines: three also live (besides the newest), and how many more", () => {
    const releases = Array.from({ length: 5000 }, (_, i) => live("win64", "stable", `151.0.${i}.0`, 0.0002));
    const view = globalBadge({ snapshot: snapshot(releases) });
    const also = view.title.split("\n").find((line) => line.startsWith("Also live: "));
    expect(also).toBe(
      "Also live: 151.0.4998.0 at 0% since 2026-08-19 16:43 UTC, 151.0.4997.0 at 0% since 2026-08-19 16:43 UTC, " +
        "151.0.4996.0 at 0% since 2026-08-19 16:43 UTC and 4,996 more",
    );
    expect(view.title.length).toBeLessThan(600);
  });
});
