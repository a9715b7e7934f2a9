/**
 * A wall clock that jumps does not stop polling (issue 39, point 2). Chromium runs with libfaketime preloaded,
 * reading its offset from a file it looks at every second, the monotonic clock left alone: Date.now() and the
 * alarms' wall clock move while the browser's timers keep real time. The poll runs every minute; the test
 * counts the service's answers the worker asked for.
 *
 * The clock is moved while the browser is closed, and the browser reopened on the same profile (a clock
 * corrected at boot, a dead clock battery): moved while Chromium runs, libfaketime stalls Chromium's own alarm
 * timer (set back, even an alarm created due in the past never fires, which no real clock does; set forward
 * under load, no poll came in 4 minutes). Reopened a year ahead, the alarm and the stored times are a year
 * overdue; reopened a day behind that, they lie a year and a day ahead. Its first poll is held, so the alarm
 * is seen re-armed by the worker's start, not by that poll's end.
 * The worker's wake while the browser runs is the unit tests' (controller.test.ts).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import type { Page } from "playwright-core";
import { openExtensionPage, type LaunchedExtension } from "../../scripts/chromium.ts";
import { launchBuilt } from "./helpers.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * Long enough for two polls a minute apart on a busy machine: the alarm's own minutes, plus a poll's time.
 * Under two CPU hogs and the other suites, a phase was seen to take about four minutes, once more.
 */
const TWO_POLLS_MS = 8 * MINUTE;

/** Debian's libfaketime (apt-get install libfaketime), or FAKETIME_LIB. */
function faketimeLib(): string {
  const candidates = [
    process.env.FAKETIME_LIB,
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1",
  ].filter((path): path is string => path !== undefined && path !== "");
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(`No libfaketime at ${candidates.join(" or ")}: apt-get install libfaketime`);
  }
  return found;
}

const dir = mkdtempSync(join(tmpdir(), "rr-clock-"));
const offsetFile = join(dir, "offset");
const profile = join(dir, "profile");
/** Moves the browser's wall clock to `offset` from the real one (libfaketime's "-1d", "+365d"). */
const setClock = (offset: string): void => writeFileSync(offsetFile, `${offset}\n`);

let extension: LaunchedExtension | undefined;
/** When (real time) each poll reached the service, but for those held. */
const polls: number[] = [];
/** While set, polls are held here before they reach the service (a slow service). */
let hold: Promise<void> | null = null;

/** Chromium on the kept profile, its wall clock at the offset in the file, polls counted; a page to read it. */
async function launch(): Promise<{ launched: LaunchedExtension; probe: Page }> {
  const launched = await launchBuilt({
    profile,
    env: {
      LD_PRELOAD: faketimeLib(),
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      FAKETIME_CACHE_DURATION: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
  });
  await launched.context.route(/filter=endtime(%3D|=)none/, async (route) => {
    // A held poll is not counted: the worker may have given up on it by the time it is let through.
    if (hold !== null) await hold;
    else polls.push(Date.now());
    // The worker may have given up on a held request (its own timeout): nothing left to continue.
    await route.continue().catch(() => undefined);
  });
  extension = launched;
  // Read through an extension page: it stays while the browser may restart a busy worker. A browser started
  // under the clock library on a loaded machine has been seen not to finish the first page's load in a
  // minute (CI, once): that page is closed and the next one opened, a second minute's wait.
  const open = () => openExtensionPage(launched.context, launched.extensionId, "src/options/index.html");
  const { page: probe } = await open().catch(async (error: unknown) => {
    console.warn(`the first extension page did not load, opened again: ${String(error)}`);
    await Promise.all(launched.context.pages().map((p) => p.close().catch(() => undefined)));
    return open();
  });
  return { launched, probe };
}

afterAll(async () => {
  await extension?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The browser's wall clock less the real one, in whole days. */
async function offsetDays(probe: Page): Promise<number> {
  const browser = await probe.evaluate(() => Date.now());
  return Math.round((browser - Date.now()) / DAY);
}

/** Waits for `n` more polls than `from` counted. */
async function pollsAfter(from: number, n: number): Promise<void> {
  await expect.poll(() => polls.length - from, { timeout: TWO_POLLS_MS }).toBeGreaterThanOrEqual(n);
}

describe("a wall clock that jumps", () => {
  test(
    "reopened a year ahead: a poll a minute; reopened a day behind: re-armed at once, a poll a minute, no future day",
    async () => {
      setClock("+0");
      let current = await launch();
      await current.probe.evaluate(
        (url) => chrome.storage.sync.set({ settings: { baseUrl: url, pollMinutes: 1 } }),
        inject("emulatorUrl"),
      );
      await pollsAfter(0, 1);

      // Reopened a year ahead: the alarm and the stored times are a year overdue.
      await current.launched.close();
      setClock("+365d");
      current = await launch();
      expect(await offsetDays(current.probe)).toBe(365);
      await pollsAfter(polls.length, 2);
      const title = await current.probe.evaluate(() => chrome.action.getTitle({}));
      expect(title).toContain(`Last checked ${new Date(Date.now() + 365 * DAY).getUTCFullYear()}-`);

      // Closed a year ahead, reopened a year and a day behind that: a day behind today. The first poll is held
      // (a slow service): the alarm, kept a year ahead, is re-armed within a period meanwhile, not an hour out.
      await current.launched.close();
      setClock("-1d");
      let release = (): void => undefined;
      hold = new Promise((resolve) => (release = resolve));
      current = await launch();
      const probe = current.probe;
      expect(await offsetDays(probe)).toBe(-1);
      // Both at once: re-armed, and no poll ended yet (the held one times out after 10 s and would move it too).
      await expect
        .poll(() =>
          probe.evaluate(async () => {
            const alarm = (await chrome.alarms.get("poll"))?.scheduledTime ?? Infinity;
            const { pollState } = await chrome.storage.local.get<{ pollState?: { failures: number } }>(
              "pollState",
            );
            return { soon: alarm - Date.now() <= 65_000, failures: pollState?.failures };
          }),
        )
        .toEqual({ soon: true, failures: 0 });
      release();
      hold = null;
      const reopened = polls.length;
      await pollsAfter(reopened, 2);
      const last = polls.slice(reopened);
      expect(last.at(-1)! - last.at(-2)!).toBeLessThan(2 * MINUTE);
      const shown = await probe.evaluate(async () => {
        const { snapshot } = await chrome.storage.local.get<{ snapshot?: { fetchedAt: number } }>("snapshot");
        const alarm = await chrome.alarms.get("poll");
        return { fetchedAt: snapshot?.fetchedAt, alarm: alarm?.scheduledTime, now: Date.now() };
      });
      expect(shown.fetchedAt).toBeLessThanOrEqual(shown.now);
      expect(shown.alarm).toBeLessThanOrEqual(shown.now + MINUTE + 5_000);
    },
    3 * TWO_POLLS_MS + 2 * MINUTE,
  );
});
