import { describe, expect, it } from "vitest";
import type { Failure } from "../../../src/shared/status/failure.ts";
import { afterPoll, backoffMs, freshPollState } from "../../../src/background/cache/backoff.ts";

const MIN = 60_000;
const SERVICE = { baseUrl: "http://127.0.0.1:8787/v1", product: "browser" };
const OTHER = { baseUrl: "https://versionhistory.googleapis.com/v1", product: "chrome" };
const DOWN: Failure = { kind: "unreachable", details: "down" };
const BUSY: Failure = { kind: "http", status: 429, details: "busy" };

describe("poll schedule", () => {
  it("waits a full interval after a success and forgets earlier failures", () => {
    const prev = { service: SERVICE, failures: 3, lastError: DOWN, nextTry: 0 };
    expect(afterPoll(prev, { ok: true }, SERVICE, 30, 1000)).toEqual({
      service: SERVICE,
      failures: 0,
      lastAttempt: 1000,
      nextTry: 1000 + 30 * MIN,
    });
  });

  it("backs off 1, 2, 4, 8 minutes, capped at the poll interval", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 10) / MIN)).toEqual([1, 2, 4, 8, 10, 10]);
  });

  it("counts consecutive failures across calls", () => {
    const one = afterPoll(null, { ok: false, failure: DOWN }, SERVICE, 30, 0);
    const two = afterPoll(one, { ok: false, failure: DOWN }, SERVICE, 30, one.nextTry);
    expect(two).toMatchObject({ failures: 2, lastError: DOWN, nextTry: one.nextTry + 2 * MIN });
  });

  it("waits at least as long as Retry-After says", () => {
    expect(afterPoll(null, { ok: false, failure: BUSY, retryAfterMs: 5 * MIN }, SERVICE, 30, 0).nextTry).toBe(
      5 * MIN,
    );
    expect(afterPoll(null, { ok: false, failure: BUSY, retryAfterMs: 1000 }, SERVICE, 30, 0).nextTry).toBe(
      MIN,
    );
  });

  it("does not carry another service's failures over: a new service backs off from one", () => {
    const old = { service: OTHER, failures: 4, lastError: DOWN, nextTry: 0 };
    const first = afterPoll(old, { ok: false, failure: BUSY }, SERVICE, 30, 0);
    expect(first).toEqual({ service: SERVICE, failures: 1, lastError: BUSY, lastAttempt: 0, nextTry: MIN });
  });

  it("a fresh state for a new service has no error and is due now", () => {
    expect(freshPollState(SERVICE, 1234)).toEqual({ service: SERVICE, failures: 0, nextTry: 1234 });
  });
});
