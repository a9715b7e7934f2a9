// The answer about a milestone: where it stands today, where it is live and at what share, its days.
import { describe, expect, it } from "vitest";
import type { MilestoneSchedule } from "../../../../src/core/client/schedule-fields.ts";
import type { AskContext } from "../../../../src/shared/answers/answer.ts";
import { milestoneAnswer } from "../../../../src/shared/answers/milestone.ts";
import { context, release, snapshot, watchOn } from "./fixtures.ts";

/** Stable: 158 rolling out to 25% on Windows over 157, Linux on 158; Beta: 159. */
const live = snapshot([
  release("win64", "stable", "158.0.7500.50", 0.25, { group: "1" }),
  release("win64", "stable", "157.0.7400.120", 0.75, { group: "1" }),
  release("linux", "stable", "158.0.7500.50", 1, { group: "2" }),
  release("win64", "beta", "159.0.7600.10", 1, { group: "3" }),
  release("android", "beta", "159.0.7600.10", 1, { group: "4" }),
]);

const M159: MilestoneSchedule = {
  mstone: 159,
  branchPoint: "2026-11-02",
  earliestBeta: "2026-11-12",
  earlyStable: "2026-12-02",
  stableDate: "2026-12-08",
};

const first = (m: number, ctx: Partial<AskContext> = {}) =>
  milestoneAnswer(m, context({ snapshot: live, ...ctx })).lines[0];

describe("milestoneAnswer", () => {
  it("a milestone in Beta by its schedule: where it is live, and its days counted down", () => {
    const a = milestoneAnswer(159, context({ snapshot: live, schedules: [M159] }));
    expect(a.title).toBe("Chrome 159");
    expect(a.lines).toEqual([
      "M159 is in Beta.",
      "Beta: Windows 100%, Android 100%",
      "Live shares as of 2026-11-26 11:55 UTC (5 min ago)",
      "Early stable on 2026-12-02, in 6 days",
      "Stable on 2026-12-08, in 12 days",
    ]);
    expect(a.links).toEqual([
      { text: "Chrome 159 release notes", url: "https://developer.chrome.com/release-notes/159" },
    ]);
    expect(a.summary).toBe("Chrome 159 · in Beta · Stable on 2026-12-08, in 12 days");
  });

  it("in early stable by its schedule: said without a share of its own, the live lines give the shares", () => {
    const a = milestoneAnswer(
      159,
      context({ snapshot: live, schedules: [M159], now: Date.parse("2026-12-03T12:00:00Z") }),
    );
    expect(a.lines[0]).toBe("M159 is in early stable: on Stable for some users before its Stable day.");
    expect(a.lines.join("\n")).not.toMatch(/small share/);
  });

  it("past its Stable day and still rolling out on a platform: not yet for everyone", () => {
    const schedules = [{ mstone: 158, stableDate: "2026-11-17" }];
    expect(first(158, { schedules })).toBe("M158 is on Stable, still rolling out.");
    const everywhere = snapshot([release("win64", "stable", "158.0.7500.50", 1)]);
    expect(first(158, { schedules, snapshot: everywhere })).toBe("M158 is Stable for everyone.");
  });

  it("a past milestone: said against what the watched platform's Stable runs, with its scheduled day", () => {
    const schedules = [{ mstone: 153, stableDate: "2026-09-08" }];
    const a = milestoneAnswer(153, context({ snapshot: live, schedules }));
    expect(a.lines.slice(0, 2)).toEqual([
      "M153 is past: Stable on Windows runs M158 now.",
      "It is not live on any platform or channel now.",
    ]);
    expect(a.lines.at(-1)).toBe("Stable since 2026-09-08");
    // Watching Linux, whose Stable runs 151 while Windows runs 152: M150 is past by Linux's 151.
    const split = snapshot([
      release("win64", "stable", "152.0.7977.54", 1, { group: "1" }),
      release("linux", "stable", "151.0.7922.173", 1, { group: "2" }),
    ]);
    expect(first(150, { snapshot: split, watch: watchOn("linux") })).toBe(
      "M150 is past: Stable on Linux runs M151 now.",
    );
  });

  it("without a schedule, says what the live releases show, and no day: Chrome's days are the schedule's alone", () => {
    const a = milestoneAnswer(158, context({ snapshot: live }));
    expect(a.lines).toEqual([
      "M158 is on Stable.",
      "Stable: Windows 25%, Linux 100%",
      "Live shares as of 2026-11-26 11:55 UTC (5 min ago)",
      "No Stable day in the schedule known",
    ]);
    expect(a.scheduleOf).toBe(158);
  });

  it("in Beta by the schedule yet live nowhere: says why beside 'not live'", () => {
    const a = milestoneAnswer(159, context({ snapshot: snapshot([]), schedules: [M159] }));
    expect(a.lines.slice(0, 2)).toEqual([
      "M159 is in Beta.",
      "It is not live on any platform or channel now: the schedule places M159 there, but the service lists no live release of it.",
    ]);
  });

  it("a milestone with no schedule and not live yet", () => {
    expect(milestoneAnswer(160, context({ snapshot: live })).lines).toEqual([
      "M160 is not live anywhere yet.",
      "It is not live on any platform or channel now.",
      "Live shares as of 2026-11-26 11:55 UTC (5 min ago)",
      "No Stable day in the schedule known",
    ]);
  });

  it("with no snapshot and a failed service, says the live share is unknown and why, and still gives the days", () => {
    const a = milestoneAnswer(
      159,
      context({ schedules: [M159], failure: { kind: "unreachable", details: "" } }),
    );
    expect(a.lines).toEqual([
      "M159 is in Beta.",
      "The live share is unknown. Cannot reach the service at versionhistory.googleapis.com.",
      "Early stable on 2026-12-02, in 6 days",
      "Stable on 2026-12-08, in 12 days",
    ]);
  });

  it("with no snapshot, a milestone past by the stored schedules is past, and one without a day cannot be placed", () => {
    const schedules = [
      { mstone: 153, stableDate: "2026-09-08" },
      { mstone: 158, stableDate: "2026-11-17" },
    ];
    expect(milestoneAnswer(153, context({ schedules })).lines[0]).toBe(
      "M153 is past: M158 has reached Stable since.",
    );
    expect(milestoneAnswer(158, context({ schedules })).lines[0]).toBe("M158 is Stable for everyone.");
    expect(milestoneAnswer(160, context({ schedules })).lines[0]).toBe(
      "M160 is somewhere the stored data cannot say: no schedule and no live releases are stored.",
    );
  });
});
