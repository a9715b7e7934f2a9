/**
 * `npm start`: the extension on the bundled data, with no internet.
 *  1. starts the emulator with the bundled dataset (port 8787, or any free port when that one is taken);
 *  2. builds the extension with the emulator's URL and product `browser` baked into its default settings;
 *  3. opens Chromium with the extension loaded. With a display it stays open until you close it. Without one
 *     (a server, CI) it runs headless, prints what the toolbar badge shows once the first poll has answered,
 *     saves screenshots (the popup at 100% and 125% zoom and in the dark scheme, the explorer in a tab) and
 *     exits.
 *
 * Options: `--out-dir DIR` builds elsewhere than dist/; `--artifacts DIR` saves the screenshots elsewhere
 * than artifacts/ (the e2e test of this script uses both, to leave the user's files alone).
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Page, Worker } from "playwright-core";
import {
  ARTIFACTS,
  DIST,
  WAIT_TIMEOUT_MS,
  launchExtension,
  openExtensionPage,
  readAction,
  waitFor,
  type ActionState,
  type LaunchedExtension,
} from "./chromium.ts";
import { buildExtension } from "./build-extension.ts";
import { POPUP_PAGE } from "./popup-scripts.ts";
import { spawnEmulator, type EmulatorProcess } from "./emulator-process.ts";

const PREFERRED_PORT = 8787;

/**
 * The emulator replays the bundled history moved to the present (`--shift-to-now`), so what the extension
 * shows is as fresh as it would be against the real service; every version and interval stays real.
 */
const EMULATOR_ARGS = ["--shift-to-now"];

async function startEmulator(): Promise<EmulatorProcess> {
  try {
    return await spawnEmulator({ port: PREFERRED_PORT, args: EMULATOR_ARGS });
  } catch (error) {
    // Most likely the port is taken (an emulator from an earlier run?): any free port does as well.
    console.log(`port ${PREFERRED_PORT} unavailable (${String(error).split("\n")[0]}); using a free port`);
    return spawnEmulator({ port: 0, args: EMULATOR_ARGS });
  }
}

/** The directory given as `flag DIR`, or `fallback` without the flag. */
function dirOption(argv: readonly string[], flag: string, fallback: string): string {
  const i = argv.indexOf(flag);
  if (i < 0) return fallback;
  const dir = argv[i + 1];
  if (!dir || dir.startsWith("--")) throw new Error(`${flag} needs a directory`);
  return resolve(dir);
}

/** What the worker has stored and what the toolbar shows, read together. */
interface FirstState {
  readonly pollState?: { failures: number; lastAttempt?: number; nextTry: number; lastError?: string };
  readonly fetchedAt?: number;
  readonly action: ActionState;
}

async function readFirstState(worker: Worker): Promise<FirstState> {
  const [stored, action] = await Promise.all([
    worker.evaluate(async () => {
      const { pollState, snapshot } = await chrome.storage.local.get<{
        pollState?: FirstState["pollState"];
        snapshot?: { fetchedAt?: number };
      }>(["pollState", "snapshot"]);
      return { pollState, fetchedAt: snapshot?.fetchedAt };
    }),
    readAction(worker),
  ]);
  return {
    ...(stored.pollState ? { pollState: stored.pollState } : {}),
    ...(stored.fetchedAt === undefined ? {} : { fetchedAt: stored.fetchedAt }),
    action,
  };
}

