import { describe, expect, it } from "vitest";
import { isPollState } from "../../../src/background/poll-state.ts";
import { afterPoll, backoffMs } from "../../../src/background/schedule.ts";

const MIN = 60_000;

describe("poll schedule", () => {
  it("waits a full interval after a success and forgets earlier failures", () => {
    expect(afterPoll({ failures: 3, lastError: "x", nextTry: 0 }, { ok: true }, 30, 1000)).toEqual({
      failures: 0,
      lastAttempt: 1000,
      nextTry: 1000 + 30 * MIN,
    });
  });

  it("backs off 1, 2, 4, 8 minutes, capped at the poll interval", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 10) / MIN)).toEqual([1, 2, 4, 8, 10, 10]);
  });

  it("counts consecutive failures across calls", () => {
    const one = afterPoll(null, { ok: false, error: "down" }, 30, 0);
    const two = afterPoll(one, { ok: false, error: "down" }, 30, one.nextTry);
    expect(two).toMatchObject({ failures: 2, lastError: "down", nextTry: one.nextTry + 2 * MIN });
  });

  it("waits at least as long as Retry-After says", () => {
    expect(afterPoll(null, { ok: false, error: "busy", retryAfterMs: 5 * MIN }, 30, 0).nextTry).toBe(5 * MIN);
    expect(afterPoll(null, { ok: false, error: "busy", retryAfterMs: 1000 }, 30, 0).nextTry).toBe(MIN);
  });

  it("refuses stored values of another shape", () => {
    expect(isPollState({ failures: 1, nextTry: 2 })).toBe(true);
    expect(isPollState({ failures: "1", nextTry: 2 })).toBe(false);
    expect(isPollState(null)).toBe(false);
    expect(isPollState({ failures: 1, nextTry: 2, lastError: 3 })).toBe(false);
  });
});
