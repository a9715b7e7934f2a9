// Every rule of the `order_by` section of the VersionHistory reference, and the default order (DEFAULT_ORDER
// in src/core/query/evaluate.ts).
// https://developer.chrome.com/docs/web-platform/versionhistory/reference#order
import { describe, expect, it } from "vitest";
import { parseOrderBy, runQuery } from "../../../../src/core/query/index.ts";
import { rows, versionRows } from "./records.ts";

const order = (text: string, data: ReturnType<typeof rows>) =>
  runQuery(data, [], parseOrderBy(text, "releases"), "releases");

describe("order_by", () => {
  it("rule 1: channels order stable, beta, dev, canary, canary_asan (then extended)", () => {
    const data = rows(
      ["canary_asan", "dev", "extended", "stable", "canary", "beta"].map((channel) => ({
        channel,
        version: "1",
        start: "2024-01-01T00:00:00Z",
      })),
    );
    expect(order("channel", data).map((r) => r.channel)).toEqual([
      "stable",
      "beta",
      "dev",
      "canary",
      "canary_asan",
      "extended",
    ]);
  });

  it("rule 2: name is a plain string sort; in descending order 1.0.0.8 comes before 1.0.0.10", () => {
    const data = rows([
      { version: "1.0.0.10", start: "2024-01-01T00:00:00Z" },
      { version: "1.0.0.8", start: "2024-01-01T00:00:00Z" },
    ]);
    expect(order("name desc", data).map((r) => r.version)).toEqual(["1.0.0.8", "1.0.0.10"]);
  });

  it("version orders numerically, unlike name", () => {
    const data = rows([
      { version: "1.0.0.8", start: "2024-01-01T00:00:00Z" },
      { version: "1.0.0.10", start: "2024-01-01T00:00:00Z" },
    ]);
    expect(order("version desc", data).map((r) => r.version)).toEqual(["1.0.0.10", "1.0.0.8"]);
  });

  it("asc is the default direction, and order_by=starttime%20asc sorts oldest first (the reference's example)", () => {
    const data = rows([
      { version: "2", start: "2024-02-01T00:00:00Z" },
      { version: "1", start: "2024-01-01T00:00:00Z" },
      { version: "3", start: "2024-03-01T00:00:00Z" },
    ]);
    const asc = order(decodeURIComponent("starttime%20asc"), data).map((r) => r.version);
    expect(asc).toEqual(["1", "2", "3"]);
    expect(order("starttime", data).map((r) => r.version)).toEqual(asc);
    expect(order("starttime desc", data).map((r) => r.version)).toEqual(["3", "2", "1"]);
  });

  it("rule 7 of filter applies to ordering: a live release's end time sorts as 1970", () => {
    const data = rows([
      { version: "1", start: "2024-01-01T00:00:00Z", end: "2024-02-01T00:00:00Z" },
      { version: "2", start: "2024-02-01T00:00:00Z" },
    ]);
    expect(order("endtime", data).map((r) => r.version)).toEqual(["2", "1"]);
  });

  it("orders by fraction", () => {
    const data = rows([
      { version: "1", start: "2024-01-01T00:00:00Z", fraction: 0.5 },
      { version: "2", start: "2024-01-01T00:00:00Z", fraction: 0.005 },
      { version: "3", start: "2024-01-01T00:00:00Z", fraction: 1 },
    ]);
    expect(order("fraction desc", data).map((r) => r.version)).toEqual(["3", "1", "2"]);
  });

  it("several keys: platform desc, channel, starttime desc (the service's own example)", () => {
    const data = rows([
      { platform: "mac", channel: "beta", version: "1", start: "2024-01-01T00:00:00Z" },
      { platform: "win", channel: "beta", version: "2", start: "2024-01-01T00:00:00Z" },
      { platform: "win", channel: "stable", version: "3", start: "2024-01-01T00:00:00Z" },
      { platform: "win", channel: "stable", version: "4", start: "2024-02-01T00:00:00Z" },
    ]);
    expect(order("platform desc, channel, starttime desc", data).map((r) => r.version)).toEqual([
      "4",
      "3",
      "2",
      "1",
    ]);
  });

  it("rule 3: without order_by, releases order by platform, channel, version desc, start time desc", () => {
    const data = rows([
      { platform: "win", channel: "beta", version: "2", start: "2024-01-01T00:00:00Z" },
      { platform: "mac", channel: "stable", version: "1", start: "2024-01-01T00:00:00Z" },
      { platform: "win", channel: "stable", version: "1", start: "2024-01-01T00:00:00Z" },
      { platform: "win", channel: "stable", version: "3", start: "2024-01-01T00:00:00Z" },
      { platform: "win", channel: "stable", version: "3", start: "2024-03-01T00:00:00Z" },
    ]);
    expect(order("", data).map((r) => `${r.platform} ${r.channel} ${r.version} ${r.start / 1e6}`)).toEqual([
      "mac stable 1 1704067200",
      "win stable 3 1709251200",
      "win stable 3 1704067200",
      "win stable 1 1704067200",
      "win beta 2 1704067200",
    ]);
  });

  it("without order_by, versions order by platform, channel, version desc", () => {
    const data = versionRows([
      { version: "1.0.0.8" },
      { version: "unknown_version" },
      { version: "1.0.0.10" },
      { version: "9", channel: "beta" },
      { version: "1", platform: "android" },
    ]);
    expect(runQuery(data, [], [], "versions").map((r) => `${r.platform} ${r.channel} ${r.version}`)).toEqual([
      "android stable 1",
      "win stable 1.0.0.10",
      "win stable 1.0.0.8",
      "win stable unknown_version",
      "win beta 9",
    ]);
  });

  it("breaks ties with the default order, so equal keys come back the same way every time", () => {
    const data = rows([
      { platform: "win", version: "1", start: "2024-01-01T00:00:00Z" },
      { platform: "mac", version: "2", start: "2024-01-01T00:00:00Z" },
      { platform: "mac", version: "3", start: "2024-01-01T00:00:00Z" },
    ]);
    expect(order("fraction", data).map((r) => r.version)).toEqual(["3", "2", "1"]);
    expect(order("fraction", [...data].reverse()).map((r) => r.version)).toEqual(["3", "2", "1"]);
  });
});
