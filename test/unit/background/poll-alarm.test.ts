/** The poll alarm and the stored times across a wall clock that jumps (poll-alarm.ts). */
import { describe, expect, it } from "vitest";
import { createPollAlarm, POLL_ALARM, settledTimes } from "../../../src/background/poll/poll-alarm.ts";
import type { PollState } from "../../../src/shared/store/poll-state.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../../src/shared/store/settings.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";
import { createAlarms } from "../../fakes/browser.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 28, 12);
const service = { baseUrl: "http://127.0.0.1:8787/v1", product: "chrome" };
const settings: Settings = { ...DEFAULT_SETTINGS, ...service, pollMinutes: 1 };
const snapshot = (fetchedAt: number): Snapshot => ({ ...service, fetchedAt, releases: [] });
const polled = (lastAttempt: number, wait: number, failures = 0): PollState => ({
  service,
  failures,
  lastAttempt,
  nextTry: lastAttempt + wait,
});

describe("settledTimes", () => {
  it("reads times written before the clock was set back a day as now, keeping the stored wait", () => {
    const before = NOW + 24 * HOUR;
    expect(settledTimes({ snapshot: snapshot(before), poll: polled(before, MINUTE) }, 1, NOW)).toEqual({
      snapshot: snapshot(NOW),
      poll: polled(NOW, MINUTE),
    });
    // A Retry-After of an hour stays an hour; a wait past the longest there is does not.
    expect(settledTimes({ snapshot: null, poll: polled(before, HOUR, 3) }, 1, NOW)?.poll).toEqual(
      polled(NOW, HOUR, 3),
    );
    expect(settledTimes({ snapshot: null, poll: polled(before, 1e12) }, 1, NOW)?.poll?.nextTry).toBe(
      NOW + HOUR,
    );
  });

  it("leaves times within a minute ahead, and a legitimate backoff, as they are", () => {
    const stored = { snapshot: snapshot(NOW + 30_000), poll: polled(NOW - MINUTE, HOUR, 4) };
    expect(settledTimes(stored, 1, NOW)).toBeNull();
  });

  it("brings a next try past every wait, with no attempt stored, to now", () => {
    const poll: PollState = { service, failures: 0, nextTry: NOW + 365 * 24 * HOUR };
    expect(settledTimes({ snapshot: null, poll }, 30, NOW)).toEqual({
      snapshot: null,
      poll: { ...poll, nextTry: NOW },
    });
  });
});

describe("ensure", () => {
  async function armed(scheduledTime: number, poll: PollState | null) {
    const alarms = createAlarms();
    await alarms.create(POLL_ALARM, { when: scheduledTime, periodInMinutes: 1 });
    alarms.creates = 0;
    await createPollAlarm(alarms, () => NOW).ensure({ settings, poll });
    return { creates: alarms.creates, at: alarms.alarms.get(POLL_ALARM)?.scheduledTime };
  }

  it("re-arms an alarm a day ahead at the next try, and one more than a period overdue at once", async () => {
    expect(await armed(NOW + 24 * HOUR, polled(NOW, MINUTE))).toEqual({ creates: 1, at: NOW + MINUTE });
    expect(await armed(NOW - 2 * MINUTE, polled(NOW - 3 * MINUTE, MINUTE))).toEqual({ creates: 1, at: NOW });
  });

  it("brings a success's next poll to the new, shorter period", async () => {
    const alarms = createAlarms();
    await alarms.create(POLL_ALARM, { when: NOW + 20 * MINUTE, periodInMinutes: 30 });
    await createPollAlarm(alarms, () => NOW).ensure({
      settings,
      poll: polled(NOW - 10 * MINUTE, 30 * MINUTE),
    });
    expect(alarms.alarms.get(POLL_ALARM)).toEqual({ scheduledTime: NOW, periodInMinutes: 1 });
  });

  it("keeps an alarm within a period, or at a Retry-After the poll state holds", async () => {
    expect(await armed(NOW + 40_000, polled(NOW - 20_000, MINUTE))).toEqual({ creates: 0, at: NOW + 40_000 });
    expect(await armed(NOW + 50 * MINUTE, polled(NOW - 10 * MINUTE, HOUR, 2))).toEqual({
      creates: 0,
      at: NOW + 50 * MINUTE,
    });
  });
});
