// Every rule of the `filter` section of the VersionHistory reference, one behaviour per test:
// https://developer.chrome.com/docs/web-platform/versionhistory/reference#filter
// Rules are numbered in the order the reference lists them, its version rule counted as two (2: numeric
// comparison, 3: zero padding).
import { describe, expect, it } from "vitest";
import { parseFilter, runQuery, type Endpoint } from "../../../../src/core/query/index.ts";
import { rows, versionRows } from "./records.ts";

const data = rows([
  { channel: "stable", version: "120.0.6099.71", start: "2023-12-06T21:01:00Z", end: "2024-01-03T20:00:00Z" },
  { channel: "stable", version: "121.0.6167.85", start: "2024-01-23T19:00:00.123456Z", fraction: 0.5 },
  { channel: "beta", version: "122.0.6261.6", start: "2024-02-01T10:00:00Z" },
  { channel: "dev", version: "123.0.6262.5", start: "2024-02-05T10:00:00Z" },
  { channel: "canary", version: "124.0.6300.1", start: "2024-02-10T10:00:00Z" },
  { channel: "canary_asan", version: "124.0.6300.1", start: "2024-02-10T10:00:00Z" },
  { channel: "extended", version: "118.0.5993.159", start: "2023-11-15T10:00:00Z", fraction: 0.25 },
  {
    platform: "mac",
    channel: "stable",
    version: "80",
    start: "2020-02-04T00:00:00Z",
    end: "2020-03-01T00:00:00Z",
  },
]);

function matching(filter: string, endpoint: Endpoint = "releases"): string[] {
  return runQuery(data, parseFilter(filter, endpoint), [], endpoint).map(
    (r) => `${r.platform}/${r.channel}/${r.version}`,
  );
}

describe("filter", () => {
  it("rule 1: channel<=dev gives stable, beta and dev only (the reference's example)", () => {
    expect(matching("channel<=dev")).toEqual([
      "mac/stable/80",
      "win/stable/121.0.6167.85",
      "win/stable/120.0.6099.71",
      "win/beta/122.0.6261.6",
      "win/dev/123.0.6262.5",
    ]);
  });

  it("rule 1: extended ranks after canary_asan, so channel>canary_asan gives only extended", () => {
    expect(matching("channel>canary_asan")).toEqual(["win/extended/118.0.5993.159"]);
  });

  it("rule 2: versions compare numerically field by field, 1.0.0.8 < 1.0.0.10", () => {
    const r = rows([
      { version: "1.0.0.8", start: "2024-01-01T00:00:00Z" },
      { version: "1.0.0.10", start: "2024-01-01T00:00:00Z" },
    ]);
    expect(
      runQuery(r, parseFilter("version>1.0.0.8", "releases"), [], "releases").map((x) => x.version),
    ).toEqual(["1.0.0.10"]);
  });

  it("rule 3: a short version is padded with zeros, version>80 means version>80.0.0.0", () => {
    expect(matching("version>80", "releases")).not.toContain("mac/stable/80");
    expect(matching("version>=80.0.0.0")).toContain("mac/stable/80");
    expect(matching("version=80.0")).toEqual(["mac/stable/80"]);
  });

  it("rule 4: endtime=none selects live releases only", () => {
    expect(matching("endtime=none")).toHaveLength(6);
    expect(matching("endtime=none")).not.toContain("win/stable/120.0.6099.71");
  });

  it("rule 5: starttime and endtime take RFC 3339, with fractional seconds and offsets", () => {
    expect(matching("starttime>=2024-01-23T19:00:00.123456Z,starttime<2024-02-01T10:00:00Z")).toEqual([
      "win/stable/121.0.6167.85",
    ]);
    // 11:00 at +01:00 is 10:00 UTC: the beta release starts exactly then.
    expect(matching("starttime=2024-02-01T11:00:00+01:00")).toEqual(["win/beta/122.0.6261.6"]);
    expect(matching("endtime>2023-12-31T23:59:59Z")).toEqual(["win/stable/120.0.6099.71"]);
  });

  it("rule 6: name and platform compare as plain strings", () => {
    expect(matching("platform<n").every((s) => s.startsWith("mac/"))).toBe(true);
    expect(matching("platform=win")).toHaveLength(7);
    // As strings, "chrome/platforms/mac..." < "chrome/platforms/w".
    expect(matching("name<chrome/platforms/w")).toEqual(["mac/stable/80"]);
  });

  it("rule 7: an absent end time counts as 1970-01-01T00:00:00Z", () => {
    expect(matching("endtime<2000-01-01T00:00:00Z")).toEqual(matching("endtime=none"));
    expect(matching("endtime=1970-01-01T00:00:00Z")).toEqual(matching("endtime=none"));
  });

  it("rule 8: fraction=1 means 100% of users (the reference's example filter=fraction=1)", () => {
    expect(matching("fraction=1")).toHaveLength(6);
    expect(matching("fraction<1")).toEqual(["win/stable/121.0.6167.85", "win/extended/118.0.5993.159"]);
  });

  it("joins comma-separated clauses with AND, white space allowed (channel<=beta, version >= 80)", () => {
    expect(matching("channel<=beta, version >= 121")).toEqual([
      "win/stable/121.0.6167.85",
      "win/beta/122.0.6261.6",
    ]);
    expect(matching("  channel <= beta ,version>=121  ")).toEqual(matching("channel<=beta,version>=121"));
  });

  it("supports every operator", () => {
    expect(matching("version<121").length).toBe(3);
    expect(matching("version<=121.0.6167.85").length).toBe(4);
    expect(matching("version=121.0.6167.85").length).toBe(1);
    expect(matching("version>123.0.6262.5").length).toBe(2);
    expect(matching("version>=123").length).toBe(3);
  });

  it("an empty filter selects everything", () => {
    expect(matching("")).toHaveLength(data.length);
  });

  it("on versions, filters by version, name, platform and channel", () => {
    const v = versionRows([
      { version: "1.0.0.8" },
      { version: "1.0.0.10", channel: "beta" },
      { version: "2", platform: "mac" },
    ]);
    const result = runQuery(
      v,
      parseFilter("platform=win,channel<=beta,version>=1.0.0.9", "versions"),
      [],
      "versions",
    );
    expect(result.map((x) => x.version)).toEqual(["1.0.0.10"]);
  });

  it("a non-numeric version matches no version comparison", () => {
    const r = rows([{ version: "unknown_version", start: "2024-01-01T00:00:00Z" }]);
    for (const op of ["<", "<=", "=", ">", ">="]) {
      expect(runQuery(r, parseFilter(`version${op}1`, "releases"), [], "releases"), op).toHaveLength(0);
    }
  });
});
