/**
 * Real-Firefox harness: installs a built extension (dist-firefox/ or a test build) as a temporary add-on in
 * Debian's `firefox-esr`, headless, driven by puppeteer-core over WebDriver BiDi (Playwright cannot drive
 * Debian's Firefox, and geckodriver cannot be had here). Facts it relies on, measured on this kind of
 * machine, are in the README's "Chromium and Firefox builds":
 *
 * - `--remote-allow-system-access` lets the session open `moz-extension://` pages and read the browser's
 *   own console (below);
 * - the pref `extensions.webextensions.uuids` pins the add-on's `moz-extension://` origin, so page URLs are
 *   known up front;
 * - `page.goto()` never sees an extension page's load event; BiDi's `browsingContext.navigate` with wait
 *   "complete" does;
 * - BiDi reports no errors of `moz-extension://` pages, so errors are read from Firefox's console service
 *   in the browser's own (chrome) scope, where every uncaught error and unhandled rejection of the add-on's
 *   pages and background page is logged, with `console.error` calls.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { systemBinary, WAIT_TIMEOUT_MS } from "./chromium.ts";

const FIREFOX_CANDIDATES = ["/usr/bin/firefox-esr", "/usr/bin/firefox"];

/** The Firefox binary the tests drive: `FIREFOX_PATH`, else Debian's firefox-esr; throws with what to do. */
export function firefoxPath(): string {
  return systemBinary("FIREFOX_PATH", FIREFOX_CANDIDATES, "Firefox", "firefox-esr");
}

export interface FirefoxOptions {
  /** The unpacked Firefox build to install. No default, as for Chromium: never the user's by accident. */
  readonly dist: string;
  /** Extra Firefox prefs (e.g. `extensions.background.idle.timeout` for a restart test). */
  readonly prefs?: Readonly<Record<string, unknown>>;
  /** Default true; `npm start -- --firefox` opens a window when there is a display. */
  readonly headless?: boolean;
}

export interface LaunchedFirefox {
  readonly browser: Browser;
  /** `moz-extension://<uuid>`: the add-on's pages are under it. */
  readonly origin: string;
  /** The add-on's id, from its manifest. */
  readonly addonId: string;
  /** Opens an extension page (default: the popup) in a new tab, loaded. */
  readonly openPage: (path?: string) => Promise<Page>;
  /** Loads `url` in `page` and waits for its load event (BiDi navigate; see above). */
  readonly navigate: (page: Page, url: string) => Promise<void>;
  /** Errors the add-on's pages and background have logged since launch (or since `clearErrors`). */
  readonly errors: () => Promise<string[]>;
  readonly clearErrors: () => Promise<void>;
  /**
   * Clicks the add-on's toolbar button in the active tab, as a person would: Firefox's own action handler
   * (the one its toolbar widget and keyboard shortcut call) opens the popup or fires `action.onClicked`.
   */
  readonly clickButton: () => Promise<void>;
  /** The background page's state as Firefox tracks it: "stopped", "starting", "running" or "suspending". */
  readonly backgroundState: () => Promise<string>;
  /**
   * Runs `expression` in the browser's own scope (system access: the address bar, Firefox's modules) and
   * returns its result as a string, a promise's once it settles.
   */
  readonly inBrowserScope: (expression: string) => Promise<string>;
  readonly close: () => Promise<void>;
}

