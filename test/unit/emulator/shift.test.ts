// --shift-to-now: the history and the schedule moved by whole days to the present, everything else as recorded.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadSchedule } from "../../../emulator/schedule.ts";
import { daysToNow, shiftReleases, shiftSchedule, shiftTimestamp } from "../../../emulator/shift.ts";

const DAY = 86_400_000;
const bundled = JSON.parse(
  readFileSync(new URL("../../../emulator/data/releases.json", import.meta.url), "utf8"),
) as { releases: { version: string; fraction: number; serving: { startTime: string; endTime?: string } }[] };

describe("shiftTimestamp", () => {
  it("moves the calendar and keeps the time of day, the fraction of a second and the zone", () => {
    expect(shiftTimestamp("2026-08-19T16:43:28.159000Z", 94)).toBe("2026-11-21T16:43:28.159000Z");
    expect(shiftTimestamp("2025-12-31T23:00:00+02:00", 1)).toBe("2026-01-01T23:00:00+02:00");
    expect(shiftTimestamp("2025-10-28T00:00:00", -28)).toBe("2025-09-30T00:00:00");
    expect(() => shiftTimestamp("yesterday", 1)).toThrow(/not a timestamp/);
  });
});

describe("the bundled history shifted to a present", () => {
  const now = Date.parse("2026-11-25T11:00:00Z");
  const days = daysToNow(bundled, now);
  const shifted = shiftReleases(bundled, days);

  it("puts the newest release between one and two days before now", () => {
    const newest = Math.max(...shifted.releases.map((r) => Date.parse(r.serving.startTime)));
    expect(now - newest).toBeGreaterThanOrEqual(DAY);
    expect(now - newest).toBeLessThan(2 * DAY);
  });

  it("keeps versions, fractions and the spacing between every two events", () => {
    expect(shifted.releases.map((r) => [r.version, r.fraction])).toEqual(
      bundled.releases.map((r) => [r.version, r.fraction]),
    );
    shifted.releases.forEach((r, i) => {
      const before = bundled.releases[i];
      expect(Date.parse(r.serving.startTime) - Date.parse(before?.serving.startTime ?? "")).toBe(days * DAY);
      expect(r.serving.endTime === undefined).toBe(before?.serving.endTime === undefined);
    });
  });

  it("moves the schedule by the same days, so the next milestone is ahead of the shifted history", () => {
    const schedule = loadSchedule();
    const moved = shiftSchedule(schedule, days);
    expect(moved).toHaveLength(schedule.length);
    const m152 = (list: typeof schedule) => list.find((m) => m.mstone === 152);
    expect(Date.parse(`${m152(moved)?.stable_date.slice(0, 10)}T00:00:00Z`)).toBe(
      Date.parse(`${m152(schedule)?.stable_date.slice(0, 10)}T00:00:00Z`) + days * DAY,
    );
  });

  it("moves nothing for a present the data already reaches, or with no releases", () => {
    expect(daysToNow({ releases: [] }, now)).toBe(0);
    const recent = { releases: [{ serving: { startTime: "2026-11-24T06:00:00Z" } }] };
    expect(daysToNow(recent, now)).toBe(0);
  });
});
