// The one rule for "what is live on platform P, channel C": each version, its share, when it started
// serving, which is newest and which serves most users.
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { liveEverywhere, liveOn } from "../../../../src/shared/watch/live.ts";
import type { Snapshot } from "../../../../src/shared/store/snapshot.ts";
import { releaseOf } from "../../../fakes/release.ts";

const release = (
  platform: string,
  channel: string,
  version: string,
  fraction: number,
  startTime: string,
  group?: number,
): ReleaseResource =>
  releaseOf({ platform, channel, version, fraction, startTime, fractionGroup: group?.toString() });

const snapshot = (releases: ReleaseResource[]): Snapshot => ({
  baseUrl: "https://versionhistory.googleapis.com/v1",
  product: "chrome",
  fetchedAt: 0,
  releases,
});

const at = (iso: string): number => Date.parse(iso);

describe("liveOn", () => {
  it("a staged rollout: the newest serves a few, the previous version most users", () => {
    const live = liveOn(
      snapshot([
        release("win64", "stable", "151.0.7922.173", 0.75, "2026-08-20T20:10:00Z", 7),
        release("win64", "stable", "152.0.7950.10", 0.25, "2026-09-01T17:00:00Z", 7),
      ]),
      "win64",
      "stable",
    );
    expect(live.versions.map((v) => v.version)).toEqual(["152.0.7950.10", "151.0.7922.173"]);
    expect(live.newest).toEqual({
      version: "152.0.7950.10",
      fraction: 0.25,
      since: at("2026-09-01T17:00:00Z"),
    });
    expect(live.mostUsers).toEqual({
      version: "151.0.7922.173",
      fraction: 0.75,
      since: at("2026-08-20T20:10:00Z"),
    });
  });

  it("a version live in several fraction groups: its largest share, and the earliest start", () => {
    const live = liveOn(
      snapshot([
        release("win64", "stable", "120.0.6099.109", 0.05, "2023-12-12T19:00:00Z", 1),
        release("win64", "stable", "120.0.6099.109", 0.25, "2023-12-13T19:00:00Z", 2),
        release("win64", "stable", "120.0.6099.71", 0.75, "2023-12-05T19:00:00Z", 2),
      ]),
      "win64",
      "stable",
    );
    expect(live.newest).toEqual({
      version: "120.0.6099.109",
      fraction: 0.25,
      since: at("2023-12-12T19:00:00Z"),
    });
  });

  it("two milestones live at once on one channel, newest first by numeric order", () => {
    const live = liveOn(
      snapshot([
        release("android", "stable", "99.0.1.1", 0.1, "2026-01-02T00:00:00Z"),
        release("android", "stable", "100.0.1.1", 0.9, "2026-01-01T00:00:00Z"),
      ]),
      "android",
      "stable",
    );
    expect(live.newest?.version).toBe("100.0.1.1");
    expect(live.mostUsers?.version).toBe("100.0.1.1");
  });

  it("on equal shares most users are said to run the newer version", () => {
    const live = liveOn(
      snapshot([
        release("mac", "stable", "151.0.1.1", 0.5, "2026-01-01T00:00:00Z"),
        release("mac", "stable", "152.0.1.1", 0.5, "2026-01-02T00:00:00Z"),
      ]),
      "mac",
      "stable",
    );
    expect(live.mostUsers?.version).toBe("152.0.1.1");
  });

  it("nothing live: no versions, no newest, nobody", () => {
    const live = liveOn(
      snapshot([release("linux", "dev", "152.0.1.1", 1, "2026-01-01T00:00:00Z")]),
      "linux",
      "stable",
    );
    expect(live).toEqual({
      platform: "linux",
      channel: "stable",
      versions: [],
      newest: null,
      mostUsers: null,
    });
  });

  it("looks only at the platform and channel asked for", () => {
    const live = liveOn(
      snapshot([
        release("linux", "stable", "151.0.1.1", 1, "2026-01-01T00:00:00Z"),
        release("linux_arm64", "stable", "152.0.1.1", 1, "2026-01-01T00:00:00Z"),
        release("linux", "beta", "152.0.1.2", 1, "2026-01-01T00:00:00Z"),
      ]),
      "linux",
      "stable",
    );
    expect(live.versions.map((v) => v.version)).toEqual(["151.0.1.1"]);
  });

  it("ids the catalog does not know are platforms and channels like any other", () => {
    const live = liveOn(
      snapshot([release("linux_riscv64", "nightly", "152.0.1.1", 0.3, "2026-01-01T00:00:00Z")]),
      "linux_riscv64",
      "nightly",
    );
    expect(live.newest?.fraction).toBe(0.3);
  });

  it("a non-numeric version sorts below every numeric one", () => {
    const live = liveOn(
      snapshot([
        release("win", "stable", "unknown_version", 0.2, "2026-01-01T00:00:00Z"),
        release("win", "stable", "1.0.0.1", 0.8, "2026-01-01T00:00:00Z"),
      ]),
      "win",
      "stable",
    );
    expect(live.versions.map((v) => v.version)).toEqual(["1.0.0.1", "unknown_version"]);
  });
});

describe("liveEverywhere", () => {
  const world = snapshot([
    release("win64", "dev", "153.0.1.1", 1, "2026-01-01T00:00:00Z"),
    release("linux", "stable", "151.0.1.1", 1, "2026-01-01T00:00:00Z"),
    release("win64", "stable", "151.0.1.2", 1, "2026-01-01T00:00:00Z"),
    release("linux_riscv64", "stable", "151.0.1.3", 1, "2026-01-01T00:00:00Z"),
    release("linux", "extended", "150.0.1.1", 1, "2026-01-01T00:00:00Z"),
    { ...release("linux", "stable", "1.0.0.0", 1, "2026-01-01T00:00:00Z"), name: "not/a/release/name" },
  ]);

  it("one entry per platform and channel with live releases: channels as people read them, then platforms", () => {
    expect(liveEverywhere(world).map((l) => `${l.channel}/${l.platform}`)).toEqual([
      "stable/win64",
      "stable/linux",
      "stable/linux_riscv64",
      "extended/linux",
      "dev/win64",
    ]);
  });

  it("leaves out releases whose name does not parse", () => {
    expect(liveEverywhere(world).flatMap((l) => l.versions.map((v) => v.version))).not.toContain("1.0.0.0");
  });

  it("nothing live anywhere is an empty list", () => {
    expect(liveEverywhere(snapshot([]))).toEqual([]);
  });
});
