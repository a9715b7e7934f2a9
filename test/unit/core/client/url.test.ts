/**
 * Request URLs of the five list endpoints (https://developer.chrome.com/docs/web-platform/versionhistory/reference)
 * and how query parameters are encoded (src/core/client/url.ts, and the client sending exactly those URLs).
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../../../src/core/client/index.ts";
import { buildUrl } from "../../../../src/core/client/url.ts";
import type { Filter, OrderBy } from "../../../../src/core/query/ast.ts";
import { BASE, fakeFetch, json } from "../../../fakes/fetch.ts";

function clientRecording(product = "chrome", pageSize?: number) {
  const fake = fakeFetch((req) => {
    const kind = /\/(platforms|channels|versions|releases)(\?|$)/.exec(req.url)?.[1] ?? "platforms";
    return json({ [kind]: [] });
  });
  const client = createClient({
    baseUrl: BASE,
    product,
    fetch: fake.fetch,
    ...(pageSize !== undefined && { pageSize }),
  });
  return { client, requests: fake.requests };
}

describe("endpoint URLs", () => {
  it("endpoint 1 lists the product's platforms", async () => {
    const { client, requests } = clientRecording();
    await client.platforms();
    expect(requests.map((r) => r.url)).toEqual([`${BASE}/chrome/platforms`]);
  });

  it("endpoint 2 is channels of platform all by default", async () => {
    const { client, requests } = clientRecording();
    await client.channels();
    expect(requests[0]?.url).toBe(`${BASE}/chrome/platforms/all/channels`);
  });

  it("endpoint 3 lists the channels of one platform", async () => {
    const { client, requests } = clientRecording();
    await client.channels("win");
    expect(requests[0]?.url).toBe(`${BASE}/chrome/platforms/win/channels`);
  });

  it("endpoint 4 lists the versions of a platform and channel", async () => {
    const { client, requests } = clientRecording();
    await client.versions({ platform: "win", channel: "stable" });
    expect(requests[0]?.url).toBe(`${BASE}/chrome/platforms/win/channels/stable/versions`);
  });

  it("endpoint 4 defaults platform and channel to all", async () => {
    const { client, requests } = clientRecording();
    await client.versions();
    expect(requests[0]?.url).toBe(`${BASE}/chrome/platforms/all/channels/all/versions`);
  });

  it("endpoint 5 lists releases, version defaulting to all", async () => {
    const { client, requests } = clientRecording();
    await client.releases({ platform: "win64", channel: "stable" });
    expect(requests[0]?.url).toBe(`${BASE}/chrome/platforms/win64/channels/stable/versions/all/releases`);
  });

  it("endpoint 5 puts a given version in the path", async () => {
    const { client, requests } = clientRecording();
    await client.releases({ platform: "win", channel: "stable", version: "131.0.6778.205" });
    expect(requests[0]?.url).toBe(
      `${BASE}/chrome/platforms/win/channels/stable/versions/131.0.6778.205/releases`,
    );
  });

  it("passes the emulator's product alias through unchanged", async () => {
    const { client, requests } = clientRecording("browser");
    await client.platforms();
    expect(requests[0]?.url).toBe(`${BASE}/browser/platforms`);
  });

  it("passes the real service's second product through unchanged", async () => {
    const { client, requests } = clientRecording("fuchsiawebengine");
    await client.channels("fuchsia");
    expect(requests[0]?.url).toBe(`${BASE}/fuchsiawebengine/platforms/fuchsia/channels`);
  });

  it("percent-encodes every path segment", () => {
    const url = buildUrl(BASE, "a b", { kind: "releases", platform: "x/y", channel: "c?d", version: "1#2" });
    expect(url).toBe(`${BASE}/a%20b/platforms/x%2Fy/channels/c%3Fd/versions/1%232/releases`);
  });

  it("tolerates a trailing slash on the base URL", () => {
    expect(buildUrl(`${BASE}/`, "chrome", { kind: "platforms" })).toBe(`${BASE}/chrome/platforms`);
  });

  it("sends Accept: application/json with GET", async () => {
    const { client, requests } = clientRecording();
    await client.platforms();
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.headers.get("Accept")).toBe("application/json");
  });

  it("client.url gives the same URL the request uses", async () => {
    const { client, requests } = clientRecording();
    await client.releases({
      platform: "win",
      channel: "beta",
      filter: "fraction<1",
      orderBy: "version desc",
    });
    expect(
      client.url(
        { kind: "releases", platform: "win", channel: "beta" },
        {
          filter: "fraction<1",
          orderBy: "version desc",
        },
      ),
    ).toBe(requests[0]?.url);
  });
});

describe("query parameters", () => {
  it("encodes a filter text as filter= with the operator percent-encoded", () => {
    const url = buildUrl(
      BASE,
      "chrome",
      { kind: "releases", platform: "win64", channel: "stable" },
      {
        filter: "endtime=none",
      },
    );
    // "=" inside the value is percent-encoded, so the query has exactly one "=" per parameter.
    expect(url).toBe(
      `${BASE}/chrome/platforms/win64/channels/stable/versions/all/releases?filter=endtime%3Dnone`,
    );
  });

  it("spells the order parameter order_by and encodes its space as %20", () => {
    const url = buildUrl(BASE, "chrome", { kind: "releases" }, { orderBy: "starttime asc" });
    // encodeURIComponent, not URLSearchParams: `+` is a space only in form encoding, `%20` in any URL parser.
    expect(url).toBe(
      `${BASE}/chrome/platforms/all/channels/all/versions/all/releases?order_by=starttime%20asc`,
    );
  });

  it("sends filter before order_by, commas and comparison operators encoded", () => {
    const url = buildUrl(
      BASE,
      "chrome",
      { kind: "versions" },
      {
        filter: "channel<=dev,version>=80",
        orderBy: "version desc,channel",
      },
    );
    expect(url.split("?")[1]).toBe(
      "filter=channel%3C%3Ddev%2Cversion%3E%3D80&order_by=version%20desc%2Cchannel%20asc",
    );
  });

  it("sends a filter text in the core serializer's canonical form", () => {
    const url = buildUrl(
      BASE,
      "chrome",
      { kind: "releases" },
      { filter: " startTime >= 2024-01-01T00:00:00Z " },
    );
    expect(new URL(url).searchParams.get("filter")).toBe("starttime>=2024-01-01T00:00:00Z");
  });

  it("serializes a filter AST with the core serializer", () => {
    const filter: Filter = [{ field: "fraction", op: "=", value: { type: "number", value: 1 } }];
    const url = buildUrl(BASE, "chrome", { kind: "releases", platform: "win" }, { filter });
    // The reference's filter example: GET .../versions/all/releases?filter=fraction=1.
    expect(url).toBe(`${BASE}/chrome/platforms/win/channels/all/versions/all/releases?filter=fraction%3D1`);
  });

  it("serializes an order_by AST with the core serializer", () => {
    const orderBy: OrderBy = [{ field: "starttime", direction: "desc" }];
    const url = buildUrl(BASE, "chrome", { kind: "releases" }, { orderBy });
    expect(new URL(url).search).toBe("?order_by=starttime%20desc");
  });

  it("omits an empty filter and order_by", () => {
    expect(buildUrl(BASE, "chrome", { kind: "versions" }, { filter: "", orderBy: [] })).toBe(
      `${BASE}/chrome/platforms/all/channels/all/versions`,
    );
  });

  it("sends the client's pageSize option on list requests", async () => {
    const { client, requests } = clientRecording("chrome", 50);
    await client.versions({ platform: "linux", channel: "stable" });
    expect(new URL(requests[0]?.url ?? "").searchParams.get("pageSize")).toBe("50");
  });

  it("sends pageSize and pageToken of a single-page request", async () => {
    const { client, requests } = clientRecording();
    await client.releasesPage({ pageSize: 1, pageToken: "abc=" });
    expect(new URL(requests[0]?.url ?? "").search).toBe("?pageSize=1&pageToken=abc%3D");
  });

  it("refuses a filter on the endpoints that take no query parameters", () => {
    expect(() => buildUrl(BASE, "chrome", { kind: "platforms" }, { filter: "version>1" })).toThrow(
      RangeError,
    );
  });
});
