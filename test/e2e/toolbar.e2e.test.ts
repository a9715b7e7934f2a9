/**
 * The toolbar in real Chromium: the built extension's service worker against the emulator (fixture dataset,
 * test/fixtures/e2e-releases.json), every toolbar value read back through the real `chrome.action` API.
 * Headless Chromium here runs on Linux, so platform `auto` watches linux.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { WAIT_TIMEOUT_MS } from "../../scripts/chromium.ts";
import { spawnEmulator } from "../../scripts/emulator-process.ts";
import { E2E_DATA } from "./global-setup.ts";
import { launchedForSuite, until } from "./helpers.ts";
import {
  AMBER,
  DARK,
  GREEN,
  GREY,
  RED,
  WHITE,
  rollingOut,
  toolbarReader,
  type Seen,
} from "../toolbar-seen.ts";

const launched = launchedForSuite();
/**
 * An extension page that reads and writes through the same chrome.* APIs as the worker. Used instead of the
 * worker itself because the worker is stopped and restarted below, and Playwright does not hand back a
 * restarted worker; the page outlives it.
 */
let probe: Page;

function emulator(path: string): string {
  return inject("emulatorUrl").replace(/\/v1$/, path);
}

async function setFaults(spec: string): Promise<void> {
  const res = await fetch(emulator("/_emulator/faults"), { method: "PUT", body: spec });
  expect(res.status).toBe(200);
}

async function setSettings(partial: Record<string, unknown>): Promise<void> {
  await probe.evaluate((settings) => chrome.storage.sync.set({ settings }), partial);
}

async function seen(tabId?: number): Promise<Seen> {
  return probe.evaluate(async (tabId) => {
    const details = tabId === undefined ? {} : { tabId };
    return {
      text: await chrome.action.getBadgeText(details),
      title: await chrome.action.getTitle(details),
      color: await chrome.action.getBadgeBackgroundColor(details),
      textColor: await chrome.action.getBadgeTextColor(details),
      popup: await chrome.action.getPopup(details),
      enabled: await chrome.action.isEnabled(tabId),
    };
  }, tabId);
}

const { shows } = toolbarReader(seen);

/** Opens a page on a release-notes host, served by the test (the machine has no internet). */
async function openRoutedPage(context: BrowserContext, url: string): Promise<{ page: Page; tabId: number }> {
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await probe.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    return tab?.id ?? -1;
  }, url);
  expect(tabId).toBeGreaterThan(0);
  return { page, tabId };
}

/** The poll state the worker stored. */
async function storedPollState(): Promise<unknown> {
  return probe.evaluate(async () => (await chrome.storage.local.get("pollState")).pollState);
}

/** Asks the worker to poll now, as the popup's retry button does; resolves once the new state is shown. */
async function refresh(): Promise<void> {
  expect(await probe.evaluate(() => chrome.runtime.sendMessage({ type: "refresh" }))).toEqual({ ok: true });
}

const DEFAULTS = {
  platform: "auto",
  channel: "stable",
  clickAction: "popup",
  focusMode: false,
  notify: true,
};

beforeAll(async () => {
  probe = await launched().context.newPage();
  await probe.goto(`chrome-extension://${launched().extensionId}/src/options/index.html`);
  await launched().context.route("https://developer.chrome.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>notes</title><p>release notes</p>",
    }),
  );
  await shows(rollingOut);
});

afterEach(async () => {
  await setFaults("");
  await setSettings(DEFAULTS);
  await refresh();
  await shows((s) => rollingOut(s) && s.enabled && !s.title.includes("failed"));
});