/** `promise`, or a rejection saying what was waited for once `ms` have passed. */
async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited ${ms / 1000} s for ${what}, in vain`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const describeFirstState = (s: FirstState): string =>
  `badge "${s.action.badgeText}", title ${JSON.stringify(s.action.title)}, ` +
  `pollState ${JSON.stringify(s.pollState ?? null)}, ` +
  (s.fetchedAt === undefined ? "no snapshot" : `snapshot fetched at ${new Date(s.fetchedAt).toISOString()}`);

/**
 * Waits for a poll's outcome on the toolbar: real data or an error, never the state the worker shows before
 * it has heard from the service. The worker stores `pollState` (with `lastAttempt`) when a poll has finished
 * and redraws the toolbar just after, so storage alone could be read a moment before the toolbar follows,
 * and no wording of the title is relied on either. Instead `page` asks the worker to check now, as the
 * popup's "Check now" does: the worker joins the check already under way (the one it starts at install),
 * or makes another, and answers once the state is stored and shown. Then storage must show a finished poll,
 * and one read of the toolbar shows its outcome.
 */
async function waitForFirstPoll(worker: Worker, page: Page): Promise<FirstState> {
  const what =
    "the worker to answer a check (stored and shown) and chrome.storage.local to hold a finished poll";
  try {
    const answer = await withDeadline(
      page.evaluate((): Promise<unknown> => chrome.runtime.sendMessage({ type: "refresh" })),
      WAIT_TIMEOUT_MS,
      "the worker's answer to a check",
    );
    if ((answer as { ok?: unknown } | undefined)?.ok !== true) {
      throw new Error(`the worker answered a check with ${JSON.stringify(answer)}`);
    }
    return await waitFor(
      () => readFirstState(worker),
      (s) => s.pollState?.lastAttempt !== undefined,
      {
        what: "a finished poll in chrome.storage.local (pollState.lastAttempt)",
        describe: describeFirstState,
      },
    );
  } catch (error) {
    const last = await readFirstState(worker).then(describeFirstState, () => "the worker could not be read");
    throw new Error(
      `Waited for ${what}, in vain (${error instanceof Error ? error.message : String(error)}). ` +
        `Read just now: ${last}`,
      { cause: error },
    );
  }
}

/**
 * Waits until the popup shows what the first poll brought: the live releases in the header and the
 * explorer's first rows, or an error banner (an alert) when that poll failed. A screenshot taken earlier
 * would show an empty popup.
 */
async function waitForPopupData(page: Page, failed: boolean): Promise<void> {
  if (failed) {
    await page.locator("[role=alert]:visible").first().waitFor({ timeout: WAIT_TIMEOUT_MS });
    return;
  }
  await page.locator("#live-rows tr").first().waitFor({ timeout: WAIT_TIMEOUT_MS });
  await page.locator("#results .vl-sizer [role=row]").first().waitFor({ timeout: WAIT_TIMEOUT_MS });
}

/** Chrome's popup is as wide as its page (440 CSS px) and at most 600 device px high. */
const POPUP = { width: 440, height: 600 };

/**
 * The README's pictures, as someone sees them: the popup at 100% and at 125% zoom (the device pixels of a
 * zoomed popup, which holds 600/1.25 CSS px of height) and in the dark scheme, and the explorer in a tab.
 * Returns the lines to print, one per file. "disabled" settles any CSS transition first.
 */
async function takeScreenshots(
  page: Page,
  extension: LaunchedExtension,
  artifacts: string,
  failed: boolean,
): Promise<string[]> {
  const lines: string[] = [];
  const save = async (target: Page, name: string, label: string, fullPage = false): Promise<void> => {
    const path = join(artifacts, name);
    await target.screenshot({ path, animations: "disabled", fullPage });
    lines.push(`${label}: ${path}`);
  };
  await page.setViewportSize(POPUP);
  await save(page, "start-popup.png", "popup screenshot");
  await page.emulateMedia({ colorScheme: "dark" });
  await save(page, "start-popup-dark.png", "popup screenshot (dark)");
  await page.emulateMedia({ colorScheme: null });

  // Browser zoom draws the same CSS layout with 1.25 device px per px: CSS `zoom` on the root does that in the
  // popup's 550x600 device px (its 440 px width zoomed, Chrome's 600 px height limit).
  const zoom = 1.25;
  await page.setViewportSize({ width: Math.round(POPUP.width * zoom), height: POPUP.height });
  await page.evaluate((z) => (document.documentElement.style.zoom = String(z)), zoom);
  await save(page, "start-popup-125.png", "popup screenshot (125% zoom)");
  await page.evaluate(() => (document.documentElement.style.zoom = ""));

  const { page: tab } = await openExtensionPage(
    extension.context,
    extension.extensionId,
    `${POPUP_PAGE}?mode=tab`,
  );
  await tab.setViewportSize({ width: 1280, height: 900 });
  await waitForPopupData(tab, failed);
  if (!failed) await tab.locator("#chart-figure svg").first().waitFor({ timeout: WAIT_TIMEOUT_MS });
  await save(tab, "start-tab.png", "explorer tab screenshot", true);
  await tab.close();
  return lines;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dist = dirOption(argv, "--out-dir", DIST);
  const artifacts = dirOption(argv, "--artifacts", ARTIFACTS);
  const emulator = await startEmulator();
  let extension: LaunchedExtension | undefined;
  // Whatever fails below, the emulator and the browser go with it, or they would keep this process alive.
  const stop = async (): Promise<void> => {
    await extension?.close().catch(() => undefined);
    emulator.stop();
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    console.log(
      `emulator: ${emulator.baseUrl} (bundled dataset, emulator/data/releases.json, and its milestone ` +
        `schedule at /fetch_milestone_schedule; --shift-to-now: replayed moved by whole days so the newest ` +
        `release started a day ago, versions and intervals as recorded)`,
    );
    await buildExtension({ outDir: dist, baseUrl: emulator.baseUrl });
    console.log(`extension built into ${dist} (load it unpacked in any Chromium to use it)`);

    const headless = !process.env.DISPLAY;
    extension = await launchExtension({ dist, headless });
    // The popup, in a tab: it asks the worker for a check, then is what the screenshots show.
    const { page } = await openExtensionPage(extension.context, extension.extensionId);
    const first = await waitForFirstPoll(extension.worker, page);
    console.log(`badge: "${first.action.badgeText}"`);
    console.log(`title:\n  ${first.action.title.split("\n").join("\n  ")}`);

    const failed = (first.pollState?.failures ?? 0) > 0;
    await waitForPopupData(page, failed);
    await mkdir(artifacts, { recursive: true });
    for (const shot of await takeScreenshots(page, extension, artifacts, failed)) console.log(shot);

    if (!headless) {
      // Back to the system's scheme for the person using the browser.
      await page.emulateMedia({ colorScheme: null });
      console.log("Chromium is open with Release Radar loaded. Close its window (or press Ctrl-C) to stop.");
      const { context } = extension;
      await new Promise<void>((resolve) => context.on("close", () => resolve()));
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
