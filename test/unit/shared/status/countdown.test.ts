// The countdown to a milestone's Stable day at each boundary of its schedule, in calendar days.
import { describe, expect, it } from "vitest";
import type { MilestoneSchedule } from "../../../../src/core/client/schedule.ts";
import {
  countdownBadge,
  daysToStable,
  inDays,
  inEarlyStable,
  localDay,
  phaseOf,
  scheduleLines,
} from "../../../../src/shared/status/countdown.ts";

/** M155 as the bundled schedule has it. */
const M155: MilestoneSchedule = {
  mstone: 155,
  branchPoint: "2026-09-14",
  earliestBeta: "2026-09-16",
  latestBeta: "2026-09-24",
  finalBeta: "2026-09-30",
  earlyStable: "2026-09-30",
  stableDate: "2026-10-06",
};

describe("the countdown at each boundary", () => {
  it.each([
    ["2026-08-28", "before-branch", "39d", "M155 is in development; Stable in 39 days (2026-10-06)"],
    ["2026-09-13", "before-branch", "23d", "M155 is in development; Stable in 23 days (2026-10-06)"],
    ["2026-09-14", "branched", "22d", "M155 has branched; Stable in 22 days (2026-10-06)"],
    ["2026-09-16", "beta", "20d", "M155 is in Beta; Stable in 20 days (2026-10-06)"],
    ["2026-09-29", "beta", "7d", "M155 is in Beta; Stable in 7 days (2026-10-06)"],
    [
      "2026-09-30",
      "early-stable",
      "6d",
      "M155 is in early stable (a small share of users) since 2026-09-30; Stable in 6 days (2026-10-06)",
    ],
    [
      "2026-10-05",
      "early-stable",
      "1d",
      "M155 is in early stable (a small share of users) since 2026-09-30; Stable tomorrow (2026-10-06)",
    ],
    ["2026-10-06", "stable-day", "TODAY", "M155 reaches Stable today (2026-10-06)"],
    ["2026-10-07", "stable", null, "M155 reached Stable on 2026-10-06"],
  ])("on %s: %s, badge %j", (today, phase, badge, line) => {
    expect(phaseOf(M155, today)).toBe(phase);
    expect(countdownBadge(M155, today)).toBe(badge);
    expect(scheduleLines(M155, today)).toEqual([
      line,
      "Schedule: branch 2026-09-14, beta 2026-09-16, early stable 2026-09-30, stable 2026-10-06",
    ]);
  });

  it("counts across a month and a year end in whole calendar days", () => {
    const yearEnd: MilestoneSchedule = { mstone: 160, stableDate: "2027-01-05" };
    expect(daysToStable(yearEnd, "2026-12-31")).toBe(5);
    expect(countdownBadge(yearEnd, "2024-01-01")).toBe("999d");
  });

  it("skips dates the schedule lacks: with only a Stable day, a future milestone counts as branched", () => {
    const bare: MilestoneSchedule = { mstone: 170, stableDate: "2027-05-04" };
    expect(phaseOf(bare, "2027-04-01")).toBe("branched");
    expect(scheduleLines(bare, "2027-04-01")[1]).toBe("Schedule: stable 2027-05-04");
  });

  it("says distances in days as words", () => {
    expect([inDays(0), inDays(1), inDays(-1), inDays(9), inDays(-3)]).toEqual([
      "today",
      "tomorrow",
      "yesterday",
      "in 9 days",
      "3 days ago",
    ]);
  });

  it("takes today as the reader's own calendar day", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "America/Los_Angeles";
      expect(localDay(Date.parse("2026-10-06T05:00:00Z"))).toBe("2026-10-05");
      process.env.TZ = "Asia/Tokyo";
      expect(localDay(Date.parse("2026-10-05T16:00:00Z"))).toBe("2026-10-06");
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe("inEarlyStable", () => {
  it("is true from the early-stable day to the day before Stable, false around it", () => {
    expect(
      ["2026-09-29", "2026-09-30", "2026-10-05", "2026-10-06"].map((d) => inEarlyStable(M155, d)),
    ).toEqual([false, true, true, false]);
  });

  it("cannot say without an early-stable day", () => {
    const { earlyStable: _none, ...undated } = M155;
    expect(inEarlyStable(undated, "2026-10-01")).toBeNull();
  });
});
