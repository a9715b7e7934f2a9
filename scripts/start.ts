/**
 * `npm start`: the extension on the bundled data, with no internet.
 *  1. starts the emulator with the bundled dataset on port 8787 (scripts/start-emulator.ts: a Release Radar
 *     emulator already there is used as it is; another program there stops npm start, saying so);
 *  2. builds the extension with the emulator's URL and product `browser` baked into its default settings,
 *     into dist/ (with `--firefox`, the Firefox add-on into dist-firefox/);
 *  3. opens Chromium (with `--firefox`, Firefox) with the extension loaded. With a display it stays open until
 *     you close it. Without one (a server, CI) it runs headless, prints what the toolbar badge shows once the
 *     first poll has answered, saves screenshots (Chromium: the popup at 100% and 125% zoom and in the dark
 *     scheme, the explorer in a tab on Windows Stable, the answers to `:has()` and `153`; Firefox: the popup) and exits.
 *
 * Options: `--firefox`; `--port N` another port for the emulator (0: any free one, for a build thrown away
 * after the run); `--out-dir DIR` builds elsewhere than dist/ (dist-firefox/); `--artifacts DIR` saves the
 * screenshots elsewhere than artifacts/ (the tests of this script use these, to leave the user's files alone).
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Page, Worker } from "playwright-core";
import {
  ARTIFACTS,
  DIST,
  REPO_ROOT,
  WAIT_TIMEOUT_MS,
  launchExtension,
  openExtensionPage,
  readAction,
  type LaunchedExtension,
} from "./chromium.ts";
import { buildExtension } from "./build-extension.ts";
import { POPUP_PAGE } from "./popup-scripts.ts";
import {
  afterRunHint,
  START_PORT,
  startEmulator,
  type StartBrowser,
  type StartEmulator,
} from "./start-emulator.ts";
import { describeToolbar, waitForFirstPoll, type FirstState, type SessionOptions } from "./start-session.ts";
import { runFirefox } from "./start-firefox.ts";

/** The user's Firefox build: what `npm run build:firefox` and `npm start -- --firefox` write. */
const DIST_FIREFOX = join(REPO_ROOT, "dist-firefox");

/**
 * The emulator replays the bundled history moved to the present (`--shift-to-now`), so what the extension
 * shows is as fresh as it would be against the real service; every version and interval stays real.
 */
const EMULATOR_ARGS = ["--shift-to-now"];

interface StartOptions {
  readonly browser: StartBrowser;
  readonly port: number;
  readonly dist: string;
  readonly artifacts: string;
}

/** The command line's options, checked: a typo stops npm start before anything runs. */
function readOptions(argv: string[]): StartOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      firefox: { type: "boolean", default: false },
      port: { type: "string" },
      "out-dir": { type: "string" },
      artifacts: { type: "string" },
    },
  });
  const portText = values.port ?? String(START_PORT);
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw new Error(`--port needs a port number from 0 to 65535; got ${JSON.stringify(portText)}`);
  }
  const browser = values.firefox ? "firefox" : "chromium";
  const dist = values["out-dir"] ?? (browser === "firefox" ? DIST_FIREFOX : DIST);
  return {
    browser,
    port: Number(portText),
    dist: resolve(dist),
    artifacts: resolve(values.artifacts ?? ARTIFACTS),
  };
}

const describeEmulator = (emulator: StartEmulator): string =>
  emulator.reused
    ? `emulator: ${emulator.baseUrl} (a Release Radar emulator already listening there, used as it is: its ` +
      `own dataset and options, ${emulator.faults ? `faults ${emulator.faults}` : "no faults"})`
    : `emulator: ${emulator.baseUrl} (bundled dataset, emulator/data/releases.json, and its milestone ` +
      `schedule at /fetch_milestone_schedule; --shift-to-now: replayed moved by whole days so the newest ` +
      `release started a day ago, versions and intervals as recorded)`;

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
 * zoomed popup, which holds 600/1.25 CSS px of height) and in the dark scheme, the explorer in a tab, and
 * the popup's answers to a web feature (`:has()`) and a milestone (`153`).
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
  if (!failed) {
    // Windows, whose Stable rolls out in steps (Linux, this machine's, serves each version to all at once).
    await tab.selectOption("#platform", "win64");
    await tab
      .locator("#chart-status", { hasText: "Stable on Windows:" })
      .waitFor({ timeout: WAIT_TIMEOUT_MS });
    await tab.locator("#chart-figure svg").first().waitFor({ timeout: WAIT_TIMEOUT_MS });
  }
  await save(tab, "start-tab.png", "explorer tab screenshot", true);
  await tab.close();

  // Asking: the popup opened with a question (`?q=`), as the README's section on asking shows it.
  for (const [question, name, label] of [
    [":has()", "start-answer-feature.png", "answer screenshot (web feature)"],
    ["153", "start-answer-milestone.png", "answer screenshot (milestone)"],
  ] as const) {
    const { page: answer } = await openExtensionPage(
      extension.context,
      extension.extensionId,
      `${POPUP_PAGE}?q=${encodeURIComponent(question)}`,
    );
    await answer.setViewportSize(POPUP);
    await answer.locator("#answer h2").waitFor({ timeout: WAIT_TIMEOUT_MS });
    await save(answer, name, label);
    await answer.close();
  }
  return lines;
}

/** Chromium with dist/ loaded: the toolbar's first state, the README's screenshots, then open or done. */
async function runChromium({ dist, artifacts, headless, opened }: SessionOptions): Promise<void> {
  const extension = await launchExtension({ dist, headless });
  opened(() => extension.close());
  // The popup, in a tab: it asks the worker for a check, then is what the screenshots show.
  const { page } = await openExtensionPage(extension.context, extension.extensionId);
  const first = await waitForFirstPoll({
    ask: () => page.evaluate((): Promise<unknown> => chrome.runtime.sendMessage({ type: "refresh" })),
    read: () => readFirstState(extension.worker),
  });
  for (const line of describeToolbar(first.action)) console.log(line);

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
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const emulator = await startEmulator(options.port, EMULATOR_ARGS);
  let closeBrowser: () => Promise<void> = () => Promise.resolve();
  // Whatever fails below, the emulator and the browser go with it, or they would keep this process alive.
  const stop = async (): Promise<void> => {
    await closeBrowser().catch(() => undefined);
    emulator.stop();
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    console.log(describeEmulator(emulator));
    await buildExtension({
      outDir: options.dist,
      baseUrl: emulator.baseUrl,
      browser: options.browser === "firefox" ? "firefox" : "chrome",
    });
    console.log(afterRunHint(emulator, options.dist, options.browser));
    const session = {
      ...options,
      headless: !process.env.DISPLAY,
      opened: (close: () => Promise<void>) => (closeBrowser = close),
    };
    await (options.browser === "firefox" ? runFirefox(session) : runChromium(session));
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
