/**
 * The popup's only caller of `chrome.*` and of the browser APIs that reach outside the page (User-Agent
 * Client Hints, the clipboard): stored state through the storage owner, the service worker's refresh, the
 * toolbar pin state. Everything else in src/popup takes plain values, so it can be tested without a browser.
 */
import { browserVersion } from "../shared/browser-version.ts";
import { requestRefresh } from "../shared/messages.ts";
import { servicePlatform } from "../shared/platform.ts";
import { loadSettings, saveSettings, type Settings } from "../shared/settings.ts";
import { createStore } from "../shared/storage.ts";
import { readCopy, writeCopy, type Stored } from "./stored.ts";
export { sameCopy } from "./stored.ts";

export type { Stored } from "./stored.ts";

const store = createStore(chrome.storage);

/**
 * Reads settings, snapshot and poll state, in parallel: all the first paint waits for.
 */
export async function loadStored(): Promise<Stored> {
  // This device's platform is asked at the same time, not after the settings say `auto`: one round trip
  // fewer before the first paint, for an answer that costs little when unused.
  const [settings, snapshot, poll, info] = await Promise.all([
    loadSettings(store),
    store.get("snapshot"),
    store.get("pollState"),
    chrome.runtime.getPlatformInfo(),
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
  readonly browserVersion: string | undefined;
  /** Whether the button is pinned to the toolbar; null when the browser cannot say. */
  readonly pinned: boolean | null;
}

export async function loadBrowserFacts(): Promise<BrowserFacts> {
  const [browserVersionText, pinned] = await Promise.all([
    browserVersion().catch(() => undefined),
    isPinned().catch(() => null),
  ]);
  return { browserVersion: browserVersionText, pinned };
}

/** The explorer state stored by an earlier popup, unchecked (the explorer's restore checks it). */
export function loadExplorerState(): Promise<unknown> {
  return store.get("explorer");
}

export function saveExplorerState(value: unknown): Promise<void> {
  return store.set("explorer", value);
}

/** Calls `callback` when what the header shows may have changed (settings, snapshot, poll state). */
export function onStoredChange(callback: () => void): void {
  store.onChange(["settings", "snapshot", "pollState"], callback);
}

/** Asks the service worker to poll now; resolves once it has stored the outcome. */
export function checkNow(): Promise<void> {
  return requestRefresh(chrome.runtime);
}

/** Whether the button is pinned to the toolbar; null when the browser cannot say (before Chrome 91). */
async function isPinned(): Promise<boolean | null> {
  if (typeof chrome.action.getUserSettings !== "function") return null;
  return (await chrome.action.getUserSettings()).isOnToolbar;
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
  await saveSettings(store, changes);
}

export async function openOptions(): Promise<void> {
  await chrome.runtime.openOptionsPage();
}

/** Opens this page in a browser tab, with `query` (the full explorer: `?mode=tab`, and the page's context). */
export async function openInTab(query: string): Promise<void> {
  await chrome.tabs.create({ url: chrome.runtime.getURL(`${location.pathname.replace(/^\//, "")}${query}`) });
}

/** Opens the browser's own "About" page, where it checks for and applies its update. */
export async function openUpdatePage(): Promise<void> {
  await chrome.tabs.create({ url: "chrome://settings/help" });
}
