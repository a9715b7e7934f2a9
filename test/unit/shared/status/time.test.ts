import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatDay,
  formatTableTime,
  formatTime,
  relativeTime,
} from "../../../../src/shared/status/time.ts";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const ago = (ms: number) => relativeTime(NOW - ms, NOW);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("relativeTime", () => {
  it("says just now under 45 seconds ago, and a moment under a minute ahead is in under a minute", () => {
    expect(ago(0)).toBe("just now");
    expect(ago(44_000)).toBe("just now");
    expect(ago(-20_000)).toBe("in under a minute");
    expect(ago(-59_000)).toBe("in under a minute");
    expect(ago(-60_000)).toBe("in 1 min");
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

describe("absolute times, always in UTC and saying so", () => {
  const at = Date.parse("2026-08-20T20:10:59.999Z");

  it("a time names the zone", () => {
    expect(formatTime(at)).toBe("2026-08-20 20:10 UTC");
  });

  it("a table cell leaves the zone to its column header", () => {
    expect(formatTableTime(at)).toBe("2026-08-20 20:10");
  });

  it("a day is the UTC day", () => {
    expect(formatDay(Date.parse("2026-08-20T23:30:00Z"))).toBe("2026-08-20");
    expect(formatDay(Date.parse("2026-08-21T00:30:00+02:00"))).toBe("2026-08-20");
  });

  it("a time on the same UTC day as now is said as a clock time", () => {
    expect(formatClock(Date.parse("2026-08-20T14:05:00Z"), at)).toBe("14:05 UTC");
    expect(formatClock(Date.parse("2026-08-21T00:05:00Z"), at)).toBe("2026-08-21 00:05 UTC");
  });

  it("does not depend on the machine's time zone", () => {
    // The formatters read no zone: the same instant gives the same text wherever the test runs.
    const before = process.env.TZ;
    try {
      process.env.TZ = "Asia/Tokyo";
      expect(formatTime(at)).toBe("2026-08-20 20:10 UTC");
      expect(new Date(at).getHours()).toBe(5);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
