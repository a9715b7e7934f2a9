// The answer page bench's verdict: the median of the opens against its target, said either way.
import { afterEach, describe, expect, it, vi } from "vitest";
import { printAnswerPageBench } from "../../../bench/answer-page.ts";

describe("printAnswerPageBench", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("passes a median within 150 ms and prints each question's", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const ok = printAnswerPageBench({
      times: [100, 120, 400],
      byQuestion: [{ question: ":has()", medianMs: 120 }],
    });
    expect(ok).toBe(true);
    const printed = log.mock.calls.flat().join("\n");
    expect(printed).toContain("median 120.0 ms, p95 400.0 ms over 3 opens  ok");
    expect(printed).toContain("':has()'");
  });

  it("fails a median over 150 ms, saying so", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(printAnswerPageBench({ times: [140, 160, 170], byQuestion: [] })).toBe(false);
    expect(log.mock.calls.flat().join("\n")).toContain("MISSES TARGET");
  });
});