/** What puppeteer's BiDi frame and browser expose beyond their public types: the protocol underneath. */
interface BidiFrameInternals {
  readonly browsingContext: {
    navigate(url: string, wait?: "none" | "interactive" | "complete"): Promise<void>;
  };
}
interface BidiConnectionInternals {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

/** Launches Firefox (headless unless said), installs the add-on at `dist` and returns handles on it. */
export async function launchFirefox({
  dist,
  prefs = {},
  headless = true,
}: FirefoxOptions): Promise<LaunchedFirefox> {
  const dir = resolve(dist);
  const manifestPath = join(dir, "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`${dir} holds no manifest.json: build it first (npm run build:firefox)`);
  }
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const addonId = manifest.browser_specific_settings?.gecko?.id;
  if (addonId === undefined) throw new Error(`${manifestPath} has no browser_specific_settings.gecko.id`);
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath(),
    headless,
    protocolTimeout: WAIT_TIMEOUT_MS,
    args: ["--remote-allow-system-access"],
    extraPrefsFirefox: {
      "extensions.webextensions.uuids": JSON.stringify({ [addonId]: uuid }),
      // Optional permissions are granted without a prompt, which a headless test cannot answer.
      "extensions.webextOptionalPermissionPrompts": false,
      ...prefs,
    },
  });
  try {
    const installed = await browser.installExtension(dir);
    if (installed !== addonId) throw new Error(`installed ${installed}, expected ${addonId}`);
    const origin = `moz-extension://${uuid}`;
    const connection = (browser as unknown as { connection: BidiConnectionInternals }).connection;
    const chromeContext = await browserWindowContext(connection);

    async function inBrowserScope(expression: string): Promise<string> {
      const { result } = await connection.send("script.evaluate", {
        expression,
        target: { context: chromeContext },
        awaitPromise: true,
      });
      const r = result as {
        type: string;
        result?: { value?: string };
        exceptionDetails?: { text?: string };
      };
      if (r.type !== "success") throw new Error(`browser-scope script failed: ${r.exceptionDetails?.text}`);
      return String(r.result?.value ?? "");
    }

    const navigate = async (page: Page, url: string): Promise<void> => {
      await (page.mainFrame() as unknown as BidiFrameInternals).browsingContext.navigate(url, "complete");
    };
    return {
      browser,
      origin,
      addonId,
      navigate,
      openPage: async (path = "src/popup/index.html") => {
        const page = await browser.newPage();
        page.setDefaultTimeout(WAIT_TIMEOUT_MS);
        await navigate(page, `${origin}/${path}`);
        return page;
      },
      errors: async () => JSON.parse(await inBrowserScope(consoleErrors(origin))) as string[],
      clearErrors: async () => {
        await inBrowserScope(
          `Services.console.reset();
           Cc["@mozilla.org/consoleAPI-storage;1"].getService(Ci.nsIConsoleAPIStorage).clearEvents();
           "ok"`,
        );
      },
      clickButton: async () => {
        await inBrowserScope(`(() => {
          const { ExtensionParent } = ChromeUtils.importESModule("resource://gre/modules/ExtensionParent.sys.mjs");
          const extension = WebExtensionPolicy.getByID(${JSON.stringify(addonId)}).extension;
          ExtensionParent.apiManager.global.browserActionFor(extension).triggerAction(window);
          return "ok";
        })()`);
      },
      backgroundState: () =>
        inBrowserScope(
          `String(WebExtensionPolicy.getByID(${JSON.stringify(addonId)}).extension.backgroundState)`,
        ),
      inBrowserScope,
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** The browser window's BiDi context in chrome scope (the session may run scripts there with system access). */
async function browserWindowContext(connection: BidiConnectionInternals): Promise<string> {
  const { result } = await connection.send("browsingContext.getTree", { "moz:scope": "chrome" });
  const contexts = (result as { contexts: { context: string; url: string }[] }).contexts;
  const window = contexts.find((c) => c.url.startsWith("chrome://browser/"));
  if (window === undefined) throw new Error(`no browser window among ${JSON.stringify(contexts)}`);
  return window.context;
}

/**
 * A browser-scope script listing, as "source: message", the errors logged from `origin`: script errors
 * (uncaught exceptions, unhandled rejections) from the console service, and `console.error` calls from the
 * console API's storage. Warnings and infos are left out.
 */
function consoleErrors(origin: string): string {
  return `(() => {
    const origin = ${JSON.stringify(origin)};
    const scriptErrors = Services.console.getMessageArray()
      .filter((m) => m instanceof Ci.nsIScriptError)
      .filter((m) => !(m.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag)))
      .filter((m) => String(m.sourceName).startsWith(origin))
      .map((m) => m.sourceName.slice(origin.length) + ": " + m.errorMessage);
    const storage = Cc["@mozilla.org/consoleAPI-storage;1"].getService(Ci.nsIConsoleAPIStorage);
    const consoleCalls = storage.getEvents()
      .filter((e) => e.level === "error" && String(e.filename).startsWith(origin))
      .map((e) => String(e.filename).slice(origin.length) + ": console.error " +
        (e.arguments || []).map((a) => String(a)).join(" "));
    return JSON.stringify([...scriptErrors, ...consoleCalls]);
  })()`;
}
