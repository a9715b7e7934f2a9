// What an answer in the popup is computed from (popup/ask/stored-context.ts): the stored data only when it is of the
// watched service, the schedules of the watched schedule origin.
import { describe, expect, it } from "vitest";
import type { MilestoneSchedule } from "../../../../src/core/client/schedule-fields.ts";
import { askContext } from "../../../../src/popup/ask/stored-context.ts";
import { DEFAULT_SETTINGS, scheduleUrlOf } from "../../../../src/shared/store/settings.ts";
import { realAsset } from "../../shared/answers/fixtures.ts";

const SERVICE = { baseUrl: "http://127.0.0.1:8787/v1", product: "chrome" };
const OTHER = { baseUrl: "https://versionhistory.googleapis.com/v1", product: "chrome" };
const settings = { ...DEFAULT_SETTINGS, ...SERVICE, channel: "beta" };
const failure = { kind: "http" as const, status: 503, details: "503" };
const schedule = (mstone: number) => ({ mstone }) as unknown as MilestoneSchedule;

describe("askContext", () => {
  it("takes the snapshot, failure and schedules of the watched service, with its host, platform and channel", () => {
    const snapshot = { ...SERVICE, fetchedAt: 1, releases: [] };
    const ctx = askContext(
      {
        settings,
        watch: { product: "chrome", platform: "linux", channel: "beta" },
        snapshot,
        poll: { service: SERVICE, failures: 1, lastError: failure, nextTry: 2 },
      },
      [
        { scheduleUrl: scheduleUrlOf(settings), fetchedAt: 1, schedule: schedule(153) },
        { scheduleUrl: "https://elsewhere.example/schedule", fetchedAt: 1, schedule: schedule(154) },
      ],
      realAsset(),
      5,
    );
    expect(ctx).toMatchObject({
      snapshot,
      failure,
      host: "127.0.0.1:8787",
      watch: { platform: "linux", channel: "beta" },
      now: 5,
    });
    expect(ctx.schedules).toEqual([schedule(153)]);
  });

  it("ignores what is stored of another service (the settings changed since)", () => {
    const ctx = askContext(
      {
        settings,
        watch: { product: "chrome", platform: "linux", channel: "beta" },
        snapshot: { ...OTHER, fetchedAt: 1, releases: [] },
        poll: { service: OTHER, failures: 1, lastError: failure, nextTry: 2 },
      },
      [],
      realAsset(),
      5,
    );
    expect(ctx.snapshot).toBeNull();
    expect(ctx.failure).toBeNull();
  });
});
