/**
 * The one fake `fetch`: records every request (URL and headers) and answers from a handler, so no test
 * touches the network. A handler that throws is a request that failed (a rejected fetch). serviceFetch
 * (service-fetch.ts) is this with the emulator's request handler behind it.
 */
import { vi } from "vitest";

export interface RecordedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
}

export type Handler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export function fakeFetch(handler: Handler): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      url: typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    return new Promise<Response>((resolve) => resolve(handler(request, requests.length - 1)));
  });
  return { fetch: fn, requests };
}

/** A JSON answer. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
}

/** A raw text answer (for bodies that are not JSON). */
export function text(body: string, init: ResponseInit = {}): Response {
  return new Response(body, { status: 200, ...init });
}

/** A valid release of the real service's shape (test/fixtures/versionhistory-real-responses.json, A). */
export function release(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "chrome/platforms/win64/channels/stable/versions/125.0.6422.113/releases/1717013496",
    serving: { startTime: "2024-05-29T20:11:36.621415Z" },
    fraction: 1,
    version: "125.0.6422.113",
    fractionGroup: "144",
    pinnable: false,
    ...overrides,
  };
}

export const BASE = "https://versionhistory.googleapis.com/v1";