describe("the global badge", () => {
  test("a partial rollout shows the newest milestone in amber with dark text, and names both versions", async () => {
    const s = await seen();
    expect(s).toMatchObject({ text: "120", color: AMBER, textColor: DARK });
    expect(s.title.split("\n")[1]).toBe("Rolling out: 120 to 25% of users; most users run 119");
    expect(s.title).toContain("\n120.0.6099.71 at 25% since 2023-12-06 21:01 UTC\n");
    expect(s.title).toContain("\nMost users: 119.0.6045.199 at 75% since 2023-11-28 19:33 UTC\n");
    // Debian's Chromium (156 and later) is a later milestone than the fixture's Stable 120.
    expect(s.title).toMatch(
      /This browser: Chromium \d+\.\d+\.\d+\.\d+, ahead of Stable \(120\.0\.6099\.71\)/,
    );
  });

  test("a fully served newest version shows its major in green with white text", async () => {
    await setSettings({ ...DEFAULTS, platform: "win64" });
    const s = await shows((s) => s.text === "120" && s.title.includes("on Windows"));
    expect(s).toMatchObject({ color: GREEN, textColor: WHITE });
  });

  test("the icon carries the share: setIcon with image data of 16 and 32 px, no error; the badge follows the setting", async () => {
    const { worker } = launched();
    const complaints: string[] = [];
    worker.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") complaints.push(m.text());
    });
    // Records the worker's setIcon calls as they reach the browser's own API, with how each ended.
    await worker.evaluate(() => {
      const scope = globalThis as unknown as { rrIconCalls: unknown[]; browser?: { action?: object } };
      scope.rrIconCalls = [];
      const targets = new Set([chrome.action, scope.browser?.action].filter((a) => a !== undefined));
      for (const target of targets) {
        const api = target as { setIcon: (details: chrome.action.TabIconDetails) => Promise<void> };
        const original = api.setIcon.bind(target);
        api.setIcon = (details) => {
          const images = (details.imageData ?? {}) as Record<string, ImageData>;
          const call = {
            tabId: details.tabId ?? null,
            path: details.path ?? null,
            sizes: Object.entries(images).map(([key, image]) => [key, image.width, image.height]),
            // The ring's pixel at 1 o'clock and at 7 o'clock, mid-ring, of the 32 px image.
            pixels: [images["32"], images["32"]].flatMap((image, i) => {
              if (!image) return [];
              const [x, y] = i === 0 ? [22, 3] : [9, 28];
              return [Array.from(image.data.slice((y * 32 + x) * 4, (y * 32 + x) * 4 + 4))];
            }),
            outcome: "pending",
          };
          scope.rrIconCalls.push(call);
          const result = original(details);
          result.then(
            () => (call.outcome = "ok"),
            (e: unknown) => (call.outcome = String(e)),
          );
          return result;
        };
      }
    });
    type Call = {
      tabId: number | null;
      path: unknown;
      sizes: [string, number, number][];
      pixels: number[][];
      outcome: string;
    };
    const calls = () => worker.evaluate(() => (globalThis as unknown as { rrIconCalls: Call[] }).rrIconCalls);

    // Windows: 120 serves everyone, so the whole ring is green; back on Linux it is a quarter, in amber.
    await setSettings({ ...DEFAULTS, platform: "win64" });
    await shows((s) => s.text === "120" && s.color.join() === GREEN.join());
    await setSettings(DEFAULTS);
    await shows(rollingOut);
    await expect
      .poll(async () => (await calls()).filter((c) => c.tabId === null && c.outcome === "ok").length, {
        timeout: WAIT_TIMEOUT_MS,
      })
      .toBe(2);
    const [full, quarter] = await calls();
    for (const call of [full, quarter]) {
      expect(call).toMatchObject({ tabId: null, path: null, outcome: "ok" });
      expect(call?.sizes).toEqual([
        ["16", 16, 16],
        ["32", 32, 32],
      ]);
    }
    const GREEN_ARC = [0x25, 0xa0, 0x4a, 255];
    const AMBER_ARC = [0xe3, 0x74, 0x00, 255];
    expect(full?.pixels).toEqual([GREEN_ARC, GREEN_ARC]);
    // A quarter: 1 o'clock is on the arc, 7 o'clock on the faint grey track.
    expect(quarter?.pixels[0]).toEqual(AMBER_ARC);
    expect(quarter?.pixels[1]?.[3]).toBeLessThan(128);

    // The badge text follows the setting; the icon does not change with it.
    await setSettings({ ...DEFAULTS, badgeText: "share" });
    expect(await shows((s) => s.text === "25%")).toMatchObject({ color: AMBER, textColor: DARK });
    await setSettings(DEFAULTS);
    await shows(rollingOut);
    expect((await calls()).length).toBe(2);
    expect(complaints).toEqual([]);
  });

  test("no live release of the channel on the platform: no text, and the title says so", async () => {
    await setSettings({ ...DEFAULTS, channel: "beta" });
    const s = await shows((s) => s.text === "");
    expect(s.title).toContain("No live Beta release on Linux");
  });

  test("an unreachable service with no data for it: ! in red with the error and the next try", async () => {
    await setSettings({ ...DEFAULTS, baseUrl: "http://127.0.0.1:9/v1" });
    const s = await shows((s) => s.text === "!");
    expect(s.color).toEqual(RED);
    expect(s.title).toMatch(
      /\nNo data yet: Cannot reach the service at 127\.0\.0\.1:9; next try at \d\d:\d\d UTC \((in 1 min|in under a minute)\)\.$/,
    );
    await setSettings({ ...DEFAULTS, baseUrl: inject("emulatorUrl") });
  });

  test("switching services starts clean: the old error and backoff go, and the new service is polled at once", async () => {
    // Two failures of a dead service: an error in the title and a backoff of two minutes.
    await setSettings({ ...DEFAULTS, baseUrl: "http://127.0.0.1:9/v1" });
    await shows((s) => s.text === "!");
    await refresh();
    expect(await storedPollState()).toMatchObject({ failures: 2 });

    await setSettings({ ...DEFAULTS, baseUrl: inject("emulatorUrl") });
    // A switch that kept the dead service's two-minute backoff would not poll within the wait's 60 s. (How
    // fast it is, the bench says: "Service switch to new badge", target 2 s.)
    const s = await shows(rollingOut);
    expect(s.title).not.toMatch(/Cannot reach|failed|next try|127\.0\.0\.1:9\b/);
    expect(s.title).toContain(`at ${new URL(inject("emulatorUrl")).host}`);
    expect(await storedPollState()).toMatchObject({
      service: { baseUrl: inject("emulatorUrl") },
      failures: 0,
    });
  });

  test("a service the extension holds no host permission for is reached through CORS", async () => {
    // The manifest grants http://127.0.0.1/* only; the emulator on [::1] is loopback for the client but is
    // outside every host permission, so the worker's fetch is a CORS request (the emulator allows any origin).
    const v6 = await spawnEmulator({ args: ["--host", "::1", "--data", E2E_DATA] });
    try {
      expect(v6.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/v1$/);
      const granted = await probe.evaluate(
        (origin) => chrome.permissions.contains({ origins: [origin] }),
        "http://[::1]/*",
      );
      expect(granted).toBe(false);
      await setSettings({ ...DEFAULTS, baseUrl: v6.baseUrl, platform: "win64" });
      const s = await shows((s) => s.text === "120" && s.title.includes(new URL(v6.baseUrl).host));
      expect(s.color).toEqual(GREEN);
    } finally {
      await setSettings(DEFAULTS);
      v6.stop();
    }
  });

  test("service errors keep the last good badge and say what happened in a sentence; recovery clears it", async () => {
    await setFaults("error=1,seed=1,retryafter=1");
    await refresh();
    const failing = await shows((s) => s.title.includes("The latest check failed"));
    // The last good text, in red: the latest check failed.
    expect(failing).toMatchObject({ text: "120", color: RED });
    expect(failing.title).toMatch(
      /\nThe latest check failed: The service (is unavailable \(503\)|failed with an internal error \(500\)[^;]*); next try at \d\d:\d\d UTC/,
    );
    // The raw request is not the message.
    expect(failing.title).not.toContain("GET ");
    await setFaults("truncated=1,seed=1");
    await refresh();
    const cut = await shows((s) => s.title.includes("incomplete"));
    expect(cut.title).toContain("The latest check failed: The service answered with an incomplete response");
    expect(cut.text).toBe("120");
    await setFaults("malformed=1,seed=1");
    await refresh();
    const malformed = await shows((s) => s.title.includes("not what it normally sends"));
    expect(malformed.text).toBe("120");
    await setFaults("");
    await refresh();
    const recovered = await shows((s) => !s.title.includes("failed"));
    expect(recovered).toMatchObject({ text: "120", color: AMBER });
    expect(recovered.title).toMatch(/\nLast checked \d{4}-\d\d-\d\d \d\d:\d\d UTC at 127\.0\.0\.1:\d+$/);
  });
});

