/** How each way a request can fail is reported (src/core/client/errors.ts and request-errors.ts). */
import { describe, expect, it, vi, type MockInstance } from "vitest";
import {
  createClient,
  DEFAULT_TIMEOUT_MS,
  HttpError,
  InvalidQueryError,
  InvalidResponseError,
  NetworkError,
  RedirectError,
  ReleaseRadarError,
  ResponseTooLargeError,
  TimeoutError,
  type VersionHistoryClient,
} from "../../../../src/core/client/index.ts";
import { MAX_RESPONSE_BYTES } from "../../../../src/core/client/transport.ts";
import { failureOf } from "../../../../src/shared/status/failure-of-error.ts";
import { failureSentence } from "../../../../src/shared/status/failure-sentence.ts";
import { describeValue } from "../../../../src/core/client/errors.ts";
import { parseRetryAfter } from "../../../../src/core/client/request-errors.ts";
import { BASE, fakeFetch, json, text } from "../../../fakes/fetch.ts";

const PLATFORMS_URL = `${BASE}/chrome/platforms`;

/** A client of Chrome's releases at BASE over `fetch`. */
const clientOver = (fetch: typeof globalThis.fetch, more: { timeoutMs?: number; now?: () => number } = {}) =>
  createClient({ baseUrl: BASE, product: "chrome", fetch, ...more });
/** A client whose every request is answered with `response`. */
const answering = (response: Response) => clientOver(() => Promise.resolve(response));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe("HTTP errors", () => {
  it("reports the service's error.message and status from a Google-style body", async () => {
    const body = { error: { code: 400, message: "Invalid filter: version", status: "INVALID_ARGUMENT" } };
    const fake = fakeFetch(() => text(JSON.stringify(body), { status: 400, statusText: "Bad Request" }));
    const client = clientOver(fake.fetch);
    const error = await rejection(client.platforms());
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(ReleaseRadarError);
    expect(error).toMatchObject({
      method: "GET",
      url: PLATFORMS_URL,
      status: 400,
      serviceMessage: "Invalid filter: version",
      serviceStatus: "INVALID_ARGUMENT",
      message: `GET ${PLATFORMS_URL} failed with 400 Bad Request: Invalid filter: version`,
    });
  });

  it("uses the status text when the error body is not JSON", async () => {
    const fake = fakeFetch(() => text("<html><body>upstream down</body></html>", { status: 502 }));
    const client = clientOver(fake.fetch);
    const error = (await rejection(client.platforms())) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.serviceMessage).toBeUndefined();
    // No reason phrase from the response (as over HTTP/2): the standard one is used.
    expect(error.message).toBe(`GET ${PLATFORMS_URL} failed with 502 Bad Gateway`);
  });

  it("reads Retry-After given in seconds", async () => {
    const fake = fakeFetch(() => text("", { status: 429, headers: { "Retry-After": "120" } }));
    const client = clientOver(fake.fetch);
    const error = (await rejection(client.platforms())) as HttpError;
    expect(error.retryAfterMs).toBe(120_000);
  });

  it("reads Retry-After given as an HTTP-date, relative to the injected clock", async () => {
    const at = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
    const fake = fakeFetch(() =>
      text("", { status: 503, headers: { "Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT" } }),
    );
    const client = clientOver(fake.fetch, { now: () => at - 30_000 });
    const error = (await rejection(client.platforms())) as HttpError;
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).toBe(`GET ${PLATFORMS_URL} failed with 503 Service Unavailable`);
  });

  it("ignores an unreadable Retry-After", () => {
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  it.each(["999999", "9999999999999", "9".repeat(400), "Fri, 31 Dec 9999 23:59:59 GMT"])(
    "honours a Retry-After of %s for an hour at most",
    (header) => {
      expect(parseRetryAfter(header, Date.parse("2026-11-26T00:00:00Z"))).toBe(60 * 60_000);
    },
  );

  it("gives 0 for a Retry-After date already past", () => {
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("2020-01-01T00:00:00Z"))).toBe(0);
  });
});

