/**
 * Errors of the version-history client. One class per way a request can fail, each a ReleaseRadarError so the
 * UI can show it as "our kind of failure". Messages name the request and what a person can do about it, and
 * never dump a whole response body (bodies can be megabytes; only the offending value is quoted, truncated).
 *
 * The seed (000, "Errors") does not show the error body; SOURCES.md notes Google APIs answer
 * `{"error":{"code":400,"message":"...","status":"INVALID_ARGUMENT"}}`, so that shape is read when present.
 */
import { ReleaseRadarError } from "../errors.ts";

export { ReleaseRadarError, InvalidQueryError } from "../errors.ts";

/** Longest quoted value in a message; longer values are cut and end in an ellipsis. */
const MAX_FOUND_CHARS = 60;

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

/** Cuts a text to MAX_FOUND_CHARS characters, marking the cut. */
export function truncate(text: string, max = MAX_FOUND_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A short description of a JSON value for "found ..." in messages: its type and, for scalars, the value,
 * truncated. Objects and arrays are described, never printed.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is absent)";
  if (value === null) return "null";
  if (typeof value === "string") return `the string ${truncate(JSON.stringify(value))}`;
  if (typeof value === "number") return `the number ${truncate(String(value))}`;
  if (typeof value === "boolean") return `the boolean ${String(value)}`;
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
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
 * A 2xx answer whose body is not what the service sends. `field` is the JSON path of the first offending value
 * (`releases[3].serving.startTime`), or `(body)` when the body as a whole is wrong (not JSON, not an object).
 * `url` is `""` when the value did not come from a request (the emulator checking its data file).
 */
export class InvalidResponseError extends ReleaseRadarError {
  override name = "InvalidResponseError";
  /**
   * @param incomplete the body is a JSON document cut short (or empty): the answer did not arrive whole,
   *   which a person should hear as such rather than as "malformed data"
   */
  constructor(
    readonly url: string,
    readonly field: string,
    readonly detail: string,
    readonly incomplete = false,
  ) {
    super(`${url ? `Invalid response from ${url}` : "Invalid data"}: ${field}: ${detail}`);
  }

  /** The same error, attributed to a request URL (validators run without one). */
  withUrl(url: string): InvalidResponseError {
    return new InvalidResponseError(url, this.field, this.detail, this.incomplete);
  }
}

/** The base URL given to createClient is not one the client may talk to (see client.ts). */
export class InvalidBaseUrlError extends ReleaseRadarError {
  override name = "InvalidBaseUrlError";
  constructor(
    readonly baseUrl: string,
    readonly detail: string,
  ) {
    super(`Base URL ${truncate(JSON.stringify(baseUrl), 120)} refused: ${detail}`);
  }
}

function causeMessage(cause: unknown): string {
  if (cause instanceof Error) return cause.message || cause.name;
  return truncate(String(cause));
}

/**
 * Milliseconds to wait from a `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date,
 * the latter relative to `nowMs` (the client's injected clock, so tests are deterministic). A date in the past
 * gives 0; an unreadable value gives undefined.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header == null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date always names a weekday and "GMT"; Date.parse alone would also accept "5" or "2024".
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
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
  if (typeof body !== "object" || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return {};
  const { message, status } = error as { message?: unknown; status?: unknown };
  const out: { message?: string; status?: string } = {};
  if (typeof message === "string" && message) out.message = truncate(message, 500);
  if (typeof status === "string" && status) out.status = status;
  return out;
}
