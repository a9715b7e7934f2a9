/**
 * The popup's only holder of the extension APIs and of the browser APIs that reach outside the page
 * (User-Agent Client Hints, the clipboard): stored state through the storage owner, the background's
 * refresh, the toolbar pin state. Everything else in src/popup takes plain values, so it can be tested
 * without a browser.
 *
 * The extension APIs come from `browser` (webextension-polyfill, through browser-namespace.ts), imported
 * dynamically: the first paint is drawn from the page's own copy (stored.ts) and needs none of them, and the
 * polyfill's 10 KB would otherwise ride in the first paint's script (budget 30 KB). In Firefox and Chrome 148+ it hands back the
 * native `browser`; elsewhere it wraps `chrome` in promises.
 */
import type { Browser } from "webextension-polyfill";
import type { ThisBrowser } from "../shared/browser-version.ts";
import { requestRefresh } from "../shared/messages.ts";
import { servicePlatform } from "../shared/platform.ts";
import { POLL_STATE_KEY } from "../shared/poll-state.ts";
import { loadSettings, SETTINGS_KEY, type Settings } from "../shared/settings.ts";
import type { ScheduleEntry } from "../shared/schedules.ts";
import { SNAPSHOT_KEY } from "../shared/snapshot.ts";
import { createStore, EXPLORER_KEY, type Store, type StoreKey } from "../shared/storage.ts";
import { readCopy, writeCopy, type Stored } from "./stored.ts";
export { sameCopy } from "./stored.ts";

export type { Stored } from "./stored.ts";

let loading: Promise<Browser> | undefined;
let storeLoading: Promise<Store> | undefined;

/**
 * The polyfill's `browser`, loaded on first use: main.ts asks nothing of it before the first paint's frame
 * when it has its copy to draw, so loading and compiling it never competes with that frame.
 */
function extension(): Promise<Browser> {
  return (loading ??= import("./browser-namespace.ts").then((m) => m.default));
}

/**
 * The store of the keys the popup uses. The schedules' check comes with the extension APIs' module, in
 * parallel with it, not in the first paint's script: the schedule section is drawn after that paint.
 */
function stores(): Promise<Store> {
  return (storeLoading ??= Promise.all([extension(), import("../shared/schedules.ts")]).then(
    ([browser, { SCHEDULES_KEY }]) =>
      createStore(browser.storage, {
        settings: SETTINGS_KEY,
        snapshot: SNAPSHOT_KEY,
        pollState: POLL_STATE_KEY,
        schedules: SCHEDULES_KEY,
        explorer: EXPLORER_KEY,
      }),
  ));
}

/**
 * Reads settings, snapshot and poll state, in parallel: all the first paint waits for.
 */
export async function loadStored(): Promise<Stored> {
  // This device's platform is asked at the same time, not after the settings say `auto`: one round trip
  // fewer before the first paint, for an answer that costs little when unused.
  const [browser, store] = await Promise.all([extension(), stores()]);
  const [settings, snapshot, poll, info] = await Promise.all([
    loadSettings(store),
    store.get("snapshot"),
    store.get("pollState"),
    browser.runtime.getPlatformInfo(),
  ]);
  const platform = settings.platform === "auto" ? servicePlatform(info) : settings.platform;
  return { settings, platform, snapshot, poll };
}

/** The page's own copy of what it last drew from (stored.ts): synchronous, null on a first open. */
export function loadCopy(): Stored | null {
  return readCopy(() => localStorage);
}

export function saveCopy(stored: Stored): void {
  writeCopy(() => localStorage, stored);
}

/** What the browser says of itself, which the header shows when it arrives (the first paint does not wait). */
export interface BrowserFacts {
  readonly thisBrowser: ThisBrowser | undefined;
  /** Whether the button is pinned to the toolbar; null when the browser cannot say. */
  readonly pinned: boolean | null;
}

export async function loadBrowserFacts(): Promise<BrowserFacts> {
  // Imported here, after the first paint: asking the browser its name is no part of the glance's script.
  const [browser, { thisBrowser }] = await Promise.all([extension(), import("../shared/browser-version.ts")]);
  const [named, pinned] = await Promise.all([
    thisBrowser(navigator, browser.runtime).catch(() => undefined),
    isPinned(browser).catch(() => null),
  ]);
  return { thisBrowser: named, pinned };
}

/** The milestone schedules the background keeps (checked by the storage owner). */
export async function loadSchedules(): Promise<readonly ScheduleEntry[]> {
  return (await stores()).get("schedules");
}

/** The explorer state stored by an earlier popup, unchecked (the explorer's restore checks it). */
export async function loadExplorerState(): Promise<unknown> {
  return (await stores()).get("explorer");
}

export async function saveExplorerState(value: unknown): Promise<void> {
  await (await stores()).set("explorer", value);
}

/**
 * Calls `callback` with the keys that changed of what the page shows: the header's (settings, snapshot, poll
 * state) and the schedule section's (schedules, and the settings that name the schedule). Resolves once
 * the listener is in place: a read after that misses no change.
 */
export async function onStoredChange(callback: (changed: readonly StoreKey[]) => void): Promise<void> {
  (await stores()).onChange(["settings", "snapshot", "pollState", "schedules"], callback);
}

/** Asks the background to poll now; resolves once it has stored the outcome. */
export async function checkNow(): Promise<void> {
  await requestRefresh((await extension()).runtime);
}

/**
 * Whether the button is pinned to the toolbar; null when the browser cannot say (`getUserSettings` is
 * missing before Chrome 91 and in some Chromium-based browsers): the popup then shows no pin hint.
 */
async function isPinned(browser: Browser): Promise<boolean | null> {
  if (typeof browser.action.getUserSettings !== "function") return null;
  return (await browser.action.getUserSettings()).isOnToolbar ?? null;
}

/** Puts text on the clipboard (the popup is focused when its button is clicked, as writeText needs). */
export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

/**
 * Changes what the toolbar watches: the same settings, checked and saved the same way, as the options page
 * (the service worker follows the change).
 */
export async function saveWatch(changes: Pick<Partial<Settings>, "platform" | "channel">): Promise<void> {
  // Loaded here: only the watch switcher, after the first paint, saves, and the first paint's script (budget
  // 30 KB) need not carry the saving and its error.
  const [{ saveSettings }, store] = await Promise.all([import("../shared/settings.ts"), stores()]);
  await saveSettings(store, changes);
}

export async function openOptions(): Promise<void> {
  await (await extension()).runtime.openOptionsPage();
}

/** Opens this page in a browser tab, with `query` (the full explorer: `?mode=tab`, and the page's context). */
export async function openInTab(query: string): Promise<void> {
  const browser = await extension();
  await browser.tabs.create({
    url: browser.runtime.getURL(`${location.pathname.replace(/^\//, "")}${query}`),
  });
}

/**
 * Opens a Chromium browser's own "About" page, where it checks for and applies its update (offered only
 * when this browser is a Chromium behind the newest version; Firefox lets no extension open its about:
 * pages).
 */
export async function openUpdatePage(): Promise<void> {
  await (await extension()).tabs.create({ url: "chrome://settings/help" });
}
