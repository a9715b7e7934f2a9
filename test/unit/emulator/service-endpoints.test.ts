/**
 * The five endpoints of the VersionHistory reference over real HTTP: shapes, `all`, versions, aliases, 404s.
 * https://developer.chrome.com/docs/web-platform/versionhistory/reference
 */
import { describe, expect, test } from "vitest";
import { ALL_RELEASES, getJson, names, short, fixtureServerForSuite } from "./service-fixture.ts";

const served = fixtureServerForSuite();

describe("list shapes", () => {
  test("platforms lists those in the data, in catalog order, unknown ids last", async () => {
    const { status, body } = await served.get("/chrome/platforms");
    expect(status).toBe(200);
    expect(body).toEqual({
      platforms: [
        { name: "chrome/platforms/win", platformType: "WIN" },
        { name: "chrome/platforms/linux", platformType: "LINUX" },
        { name: "chrome/platforms/zeta", platformType: "ZETA" },
      ],
      nextPageToken: "",
    });
  });

  test("channels of one platform come by channel rank", async () => {
    const { body } = await served.get("/chrome/platforms/win/channels");
    expect(body).toEqual({
      channels: ["stable", "beta", "dev", "canary"].map((c) => ({
        name: `chrome/platforms/win/channels/${c}`,
        channelType: c.toUpperCase(),
      })),
      nextPageToken: "",
    });
  });

  test("channels of platform all come by platform, then channel rank", async () => {
    const { body } = await served.get("/chrome/platforms/all/channels");
    expect(names(body, "channels")).toEqual([
      "chrome/platforms/win/channels/stable",
      "chrome/platforms/win/channels/beta",
      "chrome/platforms/win/channels/dev",
      "chrome/platforms/win/channels/canary",
      "chrome/platforms/linux/channels/stable",
      "chrome/platforms/zeta/channels/stable",
    ]);
  });

  test("versions are the distinct versions of a platform and channel, newest first", async () => {
    const { body } = await served.get("/chrome/platforms/win/channels/stable/versions");
    expect(body).toEqual({
      versions: [
        { name: "chrome/platforms/win/channels/stable/versions/1.0.0.10", version: "1.0.0.10" },
        { name: "chrome/platforms/win/channels/stable/versions/1.0.0.8", version: "1.0.0.8" },
      ],
      nextPageToken: "",
    });
  });

  test("releases are sent as the data file has them, keys in the real service's order", async () => {
    const { body, text } = await served.get("/chrome/platforms/win/channels/beta/versions/79.0.0.0/releases");
    expect(body).toEqual({
      releases: [
        {
          name: "chrome/platforms/win/channels/beta/versions/79.0.0.0/releases/1701388800",
          serving: { startTime: "2023-12-01T00:00:00Z", endTime: "2024-01-05T00:00:00Z" },
          fraction: 1,
          version: "79.0.0.0",
          fractionGroup: "800",
          pinnable: true,
          rolloutData: [],
        },
      ],
      nextPageToken: "",
    });
    expect(Object.keys((body as { releases: object[] }).releases[0] ?? {})).toEqual([
      "name",
      "serving",
      "fraction",
      "version",
      "fractionGroup",
      "pinnable",
      "rolloutData",
    ]);
    expect(text.startsWith('{\n  "releases": [\n    {\n      "name"')).toBe(true);
  });

  test("a live release has no endTime key at all", async () => {
    const { body } = await served.get("/chrome/platforms/linux/channels/stable/versions/all/releases");
    const [live] = (body as { releases: { serving: object }[] }).releases;
    expect(live?.serving).toEqual({ startTime: "2024-01-10T00:00:00Z" });
  });
});

describe("all in paths", () => {
  test("all/all/all lists every release in the default order: platform, channel rank, version desc, start desc", async () => {
    const { body } = await served.get(ALL_RELEASES);
    expect(names(body).map(short)).toEqual([
      "linux/stable/1.0.0.10",
      "win/stable/1.0.0.10",
      "win/stable/1.0.0.10",
      "win/stable/1.0.0.8",
      "win/beta/80.0.1.0",
      "win/beta/79.0.0.0",
      "win/dev/81.0.0.0",
      "win/canary/82.0.0.0",
      "zeta/stable/2.0.0.0",
    ]);
    // Same version: the later start comes first.
    const win = (body as { releases: { serving: { startTime: string } }[] }).releases.slice(1, 3);
    expect(win.map((r) => r.serving.startTime)).toEqual([
      "2024-01-12T00:00:00.123456Z",
      "2024-01-10T00:00:00Z",
    ]);
  });

  test("platform all with one channel lists that channel on every platform", async () => {
    const { body } = await served.get("/chrome/platforms/all/channels/stable/versions");
    expect(names(body, "versions").map((n) => n.split("/").slice(2).join("/"))).toEqual([
      "linux/channels/stable/versions/1.0.0.10",
      "win/channels/stable/versions/1.0.0.10",
      "win/channels/stable/versions/1.0.0.8",
      "zeta/channels/stable/versions/2.0.0.0",
    ]);
  });

  test("one platform with channel all lists every channel of it", async () => {
    const { body } = await served.get("/chrome/platforms/win/channels/all/versions/all/releases");
    expect(names(body)).toHaveLength(7);
    expect(names(body).every((n) => n.startsWith("chrome/platforms/win/"))).toBe(true);
  });
});

