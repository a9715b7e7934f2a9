/** Stored schedules are read through the same bounds as the schedule's answers (schedule-fields.ts). */
import { describe, expect, it } from "vitest";
import { readSchedules } from "../../../../src/shared/store/schedules.ts";

const at = Date.UTC(2026, 10, 28);
const entry = (schedule: Record<string, unknown>, fetchedAt = at) => ({
  scheduleUrl: "https://chromiumdash.appspot.com",
  fetchedAt,
  schedule: { mstone: 150, stableDate: "2027-01-12", ...schedule },
});

describe("readSchedules", () => {
  it("drops an entry of days out of the served years, out of order around Stable, or of a time out of range", () => {
    const good = entry({ branchPoint: "2026-11-30", stableRefreshFirst: "2027-01-26" });
    const stored = [
      entry({ stableDate: "9999-12-31" }),
      entry({ stableDate: "0000-01-01" }),
      entry({ branchPoint: "2027-01-19" }),
      entry({ stableRefreshFirst: "2027-01-05" }),
      entry({}, 1e300),
      good,
    ];
    expect(readSchedules(stored)).toEqual([good]);
  });
});
