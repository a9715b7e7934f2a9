/**
 * A failed request as data, for every surface (toolbar title, popup banner, explorer, chart): what happened,
 * as a kind a sentence can be chosen for (failure-message.ts says it), plus the technical
 * details (the request, the status, the service's own message, the first characters of a bad body). The
 * sentence is the message; the details go behind a "details" disclosure, never into the message itself. A
 * Failure is plain data, so the service worker can store it and the popup can say it the same way.
 */

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
  /** An answer larger than the extension reads or keeps. */
  | "too-large"
  /** A redirect to another origin, which is not followed. */
  | "redirect"
  /** A good answer the extension's storage refused (its quota). */
  | "storage"
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
  "too-large",
  "redirect",
  "storage",
  "address",
  "query",
  "unexpected",
];

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
