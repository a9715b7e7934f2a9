// The schedule client: validation at the boundary (calendar days kept as days), and requests against the
// emulator's own /fetch_milestone_schedule over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScheduleClient,
  validateSchedule,
  type MilestoneSchedule,
} from "../../../../src/core/client/schedule.ts";
import { HttpError } from "../../../../src/core/client/request-errors.ts";
import { InvalidResponseError } from "../../../../src/core/client/errors.ts";
import type { RunningServer } from "../../../../emulator/server.ts";
import { startScheduleServer } from "../../emulator/service-fixture.ts";

const URL_ = "https://chromiumdash.appspot.com/fetch_milestone_schedule?mstone=142";
/** M142 as Chromium Dash answers it (its tests hold this record). */
const M142 = {
  branch_point: "2025-09-29T00:00:00",
  earliest_beta: "2025-10-01T00:00:00",
  earliest_beta_chromeos: "2025-10-14T00:00:00",
  early_stable: "2025-10-22T00:00:00",
  final_beta: "2025-10-22T00:00:00",
  latest_beta: "2025-10-16T00:00:00",
  mstone: 142,
  stable_date: "2025-10-28T00:00:00",
  stable_refresh_first: "2025-11-11T00:00:00",
  stable_refresh_second: "2025-12-02T00:00:00",
  stable_refresh_third: "2025-12-16T00:00:00",
  owners: { tpm: "someone" },
};

const EXPECTED: MilestoneSchedule = {
  mstone: 142,
  branchPoint: "2025-09-29",
  earliestBeta: "2025-10-01",
  latestBeta: "2025-10-16",
  finalBeta: "2025-10-22",
  earlyStable: "2025-10-22",
  stableDate: "2025-10-28",
  stableRefreshFirst: "2025-11-11",
  stableRefreshSecond: "2025-12-02",
  stableRefreshThird: "2025-12-16",
};

/** The InvalidResponseError `run` throws, for its field and detail. */
function refusal(run: () => unknown): InvalidResponseError {
  try {
    run();
  } catch (e) {
    if (e instanceof InvalidResponseError) return e;
    throw e;
  }
  throw new Error("accepted");
}

describe("validateSchedule", () => {
  it("keeps a real answer's dates as calendar days, without a zone, and ignores fields it does not read", () => {
    expect(validateSchedule({ mstones: [M142] }, URL_, 142)).toEqual(EXPECTED);
  });

  it("keeps only stable_date required; a null date is an absent one", () => {
    expect(
      validateSchedule(
        { mstones: [{ mstone: 9, stable_date: "2021-03-02T00:00:00", early_stable: null }] },
        URL_,
      ),
    ).toEqual({
      mstone: 9,
      stableDate: "2021-03-02",
    });
  });

  it.each([
    [null, "(body)", "expected a JSON object, found null"],
    [{}, "mstones", "expected a non-empty array, found nothing (the field is absent)"],
    [{ mstones: [] }, "mstones", "expected a non-empty array"],
    [{ mstones: ["x"] }, "mstones[0]", "expected a JSON object"],
    [{ mstones: [{ ...M142, mstone: "142" }] }, "mstones[0].mstone", "expected a milestone from 1 to 999"],
    [{ mstones: [{ ...M142, mstone: 2 ** 53 }] }, "mstones[0].mstone", "expected a milestone from 1 to 999"],
    [{ mstones: [{ ...M142, mstone: 1e15 }] }, "mstones[0].mstone", "expected a milestone from 1 to 999"],
    [{ mstones: [{ ...M142, mstone: 0 }] }, "mstones[0].mstone", "expected a milestone from 1 to 999"],
    [
      { mstones: [{ ...M142, mstone: 141 }] },
      "mstones[0].mstone",
      "expected milestone 142, the one asked for",
    ],
    [{ mstones: [{ ...M142, stable_date: undefined }] }, "mstones[0].stable_date", "expected a date"],
    [
      { mstones: [{ ...M142, stable_date: "2025-10-28" }] },
      "mstones[0].stable_date",
      "expected a date YYYY-MM-DDTHH:MM:SS",
    ],
    [
      { mstones: [{ ...M142, early_stable: "2025-02-30T00:00:00" }] },
      "mstones[0].early_stable",
      "expected a calendar day that exists",
    ],
    [
      { mstones: [{ ...M142, branch_point: 20250929 }] },
      "mstones[0].branch_point",
      "expected a date YYYY-MM-DDTHH:MM:SS",
    ],
    // Days past the years the service serves: no "Stable in 2912111 days", no "Stable since 0000-01-01".
    [
      { mstones: [{ ...M142, stable_date: "9999-12-31T00:00:00", stable_refresh_first: null }] },
      "mstones[0].stable_date",
      "expected a day from 2008-01-01 to 2099-12-31, found",
    ],
    [
      { mstones: [{ ...M142, stable_date: "0000-01-01T00:00:00" }] },
      "mstones[0].stable_date",
      "expected a day from 2008-01-01 to 2099-12-31",
    ],
    // Stable before its branch or early stable, a refresh before Stable: nothing to count down to.
    [
      { mstones: [{ ...M142, branch_point: "2025-11-03T00:00:00" }] },
      "mstones[0].branch_point",
      'expected a day on or before Stable\'s, 2025-10-28, found the string "2025-11-03"',
    ],
    [
      { mstones: [{ ...M142, early_stable: "2025-10-29T00:00:00" }] },
      "mstones[0].early_stable",
      "expected a day on or before Stable's, 2025-10-28",
    ],
    [
      { mstones: [{ ...M142, stable_refresh_third: "2025-10-01T00:00:00" }] },
      "mstones[0].stable_refresh_third",
      "expected a day on or after Stable's, 2025-10-28",
    ],
  ])("refuses %j, naming %s", (body, field, detail) => {
    const e = refusal(() => validateSchedule(body, URL_, 142));
    expect(e.field).toBe(field);
    expect(e.detail).toContain(detail);
    expect(e.url).toBe(URL_);
  });
});

describe("createScheduleClient against the emulator", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startScheduleServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const client = () => createScheduleClient({ baseUrl: server.url.replace(/\/v1$/, "") });

  it("asks for a milestone by number and gets its dates", async () => {
    const { schedule, url } = await client().milestone(142);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fetch_milestone_schedule\?mstone=142$/);
    expect(schedule).toMatchObject({ mstone: 142, branchPoint: "2025-09-29", stableDate: "2025-10-28" });
  });

  it("asks for current and next, relative to the schedule's own today", async () => {
    expect((await client().milestone("current")).schedule.mstone).toBe(153);
    expect((await client().milestone("next")).schedule).toMatchObject({
      mstone: 154,
      stableDate: "2026-09-22",
    });
  });

  it("reports a milestone the schedule does not have as the HTTP error it is", async () => {
    await expect(client().milestone(999)).rejects.toBeInstanceOf(HttpError);
    await expect(client().milestone(999)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a milestone that is not an integer from 1 to 999 before any request", () => {
    expect(() => client().url(0)).toThrow(RangeError);
    expect(() => client().url(1.5)).toThrow(RangeError);
    expect(() => client().url(1000)).toThrow(RangeError);
  });

  it("refuses a base URL the project may not talk to", () => {
    expect(() => createScheduleClient({ baseUrl: "http://chromiumdash.appspot.com" })).toThrow(/use https/);
  });
});
