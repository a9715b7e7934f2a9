import { describe, expect, it } from "vitest";
import { liveRows } from "../../src/popup/live-table.ts";

const rel = (platform: string, channel: string, version: string, fraction: number) => ({
  name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}/releases/1`,
  serving: { startTime: "2026-08-19T16:43:28.159000Z" },
  fraction,
  version,
});

describe("popup live table", () => {
  it("shows one row per platform and channel with the newest version and its largest share", () => {
    const rows = liveRows({
      baseUrl: "http://127.0.0.1:1/v1",
      product: "chrome",
      fetchedAt: 0,
      releases: [
        rel("win64", "stable", "151.0.7922.174", 0.75),
        rel("win64", "stable", "152.0.7977.54", 0.1),
        rel("win64", "stable", "152.0.7977.54", 0.25),
        rel("linux", "dev", "154.0.8013.2", 1),
        rel("linux", "stable", "151.0.7922.173", 1),
      ],
    });
    expect(rows).toEqual([
      { platform: "Linux", channel: "Stable", version: "151.0.7922.173", share: "100%", since: "2026-08-19" },
      { platform: "Windows", channel: "Stable", version: "152.0.7977.54", share: "25%", since: "2026-08-19" },
      { platform: "Linux", channel: "Dev", version: "154.0.8013.2", share: "100%", since: "2026-08-19" },
    ]);
  });
});