describe("specific version", () => {
  test("lists every release of that version", async () => {
    const { body } = await served.get("/chrome/platforms/win/channels/stable/versions/1.0.0.10/releases");
    expect(names(body)).toEqual([
      "chrome/platforms/win/channels/stable/versions/1.0.0.10/releases/1705017600",
      "chrome/platforms/win/channels/stable/versions/1.0.0.10/releases/1704844800",
    ]);
  });

  test("works with platform and channel all", async () => {
    const { body } = await served.get("/chrome/platforms/all/channels/all/versions/1.0.0.10/releases");
    expect(names(body).map(short)).toEqual([
      "linux/stable/1.0.0.10",
      "win/stable/1.0.0.10",
      "win/stable/1.0.0.10",
    ]);
  });

  test("an unknown version gives an empty list, not an error", async () => {
    const { status, body } = await served.get(
      "/chrome/platforms/win/channels/stable/versions/9.9.9.9/releases",
    );
    expect(status).toBe(200);
    expect(body).toEqual({ releases: [], nextPageToken: "" });
  });
});

describe("product aliases", () => {
  test("browser answers with names under browser/", async () => {
    const { body } = await served.get("/browser/platforms/all/channels/all/versions/all/releases");
    expect(names(body)).toHaveLength(9);
    expect(names(body).every((n) => n.startsWith("browser/platforms/"))).toBe(true);
  });

  test("browser platforms and versions are named under browser/", async () => {
    const platforms = await served.get("/browser/platforms");
    expect(names(platforms.body, "platforms")[0]).toBe("browser/platforms/win");
    const versions = await served.get("/browser/platforms/win/channels/stable/versions");
    expect(names(versions.body, "versions")[0]).toBe(
      "browser/platforms/win/channels/stable/versions/1.0.0.10",
    );
  });

  test("a name filter sees the names under the alias", async () => {
    const filter = encodeURIComponent("name>=browser/platforms/win");
    const aliased = await served.get(
      `/browser/platforms/all/channels/all/versions/all/releases?filter=${filter}`,
    );
    expect(names(aliased.body)).toHaveLength(8);
    const canonical = await served.get(`${ALL_RELEASES}?filter=${filter}`);
    expect(names(canonical.body)).toHaveLength(9); // every "chrome/..." sorts after "browser/..."
  });

  test("a known product without data answers with empty lists", async () => {
    const { status, body } = await served.get("/webengine/platforms");
    expect(status).toBe(200);
    expect(body).toEqual({ platforms: [], nextPageToken: "" });
  });
});

describe("paths", () => {
  test("a trailing slash is tolerated, as Chromium's own client sends it", async () => {
    const plain = await served.get(
      "/chrome/platforms/win/channels/stable/versions/all/releases?order_by=endtime%20desc",
    );
    const slashed = await served.get(
      "/chrome/platforms/win/channels/stable/versions/all/releases/?order_by=endtime%20desc",
    );
    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
  });

  test.each([
    ["/nope/platforms", 'Product "nope" not found'],
    ["/chrome/platforms/ios/channels", 'Platform "ios" not found for product "chrome"'],
    ["/chrome/platforms/linux/channels/beta/versions", 'Channel "beta" not found for platform "linux"'],
    [
      "/chrome/platforms/all/channels/extended/versions/all/releases",
      'Channel "extended" not found for product',
    ],
    ["/chrome/platforms/win", "The requested URL /v1/chrome/platforms/win was not found"],
    ["/chrome/platforms//channels", "The requested URL /v1/chrome/platforms//channels was not found"],
  ])("%s is 404 NOT_FOUND naming what is missing", async (path, message) => {
    const { status, headers, body } = await served.get(path);
    expect(status).toBe(404);
    expect(headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(body).toEqual({
      error: { code: 404, message: expect.stringContaining(message) as string, status: "NOT_FOUND" },
    });
  });

  test("a path outside /v1 is 404 in the same shape", async () => {
    const res = await getJson(served.url.replace(/\/v1$/, ""), "/favicon.ico");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
  });
});
