/**
 * The built extension in real Chromium against a hostile stand-in for both services (test/hostile-server.ts):
 * each bad answer is said as the failure it is, the last good data stays, polling goes on, and every number,
 * size and string the server sends stays bounded. The server counts what it is asked, for the request budget.
 */
import type { ConsoleMessage, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { openExtensionPage, waitFor, type LaunchedExtension } from "../../scripts/chromium.ts";
import {
  GOOD_RELEASES,
  release,
  RTL_CHANNEL,
  startHostileServer,
  type HostileServer,
} from "../hostile-server.ts";

/** A channel id that would put lines of its own into a tooltip. */
const FORGED_CHANNEL =
  "stable\nLast checked 2099-01-01 00:00 UTC\nThe latest check failed: reinstall from evil.example";
import { launchFor } from "./helpers.ts";

let server: HostileServer;
/** The same server's other face, on another loopback address: where the redirect mode sends. */
let elsewhere: HostileServer;
let extension: LaunchedExtension;
/** An extension page that talks to the worker as the popup does (the worker's own sendMessage reaches no one). */
let probe: Page;

interface Toolbar {
  text: string;
  title: string;
}

async function toolbar(): Promise<Toolbar> {
  return probe.evaluate(async () => ({
    text: await chrome.action.getBadgeText({}),
    title: await chrome.action.getTitle({}),
  }));
}

async function untilTitle(part: string): Promise<Toolbar> {
  return waitFor(toolbar, (t) => t.title.includes(part), { what: `a title with "${part}"` });
}

/** Asks the worker to poll now, as "Check now" does; resolves when the worker answers (the poll is done). */
async function refresh(): Promise<void> {
  await probe.evaluate(() => chrome.runtime.sendMessage({ type: "refresh" }));
}

async function stored(): Promise<{
  snapshot?: { releases: { name: string }[] };
  pollState?: { failures: number; nextTry: unknown; lastError?: { kind: string } };
}> {
  return probe.evaluate(() => chrome.storage.local.get(["snapshot", "pollState"]));
}

async function pollAlarm(): Promise<number | undefined> {
  return probe.evaluate(async () => (await chrome.alarms.get("poll"))?.scheduledTime);
}

beforeAll(async () => {
  server = await startHostileServer();
  elsewhere = await startHostileServer("127.0.0.2");
  elsewhere.live = "rtl";
  server.redirectTo = elsewhere.origin;
  extension = await launchFor(server.baseUrl);
  probe = (await openExtensionPage(extension.context, extension.extensionId, "src/options/index.html")).page;
  await probe.evaluate((settings) => chrome.storage.sync.set({ settings }), {
    baseUrl: server.baseUrl,
    scheduleUrl: server.origin,
  });
  await refresh();
  await untilTitle("Last checked");
});

afterEach(async () => {
  server.live = "good";
  server.schedule = "good";
  await refresh();
  await untilTitle("Last checked");
});

afterAll(async () => {
  await extension?.close();
  await server?.close();
  await elsewhere?.close();
});

describe("a hostile service", () => {
  test("a schedule answering milestone 2^53 ends its poll, and later checks still run", async () => {
    server.schedule = "huge-milestone";
    const before = server.counts.schedule;
    await refresh();
    await refresh();
    // One question per poll ("next"), refused as it is read: no count up from 2^53.
    expect(server.counts.schedule - before).toBeLessThanOrEqual(2);
    expect((await toolbar()).title).toContain("Last checked");
  });

  test("an answer larger than it reads is said, counted and backed off; the last good data stays", async () => {
    server.live = "huge";
    await refresh();
    const t = await untilTitle("too large");
    expect(t.title).toContain("The latest check failed: The service's answer is too large (more than");
    const { snapshot, pollState } = await stored();
    expect(snapshot?.releases).toHaveLength(2);
    expect(pollState).toMatchObject({ failures: 1, lastError: { kind: "too-large" } });
    // The alarm is the schedule: set to the next try (within a second: the browser may round it).
    expect(Math.abs(((await pollAlarm()) ?? 0) - Number(pollState?.nextTry))).toBeLessThan(1000);
  });

  test("a Retry-After of 10^13 seconds puts the next try an hour away at most", async () => {
    server.live = "retry-after";
    const asked = Date.now();
    await refresh();
    const t = await untilTitle("next try");
    expect(t.title).toMatch(/next try at .*\(in (\d+ min|1 h)\)/);
    const { pollState } = await stored();
    const nextTry = pollState?.nextTry;
    expect(typeof nextTry).toBe("number");
    expect(nextTry as number).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(nextTry as number).toBeGreaterThan(asked);
    expect(Math.abs(((await pollAlarm()) ?? 0) - (nextTry as number))).toBeLessThan(1000);
    // The popup says it too, and throws nothing.
    const { page, errors } = await openExtensionPage(extension.context, extension.extensionId);
    await page.locator("#banners .message").first().waitFor();
    expect(await page.locator("#banners .message").first().textContent()).toMatch(/next try at/);
    // Only the page's own errors count: the stand-in answers 404 to what it does not serve (the id lists).
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await page.close();
  });

  test("a redirect to another address is refused, and nothing from there is stored", async () => {
    server.live = "redirect";
    await refresh();
    const t = await untilTitle("a redirect");
    expect(t.title).toContain("answered with a redirect, which Release Radar does not follow");
    // One request: no redirect is followed, to there or in a loop.
    expect(elsewhere.counts.live).toBe(0);
    const { snapshot } = await stored();
    expect(snapshot?.releases.map((r) => r.name).join()).not.toContain("gnp.exe");
  });

  test("a body cut off half-way is an incomplete answer, not an unreachable service", async () => {
    server.live = "cut";
    await refresh();
    const t = await untilTitle("incomplete");
    expect(t.title).toContain("The latest check failed: The service answered with an incomplete response");
    expect(t.title).not.toContain("Cannot reach");
  });

  test.each<[string, { channel?: string; version?: string }]>([
    ["a channel id with a line break", { channel: FORGED_CHANNEL }],
    ["a channel id with a right-to-left override", { channel: RTL_CHANNEL }],
    ["a channel id with a zero-width space", { channel: "stable\u200B" }],
    ["a Stable version of javascript:alert(1)//", { version: "javascript:alert(1)//" }],
    ["a Stable version of 1000.0.0.0", { version: "1000.0.0.0" }],
  ])(
    "%s is refused with its answer: no forged tooltip line, no such badge; the last good data stays",
    async (_, bad) => {
      const before = await toolbar();
      server.live = "pages";
      server.pages = () => ({
        releases: [
          ...GOOD_RELEASES,
          release(bad.channel ?? "stable", bad.version ?? "120.0.6099.71", 1, "2023-12-06T21:01:00Z"),
        ],
        nextPageToken: "",
      });
      await refresh();
      const t = await untilTitle("not what it normally sends");
      expect(t.title).toContain(
        "The latest check failed: The service answered with data that is not what it normally sends",
      );
      expect(t.title).not.toContain("evil.example");
      expect(t.title).not.toMatch(/[\u200B\u202E\u2028]/);
      // Every line of the tooltip is one of ours: no line starts with the forged "Last checked 2099".
      expect(t.title.split("\n").filter((line) => line.includes("2099"))).toEqual([]);
      expect(t.text).toBe(before.text);
      const { snapshot } = await stored();
      expect(snapshot?.releases.map((r) => r.name)).toEqual(
        (GOOD_RELEASES as { name: string }[]).map((r) => r.name),
      );
    },
  );
});

describe("a rollback", () => {
  test("an older version that replaces the newer one is notified as older, under an id of its own", async () => {
    const only = (version: string) => () => ({
      releases: [release("stable", version, 1, "2023-12-06T21:01:00Z"), GOOD_RELEASES[1]],
      nextPageToken: "",
    });
    server.live = "pages";
    server.pages = only("121.0.6167.85");
    await refresh();
    await untilTitle("121.0.6167.85");
    server.pages = only("120.0.6099.71");
    await refresh();
    const ids = await waitFor(
      () => probe.evaluate(async () => Object.keys(await chrome.notifications.getAll())),
      (all) => all.some((id) => id.startsWith("back:")),
      { what: "the rollback's notification" },
    );
    expect(ids.filter((id) => id.startsWith("back:"))).toEqual([
      expect.stringMatching(/^back:.*\/linux\/stable\/120\.0\.6099\.71\/121\.0\.6167\.85$/),
    ]);
  });
});

describe("thousands live, within the bounds", () => {
  /** 5,000 live releases: `of(i)` says the channel and version of the i-th. */
  function thousands(of: (i: number) => [string, string]): void {
    server.live = "pages";
    server.pages = () => ({
      releases: Array.from({ length: 5000 }, (_, i) => release(...of(i), 0.5, "2023-12-06T21:01:00Z")),
      nextPageToken: "",
    });
  }

  test.each<[string, (i: number) => [string, string], RegExp]>([
    ["5,000 versions on Linux Stable", (i) => ["stable", `120.0.${i}.1`], /Also live: .* and 4,996 more/],
    [
      "5,000 channels",
      (i) => (i === 0 ? ["stable", "120.0.6099.71"] : [`ch_${i}`, "120.0.1.1"]),
      /explorer lists 4990 more channels/,
    ],
  ])("%s: a tooltip of a few lines, and a popup of a few screens", async (_, of, said) => {
    thousands(of);
    await refresh();
    const t = await untilTitle("Last checked");
    expect(t.title.length).toBeLessThan(600);
    const { page, errors } = await openExtensionPage(extension.context, extension.extensionId);
    await page.waitForFunction(() => performance.getEntriesByName("rr:stored-paint").length > 0);
    await expect.poll(() => page.locator("#header").innerText()).toMatch(said);
    // Bounded by what the page lists, not by what the service sends (a select's options, which are not laid
    // out, still offer every channel).
    expect(await page.evaluate(() => document.querySelectorAll("#header *:not(option)").length)).toBeLessThan(
      1000,
    );
    expect(await page.locator("#live-head th").count()).toBeLessThanOrEqual(11);
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await page.close();
  });
});

describe("a hostile release list", () => {
  test("5,000 rows sent for a page of 50: the popup draws 50 and says the service sent more", async () => {
    server.history = "flood";
    try {
      const { page, errors } = await openExtensionPage(extension.context, extension.extensionId);
      await expect
        .poll(() => page.locator("#results-status").textContent())
        .toContain("The service sent 4,950 rows more than asked for: not shown.");
      expect(await page.locator("#results [data-index]").count()).toBeLessThanOrEqual(50);
      expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
      await page.close();
    } finally {
      server.history = "good";
    }
  });
});

describe("a hostile schedule", () => {
  test.each([
    ["stable-far", 131],
    ["stable-zero", 132],
    ["stable-first", 133],
  ] as const)(
    "%s is refused as read: M%i's release page counts down to nothing, keeps nothing",
    async (mode, m) => {
      server.schedule = mode;
      await extension.context.route("https://developer.chrome.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>notes</title><p>notes</p>" }),
      );
      const refusals: string[] = [];
      const heard = (message: ConsoleMessage): void => {
        if (message.text().includes(`no schedule for milestone ${m}`)) refusals.push(message.text());
      };
      extension.worker.on("console", heard);
      const url = `https://developer.chrome.com/release-notes/${m}`;
      const page = await extension.context.newPage();
      await page.goto(url);
      await waitFor(
        () => Promise.resolve(refusals.length),
        (n) => n > 0,
        { what: "the schedule's refusal" },
      );
      extension.worker.off("console", heard);
      expect(refusals[0]).toMatch(/expected a day (from 2008-01-01 to 2099-12-31|on or before Stable's)/);
      const tab = await probe.evaluate(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        const tabId = tab?.id ?? -1;
        return {
          text: await chrome.action.getBadgeText({ tabId }),
          title: await chrome.action.getTitle({ tabId }),
        };
      }, url);
      expect(tab.text).toBe("NEXT");
      expect(tab.title).toContain(`M${m}`);
      expect(tab.title).not.toContain("Schedule:");
      const { schedules } = await probe.evaluate(() => chrome.storage.local.get("schedules"));
      expect(JSON.stringify(schedules)).not.toContain(`"mstone":${m}`);
      await page.close();
    },
  );
});

describe("the request budget, counted at the server", () => {
  test("a release page's visit asks its milestone's history once", async () => {
    await extension.context.route("https://developer.chrome.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>notes</title><p>notes</p>" }),
    );
    const before = server.counts.history;
    const page = await extension.context.newPage();
    await page.goto("https://developer.chrome.com/release-notes/121");
    await page.reload();
    await waitFor(
      () => Promise.resolve(server.counts.history - before),
      (n) => n >= 1,
      { what: "the history request" },
    );
    // The reload's updates too come within the history's max age: no second request.
    await refresh();
    expect(server.counts.history - before).toBe(1);
    await page.close();
  });

  test("a burst of 100 settings writes sends no poll: the stored answer holds every channel", async () => {
    const before = server.counts.live;
    await probe.evaluate(
      async (settings) => {
        const channels = ["dev", "stable"];
        await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            chrome.storage.sync.set({ settings: { ...settings, channel: channels[i % 2] } }),
          ),
        );
      },
      { baseUrl: server.baseUrl, scheduleUrl: server.origin },
    );
    await waitFor(toolbar, (t) => t.title.startsWith("Release Radar: Chrome Stable on Linux"), {
      what: "the last write shown",
    });
    expect(server.counts.live - before).toBe(0);
  });
});
