import { describe, expect, it } from "vitest";
import type { ReleaseResource, VersionResource } from "../../../../src/core/types.ts";
import {
  changesUrl,
  notesUrl,
  resultRows,
  shortTime,
  type PreviousOf,
} from "../../../../src/popup/explorer/results-rows.ts";
import { releaseOf } from "../../../fakes/release.ts";

const rel = (
  platform: string,
  channel: string,
  version: string,
  fraction: number,
  startTime: string,
  endTime?: string,
): ReleaseResource => releaseOf({ platform, channel, version, fraction, startTime, endTime });

const ver = (platform: string, channel: string, version: string): VersionResource => ({
  name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}`,
  version,
});

const LOG = "https://chromium.googlesource.com/chromium/src/+log/";

/** Nothing known yet: every lookup still on its way. */
const unknown: PreviousOf = () => undefined;

/** Previous versions as a service listing of `platform/channel` pairs would say them; others unknown. */
function listed(known: Record<string, Record<string, string | null>>): PreviousOf {
  return (platform, channel, version) => known[`${platform}/${channel}`]?.[version];
}

describe("resultRows for releases", () => {
  const rows = resultRows(
    {
      view: "releases",
      items: [
        rel("win64", "stable", "120.0.6099.71", 0.25, "2023-12-06T21:01:00Z"),
        rel("win64", "stable", "119.0.6045.199", 0.755, "2023-11-28T19:33:20.5Z", "2023-12-07T00:00:00Z"),
      ],
    },
    listed({ "win64/stable": { "120.0.6099.71": "119.0.6045.199", "119.0.6045.199": null } }),
  );

  it("writes the cells as text, a live release ending in 'live'", () => {
    expect(rows[0]).toMatchObject({
      version: "120.0.6099.71",
      platform: "win64",
      platformLabel: "Windows",
      channel: "stable",
      channelLabel: "Stable",
      start: "2023-12-06 21:01",
      startTitle: "2023-12-06T21:01:00Z",
      end: "live",
      live: true,
      fraction: 0.25,
      share: "25%",
    });
    expect(rows[1]).toMatchObject({ end: "2023-12-07 00:00", live: false, share: "75%", fraction: 0.755 });
  });

  it("links the changes since the previous version it is given for that platform and channel", () => {
    expect(rows[0]?.previous).toBe("119.0.6045.199");
    expect(rows[0]?.changesUrl).toBe(`${LOG}119.0.6045.199..120.0.6099.71?pretty=fuller&n=10000`);
  });

  it("omits the changes link of a version with no previous one", () => {
    expect(rows[1]?.previous).toBeNull();
    expect(rows[1]?.changesUrl).toBeNull();
  });

  it("links the milestone's release notes", () => {
    expect(rows.map((r) => r.notesUrl)).toEqual([
      "https://developer.chrome.com/release-notes/120",
      "https://developer.chrome.com/release-notes/119",
    ]);
  });
});

describe("resultRows, previous versions", () => {
  const items = [
    rel("win64", "stable", "120.0.1.0", 0.1, "2023-12-01T00:00:00Z"),
    rel("win64", "stable", "120.0.1.0", 0.5, "2023-12-02T00:00:00Z"),
    rel("linux", "stable", "119.0.0.0", 1, "2023-11-01T00:00:00Z"),
    rel("win64", "beta", "119.5.0.0", 1, "2023-11-01T00:00:00Z"),
    rel("win64", "stable", "118.0.0.0", 1, "2023-10-01T00:00:00Z"),
  ];

  it("asks for each row's previous version by its platform and channel, whatever else is loaded", () => {
    const asked: string[] = [];
    // The service lists 119.0.0.0 on win64/stable, which no loaded row shows.
    const service = listed({
      "win64/stable": { "120.0.1.0": "119.0.0.0", "118.0.0.0": "117.0.0.0" },
      "linux/stable": { "119.0.0.0": "118.0.0.0" },
      "win64/beta": { "119.5.0.0": null },
    });
    const rows = resultRows({ view: "releases", items }, (platform, channel, version) => {
      asked.push(`${platform}/${channel}/${version}`);
      return service(platform, channel, version);
    });
    expect(rows.map((r) => r.previous)).toEqual(["119.0.0.0", "119.0.0.0", "118.0.0.0", null, "117.0.0.0"]);
    expect(asked).toEqual([
      "win64/stable/120.0.1.0",
      "win64/stable/120.0.1.0",
      "linux/stable/119.0.0.0",
      "win64/beta/119.5.0.0",
      "win64/stable/118.0.0.0",
    ]);
  });

  it("gives no changes link while the previous version is not known, never one from the rows loaded", () => {
    const rows = resultRows({ view: "releases", items }, unknown);
    expect(rows.map((r) => [r.previous, r.changesUrl])).toEqual(items.map(() => [null, null]));
    // The release notes do not depend on it.
    expect(rows[0]?.notesUrl).toBe("https://developer.chrome.com/release-notes/120");
  });

  it("builds no link from a previous version that is not numeric", () => {
    const [row] = resultRows({ view: "versions", items: [ver("linux", "dev", "2.0")] }, () => "../evil");
    expect(row?.changesUrl).toBeNull();
  });

  it("gives no links for a version that is not numeric", () => {
    const rows = resultRows(
      { view: "versions", items: [ver("linux", "dev", "unknown_version"), ver("linux", "dev", "1.0")] },
      listed({ "linux/dev": { unknown_version: null, "1.0": null } }),
    );
    expect(rows[0]).toMatchObject({ previous: null, changesUrl: null, notesUrl: null });
  });
});

describe("resultRows for versions", () => {
  it("has no times or share, and links like releases", () => {
    const [row] = resultRows(
      {
        view: "versions",
        items: [ver("android", "beta", "121.0.6167.8"), ver("android", "beta", "121.0.6167.7")],
      },
      listed({ "android/beta": { "121.0.6167.8": "121.0.6167.7" } }),
    );
    expect(row).toMatchObject({
      platformLabel: "Android",
      channelLabel: "Beta",
      start: null,
      end: null,
      live: false,
      fraction: null,
      share: null,
      changesUrl: `${LOG}121.0.6167.7..121.0.6167.8?pretty=fuller&n=10000`,
      notesUrl: "https://developer.chrome.com/release-notes/121",
    });
  });

  it("shows a resource name it cannot read with empty ids rather than failing", () => {
    const [row] = resultRows({ view: "versions", items: [{ name: "odd", version: "1.2" }] }, () => "1.1");
    expect(row).toMatchObject({ platform: "", channel: "", version: "1.2", changesUrl: null });
  });
});

describe("links and times", () => {
  it("builds links only from numeric versions", () => {
    expect(changesUrl("1.0", "2.0")).toBe(`${LOG}1.0..2.0?pretty=fuller&n=10000`);
    expect(changesUrl("1.0", "2.0/../../evil")).toBeNull();
    expect(changesUrl("javascript:alert(1)", "2.0")).toBeNull();
    expect(notesUrl("<b>120</b>")).toBeNull();
  });

  it("shortens a time to UTC minutes and keeps text that is not a time", () => {
    expect(shortTime("2024-05-29T22:11:36.621+02:00")).toBe("2024-05-29 20:11");
    expect(shortTime("soon")).toBe("soon");
  });
});
