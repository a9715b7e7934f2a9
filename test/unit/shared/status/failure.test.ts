// Every error sentence: what the client's errors become, said in a person's words, with the technical
// account kept for a "details" disclosure and never put into the message.
import { describe, expect, it } from "vitest";
import { createClient } from "../../../../src/core/client/index.ts";
import { InvalidQueryError } from "../../../../src/core/errors.ts";
import { failureOf } from "../../../../src/shared/status/failure-of-error.ts";
import { failureMessage, failureSentence } from "../../../../src/shared/status/failure-sentence.ts";
import { FailureSchema, sameCause, type Failure } from "../../../../src/shared/status/failure.ts";
import { valueOr } from "../../../../src/core/schema.ts";

const BASE = "http://127.0.0.1:8787/v1";
const HOST = "127.0.0.1:8787";
const NOW = Date.parse("2026-11-23T14:02:00Z");

/** The failure of one real request through the core client, answered by `respond`. */
async function failureFrom(
  respond: () => Promise<Response> | Response,
  timeoutMs?: number,
): Promise<Failure> {
  const client = createClient({
    baseUrl: BASE,
    product: "browser",
    fetch: () => Promise.resolve(respond()),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  try {
    await client.releasesPage({ filter: "endtime=none" });
  } catch (e) {
    return failureOf(e);
  }
  throw new Error("the request did not fail");
}

const googleError = (code: number, message: string, status: string): string =>
  JSON.stringify({ error: { code, message, status } });

describe("what each failure is called", () => {
  it("a truncated body: an incomplete response", async () => {
    const body = JSON.stringify({ releases: [{ name: "a", version: "1" }], nextPageToken: "" });
    const f = await failureFrom(() => new Response(body.slice(0, body.length / 2), { status: 200 }));
    expect(f.kind).toBe("incomplete");
    expect(failureSentence(f, HOST)).toBe("The service answered with an incomplete response");
    expect(f.details).toContain("(body)");
  });

  it("an empty body: an incomplete response too", async () => {
    const f = await failureFrom(() => new Response("", { status: 200 }));
    expect(f.kind).toBe("incomplete");
  });

  it("a body that is not JSON at all (a proxy's HTML page): data the service does not send", async () => {
    const f = await failureFrom(() => new Response("<html><body>Gateway</body></html>", { status: 200 }));
    expect(f.kind).toBe("malformed");
    expect(failureSentence(f, HOST)).toBe(
      "The service answered with data that is not what it normally sends",
    );
  });

  it("JSON of the wrong shape: the same, with the field in the details", async () => {
    const f = await failureFrom(() => new Response('{"releases":[{"name":1}]}', { status: 200 }));
    expect(f.kind).toBe("malformed");
    expect(f.details).toContain("releases[0].name");
    expect(failureSentence(f, HOST)).not.toContain("releases[0]");
  });

  it("503: the service is unavailable, not unreachable", async () => {
    const f = await failureFrom(
      () => new Response(googleError(503, "backend down", "UNAVAILABLE"), { status: 503 }),
    );
    expect(failureSentence(f, HOST)).toBe("The service is unavailable (503)");
    expect(failureMessage(f, HOST, Date.parse("2026-11-23T14:05:00Z"), NOW)).toBe(
      "The service is unavailable (503); next try at 14:05 UTC (in 3 min).",
    );
  });

  it.each([
    [502, "The service is unavailable (502)"],
    [504, "The service is unavailable (504)"],
    [429, "The service is asking for fewer requests (429)"],
    [500, "The service failed with an internal error (500): oops"],
    [404, "The service has no such resource (404): oops"],
    [403, "The service refused access (403): oops"],
    [401, "The service refused access (401): oops"],
    [400, "The service refused the request (400): oops"],
    [418, "The service refused the request (418): oops"],
  ])("HTTP %i: %s", async (status, sentence) => {
    const f = await failureFrom(() => new Response(googleError(status, "oops", "X"), { status }));
    expect(failureSentence(f, HOST)).toBe(sentence);
    expect(f.details).toContain(`failed with ${status}`);
  });

  it("an error status without a Google error body gives the status alone", async () => {
    const f = await failureFrom(() => new Response("<html>no</html>", { status: 400 }));
    expect(failureSentence(f, HOST)).toBe("The service refused the request (400)");
  });

  it("no answer at all: cannot reach the service, named by its host", async () => {
    const f = await failureFrom(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(failureSentence(f, HOST)).toBe("Cannot reach the service at 127.0.0.1:8787");
    expect(f.details).toContain("Failed to fetch");
  });

  it("no answer in time: said as such", async () => {
    const f = await failureFrom(() => new Promise<Response>(() => {}), 20);
    expect(f.kind).toBe("timeout");
    expect(failureSentence(f, HOST)).toBe("The service at 127.0.0.1:8787 did not answer in time");
  });

  it("a service address the extension refuses: the reason, in our own words", () => {
    let f: Failure | null = null;
    try {
      createClient({ baseUrl: "http://example.com/v1", product: "chrome" });
    } catch (e) {
      f = failureOf(e);
    }
    expect(f?.kind).toBe("address");
    expect(failureSentence(f as Failure, HOST)).toMatch(
      /^The service address cannot be used: plain http is only allowed to a loopback address/,
    );
  });

  it("a filter the language does not allow", () => {
    const f = failureOf(new InvalidQueryError("filter", 0, 7, "unknown field", "versoin>1"));
    expect(failureSentence(f, HOST)).toBe("The filter cannot be sent: unknown field");
  });

  it("anything else is a bug, said as one, with what it was in the details", () => {
    const f = failureOf(new RangeError("pageSize must be a positive integer"));
    expect(failureSentence(f, HOST)).toBe("Something went wrong inside Release Radar");
    expect(f.details).toBe("RangeError: pageSize must be a positive integer");
  });
});

describe("the whole message", () => {
  const down: Failure = { kind: "unreachable", details: "GET ... failed: cannot reach the service (x)" };

  it("ends with the next try when one is scheduled", () => {
    expect(failureMessage(down, HOST, NOW + 65 * 60_000, NOW)).toBe(
      "Cannot reach the service at 127.0.0.1:8787; next try at 15:07 UTC (in 1 h).",
    );
  });

  it("names the day when the next try is on another UTC day", () => {
    const late = Date.parse("2026-11-23T23:50:00Z");
    expect(failureMessage(down, HOST, late + 20 * 60_000, late)).toBe(
      "Cannot reach the service at 127.0.0.1:8787; next try at 2026-11-24 00:10 UTC (in 20 min).",
    );
  });

  it("says nothing of a next try that is due already or unknown", () => {
    expect(failureMessage(down, HOST, NOW - 1, NOW)).toBe("Cannot reach the service at 127.0.0.1:8787.");
    expect(failureMessage(down, HOST, undefined, NOW)).toBe("Cannot reach the service at 127.0.0.1:8787.");
  });

  it("ends with one stop where the service's own reason ends a sentence already", () => {
    const refused: Failure = { kind: "http", status: 400, reason: "Invalid filter.", details: "GET ..." };
    expect(failureMessage(refused, HOST, undefined, NOW)).toBe(
      "The service refused the request (400): Invalid filter.",
    );
  });

  it("isolates the service's own words, so an override in them cannot reorder the sentence", () => {
    const hostile: Failure = { kind: "http", status: 400, reason: "bad \u202Efilter", details: "GET ..." };
    expect(failureMessage(hostile, HOST, undefined, NOW)).toBe(
      "The service refused the request (400): bad filter.",
    );
    const rtl: Failure = {
      kind: "http",
      status: 400,
      reason: "\u05E9\u05D2\u05D9\u05D0\u05D4",
      details: "GET",
    };
    expect(failureMessage(rtl, HOST, undefined, NOW)).toBe(
      "The service refused the request (400): \u2068\u05E9\u05D2\u05D9\u05D0\u05D4\u2069.",
    );
  });

  it("a retry under a minute away is ahead, not 'just now'", () => {
    expect(failureMessage(down, HOST, NOW + 30_000, NOW)).toBe(
      "Cannot reach the service at 127.0.0.1:8787; next try at 14:02 UTC (in under a minute).",
    );
  });

  it("never carries the details (request, body) in the message", () => {
    const f: Failure = {
      kind: "incomplete",
      details: 'Invalid response from http://x: (body): found "{\\"rel',
    };
    expect(failureMessage(f, HOST, undefined, NOW)).not.toContain("http://x");
  });
});

describe("stored failures and causes", () => {
  it("a failure survives storage as it was", () => {
    const f: Failure = { kind: "http", status: 503, reason: "down", details: "d" };
    expect(valueOr(FailureSchema, JSON.parse(JSON.stringify(f)))).toEqual(f);
  });

  it.each([
    null,
    "down",
    { kind: "http" },
    { kind: "nope", details: "" },
    { kind: "http", details: "", status: 1.5 },
  ])("%j is not a failure", (value) => {
    expect(valueOr(FailureSchema, value)).toBeNull();
  });

  it("one cause: the same kind and status, whatever the request", () => {
    const a: Failure = { kind: "unreachable", details: "GET /a" };
    const b: Failure = { kind: "unreachable", details: "GET /b" };
    expect(sameCause(a, b)).toBe(true);
    expect(
      sameCause({ kind: "http", status: 503, details: "" }, { kind: "http", status: 500, details: "" }),
    ).toBe(false);
  });
});
