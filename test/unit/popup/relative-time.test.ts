import { describe, expect, it } from "vitest";
import { relativeTime } from "../../../src/popup/relative-time.ts";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const ago = (ms: number) => relativeTime(NOW - ms, NOW);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("relativeTime", () => {
  it("says just now under 45 seconds, either way", () => {
    expect(ago(0)).toBe("just now");
    expect(ago(44_000)).toBe("just now");
    expect(ago(-44_000)).toBe("just now");
  });

  it("counts minutes, rounding down, with at least one", () => {
    expect(ago(45_000)).toBe("1 min ago");
    expect(ago(3 * MIN + 59_000)).toBe("3 min ago");
    expect(ago(59 * MIN)).toBe("59 min ago");
  });

  it("never says an hour of 50 minutes", () => {
    expect(ago(50 * MIN)).toBe("50 min ago");
    expect(ago(60 * MIN)).toBe("1 h ago");
    expect(ago(23 * 60 * MIN + 59 * MIN)).toBe("23 h ago");
  });

  it("counts days, months and years with plurals", () => {
    expect(ago(DAY)).toBe("1 day ago");
    expect(ago(29 * DAY)).toBe("29 days ago");
    expect(ago(30 * DAY)).toBe("1 month ago");
    expect(ago(364 * DAY)).toBe("12 months ago");
    expect(ago(365 * DAY)).toBe("1 year ago");
    expect(ago(3 * 365 * DAY)).toBe("3 years ago");
  });

  it("says a future moment as in ...", () => {
    expect(relativeTime(NOW + 5 * MIN, NOW)).toBe("in 5 min");
    expect(relativeTime(NOW + 2 * DAY, NOW)).toBe("in 2 days");
  });
});