describe("network errors", () => {
  it("wraps a rejected fetch in NetworkError with its cause", async () => {
    const cause = new TypeError("fetch failed");
    const client = clientOver(() => Promise.reject(cause));
    const error = (await rejection(client.platforms())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe(`GET ${PLATFORMS_URL} failed: cannot reach the service (fetch failed)`);
  });
});

describe("answers the client will not take", () => {
  const PLATFORMS = { platforms: [{ name: "chrome/platforms/win64", platformType: "WIN64" }] };
  /** A 200 whose body streams `chunks`, then fails with `error` when given. */
  function streamed(chunks: readonly string[], error?: Error): Response {
    const encoder = new TextEncoder();
    let i = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks[i++];
          if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
          else if (error) controller.error(error);
          else controller.close();
        },
      }),
      { status: 200 },
    );
  }

  it("refuses an answer larger than it reads, by its Content-Length, before reading it", async () => {
    const big = new Response("{}", { headers: { "Content-Length": String(MAX_RESPONSE_BYTES + 1) } });
    const client = answering(big);
    const error = await rejection(client.platforms());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(failureSentence(failureOf(error), "h")).toBe(
      `The service's answer is too large (more than ${MAX_RESPONSE_BYTES} bytes, the most Release Radar reads)`,
    );
  });

  it("refuses a body that streams past the limit without a Content-Length, without reading it all", async () => {
    const chunk = "x".repeat(1024 * 1024);
    let pulled = 0;
    const endless = new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new TextEncoder().encode(chunk));
        },
      }),
    );
    const client = answering(endless);
    expect(await rejection(client.platforms())).toBeInstanceOf(ResponseTooLargeError);
    expect(pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES / chunk.length + 2);
  });

  it("calls a body cut off after it started an incomplete answer, not an unreachable service", async () => {
    const cut = streamed(['{"platforms": [{"name"'], new TypeError("network error"));
    const client = answering(cut);
    const error = await rejection(client.platforms());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).detail).toContain("cut off after 22 bytes");
    expect(failureSentence(failureOf(error), "h")).toBe("The service answered with an incomplete response");
  });

  it("reads a body that comes in pieces whole", async () => {
    const json = JSON.stringify(PLATFORMS);
    const pieces = streamed([json.slice(0, 10), json.slice(10)]);
    const client = answering(pieces);
    expect((await client.platforms()).items).toHaveLength(1);
  });

  it("follows no redirect: asks with redirect 'manual', and refuses a 3xx, an opaque redirect or a followed one", async () => {
    const sentence =
      "The service at versionhistory.googleapis.com answered with a redirect, which Release Radar does not follow: set the address it redirects to";
    let init: RequestInit | undefined;
    const seen: typeof fetch = (_, i) => {
      init = i;
      return Promise.resolve(new Response(null, { status: 302, headers: { Location: `${PLATFORMS_URL}/` } }));
    };
    const error = await rejection(clientOver(seen).platforms());
    expect(init?.redirect).toBe("manual");
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).to).toBe(`${PLATFORMS_URL}/`);
    expect(failureSentence(failureOf(error), "versionhistory.googleapis.com")).toBe(sentence);
    // What a browser gives for redirect "manual": status 0, its Location hidden.
    const opaque = new Response(null, { status: 200 });
    Object.defineProperty(opaque, "type", { value: "opaqueredirect" });
    expect(await rejection(answering(opaque).platforms())).toBeInstanceOf(RedirectError);
    // A fetch that followed one anyway (a fake, an old browser): its answer is not taken either.
    const followed = new Response(JSON.stringify(PLATFORMS), { status: 200 });
    Object.defineProperty(followed, "redirected", { value: true });
    Object.defineProperty(followed, "url", { value: `${PLATFORMS_URL}/` });
    expect(await rejection(answering(followed).platforms())).toBeInstanceOf(RedirectError);
  });
});

