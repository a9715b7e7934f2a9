/**
 * A failed request in a person's words, for every surface (toolbar title, popup banner, explorer, chart).
 *
 * An error becomes a `Failure` (failure-of.ts): what happened, as a kind a sentence can be chosen for, plus the technical
 * details (the request, the status, the service's own message, the first characters of a bad body). The
 * sentence is the message; the details go behind a "details" disclosure, never into the message itself. A
 * Failure is plain data, so the service worker can store it and the popup can say it the same way.
 */
import { formatClock, relativeTime } from "./time.ts";

export type FailureKind =
  /** No answer at all: DNS, refused connection, TLS, CORS, offline. */
  | "unreachable"
  /** No complete answer within the client's time limit. */
  | "timeout"
  /** An answer with a status outside 2xx. */
  | "http"
  /** A 2xx answer whose JSON ends early or is empty. */
  | "incomplete"
  /** A 2xx answer that is not the JSON the service sends. */
  | "malformed"
  /** The settings name a service address the extension will not use. */
  | "address"
  /** A filter or order the service's language does not allow (caught before sending). */
  | "query"
  /** Anything else: a bug, said as one. */
  | "unexpected";

export interface Failure {
  readonly kind: FailureKind;
  /** The HTTP status, for kind "http". */
  readonly status?: number;
  /** The service's own words from a Google-style error body, or the reason the query or address was refused. */
  readonly reason?: string;
  /** The technical account: request, status, service message, bad field. For a "details" disclosure. */
  readonly details: string;
}

const FAILURE_KINDS: readonly FailureKind[] = [
  "unreachable",
  "timeout",
  "http",
  "incomplete",
  "malformed",
  "address",
  "query",
  "unexpected",
];

/**
 * What happened, in one sentence without a final stop, naming the service by its host:
 * "The service is unavailable (503)", "Cannot reach the service at 127.0.0.1:8787".
 */
export function failureSentence(failure: Failure, host: string): string {
  switch (failure.kind) {
    case "unreachable":
      return `Cannot reach the service at ${host}`;
    case "timeout":
      return `The service at ${host} did not answer in time`;
    case "http":
      return httpSentence(failure.status ?? 0, failure.reason);
    case "incomplete":
      return "The service answered with an incomplete response";
    case "malformed":
      return "The service answered with data that is not what it normally sends";
    case "address":
      return `The service address cannot be used: ${failure.reason ?? "it is not a valid address"}`;
    case "query":
      return `The filter cannot be sent: ${failure.reason ?? "it does not follow the service's syntax"}`;
    case "unexpected":
      return "Something went wrong inside Release Radar";
  }
}

function httpSentence(status: number, reason: string | undefined): string {
  const own = reason ? `: ${reason}` : "";
  if (status === 503 || status === 502 || status === 504) return `The service is unavailable (${status})`;
  if (status === 429) return `The service is asking for fewer requests (${status})`;
  if (status >= 500) return `The service failed with an internal error (${status})${own}`;
  if (status === 404) return `The service has no such resource (${status})${own}`;
  if (status === 401 || status === 403) return `The service refused access (${status})${own}`;
  if (status >= 400) return `The service refused the request (${status})${own}`;
  return `The service answered with status ${status}${own}`;
}

/** "next try at 14:05 UTC (in 3 min)", or "" when the next try is due already or unknown. */
export function nextTryText(nextTry: number | undefined, now: number): string {
  if (nextTry === undefined || nextTry <= now) return "";
  return `next try at ${formatClock(nextTry, now)} (${relativeTime(nextTry, now)})`;
}

/**
 * The whole message: the sentence, then the next try when one is scheduled, as one sentence:
 * "The service is unavailable (503); next try at 14:05 UTC (in 3 min)."
 */
export function failureMessage(
  failure: Failure,
  host: string,
  nextTry: number | undefined,
  now: number,
): string {
  const next = nextTryText(nextTry, now);
  return `${failureSentence(failure, host)}${next ? `; ${next}` : ""}.`;
}

/**
 * Whether two failures have one cause, so the popup says it once: the same kind and status (a service that
 * is down fails the poll, the release list and the chart alike).
 */
export function sameCause(a: Failure, b: Failure): boolean {
  return a.kind === b.kind && a.status === b.status && a.reason === b.reason;
}

/** A stored value as a Failure, or null when it is not one (another version may have written it). */
export function readFailure(value: unknown): Failure | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const kind = FAILURE_KINDS.find((k) => k === v.kind);
  if (kind === undefined || typeof v.details !== "string") return null;
  if (v.status !== undefined && (typeof v.status !== "number" || !Number.isInteger(v.status))) return null;
  if (v.reason !== undefined && typeof v.reason !== "string") return null;
  return {
    kind,
    details: v.details,
    ...(typeof v.status === "number" && { status: v.status }),
    ...(typeof v.reason === "string" && { reason: v.reason }),
  };
}
