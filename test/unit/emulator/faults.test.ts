/** The --faults SPEC and the fault draw, without sockets. */
import { describe, expect, test } from "vitest";
import {
  FaultInjector,
  FaultSpecError,
  formatFaults,
  mulberry32,
  NO_FAULTS,
  parseFaults,
} from "../../../emulator/faults.ts";

describe("parseFaults", () => {
  test("the empty spec is no faults", () => {
    expect(parseFaults("")).toEqual(NO_FAULTS);
    expect(parseFaults("  ")).toEqual(NO_FAULTS);
  });

  test("reads every key", () => {
    expect(
      parseFaults("latency=250, error=0.1,retryafter=5,malformed=0.2,truncated=.1,stall=0.05,seed=42"),
    ).toEqual({
      latencyMs: 250,
      error: 0.1,
      retryAfterSeconds: 5,
      malformed: 0.2,
      truncated: 0.1,
      stall: 0.05,
      seed: 42,
    });
  });

  test.each([
    ["nope=1", 'unknown fault "nope"'],
    ["error", 'error: missing "=value"'],
    ["error=2", "error=2: expected a share from 0 to 1"],
    ["error=-0.1", "expected a share"],
    ["latency=fast", "latency=fast: expected a whole number"],
    ["latency=1.5", "expected a whole number"],
    ["seed=-1", "seed=-1: expected a whole number"],
    ["error=0.5,error=0.5", "error is given twice"],
    ["error=0.6,stall=0.6", "add up to 1.2"],
    ["error=1,,", "empty item"],
  ])("%s is refused: %s", (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    expect(() => parseFaults(spec)).toThrow(message);
  });

  test("formatFaults gives back a canonical spec that reads the same", () => {
    const spec = "stall=0.05,seed=7,latency=20,error=0.5,retryafter=3";
    expect(formatFaults(parseFaults(spec))).toBe("latency=20,error=0.5,retryafter=3,stall=0.05,seed=7");
    expect(parseFaults(formatFaults(parseFaults(spec)))).toEqual(parseFaults(spec));
    expect(formatFaults(NO_FAULTS)).toBe("");
  });
});

describe("FaultInjector", () => {
  test("mulberry32 is deterministic per seed and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  test("a seed makes the sequence of faults repeatable", () => {
    const draw = (): string[] => {
      const f = new FaultInjector(parseFaults("error=0.3,stall=0.3,seed=9"));
      return Array.from({ length: 50 }, () => f.next().kind);
    };
    const first = draw();
    expect(draw()).toEqual(first);
    expect(new Set(first)).toEqual(new Set(["error", "stall", "none"]));
  });

  test("shares are roughly honoured", () => {
    const f = new FaultInjector(parseFaults("error=0.25,seed=1"));
    const errors = Array.from({ length: 4000 }, () => f.next().kind).filter((k) => k === "error").length;
    expect(errors / 4000).toBeGreaterThan(0.2);
    expect(errors / 4000).toBeLessThan(0.3);
  });

  test("error answers alternate 500 and 503 with Retry-After", () => {
    const f = new FaultInjector(parseFaults("error=1,retryafter=4"));
    const [a, b, c] = [f.errorResponse(true), f.errorResponse(true), f.errorResponse(true)];
    expect([a.status, b.status, c.status]).toEqual([500, 503, 500]);
    expect(a.headers["Retry-After"]).toBe("4");
    expect(JSON.parse(b.body.toString())).toMatchObject({ error: { code: 503, status: "UNAVAILABLE" } });
  });
});
