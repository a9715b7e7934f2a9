/**
 * An error as a Failure (failure.ts): which kind of failure each of the client's error classes is. Apart from
 * the sentences, so a page that only says stored failures (the popup's first paint) does not load the client.
 */
import { InvalidBaseUrlError, InvalidResponseError } from "../../core/client/errors.ts";
import { PagingError } from "../../core/client/paging.ts";
import {
  HttpError,
  NetworkError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from "../../core/client/request-errors.ts";
import { InvalidQueryError, messageOf, ReleaseRadarError } from "../../core/errors.ts";
import type { Failure } from "./failure.ts";

/** What an error says about the failure, as plain data. */
export function failureOf(error: unknown): Failure {
  const details = messageOf(error);
  if (error instanceof NetworkError) return { kind: "unreachable", details };
  if (error instanceof TimeoutError) return { kind: "timeout", details };
  if (error instanceof ResponseTooLargeError) return { kind: "too-large", reason: error.what, details };
  if (error instanceof PagingError) return { kind: "paging", reason: error.detail, details };
  if (error instanceof RedirectError) return { kind: "redirect", details };
  if (error instanceof HttpError) {
    return {
      kind: "http",
      status: error.status,
      ...(error.serviceMessage !== undefined && { reason: error.serviceMessage }),
      details,
    };
  }
  if (error instanceof InvalidResponseError) {
    return { kind: error.incomplete ? "incomplete" : "malformed", details };
  }
  if (error instanceof InvalidBaseUrlError) return { kind: "address", reason: error.detail, details };
  if (error instanceof InvalidQueryError) return { kind: "query", reason: error.detail, details };
  if (error instanceof ReleaseRadarError) return { kind: "unexpected", details };
  return { kind: "unexpected", details: `${error instanceof Error ? error.name : "Error"}: ${details}` };
}
