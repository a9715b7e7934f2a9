/**
 * The service worker's behaviour driven through the controller with stateful fakes: the stateful action
 * fake, storage, alarms, tabs, and the emulator's own handler as the service.
 */
import { describe, expect, it } from "vitest";
import { createController, type ControllerDeps } from "../../../src/background/controller.ts";
import { POLL_ALARM } from "../../../src/background/poll/poll-alarm.ts";
import type { RolloutEvent } from "../../../src/background/notices/notify.ts";
import type { Settings } from "../../../src/shared/store/settings.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { STATIC_ICON } from "../../../src/background/toolbar/action-adapter.ts";
import { drawIcon, type IconSpec } from "../../../src/background/toolbar/icon.ts";
import type { IconPainter } from "../../../src/background/toolbar/icon-paint.ts";
import { shownIcon, testPainter } from "../../fakes/icon-painter.ts";
import { createFakeAction } from "../../fakes/action.ts";
import { createAlarms, createStorage, createTabs, type FakeStorage } from "../../fakes/browser.ts";
import { BASE_URL, serviceFetch } from "../../fakes/service-fetch.ts";
import { loadSchedule, scheduleResponse } from "../../../emulator/schedule.ts";
import { withHostileServer } from "../../hostile-server.ts";

/** The milestone schedule's origin in these tests: the emulator's schedule, answered in-process. */
const SCHEDULE_URL = "http://127.0.0.3:8787";
const SCHEDULE = loadSchedule();

const MINUTE = 60_000;
const OTHER_URL = "http://127.0.0.2:8787/v1";
// The fixture's newest release starts 2023-12-08; the clock starts a little after.
const T0 = Date.UTC(2023, 11, 10, 12, 0);

const SETTINGS: Settings = {
  baseUrl: BASE_URL,
  product: "browser",
  platform: "linux",
  channel: "stable",
  pollMinutes: 30,
  clickAction: "popup",
  focusMode: false,
  notify: true,
  scheduleUrl: SCHEDULE_URL,
  badgeText: "milestone",
  usageRegion: null,
  usageUpdates: false,
};

function setup(
  options: {
    settings?: Partial<Settings>;
    tabs?: { id: number; url: string }[];
    storage?: FakeStorage;
    /** Draws icons (the worker's painter without a canvas); absent, the toolbar keeps its static icon. */
    iconPainter?: IconPainter;
    /** Answers the schedule's requests instead of the bundled schedule (a hostile one, say). */
    schedule?: (asked: string) => unknown;
    /** Every request, instead of the fakes (a real server's). */
    fetch?: typeof fetch;
  } = {},
) {
  /** The wall clock (`now`), which a test may set back, and one that never jumps (`ticks`). */
  const clock = { now: T0, ticks: 0 };
  const service = serviceFetch();
  /** A second service, at OTHER_URL: what a person switches to. */
  const other = serviceFetch();
  const action = createFakeAction({ defaultTitle: "Release Radar", defaultPopup: "src/popup/index.html" });
  const storage = options.storage ?? createStorage();
  const store = createStore(storage, EVERY_KEY, () => {});
  const alarms = createAlarms();
  const tabs = createTabs(options.tabs ?? []);
  const notified: RolloutEvent[] = [];
  /** Runs before each request reaches the service, e.g. to look at the toolbar mid-poll. */
  const hooks: { beforeFetch?: (url: string) => Promise<void> } = {};
  /** The schedule requests made, as `mstone` values, and the origin each was asked of. */
  const scheduleAsked: string[] = [];
  const scheduleOrigins: string[] = [];
  const warnings: string[] = [];
  let settings: Settings = { ...SETTINGS, ...options.settings };
  storage.sync.data.set("settings", settings);
  const deps: ControllerDeps = {
    action,
    store,
    alarms,
    tabs,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      await hooks.beforeFetch?.(decodeURIComponent(url.href));
      // Any origin's schedule is the emulator's: where the worker asks is what a test looks at.
      if (url.pathname === "/fetch_milestone_schedule") {
        const asked = url.searchParams.get("mstone") ?? "";
        scheduleAsked.push(asked);
        scheduleOrigins.push(url.origin);
        if (options.schedule) return Response.json(options.schedule(asked));
        const answer = scheduleResponse(SCHEDULE, url.searchParams, clock.now);
        return new Response(answer.body.toString(), { status: answer.status, headers: answer.headers });
      }
      return (url.host === new URL(OTHER_URL).host ? other : service).fetch(input, init);
    },
    ...(options.fetch && { fetch: options.fetch }),
    now: () => clock.now,
    ticks: () => clock.ticks,
    platformInfo: () => Promise.resolve({ os: "linux", arch: "x86-64" }),
    thisBrowser: () => Promise.resolve({ name: "Chrome", version: "119.0.6045.199", chromium: true }),
    notify: (events) => {
      notified.push(...events);
      return Promise.resolve();
    },
    warn: (message) => warnings.push(message),
    ...(options.iconPainter ? { iconPainter: options.iconPainter } : {}),
  };
  const controller = createController(deps);
  return {
    controller,
    service,
    other,
    action,
    storage,
    alarms,
    tabs,
    clock,
    notified,
    hooks,
    scheduleAsked,
    scheduleOrigins,
    warnings,
    changeSettings: async (partial: Partial<Settings>) => {
      settings = { ...settings, ...partial };
      await store.set("settings", settings);
      await controller.onSettingsChanged(settings);
      await controller.settled();
    },
    /** A poll and what follows it (the next milestones' dates), as a test that reads either wants. */
    poll: async () => {
      await controller.pollNow();
      await controller.settled();
    },
    badge: async (tabId?: number) => {
      const details = tabId === undefined ? {} : { tabId };
      return {
        text: await action.getBadgeText(details),
        title: await action.getTitle(details),
        color: await action.getBadgeBackgroundColor(details),
        popup: await action.getPopup(details),
        enabled: await action.isEnabled(tabId),
      };
    },
  };
}

