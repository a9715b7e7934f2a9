/**
 * A `fetch` answered in-process by the emulator's own request handler: the real service behaviour (ETags,
 * errors, paging) without sockets, for unit tests of code that talks to the service. `down` and `answer`
 * let a test make the service fail; `requests` records what was asked.
 */
import { readFileSync } from "node:fs";
import { buildDataset } from "../../emulator/dataset.ts";
import { createHandler } from "../../emulator/handler.ts";
import { fakeFetch, type RecordedRequest } from "./fetch.ts";

export interface ServiceFetch {
  fetch: typeof fetch;
  /** Each request's path and query, and its If-None-Match. */
  readonly requests: { url: string; ifNoneMatch?: string; status: number }[];
  /** Rejects every request like an unreachable host. */
  down: boolean;
  /** Overrides the answer (status, body, headers) of every request while set. */
  answer: { status: number; body: string; headers?: Record<string, string> } | null;
  /** Replaces the data the service answers from. */
  setData(json: unknown): void;
}

export const BASE_URL = "http://127.0.0.1:8787/v1";

export function serviceFetch(
  data: unknown = JSON.parse(readFileSync(new URL("../fixtures/e2e-releases.json", import.meta.url), "utf8")),
): ServiceFetch {
  let handler = createHandler(buildDataset(data, "test data"));
  const answer = (request: RecordedRequest): Response => {
    const url = new URL(request.url);
    const ifNoneMatch = request.headers.get("If-None-Match") ?? undefined;
    const record = (status: number) =>
      service.requests.push({
        url: url.pathname + url.search,
        status,
        ...(ifNoneMatch ? { ifNoneMatch } : {}),
      });
    if (service.down) {
      record(0);
      throw new TypeError("Failed to fetch");
    }
    const res = service.answer
      ? {
          status: service.answer.status,
          headers: service.answer.headers ?? {},
          body: Buffer.from(service.answer.body),
        }
      : handler({ method: "GET", url: url.pathname + url.search, ifNoneMatch });
    record(res.status);
    return new Response(res.status === 304 ? null : new Uint8Array(res.body), {
      status: res.status,
      headers: res.headers,
    });
  };
  const service: ServiceFetch = {
    requests: [],
    down: false,
    answer: null,
    setData(json) {
      handler = createHandler(buildDataset(json, "test data"));
    },
    fetch: fakeFetch(answer).fetch,
  };
  return service;
}
