// The bench's statistics: the interval printed beside the popup's ratio of medians.
import { describe, expect, it } from "vitest";
import { median, ratioOfMediansInterval } from "../../../bench/stats.ts";

/** A sample spread like page opens: `n` values from `low` to `high`, in a scrambled order. */
function spread(n: number, low: number, high: number): number[] {
  return Array.from({ length: n }, (_, i) => low + (((i * 37) % n) / (n - 1)) * (high - low));
}

describe("median", () => {
  it("is the middle value, the upper middle one of an even count, NaN for none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe("ratioOfMediansInterval", () => {
  it("holds the ratio of the medians, and is narrow for tight samples and wide for spread ones", () => {
    const empty = spread(101, 90, 110);
    const popup = empty.map((x) => x * 1.15);
    const [low, high] = ratioOfMediansInterval(popup, empty);
    expect(low).toBeLessThanOrEqual(1.15);
    expect(high).toBeGreaterThanOrEqual(1.15);
    expect(high - low).toBeLessThan(0.1);

    const wideEmpty = spread(101, 60, 300);
    const [wideLow, wideHigh] = ratioOfMediansInterval(
      wideEmpty.map((x) => x * 1.15),
      wideEmpty,
    );
    expect(wideHigh - wideLow).toBeGreaterThan(2 * (high - low));
  });

  it("gives the same interval for the same samples (seeded), another for another seed", () => {
    const a = spread(51, 80, 200);
    const b = spread(51, 70, 190);
    expect(ratioOfMediansInterval(a, b)).toEqual(ratioOfMediansInterval(a, b));
    expect(ratioOfMediansInterval(a, b, 2000, 2)).not.toEqual(ratioOfMediansInterval(a, b));
  });

  it("gives a single point for one-value samples: nothing to resample", () => {
    expect(ratioOfMediansInterval([100], [80])).toEqual([1.25, 1.25]);
  });
});
