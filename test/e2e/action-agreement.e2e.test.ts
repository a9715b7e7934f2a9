/**
 * The fake `chrome.action` (test/fakes/action.ts) against real Chromium: one scenario
 * (test/scenarios/action-scenario.ts) runs in the extension's service worker on the real `chrome.action`
 * and in Node on the fake, with the same interpreter, and the observations must be equal. Tab events come
 * from Playwright: closing a page, navigating it, reloading it, changing its #hash.
 *
 * The pages are served by `context.route` (there is no network here). The extension has no `tabs`
 * permission, so tab ids come from `chrome.tabs.query({ active: true })` after bringing each page to front.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import {
  WAIT_TIMEOUT_MS,
  launchExtension,
  readBuiltManifest,
  type LaunchedExtension,
} from "../../scripts/chromium.ts";
import {
  AGREEMENT_SCENARIO,
  DEFAULTS_SCENARIO,
  TAB_NAMES,
  runActionSteps,
  runScenario,
  runScenarioOnFake,
  type Observation,
  type ScenarioSide,
  type ScenarioStep,
  type TabName,
} from "../scenarios/action-scenario.ts";
import { launchedForSuite } from "./helpers.ts";

const PAGES = "http://pages.test";

/** Serves small HTML pages for http://pages.test/**, so tabs can load and navigate offline. */
async function servePages(context: BrowserContext): Promise<void> {
  await context.route(`${PAGES}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>${new URL(route.request().url()).pathname}</title><p>page</p>`,
    }),
  );
}

/** The id of the tab showing `page`: bring it to front, then ask the worker for the active tab. */
async function tabIdOf(page: Page, worker: Worker): Promise<number> {
  await page.bringToFront();
  const id = await worker.evaluate(async () => {
    const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return active?.id;
  });
  if (id === undefined) throw new Error(`no active tab id for ${page.url()}`);
  return id;
}

interface OpenedTabs {
  readonly pages: Record<TabName, Page>;
  readonly ids: Record<TabName, number>;
}

async function openTabs(context: BrowserContext, worker: Worker): Promise<OpenedTabs> {
  const pages = {} as Record<TabName, Page>;
  const ids = {} as Record<TabName, number>;
  for (const name of TAB_NAMES) {
    const page = await context.newPage();
    await page.goto(`${PAGES}/${name}/0`);
    pages[name] = page;
  }
  for (const name of TAB_NAMES) ids[name] = await tabIdOf(pages[name], worker);
  expect(new Set(Object.values(ids)).size).toBe(TAB_NAMES.length);
  return { pages, ids };
}

/** The real side: call steps run in the worker (this module's interpreter, sent as source), tab events here. */
function chromiumSide(worker: Worker, { pages, ids }: OpenedTabs): ScenarioSide {
  const interpreter = runActionSteps.toString();
  let navigations = 0;
  return {
    tabs: ids,
    runSteps: (input) =>
      worker.evaluate<Observation[]>(`(${interpreter})(chrome.action, ${JSON.stringify(input)})`),
    async tabEvent(event, name) {
      const page = pages[name];
      navigations += 1;
      switch (event) {
        case "close":
          await page.close();
          // The tab strip may lag the page's close by a moment; wait until the browser forgets the tab.
          await expect
            .poll(() =>
              worker.evaluate(
                (id) =>
                  chrome.tabs.get(id).then(
                    () => "open",
                    () => "gone",
                  ),
                ids[name],
              ),
            )
            .toBe("gone");
          return;
        case "navigate":
          await page.goto(`${PAGES}/${name}/${navigations}`);
          return;
        case "reload":
          await page.reload();
          return;
        case "same-document":
          await page.goto(`${page.url().split("#")[0]}#${navigations}`);
          return;
      }
    },
  };
}

/** Observations the scenario records: one per `observe` step (a `call` step is recorded only if it fails). */
function observeSteps(scenario: readonly ScenarioStep[]): number[] {
  return [...scenario.entries()].filter(([, step]) => step.kind === "observe").map(([index]) => index);
}

/**
 * Everything the action's getters show globally, to see when the worker has stopped changing it, or null
 * while its first poll has not finished (no `pollState.lastAttempt` stored yet): until then the worker is
 * bound to change the action again.
 */
