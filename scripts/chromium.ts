/**
 * Real-browser harness: loads a built extension unpacked into Debian's Chromium through playwright-core, in
 * a throw-away profile, and hands back its service worker. Callers always name the build to load: `npm start`
 * loads dist/, the tests and benchmarks load builds of their own, so they never touch the user's.
 *
 * Playwright's bundled browsers cannot be downloaded here, so the browser is the system one:
 * `CHROMIUM_PATH`, else /usr/lib/chromium/chromium (the real binary), else /usr/bin/chromium (Debian's
 * wrapper script, which adds flags from /etc/chromium.d).
 */
import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page, type Worker } from "playwright-core";

export const REPO_ROOT = resolve(import.meta.dirname, "..");
/** The user's build: what `npm run build` and `npm start` write, and what they load into Chrome. */
export const DIST = join(REPO_ROOT, "dist");
export const ARTIFACTS = join(REPO_ROOT, "artifacts");

/**
 * The deadline for any one wait on the browser (a worker starting, a poll landing, a page filling in). Every
 * wait ends as soon as its condition holds, so a generous bound costs nothing when things work, while a
 * two-core machine under load can be many times slower than an idle one.
 */
export const WAIT_TIMEOUT_MS = 60_000;

const CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"];

/**
 * A browser binary of the system: the one `envVar` names, else the first of `candidates` that exists; throws
 * saying what to install (`name`, `aptPackage`) or set when there is none.
 */
export function systemBinary(
  envVar: string,
  candidates: readonly string[],
  name: string,
  aptPackage: string,
): string {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${envVar}=${fromEnv} does not exist`);
    return fromEnv;
  }
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(
      `No ${name} at ${candidates.join(" or ")}: apt-get install ${aptPackage}, or set ${envVar}`,
    );
  }
  return found;
}

/** The Chromium binary the tests drive; throws with what to do when there is none. */
export function chromiumPath(): string {
  return systemBinary("CHROMIUM_PATH", CHROMIUM_CANDIDATES, "Chromium", "chromium");
}

/**
 * The id Chromium gives an unpacked extension: the first 128 bits of SHA-256 over its absolute path,
 * written in hex with the digits 0-f spelled a-p (crx_file::id_util::GenerateIdForPath). Knowing it up
 * front lets the harness pick our worker out of any other extension's.
 */
export function unpackedExtensionId(dir: string): string {
  const digest = createHash("sha256").update(realpathSync(dir)).digest("hex").slice(0, 32);
  return [...digest].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join("");
}

export interface LaunchOptions {
  /** The unpacked extension to load. No default: loading the user's dist/ by accident is what it prevents. */
  readonly dist: string;
  /** Chromium's new headless mode runs extensions, so headed is only for watching a test. */
  readonly headless?: boolean;
  /**
   * An IANA time zone for the whole browser, the service worker included (through `TZ`) and every page
   * (through Playwright's emulation): a test of how times are shown runs away from UTC with it.
   */
  readonly timezoneId?: string;
  /** More environment for the browser's processes (a preloaded libfaketime, say). */
  readonly env?: Readonly<Record<string, string>>;
  /** A profile to start from and keep (a browser restarted on it); by default a new one, deleted on close. */
  readonly profile?: string;
}

export interface LaunchedExtension {
  readonly context: BrowserContext;
  /** The extension's service worker, already running. */
  readonly worker: Worker;
  readonly extensionId: string;
  /** Closes the browser and deletes the temporary profile. */
  readonly close: () => Promise<void>;
}

/** Launches Chromium with only the given extension loaded and waits for its service worker to start. */
export async function launchExtension({
  dist,
  headless = true,
  timezoneId,
  env,
  profile: kept,
}: LaunchOptions): Promise<LaunchedExtension> {
  const extensionDir = resolve(dist);
  if (!existsSync(join(extensionDir, "manifest.json"))) {
    throw new Error(`${extensionDir} holds no manifest.json: build the extension first (npm run build)`);
  }
  const extensionId = unpackedExtensionId(extensionDir);
  const profile = kept ?? (await mkdtemp(join(tmpdir(), "rr-profile-")));
  const removeProfile = () =>
    kept === undefined ? rm(profile, { recursive: true, force: true }) : undefined;
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless,
      ...(timezoneId !== undefined && { timezoneId }),
      ...((timezoneId !== undefined || env !== undefined) && {
        env: { ...process.env, ...env, ...(timezoneId !== undefined && { TZ: timezoneId }) },
      }),
      // Playwright adds --disable-extensions by default, which would veto --load-extension.
      ignoreDefaultArgs: ["--disable-extensions"],
      args: [
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    // Playwright's own 30 s default assumes an idle machine; every wait in the harness shares one bound.
    context.setDefaultTimeout(WAIT_TIMEOUT_MS);
    const worker = await extensionWorker(context, extensionId);
    const launched = context;
    return {
      context: launched,
      worker,
      extensionId,
      close: async () => {
        try {
          await launched.close();
        } finally {
          await removeProfile();
        }
      },
    };
  } catch (error) {
    await context?.close();
    await removeProfile();
    throw error;
  }
}

/**
 * The worker may have started before launchPersistentContext returned, or may start after: listen first,
 * then look at what is already running, so neither order is missed.
 */
async function extensionWorker(context: BrowserContext, extensionId: string): Promise<Worker> {
  const origin = `chrome-extension://${extensionId}/`;
  const isOurs = (worker: Worker): boolean => worker.url().startsWith(origin);
  const started = context.waitForEvent("serviceworker", {
    predicate: isOurs,
    timeout: WAIT_TIMEOUT_MS,
  });
  const running = context.serviceWorkers().find(isOurs);
  if (running !== undefined) {
    // The listener above is no longer needed; keep its eventual timeout from surfacing as unhandled.
    started.catch(() => undefined);
    return running;
  }
  try {
    return await started;
  } catch (error) {
    throw new Error(
      `No service worker from ${origin} within ${WAIT_TIMEOUT_MS} ms; running: ` +
        `${JSON.stringify(context.serviceWorkers().map((w) => w.url()))}`,
      { cause: error },
    );
  }
}

