/**
 * The worker's milestone schedules over in-memory storage and the emulator's schedule, answered in-process.
 * The controller's tests drive them through the worker; these pin what only shows here: the last good
 * dates kept on failure, the day in the upcoming milestones' freshness, and a schedule no longer followed.
 */
import { describe, expect, it } from "vitest";
import { createMilestoneSchedules } from "../../../src/background/schedule/milestone-schedules.ts";
import { SCHEDULE_MAX_AGE_MS } from "../../../src/shared/store/schedules.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { loadSchedule, scheduleResponse } from "../../../emulator/schedule.ts";
import { createStorage } from "../../fakes/browser.ts";
import { withHostileServer } from "../../hostile-server.ts";

const URL_A = "http://127.0.0.3:8787";
const URL_B = "http://127.0.0.4:8787";
const SCHEDULE = loadSchedule();

function setup(local: Record<string, unknown> = {}) {
  // The day before M121's Stable day (2024-01-23 in the bundled schedule), local time.
  const clock = { now: new Date(2024, 0, 22, 12, 0).getTime() };
  const storage = createStorage({ local });
  const asked: string[] = [];
  const warnings: string[] = [];
  const service = { down: false };
  let shows = 0;
  const schedules = createMilestoneSchedules({
    store: createStore(storage, EVERY_KEY, () => {}),
    fetch: (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.searchParams.get("mstone") ?? "");
      if (service.down) return Promise.reject(new TypeError("Failed to fetch"));
      const answer = scheduleResponse(SCHEDULE, url.searchParams, clock.now);
      return Promise.resolve(
        new Response(answer.body.toString(), { status: answer.status, headers: answer.headers }),
      );
    },
    now: () => clock.now,
    warn: (message) => warnings.push(message),
    show: () => {
      shows++;
      return Promise.resolve();
    },
  });
  return { schedules, storage, clock, asked, warnings, service, shows: () => shows };
}

const entry = (mstone: number, stableDate: string, fetchedAt: number) => ({
  scheduleUrl: URL_A,
  fetchedAt,
  schedule: { mstone, stableDate },
});

describe("milestone schedules", () => {
  it("shows a page's stored dates, and keeps them when asking again fails, saying why", async () => {
    const old = entry(124, "2024-04-16", Date.UTC(2024, 0, 1));
    const t = setup({ schedules: [old] });
    await t.schedules.follow(URL_A);
    t.service.down = true;
    await t.schedules.forMilestone(URL_A, 124);
    expect(t.asked).toEqual(["124"]);
    expect(t.schedules.shown.get(124)).toEqual(old.schedule);
    expect(t.warnings).toEqual([expect.stringContaining("no schedule for milestone 124 from " + URL_A)]);
    expect(t.storage.local.data.get("schedules")).toEqual([old]);
  });

  it("asks a page's milestone once per max age, and shows the answer", async () => {
    const t = setup();
    await t.schedules.follow(URL_A);
    await t.schedules.forMilestone(URL_A, 124);
    await t.schedules.forMilestone(URL_A, 124);
    expect(t.asked).toEqual(["124"]);
    expect(t.schedules.shown.get(124)?.mstone).toBe(124);
    t.clock.now += SCHEDULE_MAX_AGE_MS;
    await t.schedules.forMilestone(URL_A, 124);
    expect(t.asked).toEqual(["124", "124"]);
  });

  it("asks the upcoming milestones again on the day after one of them reached Stable", async () => {
    const t = setup();
    await t.schedules.follow(URL_A);
    expect((await t.schedules.upcoming(URL_A)).map((s) => s.mstone)).toEqual([121, 122, 123]);
    t.clock.now += SCHEDULE_MAX_AGE_MS / 2;
    await t.schedules.upcoming(URL_A);
    expect(t.asked).toEqual(["next", "122", "123"]);
    // 2024-01-24: M121's Stable day has passed, so only two of the kept ones are still ahead.
    t.clock.now = new Date(2024, 0, 24, 1, 0).getTime();
    await t.schedules.upcoming(URL_A);
    expect(t.asked.slice(3)).toEqual(["next", "123", "124"]);
  });

  it("an answer of a schedule no longer followed is stored but not shown", async () => {
    const t = setup();
    await t.schedules.follow(URL_A);
    await t.schedules.follow(URL_B);
    await t.schedules.forMilestone(URL_A, 124);
    expect(t.schedules.shown.has(124)).toBe(false);
    const stored = t.storage.local.data.get("schedules") as {
      scheduleUrl: string;
      schedule: { mstone: number };
    }[];
    expect(stored.map((e) => [e.scheduleUrl, e.schedule.mstone])).toEqual([[URL_A, 124]]);
  });

  it("an unchanged kept value is not shown again", async () => {
    const t = setup();
    await t.schedules.follow(URL_A);
    await t.schedules.forMilestone(URL_A, 124);
    const shows = t.shows();
    await t.schedules.forMilestone(URL_A, 124);
    expect(t.shows()).toBe(shows);
  });
});

describe("a failing schedule, against the hostile stand-in server", () => {
  it("503 with Retry-After: 3600 is asked once in an hour of one-minute polls and page visits, across restarts", async () => {
    await withHostileServer(async (server) => {
      server.schedule = "retry-after";
      server.retryAfter = "3600";
      const storage = createStorage();
      const clock = { now: new Date(2024, 0, 22, 12, 0).getTime() };
      // A worker per poll: an alarm wakes a new one each minute, which remembers nothing but storage.
      const worker = () =>
        createMilestoneSchedules({
          store: createStore(storage, EVERY_KEY, () => {}),
          fetch: (input, init) => fetch(input, init),
          now: () => clock.now,
          warn: () => {},
          show: () => Promise.resolve(),
        });
      for (let minute = 0; minute < 60; minute++) {
        const schedules = worker();
        await schedules.upcoming(server.origin);
        // Six visits to a release page in the same minute, as a person reloading it.
        for (let visit = 0; visit < 6; visit++) await schedules.forMilestone(server.origin, 121);
        clock.now += 60_000;
      }
      // The first minute's two (the upcoming list and M121), then nothing until the hour is over.
      expect(server.counts.schedule).toBe(2);
      const schedules = worker();
      await schedules.upcoming(server.origin);
      expect(server.counts.schedule).toBe(3);
    });
  });
});