describe("release pages", () => {
  test("a release page gets its own badge and a popup filtered to it, and loses them on navigation", async () => {
    const { page, tabId } = await openRoutedPage(
      launched().context,
      "https://developer.chrome.com/release-notes/120",
    );
    const s = await shows((s) => s.text === "STBL", tabId);
    // M120 serves 25% of Linux Stable: amber, as the global badge says a rollout under way.
    expect(s.color).toEqual(AMBER);
    expect(s.popup).toMatch(/src\/popup\/index\.html\?milestone=120$/);
    // Once the milestone's history has arrived: "since" of the milestone on the channel, and of each version.
    const titled = await shows((s) => s.title.includes("M120 on Stable since"), tabId);
    expect(titled.title.split("\n")).toEqual([
      "Release Radar: Chrome M120 on Linux",
      "M120 is on Stable on Linux, and on Windows",
      "M120 on Stable since 2023-12-06; live now: 120.0.6099.71 at 25% since 2023-12-06",
      expect.stringMatching(/^Last checked \d{4}-\d\d-\d\d \d\d:\d\d UTC at 127\.0\.0\.1:\d+$/),
    ]);
    await page.goto("https://developer.chrome.com/docs/");
    const after = await shows(rollingOut, tabId);
    expect(after.popup).toMatch(/src\/popup\/index\.html$/);
    await page.close();
  });

  test("a milestone the watched channel has not reached shows NEXT; one it has moved past OLD", async () => {
    const next = await openRoutedPage(
      launched().context,
      "https://developer.chrome.com/blog/new-in-chrome-130",
    );
    const ahead = await shows((s) => s.text === "NEXT", next.tabId);
    expect(ahead.color).toEqual(GREY);
    expect(ahead.title).toContain("M130 is not on Stable yet; Linux runs 120");
    const old = await openRoutedPage(launched().context, "https://developer.chrome.com/release-notes/100");
    expect((await shows((s) => s.text === "OLD", old.tabId)).color).toEqual(GREY);
    await next.page.close();
    await old.page.close();
  });

  test("a milestone not yet on Stable counts down to its Stable day from the emulator's schedule", async () => {
    // The emulator's next milestone (by today's date): its planned Stable day, as the extension will read it.
    const res = await fetch(emulator("/fetch_milestone_schedule?mstone=next"));
    const [next] = (
      (await res.json()) as { mstones: { mstone: number; stable_date: string; branch_point: string }[] }
    ).mstones;
    if (next === undefined) throw new Error("the emulator has no next milestone");
    const today = new Date();
    const localToday = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
    const days = (Date.parse(`${next.stable_date.slice(0, 10)}T00:00:00Z`) - localToday) / 86_400_000;
    const { page, tabId } = await openRoutedPage(
      launched().context,
      `https://developer.chrome.com/release-notes/${next.mstone}`,
    );
    const s = await shows((s) => s.title.includes("Schedule:"), tabId);
    expect(s.text).toBe(days === 0 ? "TODAY" : `${days}d`);
    expect(s.title).toContain(`branch ${next.branch_point.slice(0, 10)}`);
    expect(s.title).toContain(`stable ${next.stable_date.slice(0, 10)}`);
    await page.close();
  });

  test("focus mode disables the action everywhere but on release pages, at once", async () => {
    const { page, tabId } = await openRoutedPage(
      launched().context,
      "https://developer.chrome.com/release-notes/122",
    );
    const other = await launched().context.newPage();
    await setSettings({ ...DEFAULTS, focusMode: true });
    await shows((s) => !s.enabled);
    // The per-tab values follow the global ones within the same update; wait for them as well.
    expect((await shows((s) => s.enabled, tabId)).text).toBe("DEV");
    // A tab that is not a release page (nor this probe page): the extension sees its id but not its URL.
    const otherId = await probe.evaluate(async (releaseTab) => {
      const self = (await chrome.tabs.getCurrent())?.id;
      return (await chrome.tabs.query({})).find((t) => t.id !== releaseTab && t.id !== self)?.id ?? -1;
    }, tabId);
    expect((await seen(otherId)).enabled).toBe(false);
    await setSettings(DEFAULTS);
    await shows((s) => s.enabled);
    await page.close();
    await other.close();
  });

  test("clickAction sets the popup: refresh and open-notes remove it globally, release pages keep theirs", async () => {
    const { page, tabId } = await openRoutedPage(
      launched().context,
      "https://developer.chrome.com/release-notes/120",
    );
    await setSettings({ ...DEFAULTS, clickAction: "refresh" });
    await shows((s) => s.popup === "");
    expect((await seen(tabId)).popup).toMatch(/\?milestone=120$/);
    await setSettings({ ...DEFAULTS, clickAction: "open-notes" });
    await shows((s) => s.popup === "");
    await setSettings(DEFAULTS);
    expect((await shows((s) => s.popup !== "")).popup).toMatch(/src\/popup\/index\.html$/);
    await page.close();
  });
});

