import { describe, expect, it } from "vitest";
import {
  COLORS,
  globalBadge as badgeOf,
  type GlobalInput,
  type Watch,
} from "../../../src/background/badge.ts";
import { shareText } from "../../../src/background/share.ts";
import type { Snapshot } from "../../../src/background/snapshot.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";

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
const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
/** The badge at NOW with a 30-minute poll interval unless the test says otherwise. */
const globalBadge = (input: Omit<GlobalInput, "now" | "pollMinutes" | "formatTime"> & Partial<GlobalInput>) =>
  badgeOf({ now: NOW, pollMinutes: 30, formatTime: fmt, ...input });

describe("global badge", () => {
  it("shows the major in green when the newest live version is fully served", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
      watch,
      host: "h",
    });
    expect(view).toMatchObject({ text: "151", color: COLORS.full, textColor: COLORS.white });
  });

  it("shows the newest version's largest share in amber while it rolls out, beside its predecessor", () => {
    const view = globalBadge({
      snapshot: snapshot([
        live("win64", "stable", "151.0.7922.174", 0.75),
        live("win64", "stable", "152.0.7977.54", 0.25),
        live("win64", "stable", "152.0.7977.54", 0.1),
        live("mac", "stable", "153.0.1.1", 1),
      ]),
      watch,
      host: "h",
    });
    expect(view).toMatchObject({ text: "25%", color: COLORS.partial, textColor: COLORS.dark });
    expect(view.title).toContain("152.0.7977.54 at 25%");
    expect(view.title).toContain("Also live: 151.0.7922.174 (75%)");
  });

  it("shows no text when the channel has no live release on the platform, and says so", () => {
    const view = globalBadge({ snapshot: snapshot([live("mac", "stable", "1", 1)]), watch, host: "h" });
    expect(view.text).toBe("");
    expect(view.title).toContain("No live Stable release on Windows");
  });

  it("shows ! in red with the service's message when there is an error and no data", () => {
    const view = globalBadge({ snapshot: null, watch, host: "127.0.0.1:8787", error: "GET … failed: 503" });
    expect(view).toMatchObject({ text: "!", color: COLORS.error });
    expect(view.title).toContain("Cannot reach the service at 127.0.0.1:8787: GET … failed: 503");
  });

  it("says when the next try is after an error", () => {
    const view = globalBadge({ snapshot: null, watch, host: "h", error: "down", nextTry: NOW + 60_000 });
    expect(view.title).toContain("down; next try 2026-08-21 10:31");
  });

  it("keeps the text but greys the badge when the last success is older than three poll intervals", () => {
    const old = { ...snapshot([live("win64", "stable", "151.0.7922.173", 1)]), fetchedAt: NOW - 91 * 60_000 };
    const view = globalBadge({ snapshot: old, watch, host: "h" });
    expect(view).toMatchObject({ text: "151", color: COLORS.stale, textColor: COLORS.white });
    expect(view.title).toContain("Stale: no successful check since 2026-08-21 08:59");
  });

  it("is not stale within three poll intervals", () => {
    const recent = {
      ...snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
      fetchedAt: NOW - 89 * 60_000,
    };
    expect(globalBadge({ snapshot: recent, watch, host: "h" }).color).toBe(COLORS.full);
  });

  it("names the previous fully served version and whether this browser is behind", () => {
    const view = globalBadge({
      snapshot: snapshot([
        live("win64", "stable", "152.0.1.1", 0.25),
        live("win64", "stable", "151.0.2.2", 1),
      ]),
      watch,
      host: "127.0.0.1:8787",
      browserVersion: "151.0.2.2",
    });
    expect(view.title.split("\n")).toEqual([
      "Release Radar: chrome Stable on Windows",
      "152.0.1.1 at 25% since 2026-08-19 16:43",
      "Also live: 151.0.2.2 (100%)",
      "Previous fully served version: 151.0.2.2",
      "This browser: 151.0.2.2, behind 152.0.1.1",
      "Last checked 2026-08-21 10:00 at 127.0.0.1:8787",
    ]);
  });

  it("says this browser is up to date when it runs the newest version", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "151.0.2.2", 1)]),
      watch,
      host: "h",
      browserVersion: "151.0.2.2",
    });
    expect(view.title).toContain("This browser: 151.0.2.2, up to date");
  });

  it("keeps the last good badge when a check fails, and names the error", () => {
    const view = globalBadge({
      snapshot: snapshot([live("win64", "stable", "151.0.7922.173", 1)]),
      watch,
      host: "h",
      error: "timed out",
    });
    expect(view.text).toBe("151");
    expect(view.title).toContain("Latest check failed: timed out");
  });
});
