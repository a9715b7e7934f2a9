/**
 * Errors of a request that got no usable answer: an error status, no answer at all, or none in time. Apart
 * from the data errors (errors.ts), so code that only checks stored data does not load them. Messages name
 * the request and what a person can do about it.
 *
 * Google APIs answer errors as `{"error":{"code":400,"message":"...","status":"INVALID_ARGUMENT"}}`
 * (https://cloud.google.com/apis/design/errors), so that shape is read when present.
 */
import { HOUR_MS } from "../duration.ts";
import { ReleaseRadarError } from "../errors.ts";
import { isRecord } from "../schema.ts";
import { truncate } from "./errors.ts";

/** HTTP/2 and HTTP/3 responses carry no reason phrase, so `statusText` is often empty: fall back to these. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The reason phrase of a status: the response's own when it sent one, else the standard one, else "". */
export function reasonPhrase(status: number, statusText = ""): string {
  return statusText.trim() || (REASON_PHRASES[status] ?? "");
}

export interface HttpErrorInit {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The response's reason phrase, if any (empty over HTTP/2). */
  readonly statusText?: string;
  /** `error.message` of a Google-style error body. */
  readonly serviceMessage?: string;
  /** `error.status` of a Google-style error body, such as `INVALID_ARGUMENT`. */
  readonly serviceStatus?: string;
  /** Milliseconds to wait before retrying, from `Retry-After`. */
  readonly retryAfterMs?: number;
}

/** The service answered with a status outside 2xx (and not the 304 of a conditional request). */
export class HttpError extends ReleaseRadarError {
  override name = "HttpError";
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly serviceMessage?: string;
  readonly serviceStatus?: string;
  readonly retryAfterMs?: number;

  constructor(init: HttpErrorInit) {
    const reason = reasonPhrase(init.status, init.statusText);
    const head = `${init.method} ${init.url} failed with ${init.status}${reason ? ` ${reason}` : ""}`;
    super(init.serviceMessage ? `${head}: ${init.serviceMessage}` : head);
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.statusText = reason;
    if (init.serviceMessage !== undefined) this.serviceMessage = init.serviceMessage;
    if (init.serviceStatus !== undefined) this.serviceStatus = init.serviceStatus;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

/** The request never got an answer: DNS, refused connection, TLS, CORS, offline (fetch rejected). */
export class NetworkError extends ReleaseRadarError {
  override name = "NetworkError";
  constructor(
    readonly method: string,
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`${method} ${url} failed: cannot reach the service (${causeMessage(cause)})`, { cause });
  }
}

/** No complete answer within the client's time limit. */
export class TimeoutError extends ReleaseRadarError {
  override name = "TimeoutError";
  constructor(
    readonly method: string,
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} ${url} timed out after ${timeoutMs} ms: the service did not answer in time`);
  }
}

/**
 * The service answered with more than Release Radar reads (`what`: "more than 4 MiB", "more than 5,000 live
 * releases"): a service can be broken or hostile, and nothing it sends may grow without bound in memory or
 * storage.
 */
export class ResponseTooLargeError extends ReleaseRadarError {
  override name = "ResponseTooLargeError";
  constructor(
    readonly method: string,
    readonly url: string,
    readonly what: string,
  ) {
    super(`${method} ${url}: the answer is too large (${what})`);
  }
}

/**
 * The service answered with a redirect. None is followed: only the address the person set (https, or http to
 * loopback) is one the extension may talk to, and a browser cannot be told to follow fewer than 20, so a loop
 * would cost 21 requests a poll. `to` is "" where the browser hides the Location.
 */
export class RedirectError extends ReleaseRadarError {
  override name = "RedirectError";
  constructor(
    readonly method: string,
    readonly url: string,
    readonly to: string,
  ) {
    super(`${method} ${url} was redirected${to ? ` to ${truncate(to, 120)}` : ""}, which is not followed`);
  }
}

function causeMessage(cause: unknown): string {
  if (cause instanceof Error) return cause.message || cause.name;
  return truncate(String(cause));
}

/**
 * The longest `Retry-After` honoured: an hour. A service may ask for a pause (429, 503), but the number is
 * its own, and a hostile or broken one can ask for 11 days, 10^13 seconds or 400 digits (Infinity): past an
 * hour it is asked again anyway, and no number of its reaches a date or an alarm unbounded.
 */
export const MAX_RETRY_AFTER_MS = HOUR_MS;

/**
 * Milliseconds to wait from a `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date,
 * the latter relative to `nowMs` (the client's injected clock, so tests are deterministic), at most
 * MAX_RETRY_AFTER_MS. A date in the past gives 0; an unreadable value gives undefined.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header == null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP-date always names a weekday and "GMT"; Date.parse alone would also accept "5" or "2024".
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}

/**
 * `error.message` and `error.status` of a Google-style error body, when the text is one. Any other body
 * (HTML from a proxy, plain text, empty) gives `{}`: an error answer must never crash the client.
 */
export function parseServiceError(text: string): { message?: string; status?: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(body) || !isRecord(body.error)) return {};
  const { message, status } = body.error;
  const out: { message?: string; status?: string } = {};
  if (typeof message === "string" && message) out.message = truncate(message, 500);
  if (typeof status === "string" && status) out.status = status;
  return out;
}
