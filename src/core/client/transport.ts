/**
 * One GET with a time limit, the caller's abort signal and the project's errors (see client.ts for the
 * failures): the transport the version-history client and the schedule client share. `fetch` and the clock
 * are injectable for tests. With a gate (host-gate.ts), a request first waits for its turn, and its time
 * limit starts only when it goes.
 */
import type { HostGate } from "./host-gate.ts";
import { InvalidResponseError } from "./errors.ts";
import {
  NetworkError,
  HttpError,
  parseRetryAfter,
  parseServiceError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from "./request-errors.ts";
import { parseJsonBody } from "./validate.ts";
import { messageOf } from "../errors.ts";

export interface TransportOptions {
  readonly fetch: typeof fetch;
  /** Epoch milliseconds; resolves a `Retry-After` HTTP-date. */
  readonly now: () => number;
  /** Per request, headers and body together, from when the gate lets it go. */
  readonly timeoutMs: number;
  /** Where a request waits for its turn before it is sent; none sends at once. */
  readonly gate?: HostGate;
  /** The most bytes of one answer's body that are read (MAX_RESPONSE_BYTES unless a test says less). */
  readonly maxBytes?: number;
}

/**
 * The most bytes of one answer read: a page of 1,000 releases is about 300 KB, so 4 MiB is a dozen times what
 * the service sends, and a bound on what a broken or hostile one can make the extension hold.
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

const METHOD = "GET";

export type Answer =
  { kind: "not-modified"; etag: string } | { kind: "body"; body: unknown; etag: string | null };

export function createTransport({
  fetch: doFetch,
  now,
  timeoutMs,
  gate,
  maxBytes = MAX_RESPONSE_BYTES,
}: TransportOptions): {
  readonly get: (url: string, signal: AbortSignal | undefined, ifNoneMatch?: string) => Promise<Answer>;
} {
  /** One GET: its turn at the gate, if any, then send(). */
  async function get(url: string, signal: AbortSignal | undefined, ifNoneMatch?: string): Promise<Answer> {
    signal?.throwIfAborted();
    // The turn is held until the body is read or given up: the connection is busy until then.
    const leave = gate ? await gate.enter(url, signal) : () => {};
    try {
      return await send(url, signal, ifNoneMatch);
    } finally {
      leave();
    }
  }

  /** One GET with the time limit and the caller's signal; returns the parsed JSON body or a 304. */
  async function send(url: string, signal: AbortSignal | undefined, ifNoneMatch?: string): Promise<Answer> {
    // The time limit covers headers and body together. The combined signal aborts with whichever reason came
    // first: the caller's `signal.reason`, or a DOMException named "TimeoutError" from AbortSignal.timeout
    // (https://dom.spec.whatwg.org/#dom-abortsignal-timeout, #dom-abortsignal-any).
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    // Settles when the combined signal aborts, so a fetch (or body read) that ignores its signal still ends.
    // It rejects with the signal's reason, whatever that is, exactly as fetch would.
    let rejectAborted: (reason: unknown) => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      rejectAborted = reject;
    });
    aborted.catch(() => {}); // Only ever observed through race(); never an unhandled rejection.
    const onAbort = (): void => rejectAborted(combined.reason);
    combined.addEventListener("abort", onAbort, { once: true });

    const race = <T>(p: Promise<T>): Promise<T> => Promise.race([p, aborted]);
    /**
     * Our own abort outcomes win over whatever error fetch reported for them. The caller's signal is asked
     * first: if both fired, the caller cancelled, and a cancel is not a failure. The timeout's own reason is a
     * DOMException, replaced by the project's TimeoutError that names the request.
     */
    const settleAbort = (): void => {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new TimeoutError(METHOD, url, timeoutMs);
    };

    try {
      const headers: Record<string, string> = { Accept: "application/json" };
      if (ifNoneMatch !== undefined) headers["If-None-Match"] = ifNoneMatch;
      let response: Response;
      try {
        // Redirects are not followed: a browser's fetch follows up to 20 before it fails as unreachable, and
        // cannot be told fewer, so a loop cost 21 requests a poll and was said as "cannot reach".
        response = await race(
          doFetch(url, { method: METHOD, headers, signal: combined, redirect: "manual" }),
        );
      } catch (e) {
        settleAbort();
        throw new NetworkError(METHOD, url, e);
      }

      // A redirect, seen as one (a browser shows it only as an opaque answer, its Location hidden) or after
      // a fetch that followed it anyway: the answer is not the service's at the address set.
      const to = redirectOf(response);
      if (to !== null) {
        void response.body?.cancel().catch(() => {});
        throw new RedirectError(METHOD, url, to);
      }

      if (response.status === 304 && ifNoneMatch !== undefined) {
        void response.body?.cancel().catch(() => {});
        return { kind: "not-modified", etag: response.headers.get("ETag") ?? ifNoneMatch };
      }

      let text: string;
      try {
        text = await race(readText(response, url, maxBytes));
      } catch (e) {
        settleAbort();
        if (!response.ok)
          text = ""; // The status alone is enough to report.
        else if (e instanceof ResponseTooLargeError || e instanceof InvalidResponseError) throw e;
        else throw new NetworkError(METHOD, url, e);
      }

      if (!response.ok) {
        const service = parseServiceError(text);
        const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"), now());
        throw new HttpError({
          method: METHOD,
          url,
          status: response.status,
          statusText: response.statusText,
          ...(service.message !== undefined && { serviceMessage: service.message }),
          ...(service.status !== undefined && { serviceStatus: service.status }),
          ...(retryAfterMs !== undefined && { retryAfterMs }),
        });
      }
      return { kind: "body", body: parseJsonBody(text, url), etag: response.headers.get("ETag") };
    } finally {
      combined.removeEventListener("abort", onAbort);
    }
  }
  return { get };
}

/**
 * The body as text, at most `maxBytes` of it (decoded): a larger answer is refused as it streams in, so a
 * 20 MB answer is never held whole. A body whose stream breaks after it started is an incomplete answer,
 * not an unreachable service (the headers arrived).
 */
async function readText(response: Response, url: string, maxBytes: number): Promise<string> {
  const tooLarge = (): ResponseTooLargeError =>
    new ResponseTooLargeError(METHOD, url, `more than ${maxBytes} bytes, the most Release Radar reads`);
  const declared = Number(response.headers.get("Content-Length") ?? NaN);
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      throw new InvalidResponseError(
        url,
        "(body)",
        `the answer was cut off after ${size} bytes (${messageOf(e)})`,
        true,
      );
    }
    if (chunk.done) return text + decoder.decode();
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
}

/** Where `response` redirected to ("" when the browser hides it), or null when it is no redirect. */
function redirectOf(response: Response): string | null {
  if (response.type === "opaqueredirect") return "";
  if (response.status >= 300 && response.status < 400 && response.status !== 304)
    return response.headers.get("Location") ?? "";
  return response.redirected ? response.url : null;
}
