import { beforeAll, describe, expect, it } from "vitest";
import { addMonths, widelyAvailableDay } from "../../../../src/shared/tracked/baseline.ts";
import { realAsset } from "../answers/fixtures.ts";

// The real feature data is built once for the file, which takes seconds on a busy machine.
beforeAll(() => void realAsset(), 180_000);

describe("when a web feature is Baseline widely available", () => {
  it("is 30 months after its low date, the month's last day where the date is past it", () => {
    expect(widelyAvailableDay({ baseline: "low", baselineLow: "2025-03-04" })).toBe("2027-09-04");
    expect(widelyAvailableDay({ baseline: "low", baselineLow: "≤2024-08-31" })).toBe("≤2027-02-28");
    expect(addMonths("2023-12-31", 2)).toBe("2024-02-29");
    expect(widelyAvailableDay({ baseline: false })).toBeNull();
    expect(widelyAvailableDay({ baseline: "low", baselineLow: "soon" })).toBeNull();
  });

  it("agrees with web-features' own high date for every widely available feature", () => {
    const high = realAsset().features.filter((f) => f.baseline === "high" && f.baselineLow && f.baselineHigh);
    expect(high.length).toBeGreaterThan(500);
    const computed = high.map((f) => widelyAvailableDay({ baseline: "low", baselineLow: f.baselineLow! }));
    expect(computed).toEqual(high.map((f) => f.baselineHigh));
  });
});
