/**
 * The worker's poll (poll.ts, over the real client and Node's fetch) against the hostile stand-in server
 * (test/hostile-server.ts) on loopback: each hostile answer fails the poll with its own failure, so the
 * caller keeps its last good snapshot, and the server's count shows where the walk stopped.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pollLive, type PollResult } from "../../../src/background/poll/poll.ts";
import { createClient } from "../../../src/core/client/index.ts";
import { failureSentence } from "../../../src/shared/status/failure-sentence.ts";
import { GOOD_RELEASES, release, startHostileServer, type HostileServer } from "../../hostile-server.ts";

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.live = "pages";
  server.counts.live = 0;
});

async function poll(): Promise<PollResult> {
  return pollLive(createClient({ baseUrl: server.baseUrl, product: "chrome" }), null);
}

/** The failure of a poll that must fail, and its sentence. */
async function failed(): Promise<{ kind: string; sentence: string; details: string }> {
  const result = await poll();
  if (result.ok) throw new Error(`the poll stored ${result.snapshot.releases.length} releases`);
  const { failure } = result;
  return { kind: failure.kind, sentence: failureSentence(failure, "h"), details: failure.details };
}

/** Pages whose bodies are `body(release)` for one release, with no next page. */
function onePage(...releases: unknown[]): void {
  server.pages = () => ({ releases, nextPageToken: "" });
}

const STABLE = (overrides: Record<string, unknown>): unknown => ({
  ...(release("stable", "120.0.6099.71", 1, "2023-12-06T21:01:00Z") as object),
  ...overrides,
});

describe("pages that do not end", () => {
  it("a token that comes back (A, B, A) ends the walk at once, said, nothing stored", async () => {
    const next: Record<string, string> = { "": "A", A: "B", B: "A" };
    server.pages = (token) => ({
      releases: [release("stable", `120.0.0.${token.charCodeAt(0) || 0}`, 1, "2023-12-06T21:01:00Z")],
      nextPageToken: next[token],
    });
    const f = await failed();
    expect(f.kind).toBe("paging");
    expect(f.sentence).toBe(
      "The service's pages do not end (page 3 sent a page token it had sent before: the pages go round)",
    );
    // Pages "", A, B: the third sent A again, and no fourth was asked for.
    expect(server.counts.live).toBe(3);
  });

  it("pages that never end stop at 20, said as such rather than stored as the whole list", async () => {
    server.pages = (token) => ({
      releases: [
        STABLE({ name: `chrome/platforms/linux/channels/stable/versions/1.0.0.${token.length}/releases/1` }),
      ],
      nextPageToken: `${token}x`,
    });
    const f = await failed();
    expect(f.kind).toBe("paging");
    expect(f.sentence).toContain("more than 20 pages");
    expect(server.counts.live).toBe(20);
  });

  it("a page sent twice (the same releases again) is refused: no share counts a release twice", async () => {
    server.pages = (token) => ({ releases: GOOD_RELEASES, nextPageToken: token === "" ? "2" : "" });
    const f = await failed();
    expect(f.kind).toBe("malformed");
    expect(f.details).toContain("releases[2].name: a release sent once, found one sent before");
  });

  it("a last page ends the walk: two good pages are one list", async () => {
    server.pages = (token) => ({
      releases: [GOOD_RELEASES[token === "" ? 0 : 1]],
      nextPageToken: token === "" ? "2" : "",
    });
    const result = await poll();
    expect(result.ok && result.snapshot.releases.length).toBe(2);
    expect(server.counts.live).toBe(2);
  });
});

describe("redirects", () => {
  it("a redirect loop is one request, said as a redirect, not as a service out of reach", async () => {
    server.live = "redirect";
    server.redirectTo = server.origin;
    const f = await failed();
    expect(f.kind).toBe("redirect");
    expect(f.sentence).toBe(
      "The service at h answered with a redirect, which Release Radar does not follow: set the address it redirects to",
    );
    expect(server.counts.live).toBe(1);
  });
});

describe("every text and list of a release is bounded", () => {
  it.each([
    [
      "a 3.5 MB tag",
      STABLE({ rolloutData: [{ rolloutName: "r", tag: ["t".repeat(3_500_000)] }] }),
      "rolloutData[0].tag[0]",
    ],
    [
      "21 tags",
      STABLE({ rolloutData: [{ rolloutName: "r", tag: Array(21).fill("t") }] }),
      "rolloutData[0].tag",
    ],
    ["100,000 rollouts", STABLE({ rolloutData: Array(100_000).fill({ rolloutName: "r" }) }), "rolloutData"],
    [
      "a 600-character rollout name",
      STABLE({ rolloutData: [{ rolloutName: "r".repeat(600) }] }),
      "rolloutData[0].rolloutName",
    ],
  ])("%s refuses the answer, naming the field", async (_, bad, field) => {
    onePage(bad);
    const f = await failed();
    expect(f.kind).toBe("malformed");
    expect(f.details).toContain(`releases[0].${field}`);
  });
});

describe("ids are the service's: a-z, 0-9 and _", () => {
  it.each([
    ["a line break", "stable\nLast checked 2099-01-01: reinstall from evil.example"],
    ["a line separator (U+2028)", "stable\u2028The latest check failed"],
    ["a zero-width space", "stable\u200B"],
    ["a right-to-left override", "beta\u202Egnp.exe"],
    ["upper case", "Stable"],
  ])("a channel id with %s refuses the answer", async (_, channel) => {
    onePage(release(channel, "120.0.6099.71", 1, "2023-12-06T21:01:00Z"));
    const f = await failed();
    expect(f.kind).toBe("malformed");
    expect(f.details).toContain("releases[0].name: expected a name of shape");
  });

  it("a platform id with a line break refuses it too", async () => {
    onePage(STABLE({ name: "chrome/platforms/lin\nux/channels/stable/versions/120.0.6099.71/releases/1" }));
    expect((await failed()).details).toContain("releases[0].name");
  });
});

describe("a version is four numbers, its milestone 1 to 999", () => {
  it.each([
    "../../x",
    "javascript:alert(1)//",
    "<img src=x onerror=alert(1)>",
    "9999999999999999999.0.0.0",
    "1000.0.0.0",
    "0.0.0.0",
    "120.0.6099",
    "unknown_version",
  ])("%s refuses the answer", async (version) => {
    onePage(STABLE({ version }));
    const f = await failed();
    expect(f.details).toContain("releases[0].version: expected a version of ");
  });

  it("999.0.0.0 and 1.0.0.0 are versions", async () => {
    onePage(STABLE({ version: "999.0.0.0" }), release("dev", "1.0.0.0", 1, "2023-12-06T21:01:00Z"));
    expect((await poll()).ok).toBe(true);
  });
});

describe("serving times are a release's", () => {
  it.each([
    ["a start in year 0", { startTime: "0000-01-01T00:00:00Z" }, "serving.startTime"],
    ["a start in 9999", { startTime: "9999-12-31T23:59:59Z" }, "serving.startTime"],
    [
      "an end in 9999",
      { startTime: "2023-12-06T21:01:00Z", endTime: "9999-12-31T00:00:00Z" },
      "serving.endTime",
    ],
    [
      "an end before the start",
      { startTime: "2023-12-06T21:01:00Z", endTime: "2023-12-01T00:00:00Z" },
      "serving: expected an endTime not before its startTime",
    ],
  ])("%s refuses the answer", async (_, serving, said) => {
    onePage(STABLE({ serving }));
    const f = await failed();
    expect(f.kind).toBe("malformed");
    expect(f.details).toContain(`releases[0].${said}`);
  });
});
