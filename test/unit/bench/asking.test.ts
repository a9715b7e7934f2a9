// The asking bench's verdict: both targets must hold, and each miss is said.
import { afterEach, describe, expect, it, vi } from "vitest";
import { printAskingBench, type AskingBench } from "../../../bench/asking.ts";

const result = (over: Partial<AskingBench> = {}): AskingBench => ({
  rawBytes: 350_000,
  gzippedBytes: 56_000,
  more: { rawBytes: 260_000, gzippedBytes: 76_000 },
  packages: [{ name: "web-features", bytes: 4_700_000 }],
  keystrokes: 37,
  medianMs: 0.4,
  slowest: { input: "h", ms: 0.7 },
  ...over,
});

describe("printAskingBench", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("passes within both targets and prints the asset's sizes", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(printAskingBench(result())).toBe(true);
    const printed = log.mock.calls.flat().join("\n");
    expect(printed).toContain("features.json 341.8 KB, 54.7 KB gzipped  ok");
    expect(printed).toContain(
      "compat-keys.json (read only when features.json names nothing) 253.9 KB, 74.2 KB gzipped",
    );
  });

  it("fails an asset over 150 KB gzipped, and a median keystroke over 20 ms", () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(printAskingBench(result({ gzippedBytes: 150 * 1024 + 1 }))).toBe(false);
    expect(printAskingBench(result({ medianMs: 20.5 }))).toBe(false);
  });
});
