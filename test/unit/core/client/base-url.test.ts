/**
 * Which base URLs the client accepts. The VersionHistory guide and reference: "All API access is over HTTPS";
 * plain http only to a loopback IP
 * literal, for the local emulator. `localhost` is a name that may resolve off the machine, so it is refused.
 */
import { describe, expect, it } from "vitest";
import { createClient, InvalidBaseUrlError, ReleaseRadarError } from "../../../../src/core/client/index.ts";

const create = (baseUrl: string) =>
  createClient({ baseUrl, product: "chrome", fetch: () => Promise.reject(new Error()) });

describe("base URL", () => {
  it.each([
    "https://versionhistory.googleapis.com/v1",
    "https://versionhistory.googleapis.com/v1/",
    "http://127.0.0.1:8787/v1",
    "http://127.9.8.7/v1",
    "http://[::1]:1/v1",
  ])("accepts %s", (baseUrl) => {
    expect(() => create(baseUrl)).not.toThrow();
  });

  it.each([
    ["http://localhost:8787/v1", "a loopback name, not an IP literal"],
    ["http://example.com/v1", "plain http off the machine"],
    ["http://128.0.0.1/v1", "outside 127.0.0.0/8"],
    ["ftp://example.com/v1", "not http(s)"],
    ["versionhistory.googleapis.com/v1", "not an absolute URL"],
    ["not a url", "not a URL at all"],
    ["https://user:pw@example.com/v1", "credentials"],
    ["https://example.com/v1?key=1", "a query"],
  ])("refuses %s (%s)", (baseUrl) => {
    let error: unknown;
    try {
      create(baseUrl);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidBaseUrlError);
    expect(error).toBeInstanceOf(ReleaseRadarError);
  });

  it("normalises away the trailing slash", () => {
    expect(create("http://127.0.0.1:8787/v1/").baseUrl).toBe("http://127.0.0.1:8787/v1");
  });
});
