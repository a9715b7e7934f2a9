// The popup's schedule section: the next milestones and a release page's own, from the stored schedules.
import { describe, expect, it } from "vitest";
import { scheduleView } from "../../../../src/popup/glance/schedule-view.ts";
import type { ScheduleEntry } from "../../../../src/shared/store/schedules.ts";

const URL_ = "https://chromiumdash.appspot.com";
const entry = (mstone: number, earlyStable: string, stableDate: string, url = URL_): ScheduleEntry => ({
  scheduleUrl: url,
  fetchedAt: Date.UTC(2026, 8, 1, 10, 0),
  schedule: { mstone, branchPoint: "2026-08-17", earliestBeta: "2026-08-19", earlyStable, stableDate },
});
const ENTRIES = [
  entry(155, "2026-09-30", "2026-10-06"),
  entry(153, "2026-09-02", "2026-09-08"),
  entry(154, "2026-09-16", "2026-09-22"),
  entry(152, "2026-08-12", "2026-08-18"),
  entry(156, "2026-10-14", "2026-10-20"),
  entry(160, "2026-12-09", "2026-12-15", "http://127.0.0.1:8787"),
];

describe("scheduleView", () => {
  it("lists the next three milestones not yet on Stable, soonest first, with how far away they are", () => {
    expect(scheduleView(ENTRIES, URL_, "2026-09-04", null)).toEqual({
      page: null,
      upcoming: [
        {
          milestone: "M153",
          earlyStable: "early stable since 2026-09-02",
          stable: "Stable 2026-09-08 (in 4 days)",
        },
        {
          milestone: "M154",
          earlyStable: "early stable 2026-09-16 (in 12 days)",
          stable: "Stable 2026-09-22 (in 18 days)",
        },
        {
          milestone: "M155",
          earlyStable: "early stable 2026-09-30 (in 26 days)",
          stable: "Stable 2026-10-06 (in 32 days)",
        },
      ],
      asOf: Date.UTC(2026, 8, 1, 10, 0),
    });
  });

  it("shows a release page's milestone in its schedule; only the schedule the settings name counts", () => {
    const view = scheduleView(ENTRIES, URL_, "2026-09-20", 154);
    expect(view.page).toEqual([
      "M154 is in early stable (a small share of users) since 2026-09-16; Stable in 2 days (2026-09-22)",
      "Schedule: branch 2026-08-17, beta 2026-08-19, early stable 2026-09-16, stable 2026-09-22",
    ]);
    expect(view.upcoming.map((r) => r.milestone)).toEqual(["M154", "M155", "M156"]);
    expect(scheduleView(ENTRIES, URL_, "2026-09-20", 160).page).toBeNull();
  });

  it("has nothing to show without stored schedules", () => {
    expect(scheduleView([], URL_, "2026-09-20", 154)).toEqual({ page: null, upcoming: [], asOf: null });
  });
});