/** What the toolbar button shows globally, read back through the real `chrome.action` API. */
export interface ActionState {
  readonly badgeText: string;
  readonly title: string;
}

/** Reads the global (not per-tab) badge text and title inside the service worker. */
export async function readAction(worker: Worker): Promise<ActionState> {
  return worker.evaluate(async () => ({
    badgeText: await chrome.action.getBadgeText({}),
    title: await chrome.action.getTitle({}),
  }));
}

/** An extension page opened in a tab, with the errors it has raised so far. */
export interface OpenedPage {
  readonly page: Page;
  /** Uncaught exceptions and console errors, which a page can produce while still looking fine. */
  readonly errors: readonly string[];
}

/**
 * Opens an extension page (default: the popup) in a tab. A tab is not the toolbar popup, but it runs the
 * same document with the same extension privileges, and Playwright drives it as a page (a real popup, which
 * `action.openPopup()` opens headless too, is no Playwright page: bench/popup.ts reads it through
 * `extension.getViews()`). Error listeners go on before navigation so errors thrown while the page's modules
 * first run are caught.
 */
export async function openExtensionPage(
  context: BrowserContext,
  extensionId: string,
  path = "src/popup/index.html",
): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`chrome-extension://${extensionId}/${path}`);
  return { page, errors };
}

/** The manifest as built into `dist`, parsed. */
export async function readBuiltManifest(dist: string): Promise<chrome.runtime.ManifestV3> {
  return JSON.parse(await readFile(join(dist, "manifest.json"), "utf8")) as chrome.runtime.ManifestV3;
}

/**
 * Reads `read()` until `done` holds for what it returned, and returns that. Past `timeoutMs` it throws with
 * `what` it waited for and the last value read (through `describe`), so a failure says what was seen.
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  {
    what,
    describe = (value) => JSON.stringify(value),
    timeoutMs = WAIT_TIMEOUT_MS,
    intervalMs = 100,
  }: {
    what: string;
    describe?: (value: T) => string;
    timeoutMs?: number;
    intervalMs?: number;
  },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`Waited ${timeoutMs / 1000} s for ${what}, in vain. Last seen: ${describe(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