describe("a stopped and restarted service worker", () => {
  /**
   * Runs `prepare` (typically: change what is stored), then stops the service worker (CDP) and wakes it with
   * the popup's refresh message, resolving once that poll has been answered. The order matters: a running
   * worker keeps what it loaded in memory, so a stored change only takes effect through the restart, and
   * Chromium may start the worker again at once for pending events, so nothing may be changed after the stop.
   */
  async function restartWorker(prepare?: () => Promise<void>): Promise<void> {
    const cdp = await launched().context.newCDPSession(probe);
    // CDP reports every version of the registration, old ones included: follow each by its id.
    const status = new Map<string, string>();
    cdp.on("ServiceWorker.workerVersionUpdated", (event) => {
      for (const v of event.versions) {
        if (v.scriptURL.includes(launched().extensionId)) status.set(v.versionId, v.runningStatus);
      }
    });
    await prepare?.();
    await cdp.send("ServiceWorker.enable");
    await until(
      () => Promise.resolve(status),
      (s) => [...s.values()].includes("running"),
    );
    const running = [...status].filter(([, s]) => s === "running").map(([id]) => id);
    await cdp.send("ServiceWorker.stopAllWorkers");
    await until(
      () => Promise.resolve(status),
      (s) => running.every((id) => s.get(id) === "stopped"),
    );
    await refresh();
    await cdp.detach();
  }

  test("keeps its badge and alarm, shows stored data at once, and says when it is stale", async () => {
    // Age the stored snapshot by four hours and make the service fail; the restarted worker loads what is stored.
    await restartWorker(async () => {
      await setFaults("error=1,seed=1");
      await probe.evaluate(async () => {
        const { snapshot } = await chrome.storage.local.get<{ snapshot: { fetchedAt: number } }>("snapshot");
        await chrome.storage.local.set({ snapshot: { ...snapshot, fetchedAt: Date.now() - 4 * 3600_000 } });
      });
    });
    const s = await shows((s) => s.title.includes("; stale"));
    // Stale while the service keeps failing: grey, as stale data is (the README's table); the title says why.
    expect(s).toMatchObject({ text: "120", color: GREY });
    expect(s.title).toMatch(/\nLast good check \d{4}-\d\d-\d\d \d\d:\d\d UTC \(4 h ago\) at [^;]+; stale\n/);
    expect(s.title).toContain("\nThe latest check failed: ");
    const alarm = await probe.evaluate(() => chrome.alarms.get("poll"));
    expect(alarm?.periodInMinutes).toBe(30);
  });

  test("never notifies the same event twice, also across restarts", async () => {
    const forgetLinuxStable120 = async () => {
      await probe.evaluate(async () => {
        const { snapshot } = await chrome.storage.local.get<{
          snapshot: { releases: { name: string }[]; etag?: string };
        }>("snapshot");
        // Without 120 on linux/stable (and without the ETag), the next poll sees 120 go live there.
        const releases = snapshot.releases.filter(
          (r) => !r.name.includes("linux/channels/stable/versions/120."),
        );
        await chrome.storage.local.set({ snapshot: { ...snapshot, releases, etag: undefined } });
      });
    };
    await restartWorker(forgetLinuxStable120);
    const id = "live:browser/linux/stable/120.0.6099.71";
    await expect
      .poll(() => probe.evaluate(() => chrome.notifications.getAll()), { timeout: WAIT_TIMEOUT_MS })
      .toHaveProperty(id);
    await probe.evaluate((id) => chrome.notifications.clear(id), id);
    await restartWorker(forgetLinuxStable120);
    await shows((s) => rollingOut(s) && !s.title.includes("failed"));
    const stored = await probe.evaluate(() => chrome.storage.local.get("notified"));
    expect((stored.notified as string[]).filter((n) => n === id)).toHaveLength(1);
    expect(await probe.evaluate(() => chrome.notifications.getAll())).not.toHaveProperty(id);
  });
});
