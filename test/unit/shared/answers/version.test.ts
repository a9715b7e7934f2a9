// The answer about a version or a prefix of one: where the service serves it now, and, given the releases a
// surface fetched, where it served it before.
import { describe, expect, it } from "vitest";
import { versionAnswer, versionFilter, versionHistoryLines } from "../../../../src/shared/answers/version.ts";
import { context, release, snapshot } from "./fixtures.ts";

const full = { version: "157.0.7400.120", milestone: 157, prefix: false };
const prefix = { version: "157.0.7400", milestone: 157, prefix: true };

const live = snapshot([
  release("win64", "stable", "158.0.7500.50", 0.25, { group: "1" }),
  release("win64", "stable", "157.0.7400.120", 0.75, { group: "1" }),
  release("android", "stable", "157.0.7400.121", 1, { group: "2" }),
  release("linux", "beta", "157.0.7400.120", 1, { group: "3", startTime: "2026-11-10T17:00:00Z" }),
]);

describe("versionAnswer", () => {
  it("every platform and channel where the version is live, since when and at what share", () => {
    const a = versionAnswer(full, context({ snapshot: live }));
    expect(a.title).toBe("Version 157.0.7400.120");
    expect(a.lines).toEqual([
      "Stable on Windows: 157.0.7400.120 at 75% since 2026-11-20 18:00 UTC",
      "Beta on Linux: 157.0.7400.120 at 100% since 2026-11-10 17:00 UTC",
      "Live shares as of 2026-11-26 11:55 UTC (5 min ago)",
    ]);
    expect(a.summary).toBe(
      "157.0.7400.120 · Stable on Windows: 157.0.7400.120 at 75% since 2026-11-20 18:00 UTC (+1 more)",
    );
    expect(a.links).toEqual([
      { text: "Chrome 157 release notes", url: "https://developer.chrome.com/release-notes/157" },
    ]);
  });

  it("a prefix of whole fields names every version under it, and no version that only starts with its text", () => {
    const withLonger = snapshot([...live.releases, release("mac", "stable", "157.0.74001.1", 1)]);
    const a = versionAnswer(prefix, context({ snapshot: withLonger }));
    expect(a.title).toBe("Versions 157.0.7400.*");
    expect(a.lines.filter((l) => l.includes("157.0.74001"))).toEqual([]);
    expect(a.lines).toContain("Stable on Android: 157.0.7400.121 at 100% since 2026-11-20 18:00 UTC");
  });

  it("says plainly when the service does not list it as live", () => {
    const a = versionAnswer(
      { version: "151.0.7922.173", milestone: 151, prefix: false },
      context({ snapshot: live }),
    );
    expect(a.lines[0]).toBe("The service does not list 151.0.7922.173 as live on any platform or channel.");
    expect(a.summary).toBe("151.0.7922.173 · not live");
  });

  it("with no snapshot, says the live share is unknown and why", () => {
    const a = versionAnswer(full, context({ failure: { kind: "timeout", details: "" } }));
    expect(a.lines).toEqual([
      "The live share is unknown. The service at versionhistory.googleapis.com did not answer in time.",
    ]);
    expect(a.summary).toBe("157.0.7400.120 · live share unknown");
  });

  it("with the releases a surface fetched, says where it was served, since and until when", () => {
    const served = [
      release("win64", "stable", "157.0.7400.120", 1, {
        startTime: "2026-11-04T18:00:00Z",
        endTime: "2026-11-20T18:00:00Z",
      }),
    ];
    const a = versionAnswer(full, context({ snapshot: live }), served);
    expect(a.lines.slice(-2)).toEqual([
      "Served by the service:",
      "Stable on Windows: 157.0.7400.120 from 2026-11-04 18:00 UTC until 2026-11-20 18:00 UTC at 100%",
    ]);
    expect(versionAnswer(full, context({ snapshot: live }), []).lines.at(-1)).toBe(
      "The service knows no release of 157.0.7400.120.",
    );
  });
});

describe("versionHistoryLines", () => {
  it("orders by channel, platform and start, and stops at 20 lines with a count of the rest", () => {
    const releases = Array.from({ length: 25 }, (_, i) =>
      release("win64", "stable", "157.0.7400.120", 1, {
        startTime: new Date(Date.UTC(2026, 10, 1, i)).toISOString().replace(".000", ""),
        endTime: "2026-11-20T18:00:00Z",
      }),
    );
    const lines = versionHistoryLines(full, [
      release("linux", "beta", "157.0.7400.120", 1),
      ...releases.reverse(),
    ]);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^Stable on Windows: 157.0.7400.120 from 2026-11-01 00:00 UTC/);
    expect(lines.at(-1)).toBe("and 6 more releases");
  });

  it("says a release started and ended at one time was served for no time, not 'from X until X'", () => {
    const at = "2026-11-20T18:00:00Z";
    expect(
      versionHistoryLines(full, [
        release("win64", "stable", "157.0.7400.120", 1, { startTime: at, endTime: at }),
      ]),
    ).toEqual([
      "Stable on Windows: 157.0.7400.120 served for no time (started and ended 2026-11-20 18:00 UTC)",
    ]);
  });

  it("a list cut at 20 lines offers the explorer on them all: the prefix's releases, or the version's", () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      release("win64", "stable", `157.0.7400.${i}`, 1, { endTime: "2026-11-21T18:00:00Z" }),
    );
    expect(versionAnswer(prefix, context(), many).explore).toEqual({
      text: "All releases of versions starting with 157.0.7400 in the explorer",
      context: { kind: "versions", prefix: "157.0.7400", milestone: 157 },
    });
    expect(versionAnswer(prefix, context(), many.slice(0, 3)).explore).toBeUndefined();
  });

  it("says a live release is still live", () => {
    expect(versionHistoryLines(full, [release("win64", "stable", "157.0.7400.120", 0.5)])).toEqual([
      "Stable on Windows: 157.0.7400.120 from 2026-11-20 18:00 UTC still live at 50%",
    ]);
  });
});

describe("versionFilter", () => {
  it("asks for the version, or for a prefix's range up to its successor", () => {
    expect(versionFilter(full)).toBe("version=157.0.7400.120");
    expect(versionFilter(prefix)).toBe("version>=157.0.7400,version<157.0.7401");
    expect(versionFilter({ version: "151", milestone: 151, prefix: true })).toBe("version>=151,version<152");
  });
});
