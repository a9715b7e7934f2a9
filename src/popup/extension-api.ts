/**
 * The popup's only caller of `chrome.*` and of the browser APIs that reach outside the page (User-Agent
 * Client Hints, the clipboard): storage reads and writes, the service worker's refresh, the toolbar pin
 * state. Everything else in src/popup takes plain values, so it can be tested without a browser.
 */
import { browserVersion } from "../background/browser-version.ts";
import type { Settings } from "../background/model.ts";
import { servicePlatform } from "../background/platform.ts";
import { isPollState, type PollState } from "../background/poll-state.ts";
import { loadSettings, SETTINGS_KEY } from "../background/settings.ts";
import type { Snapshot } from "../background/snapshot.ts";
import { loadSnapshot } from "../background/storage.ts";

/** Where the service worker keeps its poll state in storage.local (src/background/controller.ts). */
const POLL_STATE_KEY = "pollState";
/** Where the explorer's last filters live in storage.local (issue 4). */
const EXPLORER_KEY = "explorer";
const SNAPSHOT_KEY = "snapshot";

/** What the header is drawn from: all of it in storage, so no request is needed. */
export interface Stored {
  readonly settings: Settings;
  /** The watched platform with `auto` resolved for this device. */
  readonly platform: string;
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
  readonly browserVersion: string | undefined;
  /** Whether the button is pinned to the toolbar; null when the browser cannot say. */
  readonly pinned: boolean | null;
}

/** Reads settings, snapshot, poll state, this browser's version and the pin state, in parallel. */
export async function loadStored(): Promise<Stored> {
  const [settings, snapshot, poll, version, info, pinned] = await Promise.all([
    loadSettings(chrome.storage.sync),
    loadSnapshot(chrome.storage.local),
    chrome.storage.local.get(POLL_STATE_KEY).then((got) => got[POLL_STATE_KEY]),
    browserVersion().catch(() => undefined),
    chrome.runtime.getPlatformInfo(),
    isPinned().catch(() => null),
  ]);
  return {
    settings,
    platform: settings.platform === "auto" ? servicePlatform(info) : settings.platform,
    snapshot,
    poll: isPollState(poll) ? poll : null,
    browserVersion: version,
    pinned,
  };
}

/** The explorer state stored by an earlier popup, unchecked (restoreState checks it). */
export async function loadExplorerState(): Promise<unknown> {
  return (await chrome.storage.local.get(EXPLORER_KEY))[EXPLORER_KEY];
}

export async function saveExplorerState(value: unknown): Promise<void> {
  await chrome.storage.local.set({ [EXPLORER_KEY]: value });
}

/** Calls `callback` when what the header shows may have changed (settings, snapshot, poll state). */
export function onStoredChange(callback: () => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    const keys = Object.keys(changes);
    if (
      (area === "sync" && keys.includes(SETTINGS_KEY)) ||
      (area === "local" && (keys.includes(SNAPSHOT_KEY) || keys.includes(POLL_STATE_KEY)))
    ) {
      callback();
    }
  });
}

/**
 * Asks the service worker to poll now; resolves once it has stored the outcome (src/background/index.ts
 * answers `{type: "refresh"}` after the poll). Rejects when the worker cannot be reached.
 */
export async function requestRefresh(): Promise<void> {
  await chrome.runtime.sendMessage({ type: "refresh" });
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