async function globalAction(worker: Worker): Promise<string | null> {
  return worker.evaluate(async () => {
    const { pollState } = await chrome.storage.local.get<{ pollState?: { lastAttempt?: number } }>(
      "pollState",
    );
    if (pollState?.lastAttempt === undefined) return null;
    return JSON.stringify([
      await chrome.action.getBadgeText({}),
      await chrome.action.getTitle({}),
      await chrome.action.getBadgeBackgroundColor({}),
      await chrome.action.getBadgeTextColor({}),
      await chrome.action.getPopup({}),
      await chrome.action.isEnabled(),
    ]);
  });
}

describe("the fake chrome.action agrees with Chromium", () => {
  describe("on the built extension", () => {
    const launched = launchedForSuite();
    let tabs: OpenedTabs | undefined;

    beforeAll(async () => {
      await servePages(launched().context);
      tabs = await openTabs(launched().context, launched().worker);
    });

    test("the agreement scenario gives the same observations in Chromium and on the fake", async () => {
      if (tabs === undefined) throw new Error("beforeAll did not open the tabs");
      const { worker, extensionId } = launched();
      // The worker shows its badge after polling the emulator at startup. Wait until that poll has finished
      // and the action has shown something and stopped changing, so the worker does not overwrite the global
      // values the scenario sets.
      let last: string | null = null;
      await expect
        .poll(
          async () => {
            const now = await globalAction(worker);
            const stable = now !== null && now === last && !now.startsWith('[""');
            last = now;
            return stable;
          },
          { timeout: WAIT_TIMEOUT_MS, interval: 500 },
        )
        .toBe(true);
      const real = await runScenario(AGREEMENT_SCENARIO, chromiumSide(worker, tabs));
      // Every call step succeeded in Chromium, so the only observations are those asked for.
      expect(real.map((o) => o.step)).toEqual(observeSteps(AGREEMENT_SCENARIO));
      const { action, name } = await readBuiltManifest(inject("extensionDir"));
      const fake = await runScenarioOnFake(AGREEMENT_SCENARIO, {
        origin: `chrome-extension://${extensionId}`,
        name,
        ...(action?.default_title === undefined ? {} : { defaultTitle: action.default_title }),
        ...(action?.default_popup === undefined ? {} : { defaultPopup: action.default_popup }),
      });
      expect(fake).toEqual(real);
    });
  });

  describe("on a freshly installed extension with no default_title", () => {
    const fixtureName = "Action Defaults Fixture";
    let dir: string | undefined;
    let extension: LaunchedExtension | undefined;

    beforeAll(async () => {
      // A minimal extension whose worker does nothing, so the action is exactly as installed.
      dir = await mkdtemp(join(tmpdir(), "rr-action-fixture-"));
      const manifest = {
        manifest_version: 3,
        name: fixtureName,
        version: "1.0",
        action: { default_popup: "popup.html" },
        background: { service_worker: "worker.js" },
      };
      await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
      await writeFile(join(dir, "popup.html"), "<!doctype html><p>popup</p>");
      await writeFile(join(dir, "worker.js"), "// nothing: the action stays as installed\n");
      extension = await launchExtension({ dist: dir });
      await servePages(extension.context);
    });

    afterAll(async () => {
      await extension?.close();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    test("defaults: badge text, colours, title from the name, popup as a URL, enabled", async () => {
      if (extension === undefined) throw new Error("beforeAll did not launch");
      const { worker, extensionId, context } = extension;
      const tabs = await openTabs(context, worker);
      const real = await runScenario(DEFAULTS_SCENARIO, chromiumSide(worker, tabs));
      const fake = await runScenarioOnFake(DEFAULTS_SCENARIO, {
        origin: `chrome-extension://${extensionId}`,
        name: fixtureName,
        defaultPopup: "popup.html",
      });
      expect(fake).toEqual(real);
      // The facts themselves, so a change in Chromium reads plainly here.
      expect(real.slice(0, 6).map((o) => o.outcome)).toEqual([
        { resolved: fixtureName },
        { resolved: "" },
        { resolved: [0, 0, 0, 0] },
        { resolved: [0, 0, 0, 0] },
        { resolved: `chrome-extension://${extensionId}/popup.html` },
        { resolved: true },
      ]);
    });
  });
});
