// The popup's banners: one per cause of failure, naming every part it stopped, details kept apart.
import { describe, expect, it } from "vitest";
import { banners, type Problem } from "../../../../src/popup/glance/problems.ts";
import type { Failure } from "../../../../src/shared/status/failure.ts";

const HOST = "127.0.0.1:8787";
const NOW = Date.parse("2026-11-23T14:02:00Z");
const down = (what: string): Failure => ({
  kind: "unreachable",
  details: `GET ${what} failed: Failed to fetch`,
});
const unavailable: Failure = {
  kind: "http",
  status: 503,
  details: "GET /x failed with 503 Service Unavailable",
};
const notFound: Failure = {
  kind: "http",
  status: 404,
  reason: 'Platform "windows" not found',
  details: "GET /y failed with 404",
};

describe("banners", () => {
  it("none when nothing fails", () => {
    expect(banners([], HOST, NOW)).toEqual([]);
  });

  it("a service that is down fails three parts and gives one banner naming all three", () => {
    const problems: Problem[] = [
      { source: "chart", failure: down("/chart") },
      { source: "results", failure: down("/list") },
      { source: "check", failure: down("/all"), nextTry: Date.parse("2026-11-23T14:05:00Z") },
    ];
    const [only, ...rest] = banners(problems, HOST, NOW);
    expect(rest).toEqual([]);
    expect(only?.sources).toEqual(["check", "results", "chart"]);
    expect(only?.message).toBe(
      "Cannot reach the service at 127.0.0.1:8787; next try at 14:05 UTC (in 3 min). " +
        "This stopped the latest check, the release list and the chart.",
    );
    expect(only?.details.split("\n")).toEqual([
      "The latest check failed: GET /all failed: Failed to fetch",
      "The release list could not load: GET /list failed: Failed to fetch",
      "The chart could not load: GET /chart failed: Failed to fetch",
    ]);
  });

  it("one part failing says which, in one sentence", () => {
    expect(banners([{ source: "results", failure: notFound }], HOST, NOW)).toEqual([
      {
        sources: ["results"],
        message:
          'The release list could not load: The service has no such resource (404): Platform "windows" not found.',
        details: "The release list could not load: GET /y failed with 404",
      },
    ]);
  });

  it("a reason that ends its own sentence gets no second stop, alone or for several parts", () => {
    const refused: Failure = { kind: "http", status: 400, reason: "Invalid filter.", details: "GET /z" };
    const [alone] = banners([{ source: "results", failure: refused }], HOST, NOW);
    expect(alone?.message).toBe(
      "The release list could not load: The service refused the request (400): Invalid filter.",
    );
    const [both] = banners(
      [
        { source: "results", failure: refused },
        { source: "chart", failure: refused },
      ],
      HOST,
      NOW,
    );
    expect(both?.message).toBe(
      "The service refused the request (400): Invalid filter. This stopped the release list and the chart.",
    );
  });

  it("different causes make different banners, in the order of the parts", () => {
    const list = banners(
      [
        { source: "results", failure: notFound },
        { source: "check", failure: unavailable, nextTry: NOW + 60_000 },
        { source: "chart", failure: unavailable },
      ],
      HOST,
      NOW,
    );
    expect(list.map((b) => b.sources)).toEqual([["check", "chart"], ["results"]]);
    expect(list[0]?.message).toBe(
      "The service is unavailable (503); next try at 14:03 UTC (in 1 min). This stopped the latest check and the chart.",
    );
  });

  it("a banner goes when its last part recovers", () => {
    const both: Problem[] = [
      { source: "check", failure: unavailable },
      { source: "results", failure: unavailable },
    ];
    expect(banners(both, HOST, NOW)).toHaveLength(1);
    expect(banners(both.slice(1), HOST, NOW).map((b) => b.sources)).toEqual([["results"]]);
    expect(banners([], HOST, NOW)).toEqual([]);
  });

  it("never puts the request or body in the message", () => {
    const [banner] = banners([{ source: "check", failure: unavailable }], HOST, NOW);
    expect(banner?.message).toBe("The latest check failed: The service is unavailable (503).");
    expect(banner?.message).not.toContain("GET");
    expect(banner?.details).toContain("GET /x");
  });
});
