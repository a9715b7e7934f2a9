/**
 * A Failure (failure.ts) in a person's words: one sentence saying what happened, and when the next try is.
 * The technical details stay in the Failure, for a "details" disclosure, never in the message.
 */
import { isolate } from "../../core/bidi.ts";
import type { Failure } from "./failure.ts";
import { formatClock, relativeTime } from "./time.ts";

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
    case "too-large":
      return `The service's answer is too large (${failure.reason ?? "more than Release Radar reads"})`;
    case "paging":
      return `The service's pages do not end (${failure.reason ?? "more than Release Radar reads"})`;
    case "redirect":
      return `The service at ${host} answered with a redirect, which Release Radar does not follow: set the address it redirects to`;
    case "storage":
      return `The extension's storage could not keep the service's answer${failure.reason ? ` (${failure.reason})` : ""}`;
    case "address":
      return `The service address cannot be used: ${failure.reason ?? "it is not a valid address"}`;
    case "query":
      return `The filter cannot be sent: ${failure.reason ?? "it does not follow the service's syntax"}`;
    case "unexpected":
      return "Something went wrong inside Release Radar";
  }
}

function httpSentence(status: number, reason: string | undefined): string {
  // The service's own words: isolated (bidi.ts), so they cannot reorder the sentence around them.
  const own = reason ? `: ${isolate(reason)}` : "";
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
  return endSentence(`${failureSentence(failure, host)}${next ? `; ${next}` : ""}`);
}

/**
 * `text` with a full stop, unless it ends a sentence already: the service's own reason may ("Invalid
 * filter."), and a message must end with one stop, never "..".
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