/** The worker of `setup(options)` after its first poll. */
async function polled(options: Parameters<typeof setup>[0] = {}) {
  const t = setup(options);
  await t.poll();
  return t;
}

/** Waits until `check` holds, turning the event loop between looks (no clock is involved). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1000 && !(await check()); i++) await new Promise((r) => setTimeout(r, 0));
  if (!(await check())) throw new Error(`never true: ${check.toString()}`);
}

const AMBER = [0xf9, 0xab, 0x00, 255];
const RED = [0xd9, 0x30, 0x25, 255];
const GREY = [0x80, 0x86, 0x8b, 255];

describe("polling", () => {
  it("polls all live releases in one request and shows the watched channel's rollout", async () => {
    const t = await polled();
    expect(t.service.requests.map((r) => r.url)).toEqual([
      "/v1/browser/platforms/all/channels/all/versions/all/releases?filter=endtime%3Dnone",
    ]);
    const b = await t.badge();
    expect(b.text).toBe("25%");
    expect(b.color).toEqual(AMBER);
    expect(b.title).toContain("120.0.6099.71 at 25% since 2023-12-06 21:01 UTC");
    expect(b.title).toContain("This browser: Chrome 119.0.6045.199, behind 120.0.6099.71");
    expect(b.title).toContain("Last checked 2023-12-10 12:00 UTC at 127.0.0.1:8787");
  });

  it.each(["install", "update"])(
    "removes the per-milestone history keys earlier versions left in storage on %s, and polls",
    async (reason) => {
      const storage = createStorage({
        local: { "history:linux:119": { fetchedAt: 1 }, "history:mac:120": {} },
      });
      const t = setup({ storage });
      await t.controller.onInstalled(reason);
      expect([...storage.local.data.keys()].filter((k) => k.startsWith("history:"))).toEqual([]);
      expect(t.service.requests).toHaveLength(1);
    },
  );

  it("a new version's first poll reads the whole answer through its own checks: no ETag, so no 304 keeps the old", async () => {
    const t = await polled();
    const updated = setup({ storage: t.storage });
    await updated.controller.onInstalled("update");
    expect(updated.service.requests.map((r) => [r.status, r.ifNoneMatch])).toEqual([[200, undefined]]);
    // A wake of the same version revalidates as before.
    const woken = setup({ storage: t.storage });
    await woken.poll();
    expect(woken.service.requests.map((r) => r.status)).toEqual([304]);
  });

  it("after an update whose first poll fails, a worker woken later still reads the whole answer", async () => {
    const t = await polled();
    const updated = setup({ storage: t.storage });
    updated.service.down = true;
    await updated.controller.onInstalled("update");
    const woken = setup({ storage: t.storage });
    await woken.poll();
    expect(woken.service.requests.map((r) => [r.status, r.ifNoneMatch])).toEqual([[200, undefined]]);
  });

  it("a wake of the worker, or a browser update, leaves storage's migrations alone", async () => {
    const storage = createStorage({ local: { "history:linux:119": { fetchedAt: 1 } } });
    const t = setup({ storage });
    await t.controller.ready();
    expect([...storage.local.data.keys()]).toContain("history:linux:119");
    await t.controller.onInstalled("chrome_update");
    expect([...storage.local.data.keys()]).toContain("history:linux:119");
  });

  it("stores the snapshot, so a restarted worker shows it before any request", async () => {
    const t = await polled();
    const restarted = setup({ storage: t.storage });
    await restarted.controller.ready();
    expect(restarted.service.requests).toEqual([]);
    expect((await restarted.badge()).text).toBe("25%");
  });

  it("sends If-None-Match in steady state and takes a 304 as a successful check", async () => {
    const t = await polled();
    t.clock.now += 30 * MINUTE;
    await t.controller.onAlarm(POLL_ALARM);
    expect(t.service.requests.map((r) => r.status)).toEqual([200, 304]);
    expect(t.service.requests[1]?.ifNoneMatch).toMatch(/^".+"$/);
    expect((await t.badge()).title).toContain("Last checked 2023-12-10 12:30 UTC");
  });

  it("schedules the next poll a full interval after a success", async () => {
    const t = await polled();
    expect(t.alarms.alarms.get(POLL_ALARM)).toEqual({ scheduledTime: T0 + 30 * MINUTE, periodInMinutes: 30 });
  });

  it("creates the alarm at start only when it is missing", async () => {
    const t = setup();
    await t.controller.ready();
    expect(t.alarms.creates).toBe(1);
    const again = setup();
    await again.alarms.create(POLL_ALARM, { when: T0 + MINUTE, periodInMinutes: 30 });
    again.alarms.creates = 0;
    await again.controller.ready();
    expect(again.alarms.creates).toBe(0);
  });

  it("re-creates an alarm due later than the longest wait there is (the clock was set back)", async () => {
    // Left by a clock a day ahead: the alarm and the stored next try are due tomorrow, the period 30 minutes.
    const storage = createStorage();
    storage.local.data.set("pollState", {
      service: { baseUrl: BASE_URL, product: "browser" },
      failures: 0,
      nextTry: T0 + 24 * 60 * MINUTE,
    });
    const t = setup({ storage });
    await t.alarms.create(POLL_ALARM, { when: T0 + 24 * 60 * MINUTE, periodInMinutes: 30 });
    await t.controller.ready();
    // At most an hour (a Retry-After's bound, longer than the period) from now.
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBeLessThanOrEqual(T0 + 60 * MINUTE);
  });

  it("a running worker woken after the clock was set back a day reads the stored times as now and re-arms", async () => {
    const t = await polled({ settings: { pollMinutes: 1 } });
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBe(T0 + MINUTE);
    // The browser's alarm stays a day ahead; a tab's page load is the next event, 20 s later.
    t.clock.now -= 24 * 60 * MINUTE;
    t.clock.ticks += 20_000;
    await t.controller.onTabUpdated(3, "https://example.com/", true);
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBe(t.clock.now + MINUTE);
    const stored = t.storage.local.data;
    expect(stored.get("snapshot")).toMatchObject({ fetchedAt: t.clock.now });
    expect(stored.get("pollState")).toMatchObject({
      lastAttempt: t.clock.now,
      nextTry: t.clock.now + MINUTE,
    });
    expect((await t.badge()).title).not.toContain("2023-12-10");
  });

  it("a wake within 10 s of the last look leaves the clock alone; one after a jump forward polls at once", async () => {
    const t = await polled({ settings: { pollMinutes: 1 } });
    const polls = (): number =>
      t.service.requests.filter((r) => decodeURIComponent(r.url).includes("endtime=none")).length;
    const before = polls();
    t.clock.now += 365 * 24 * 60 * MINUTE;
    t.clock.ticks += 5_000;
    await t.controller.onTabUpdated(3, "https://example.com/", true);
    expect(polls()).toBe(before);
    t.clock.ticks += 5_000;
    await t.controller.onTabUpdated(3, "https://example.com/", true);
    await until(() => polls() === before + 1);
    await until(() => t.alarms.alarms.get(POLL_ALARM)?.scheduledTime === t.clock.now + MINUTE);
  });

  it("ignores other alarms and joins a poll already running", async () => {
    const t = setup();
    await t.controller.onAlarm("something-else");
    expect(t.service.requests).toHaveLength(0);
    await Promise.all([
      t.controller.onAlarm(POLL_ALARM),
      t.controller.onAlarm(POLL_ALARM),
      t.controller.pollNow(),
    ]);
    expect(t.service.requests).toHaveLength(1);
  });
});

describe("failures", () => {
  it("shows ! in red with the error and the next try when the service is down and there is no data", async () => {
    const t = setup();
    t.service.down = true;
    await t.poll();
    const b = await t.badge();
    expect(b.text).toBe("!");
    expect(b.color).toEqual(RED);
    expect(b.title).toContain(
      "No data yet: Cannot reach the service at 127.0.0.1:8787; next try at 12:01 UTC",
    );
  });

  it("backs off 1, 2, 4 ... minutes, capped at the poll interval", async () => {
    const t = setup({ settings: { pollMinutes: 5 } });
    t.service.down = true;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      await t.poll();
      const next = t.alarms.alarms.get(POLL_ALARM)?.scheduledTime ?? 0;
      delays.push((next - t.clock.now) / MINUTE);
      t.clock.now = next;
    }
    expect(delays).toEqual([1, 2, 4, 5, 5]);
  });

  it("honours Retry-After and shows the service's own message", async () => {
    const t = setup();
    t.service.answer = {
      status: 503,
      headers: { "Content-Type": "application/json", "Retry-After": "600" },
      body: JSON.stringify({
        error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" },
      }),
    };
    await t.poll();
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBe(T0 + 10 * MINUTE);
    expect((await t.badge()).title).toContain(
      "No data yet: The service is unavailable (503); next try at 12:10 UTC (in 10 min).",
    );
  });

  it("keeps the last good badge text when a poll fails, in red, and names the error", async () => {
    const t = await polled();
    t.service.answer = { status: 200, body: '{"releases": [{"name": 1}]}' };
    t.clock.now += 30 * MINUTE;
    await t.poll();
    const b = await t.badge();
    expect(b.text).toBe("25%");
    expect(b.color).toEqual(RED);
    expect(b.title).toContain(
      "The latest check failed: The service answered with data that is not what it normally sends",
    );
    expect(t.storage.local.data.get("pollState")).toMatchObject({
      lastError: { kind: "malformed", details: expect.stringContaining("releases[0].name") as unknown },
    });
    expect(t.storage.local.data.get("snapshot")).toMatchObject({ fetchedAt: T0 });
  });

  it("an answer storage refuses (its quota) is the poll's failure: said, counted, backed off; the last good data stays", async () => {
    const t = await polled();
    const set = t.storage.local.set.bind(t.storage.local);
    t.storage.local.set = (items) =>
      "snapshot" in items ? Promise.reject(new Error("QUOTA_BYTES quota exceeded")) : set(items);
    t.clock.now += 30 * MINUTE;
    await t.poll();
    expect(t.storage.local.data.get("pollState")).toMatchObject({
      failures: 1,
      lastError: { kind: "storage" },
      nextTry: t.clock.now + MINUTE,
    });
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBe(t.clock.now + MINUTE);
    const b = await t.badge();
    expect(b).toMatchObject({ text: "25%", color: RED });
    expect(b.title).toContain(
      "The latest check failed: The extension's storage could not keep the service's answer (QUOTA_BYTES quota exceeded)",
    );
    expect(t.storage.local.data.get("snapshot")).toMatchObject({ fetchedAt: T0 });
  });

  it("more live releases than it keeps is the poll's failure, and nothing of them is stored", async () => {
    const t = await polled();
    const releases = Array.from({ length: 5001 }, (_, i) => ({
      name: `browser/platforms/linux/channels/stable/versions/120.0.${i}.0/releases/${i}`,
      version: `120.0.${i}.0`,
      serving: { startTime: "2023-12-06T21:01:00Z" },
      fraction: 1,
    }));
    t.service.answer = { status: 200, body: JSON.stringify({ releases, nextPageToken: "" }) };
    t.clock.now += 30 * MINUTE;
    await t.poll();
    expect((await t.badge()).title).toContain(
      "The latest check failed: The service's answer is too large (more than 5000 live releases)",
    );
    expect(t.storage.local.data.get("snapshot")).toMatchObject({ fetchedAt: T0 });
  });

  it("red while checks fail on fresh data; grey once the last success is older than three poll intervals", async () => {
    const t = await polled();
    t.service.down = true;
    t.clock.now += 89 * MINUTE;
    await t.poll();
    expect((await t.badge()).color).toEqual(RED);
    t.clock.now += 2 * MINUTE;
    await t.poll();
    const b = await t.badge();
    expect(b.text).toBe("25%");
    // Still failing, but what the text says is old: grey, as the README's table says of stale data.
    expect(b.color).toEqual(GREY);
    expect(b.title).toContain("Last good check 2023-12-10 12:00 UTC (1 h ago) at 127.0.0.1:8787; stale");
    expect(b.title).toContain("The latest check failed:");
  });

  it("recovers on the next successful poll", async () => {
    const t = setup();
    t.service.down = true;
    await t.poll();
    t.service.down = false;
    t.clock.now += MINUTE;
    await t.controller.onAlarm(POLL_ALARM);
    const b = await t.badge();
    expect(b.text).toBe("25%");
    expect(b.title).not.toContain("failed");
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBe(t.clock.now + 30 * MINUTE);
  });
});

describe("the drawn icon", () => {
  const drawn = (spec: IconSpec) => ({ 16: drawIcon(spec, 16), 32: drawIcon(spec, 32) });

  it("puts the newest version's share on the ring and its milestone in the badge", async () => {
    const t = await polled({ iconPainter: testPainter().painter });
    expect(await t.badge()).toMatchObject({ text: "120", color: AMBER });
    expect(shownIcon(t.action)).toEqual(drawn({ state: "rolling", share: 0.25 }));
  });

  it("the badge follows the setting: the share while it rolls out, when asked for", async () => {
    const t = await polled({ iconPainter: testPainter().painter });
    await t.changeSettings({ badgeText: "share" });
    expect((await t.badge()).text).toBe("25%");
    expect(shownIcon(t.action)).toEqual(drawn({ state: "rolling", share: 0.25 }));
    await t.changeSettings({ badgeText: "milestone" });
    expect((await t.badge()).text).toBe("120");
  });

  it("a release page's icon follows the same rule for its milestone", async () => {
    const t = await polled({
      iconPainter: testPainter().painter,
      tabs: [{ id: 7, url: "https://developer.chrome.com/release-notes/119" }],
    });
    await until(async () => (await t.badge(7)).text !== "");
    expect(shownIcon(t.action, 7)).toEqual(drawn({ state: "rolling", share: 0.75 }));
  });

  it("a failed check turns the ring red with the last known share", async () => {
    const t = await polled({ iconPainter: testPainter().painter });
    t.service.down = true;
    t.clock.now += 30 * MINUTE;
    await t.poll();
    expect(await t.badge()).toMatchObject({ text: "120", color: RED });
    expect(shownIcon(t.action)).toEqual(drawn({ state: "error", share: 0.25 }));
  });

  it("names an early-stable push in the title when the stored schedule says the milestone is in it, and keeps it through a settings change that keeps the schedule", async () => {
    const storage = createStorage();
    // 120 in its early-stable window on the test's day (T0, 2023-12-10), and two more ahead, all fresh, so
    // no schedule request replaces them.
    const entry = (mstone: number, earlyStable: string, stableDate: string) => ({
      scheduleUrl: SCHEDULE_URL,
      fetchedAt: T0,
      schedule: { mstone, earlyStable, stableDate },
    });
    storage.local.data.set("schedules", [
      entry(120, "2023-12-06", "2023-12-12"),
      entry(121, "2024-01-10", "2024-01-16"),
      entry(122, "2024-02-07", "2024-02-13"),
    ]);
    const t = setup({ storage, iconPainter: testPainter().painter });
    const pushLine = async () => (await t.badge()).title.split("\n")[1];
    await t.poll();
    expect(await pushLine()).toBe("Early stable: 120 to 25% of users; most users run 119");
    expect(t.scheduleAsked).toEqual([]);
    await t.changeSettings({ badgeText: "share" });
    expect(await pushLine()).toBe("Early stable: 120 to 25% of users; most users run 119");
  });

  it("where drawing fails: logs why once, keeps the static icon and shows the share in the badge", async () => {
    const paint = testPainter();
    paint.fail = "no 2d context";
    const t = await polled({ iconPainter: paint.painter });
    await until(async () => (await t.badge()).text === "25%");
    // Set back to the manifest's own images, since the adapter had meant to draw there.
    expect(t.action.iconFor()).toEqual({ path: STATIC_ICON });
    await t.changeSettings({ badgeText: "milestone", channel: "dev" });
    await t.changeSettings({ channel: "stable" });
    expect((await t.badge()).text).toBe("25%");
    expect(t.warnings.filter((w) => w.includes("toolbar icon"))).toEqual([
      expect.stringContaining("(drawing it failed: Error: no 2d context)"),
    ]);
  });
});

describe("settings", () => {
  it("another channel shows at once from the stored answer, which holds every channel: no request", async () => {
    const t = await polled();
    await t.changeSettings({ channel: "dev" });
    expect(t.service.requests).toHaveLength(1);
    const b = await t.badge();
    expect(b.text).toBe("122");
    expect(b.title).toContain("Dev on Linux");
  });

  it("the request budget: a burst of 100 settings writes sends no poll, and switches at once poll once", async () => {
    const t = await polled();
    const channels = ["dev", "beta", "stable", "canary"];
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => t.changeSettings({ channel: channels[i % 4] ?? "stable" })),
    );
    expect(t.service.requests).toHaveLength(1);
    // Ten service switches at once, ending on the other service: its one poll, and at most the first aborted.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.changeSettings({ baseUrl: i % 2 === 0 ? BASE_URL : OTHER_URL })),
    );
    await until(() => t.other.requests.length > 0);
    expect(t.service.requests.length + t.other.requests.length).toBeLessThanOrEqual(3);
  });

  it("platform auto follows the browser's platform", async () => {
    const t = await polled({ settings: { platform: "auto" } });
    expect((await t.badge()).title).toContain("on Linux");
  });

  it("a snapshot of another service is not shown as this one's", async () => {
    const t = await polled();
    t.service.down = true;
    await t.changeSettings({ baseUrl: "https://versionhistory.example/v1" });
    expect((await t.badge()).text).toBe("!");
  });

  it("a new poll interval re-creates the alarm", async () => {
    const t = await polled();
    await t.changeSettings({ pollMinutes: 60 });
    expect(t.alarms.alarms.get(POLL_ALARM)?.periodInMinutes).toBe(60);
  });
});

describe("switching services starts clean", () => {
  it("a new base URL clears the old service's error, failure count and backoff, and is polled at once", async () => {
    const t = setup();
    t.service.down = true;
    await t.poll();
    t.clock.now = t.alarms.alarms.get(POLL_ALARM)?.scheduledTime ?? 0;
    await t.poll();
    expect((await t.badge()).title).toContain("Cannot reach the service at 127.0.0.1:8787");
    expect(t.storage.local.data.get("pollState")).toMatchObject({ failures: 2 });

    await t.changeSettings({ baseUrl: OTHER_URL });
    expect(t.other.requests).toHaveLength(1);
    const b = await t.badge();
    expect(b.text).toBe("25%");
    expect(b.title).not.toMatch(/fail|Cannot reach|next try/i);
    expect(b.title).toContain("Last checked 2023-12-10 12:01 UTC at 127.0.0.2:8787");
    expect(t.storage.local.data.get("pollState")).toEqual({
      service: { baseUrl: OTHER_URL, product: "browser" },
      failures: 0,
      lastAttempt: t.clock.now,
      nextTry: t.clock.now + 30 * MINUTE,
    });
    expect(t.alarms.alarms.get(POLL_ALARM)?.scheduledTime).toBe(t.clock.now + 30 * MINUTE);
  });

  it("the first failure of the new service is its first, with the shortest backoff", async () => {
    const t = setup();
    t.service.down = true;
    for (let i = 0; i < 3; i++) await t.poll();
    t.other.down = true;
    await t.changeSettings({ baseUrl: OTHER_URL });
    expect(t.storage.local.data.get("pollState")).toMatchObject({
      failures: 1,
      nextTry: t.clock.now + MINUTE,
    });
    const title = (await t.badge()).title;
    expect(title).toContain("Cannot reach the service at 127.0.0.2:8787; next try at 12:01 UTC (in 1 min).");
    expect(title).not.toContain("127.0.0.1");
  });

  it("the old service's error is gone from the toolbar before the new service answers", async () => {
    const t = setup();
    t.service.down = true;
    await t.poll();
    const seen: string[] = [];
    t.hooks.beforeFetch = async () => void seen.push(await t.action.getTitle({}));
    await t.changeSettings({ baseUrl: OTHER_URL });
    expect(seen[0]).toBe(
      "Release Radar: Chrome Stable on Linux\nChecking 127.0.0.2:8787 for the first time…",
    );
  });

  it("a poll of the old service still running when the setting changes is dropped, and stores nothing", async () => {
    const t = await polled();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    t.hooks.beforeFetch = () => (++calls === 1 ? held : Promise.resolve());
    t.clock.now += 30 * MINUTE;
    const old = t.controller.pollNow();
    await until(() => calls === 1);
    const switched = t.changeSettings({ baseUrl: OTHER_URL });
    await old;
    release();
    await switched;
    await until(() => t.other.requests.length === 1);
    await until(async () => (await t.badge()).title.includes("at 127.0.0.2:8787"));
    // The held request was answered by the old service only after the switch: nothing of it was stored.
    expect(t.storage.local.data.get("snapshot")).toMatchObject({ baseUrl: OTHER_URL });
    expect(t.storage.local.data.get("pollState")).toMatchObject({ service: { baseUrl: OTHER_URL } });
  });

  it("a new product is a new service too", async () => {
    const t = setup();
    t.service.down = true;
    await t.poll();
    t.service.down = false;
    await t.changeSettings({ product: "chrome" });
    expect(t.storage.local.data.get("pollState")).toMatchObject({
      service: { product: "chrome" },
      failures: 0,
    });
    expect((await t.badge()).title).not.toContain("Cannot reach");
  });

  it("another setting (the channel) keeps the service's poll state and its backoff", async () => {
    const t = setup();
    t.service.down = true;
    await t.poll();
    await t.changeSettings({ channel: "dev" });
    expect(t.storage.local.data.get("pollState")).toMatchObject({ failures: 1 });
    expect(t.service.requests).toHaveLength(1);
  });
});

describe("release pages", () => {
  const notes = "https://developer.chrome.com/release-notes/120";

  it("a release page gets its own badge and a popup filtered to it", async () => {
    const t = await polled({ tabs: [{ id: 7, url: notes }] });
    const b = await t.badge(7);
    expect(b.text).toBe("STBL");
    expect(b.popup).toContain("src/popup/index.html?milestone=120");
    expect((await t.badge()).text).toBe("25%");
  });

  it("a tab that navigates to a release page gets per-tab values; leaving it brings back the global ones", async () => {
    const t = await polled();
    await t.controller.onTabUpdated(3, "https://developer.chrome.com/blog/new-in-chrome-122", true);
    // M122 is on Dev, not yet on Stable: its schedule's countdown (Stable 2024-02-20, 72 days from T0).
    expect((await t.badge(3)).text).toBe("72d");
    // Leaving without a full navigation (history.pushState): the adapter itself restores the global values.
    await t.controller.onTabUpdated(3, "https://developer.chrome.com/docs", false);
    const b = await t.badge(3);
    expect(b.text).toBe("25%");
    expect(b.popup).toBe(await t.action.getPopup({}));
  });

  it("a schedule that hangs holds neither the badge nor Check now: the poll is done when the versions are", async () => {
    const t = setup();
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    t.hooks.beforeFetch = (url) => (url.includes("fetch_milestone_schedule") ? held : Promise.resolve());
    await t.controller.pollNow();
    // The versions' answer is shown while the schedule is still on its way.
    expect((await t.badge()).title).toContain("Last checked");
    expect(t.scheduleAsked).toEqual([]);
    answer();
    await t.controller.settled();
    expect(t.scheduleAsked).toEqual(["next", "122", "123"]);
  });

  it("against the hostile server, a schedule that never answers: the poll is done, and shown, with it still open", async () => {
    await withHostileServer(async (server) => {
      server.schedule = "hang";
      const t = setup({
        settings: { baseUrl: server.baseUrl, scheduleUrl: server.origin, product: "chrome" },
        fetch: (input, init) => fetch(input, init),
      });
      await t.controller.pollNow();
      expect((await t.badge()).title).toContain("Last checked");
      let settled = false;
      void t.controller.settled().then(() => (settled = true));
      // The schedule is asked after the poll, and held at the server: what follows the poll is still open.
      await expect.poll(() => server.hanging(), { timeout: 30_000 }).toBe(1);
      expect(settled).toBe(false);
    });
  });

  it("keeps the next milestones' schedule after a poll, asks again only when it is six hours old, and notifies the day before Stable", async () => {
    // The day before M121's Stable day (2024-01-23 in the bundled schedule), local time.
    const t = setup();
    t.clock.now = new Date(2024, 0, 22, 12, 0).getTime();
    await t.poll();
    expect(t.scheduleAsked).toEqual(["next", "122", "123"]);
    expect(t.notified.filter((e) => e.kind === "soon")).toEqual([
      expect.objectContaining({ id: "soon:browser/121", title: "Chrome M121 reaches Stable tomorrow" }),
    ]);
    // Fresh: a second poll asks nothing.
    await t.poll();
    expect(t.scheduleAsked).toHaveLength(3);
    t.clock.now += 6 * 60 * 60 * 1000;
    await t.poll();
    expect(t.scheduleAsked).toHaveLength(6);
  });

  it.each([2 ** 53, 1e15, 1000])(
    "a schedule answering milestone %d ends the poll, stores nothing of it and says why",
    async (mstone) => {
      // The same huge milestone for every question, as a hostile schedule may echo it.
      const answer = { mstones: [{ mstone, stable_date: "2024-01-23T00:00:00" }] };
      const t = await polled({ schedule: () => answer });
      expect(t.scheduleAsked).toEqual(["next"]);
      expect(t.storage.local.data.get("schedules") ?? []).toEqual([]);
      expect(t.warnings.join("\n")).toContain("mstones[0].mstone");
      // Later checks are not stuck behind it: the next poll runs and ends too.
      t.clock.now += 7 * 60 * 60 * 1000;
      await t.poll();
      expect(t.scheduleAsked).toEqual(["next", "next"]);
    },
  );

  it("without a schedule address of its own, asks the service's origin, and follows a change of service", async () => {
    const t = await polled({ settings: { scheduleUrl: null } });
    expect(new Set(t.scheduleOrigins)).toEqual(new Set([new URL(BASE_URL).origin]));
    const before = t.scheduleOrigins.length;
    await t.changeSettings({ baseUrl: OTHER_URL });
    expect(t.scheduleOrigins.length).toBeGreaterThan(before);
    expect(new Set(t.scheduleOrigins.slice(before))).toEqual(new Set([new URL(OTHER_URL).origin]));
  });

  it("a platform change while a page's history is on its way asks it again for the new platform", async () => {
    const t = await polled();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let linuxAsked = false;
    t.hooks.beforeFetch = (url) => {
      if (!url.includes("/linux/channels/all/") || !url.includes("filter=version")) return Promise.resolve();
      linuxAsked = true;
      return held;
    };
    const visit = t.controller.onTabUpdated(3, "https://developer.chrome.com/release-notes/120", true);
    await until(() => linuxAsked);
    await t.changeSettings({ platform: "win64" });
    release();
    await visit;
    await until(() =>
      t.service.requests.some((r) =>
        decodeURIComponent(r.url).includes("/win64/channels/all/versions/all/releases?filter=version"),
      ),
    );
  });

  it("a schedule address change while a page's schedule is on its way asks the new address too", async () => {
    const t = await polled();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    t.hooks.beforeFetch = (url) => {
      if (!url.includes("mstone=124")) return Promise.resolve();
      asked = true;
      return held;
    };
    const visit = t.controller.onTabUpdated(3, "https://developer.chrome.com/release-notes/124", true);
    await until(() => asked);
    const otherSchedule = "http://127.0.0.5:8787";
    await t.changeSettings({ scheduleUrl: otherSchedule });
    release();
    await visit;
    await until(() => t.scheduleAsked.some((m, i) => m === "124" && t.scheduleOrigins[i] === otherSchedule));
  });

  it("a stored history older than six hours still dates the page when asking again fails", async () => {
    const t = await polled();
    await t.controller.onTabUpdated(4, "https://developer.chrome.com/release-notes/119", true);
    const restarted = setup({ storage: t.storage });
    restarted.clock.now = t.clock.now + 7 * 60 * 60 * 1000;
    restarted.service.down = true;
    await restarted.controller.onTabUpdated(4, "https://developer.chrome.com/release-notes/119", true);
    // The poll, seven hours overdue, is asked at the restart too (and fails).
    const asked = restarted.service.requests.map((r) => decodeURIComponent(r.url));
    expect(asked.filter((url) => !url.includes("filter=endtime=none"))).toEqual([
      expect.stringContaining("filter=version>=119,version<120"),
    ]);
    expect((await restarted.badge(4)).title).toContain("\nM119 on Stable since 2023-11-14");
  });

  it("asks the schedule and the history once for a release page whose navigation reports several updates at once", async () => {
    const t = await polled();
    const before = t.scheduleAsked.length;
    const requestsBefore = t.service.requests.length;
    // M124: not among the next milestones the poll already asked for.
    const page = "https://developer.chrome.com/release-notes/124";
    await Promise.all([
      t.controller.onTabUpdated(3, page, true),
      t.controller.onTabUpdated(3, page, false),
      t.controller.onTabUpdated(3, page, false),
    ]);
    expect(t.scheduleAsked.slice(before)).toEqual(["124"]);
    // One history request for the milestone (the budget: one per milestone per max age), not one per update.
    expect(t.service.requests.slice(requestsBefore).map((r) => decodeURIComponent(r.url))).toEqual([
      expect.stringContaining("filter=version>=124,version<125"),
    ]);
    expect((await t.badge(3)).text).toMatch(/^\d+d$/);
  });

  it("a page's ask for a milestone's schedule is asked once and stored; a second ask within six hours is not", async () => {
    const t = await polled();
    const before = t.scheduleAsked.length;
    await t.controller.scheduleFor(105);
    await t.controller.scheduleFor(105);
    expect(t.scheduleAsked.slice(before)).toEqual(["105"]);
    expect((await t.controller.known()).schedules.map((s) => s.mstone)).toContain(105);
  });

  it("says nothing of the next milestone's Stable day with notifications off", async () => {
    const t = setup({ settings: { notify: false } });
    t.clock.now = new Date(2024, 0, 22, 12, 0).getTime();
    await t.poll();
    expect(t.scheduleAsked).toEqual(["next", "122", "123"]);
    expect(t.notified).toEqual([]);
  });

  it("a closed tab leaves nothing behind: later updates send nothing to it", async () => {
    const t = await polled({ tabs: [{ id: 7, url: notes }] });
    t.action.closeTab(7);
    t.controller.onTabRemoved(7);
    // The fake, like Chromium, rejects any call for a closed tab ("No tab with id: 7."): this would throw.
    await t.changeSettings({ channel: "dev" });
    expect((await t.badge()).text).toBe("122");
    await expect(t.action.getBadgeText({ tabId: 7 })).rejects.toThrow("No tab with id: 7");
  });

  it("fetches a milestone's history with one narrow request and puts its dates in the title", async () => {
    const t = await polled();
    await t.controller.onTabUpdated(4, "https://developer.chrome.com/release-notes/119", true);
    expect(t.service.requests.at(-1)?.url).toBe(
      "/v1/browser/platforms/linux/channels/all/versions/all/releases?filter=version%3E%3D119%2Cversion%3C120",
    );
    expect((await t.badge(4)).title).toContain("\nM119 on Stable since 2023-11-14; live now: 119.0.6045.199");
  });
});

describe("focus mode and clicks", () => {
  it("focus mode disables the action globally and enables it on release pages", async () => {
    const t = await polled({
      settings: { focusMode: true },
      tabs: [{ id: 7, url: "https://developer.chrome.com/release-notes/120" }],
    });
    expect(await t.action.isEnabled()).toBe(false);
    expect(await t.action.isEnabled(7)).toBe(true);
    await t.changeSettings({ focusMode: false });
    expect(await t.action.isEnabled()).toBe(true);
  });

  it("clickAction refresh removes the popup so a click polls, showing … meanwhile", async () => {
    const t = await polled({ settings: { clickAction: "refresh" } });
    expect(await t.action.getPopup({})).toBe("");
    const seen: string[] = [];
    t.hooks.beforeFetch = async () => void seen.push(await t.action.getBadgeText({}));
    expect(t.action.click(1)).toEqual({ kind: "clicked" });
    await t.controller.onClicked(1);
    expect(seen).toContain("…");
    expect((await t.badge()).text).toBe("25%");
  });

  it("clickAction open-notes opens the release notes of the newest live milestone", async () => {
    const t = await polled({ settings: { clickAction: "open-notes" } });
    await t.controller.onClicked(1);
    expect(t.tabs.open.map((tab) => tab.url)).toEqual(["https://developer.chrome.com/release-notes/120"]);
  });

  it("a per-tab popup still wins on release pages when clicks refresh", async () => {
    const t = await polled({
      settings: { clickAction: "refresh" },
      tabs: [{ id: 7, url: "https://developer.chrome.com/release-notes/120" }],
    });
    expect(t.action.click(7)).toMatchObject({ kind: "popup" });
    expect(t.action.click(8)).toEqual({ kind: "clicked" });
  });
});

describe("notifications", () => {
  it("the first poll is a baseline; a new live version later is notified", async () => {
    const t = await polled();
    expect(t.notified).toEqual([]);
    t.service.setData({
      releases: [
        {
          name: "chrome/platforms/linux/channels/stable/versions/121.0.6167.85/releases/1706000000",
          serving: { startTime: "2024-01-23T08:53:20Z" },
          fraction: 0.1,
          version: "121.0.6167.85",
        },
      ],
    });
    await t.poll();
    expect(t.notified.map((e) => e.id)).toEqual(["live:browser/linux/stable/121.0.6167.85"]);
  });

  it("nothing is notified when notify is off", async () => {
    const t = await polled({ settings: { notify: false } });
    t.service.setData({ releases: [] });
    await t.poll();
    expect(t.notified).toEqual([]);
  });
});

describe("what the worker knows, for asking", () => {
  it("known(): the state as stored and only the followed schedule's stored dates, without a request", async () => {
    const storage = createStorage();
    const entry = (scheduleUrl: string, mstone: number) => ({
      scheduleUrl,
      fetchedAt: T0,
      schedule: { mstone, earlyStable: "2024-01-10", stableDate: "2024-01-16" },
    });
    // Past milestones, so the poll's own schedule requests (the next ones) add neither.
    storage.local.data.set("schedules", [entry(SCHEDULE_URL, 118), entry("https://other.example", 117)]);
    const t = setup({ storage });
    await t.poll();
    const requests = t.service.requests.length;
    const known = await t.controller.known();
    expect(known.state.snapshot).toEqual(storage.local.data.get("snapshot"));
    expect(known.state.watch).toMatchObject({ platform: "linux", channel: "stable" });
    expect(known.schedules.map((s) => s.mstone)).toContain(118);
    expect(known.schedules.map((s) => s.mstone)).not.toContain(117);
    expect(t.service.requests.length).toBe(requests);
  });
});
