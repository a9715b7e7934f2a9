/**
 * Which base URLs the client accepts. The VersionHistory guide and reference: "All API access is over HTTPS";
 * plain http only to a loopback IP
 * literal, for the local emulator. `localhost` is a name that may resolve off the machine, so it is refused.
 */
import { describe, expect, it } from "vitest";
import { createClient, InvalidBaseUrlError, ReleaseRadarError } from "../../../../src/core/client/index.ts";
import { normalizeBaseUrl, normalizeFetchUrl } from "../../../../src/core/client/base-url.ts";

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
    ["https://versionhistory.googleapis.com", "no /v1"],
    ["https://ex ample.com/v1", "a space"],
    ["https://a..b/v1", "an empty label in the host"],
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

/** The detail of the InvalidBaseUrlError `normalize(text)` throws (the test fails if it throws none). */
function refusal(normalize: (text: string) => string, text: string): string {
  try {
    normalize(text);
  } catch (error) {
    if (error instanceof InvalidBaseUrlError) return error.detail;
    throw error;
  }
  throw new Error(`${text} was accepted`);
}

describe("what a refusal says", () => {
  // Chromium's parser turns the space into the host `ex%20ample.com` (Node's refuses it): checked before
  // parsing, the reason is the same in every browser, and no host permission is asked for a mangled name.
  it("names a space as the fault, inside the host or the path", () => {
    expect(refusal(normalizeBaseUrl, "https://ex ample.com/v1")).toBe("must not contain spaces");
    expect(refusal(normalizeBaseUrl, "https://example.com/a b/v1")).toBe("must not contain spaces");
  });

  it("takes spaces around the address as a slip of the paste", () => {
    expect(normalizeBaseUrl("  https://example.com/v1 \n")).toBe("https://example.com/v1");
  });

  it("refuses an address over 256 characters, quoting only its start", () => {
    const detail = refusal(normalizeBaseUrl, `https://example.com/${"a".repeat(4980)}`);
    expect(detail).toBe(
      'is 5000 characters long, more than the 256 an address may have (it starts "https://example.com/aaaaaaaaaaaaaaaaaaa…")',
    );
    const longest = `https://example.com/${"a".repeat(256 - 23)}/v1`;
    expect(longest).toHaveLength(256);
    expect(normalizeBaseUrl(longest)).toBe(longest);
  });

  it.each([
    ["https://versionhistory.googleapis.com", "https://versionhistory.googleapis.com/v1"],
    ["https://versionhistory.googleapis.com/", "https://versionhistory.googleapis.com/v1"],
    ["https://mirror.example.org/api", "https://mirror.example.org/api/v1"],
    ["https://versionhistory.googleapis.com/v2", "https://versionhistory.googleapis.com/v1"],
  ])("refuses %s without /v1, suggesting %s", (text, suggestion) => {
    expect(refusal(normalizeBaseUrl, text)).toBe(
      `must end in /v1, the version of the service's API: try ${suggestion}`,
    );
  });

  it("refuses a host no DNS name could be", () => {
    expect(refusal(normalizeBaseUrl, "https://a..b/v1")).toMatch(/^the host "a\.\.b" is not a valid name/);
  });
});

describe("normalizeFetchUrl (the milestone schedule's address)", () => {
  it("takes an address without /v1", () => {
    expect(normalizeFetchUrl("https://chromiumdash.appspot.com/")).toBe("https://chromiumdash.appspot.com");
  });

  it("applies the same rules otherwise", () => {
    expect(refusal(normalizeFetchUrl, "http://chromiumdash.appspot.com")).toMatch(/^plain http/);
    expect(refusal(normalizeFetchUrl, "https://dash example.org")).toBe("must not contain spaces");
  });
});
