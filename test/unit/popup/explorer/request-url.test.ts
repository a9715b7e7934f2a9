// The exact request the explorer sends: its URL, and a curl command that a POSIX shell runs as written.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { InvalidBaseUrlError } from "../../../../src/core/client/errors.ts";
import { parseFilter, type Filter } from "../../../../src/core/query/index.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";
import { curlCommand, requestUrl } from "../../../../src/popup/explorer/request-url.ts";

const BASE = "https://versionhistory.googleapis.com/v1";
const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });
const parse = (text: string, view: "releases" | "versions" = "releases"): Filter => parseFilter(text, view);

describe("the request URL", () => {
  it("lists releases of every version under the platform and channel", () => {
    expect(requestUrl(BASE, base)).toBe(
      "https://versionhistory.googleapis.com/v1/chrome/platforms/linux/channels/all/versions/all/releases",
    );
  });

  it("carries the filter and order percent-encoded as the core client writes them", () => {
    const s = state({
      channel: "stable",
      versionFrom: "120",
      versionTo: "120",
      liveOnly: true,
      order: [{ field: "version", direction: "desc" }],
    });
    expect(requestUrl("http://127.0.0.1:8787/v1/", s)).toBe(
      "http://127.0.0.1:8787/v1/chrome/platforms/linux/channels/stable/versions/all/releases" +
        "?filter=version%3E%3D120%2Cversion%3C121%2Cendtime%3Dnone&order_by=version%20desc",
    );
  });

  it("lists versions on the versions view, with page size and token", () => {
    const s = state({ view: "versions", platform: "win64", versionFrom: "120", rollout: { kind: "full" } });
    expect(requestUrl(BASE, s, 50, "abc=")).toBe(
      "https://versionhistory.googleapis.com/v1/chrome/platforms/win64/channels/all/versions" +
        "?filter=version%3E%3D120&pageSize=50&pageToken=abc%3D",
    );
  });

  it("encodes quoted extra values and hostile ids so they cannot change the path or query", () => {
    const s = state({ platform: "a/../b?x#", extra: parse('name="it\'s, \\"x\\""') });
    expect(requestUrl(BASE, s)).toBe(
      "https://versionhistory.googleapis.com/v1/chrome/platforms/a%2F..%2Fb%3Fx%23/channels/all/versions/all/releases" +
        "?filter=name%3D%22it's%2C%20%5C%22x%5C%22%22",
    );
  });

  it("refuses a base URL the client refuses", () => {
    expect(() => requestUrl("http://example.com/v1", base)).toThrow(InvalidBaseUrlError);
  });
});

describe("the curl command", () => {
  /** What a POSIX shell passes to curl for the command: each argument in brackets. */
  const argsOf = (command: string): string =>
    execFileSync("sh", ["-c", `curl() { printf '[%s]' "$@"; }; ${command}`], { encoding: "utf8" });

  it("single-quotes the URL", () => {
    const url = requestUrl(BASE, state({ liveOnly: true }));
    expect(curlCommand(url)).toBe(`curl '${url}'`);
  });

  it("passes a URL with quotes and shell syntax as one argument, unchanged", () => {
    const url = requestUrl(
      BASE,
      state({ extra: parse(`name="it's $(touch /tmp/pwned) \`id\`; ' && exit 1 #"`) }),
    );
    expect(url).toContain("'");
    expect(argsOf(curlCommand(url))).toBe(`[${url}]`);
  });

  it("escapes single quotes the POSIX way", () => {
    expect(curlCommand("https://h/x?a='b'")).toBe(`curl 'https://h/x?a='\\''b'\\'''`);
  });

  it("keeps any text, however hostile, one literal argument", () => {
    const hostile = `x'; touch /tmp/rr-pwned; echo '$(id) \`id\` $HOME \\' "'" \n'`;
    expect(argsOf(curlCommand(hostile))).toBe(`[${hostile}]`);
  });
});