describe("timeouts and aborts", () => {
  it("gives TimeoutError when fetch never resolves", async () => {
    const never = () => new Promise<Response>(() => {});
    const client = clientOver(never, { timeoutMs: 20 });
    const error = (await rejection(client.platforms())) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(20);
    expect(error.url).toBe(PLATFORMS_URL);
  });

  it("aborts the fetch's signal at the timeout", async () => {
    // A real, short limit: the timer inside AbortSignal.timeout is not one that fake timers replace.
    const fake = fakeFetch(
      (req) =>
        new Promise<Response>((_, reject) => {
          req.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const client = clientOver(fake.fetch, { timeoutMs: 50 });
    const error = await rejection(client.platforms());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ method: "GET", url: PLATFORMS_URL, timeoutMs: 50 });
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
  });

  it("uses its default limit when given none", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    try {
      const fake = fakeFetch(() => json({ platforms: [] }));
      const client = clientOver(fake.fetch);
      await client.platforms();
      expect(timeout).toHaveBeenCalledWith(DEFAULT_TIMEOUT_MS);
    } finally {
      timeout.mockRestore();
    }
  });

  it("stops listening to the request's signal once the request is over", async () => {
    let removeListener: MockInstance<AbortSignal["removeEventListener"]> | undefined;
    const fake = fakeFetch((req) => {
      if (req.signal) removeListener = vi.spyOn(req.signal, "removeEventListener");
      return json({ platforms: [] });
    });
    const client = clientOver(fake.fetch);
    await client.platforms({ signal: new AbortController().signal });
    expect(removeListener).toHaveBeenCalledWith("abort", expect.any(Function));
  });

  it("gives TimeoutError when the body never finishes arriving", async () => {
    const stalled = new ReadableStream<Uint8Array>({ start: () => {} });
    const client = clientOver(() => Promise.resolve(new Response(stalled, { status: 200 })), {
      timeoutMs: 20,
    });
    expect(await rejection(client.platforms())).toBeInstanceOf(TimeoutError);
  });

  it("rejects with an AbortError when the caller aborts", async () => {
    const never = () => new Promise<Response>(() => {});
    const client = clientOver(never);
    const controller = new AbortController();
    const pending = rejection(client.releases({ signal: controller.signal }));
    controller.abort();
    const error = (await pending) as DOMException;
    expect(error.name).toBe("AbortError");
    expect(error).not.toBeInstanceOf(ReleaseRadarError);
  });

  it("rejects with the caller's own abort reason, even when fetch ignores its signal", async () => {
    const never = () => new Promise<Response>(() => {});
    const client = clientOver(never);
    const controller = new AbortController();
    const reason = new Error("user closed the popup");
    const pending = rejection(client.platforms({ signal: controller.signal }));
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it("makes no request when the caller's signal is already aborted", async () => {
    const fake = fakeFetch(() => text("{}"));
    const client = clientOver(fake.fetch);
    const error = await rejection(client.platforms({ signal: AbortSignal.abort() }));
    expect((error as Error).name).toBe("AbortError");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("invalid queries", () => {
  it.each([
    ["a bad filter", "filter", (c: VersionHistoryClient) => c.releases({ filter: "colour=red" })],
    [
      "a bad order_by",
      "order_by",
      (c: VersionHistoryClient) => c.versionsPage({ orderBy: "version sideways" }),
    ],
    // The filter is parsed for the endpoint it is sent to: starttime is releases-only.
    [
      "a field the endpoint lacks",
      "filter",
      (c: VersionHistoryClient) => c.versions({ filter: "starttime>2024-01-01T00:00:00Z" }),
    ],
  ])("throws InvalidQueryError for %s before any request", async (_what, parameter, ask) => {
    const fake = fakeFetch(() => text("{}"));
    const error = await rejection(ask(clientOver(fake.fetch)));
    expect(error).toBeInstanceOf(InvalidQueryError);
    expect(error).toMatchObject({ parameter });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("messages", () => {
  it("truncates a long found value to 60 characters", () => {
    const description = describeValue("x".repeat(500));
    expect(description.length).toBeLessThanOrEqual("the string ".length + 60);
    expect(description.endsWith("…")).toBe(true);
  });
});
