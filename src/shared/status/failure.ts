/**
 * A failed request as data, for every surface (toolbar title, popup banner, explorer, chart): what happened,
 * as a kind a sentence can be chosen for (failure-sentence.ts says it), plus the technical
 * details (the request, the status, the service's own message, the first characters of a bad body). The
 * sentence is the message; the details go behind a "details" disclosure, never into the message itself. A
 * Failure is plain data, so the service worker can store it and the popup can say it the same way.
 */
import { number, object, oneOf, optional, string, type Infer } from "../../core/schema.ts";

export const FailureSchema = object({
  kind: oneOf(
    /** No answer at all: DNS, refused connection, TLS, CORS, offline. */
    "unreachable",
    /** No complete answer within the client's time limit. */
    "timeout",
    /** An answer with a status outside 2xx. */
    "http",
    /** A 2xx answer whose JSON ends early or is empty. */
    "incomplete",
    /** A 2xx answer that is not the JSON the service sends. */
    "malformed",
    /** An answer larger than the extension reads or keeps. */
    "too-large",
    /** Pages that do not end: a page token that came back, or more pages than the extension reads. */
    "paging",
    /** A redirect, which is not followed. */
    "redirect",
    /** A good answer the extension's storage refused (its quota). */
    "storage",
    /** The settings name a service address the extension will not use. */
    "address",
    /** A filter or order the service's language does not allow (caught before sending). */
    "query",
    /** Anything else: a bug, said as one. */
    "unexpected",
  ),
  /** The HTTP status, for kind "http". */
  status: optional(number("an integer", Number.isInteger)),
  /** The service's own words from a Google-style error body, or the reason the query or address was refused. */
  reason: optional(string()),
  /** The technical account: request, status, service message, bad field. For a "details" disclosure. */
  details: string(),
});

export type Failure = Infer<typeof FailureSchema>;
export type FailureKind = Failure["kind"];

/**
 * Whether two failures have one cause, so the popup says it once: the same kind and status (a service that
 * is down fails the poll, the release list and the chart alike).
 */
export function sameCause(a: Failure, b: Failure): boolean {
  return a.kind === b.kind && a.status === b.status && a.reason === b.reason;
}
