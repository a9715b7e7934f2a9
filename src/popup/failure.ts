/**
 * Pure: a failed request in a person's words, for the explorer's and the chart's banners. The service's own
 * message comes first and unchanged (issue 4: "the banner shows the service's own message"); the URL is left
 * to the request line above the results, which already shows it.
 */
import { HttpError, NetworkError, TimeoutError } from "../core/client/index.ts";

export function failureText(e: unknown): string {
  if (e instanceof HttpError) {
    const status = `${e.status}${e.statusText ? ` ${e.statusText}` : ""}`;
    return e.serviceMessage
      ? `The service answered ${status}: ${e.serviceMessage}`
      : `The service answered ${status}.`;
  }
  if (e instanceof TimeoutError) {
    return `The service did not answer within ${Math.round(e.timeoutMs / 1000)} s.`;
  }
  if (e instanceof NetworkError) {
    const cause = e.cause instanceof Error ? e.cause.message : String(e.cause);
    return `Cannot reach the service (${cause}).`;
  }
  return e instanceof Error ? e.message : String(e);
}
