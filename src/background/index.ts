/**
 * Service worker entry: wiring only. Listeners are registered synchronously at the top level, because
 * Chrome dispatches the event that woke the worker right after this script's first run and drops events
 * whose listeners were added later.
 * https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/events
 */
import { createClient } from "../core/client/index.ts";
import { createBadgeApplier } from "./action-adapter.ts";
import { globalBadge, type Watch } from "./badge.ts";
import { DEFAULT_BASE_URL, DEFAULT_PRODUCT } from "./defaults.ts";
import { servicePlatform } from "./platform.ts";
import { pollLive } from "./poll.ts";
import { loadSnapshot, saveSnapshot } from "./storage.ts";

const applyBadge = createBadgeApplier(chrome.action);
const host = new URL(DEFAULT_BASE_URL).host;

async function watch(): Promise<Watch> {
  return {
    product: DEFAULT_PRODUCT,
    platform: servicePlatform(await chrome.runtime.getPlatformInfo()),
    channel: "stable",
  };
}

/** Shows the stored snapshot at once, then polls and shows the outcome. */
async function refresh(): Promise<void> {
  const w = await watch();
  const stored = await loadSnapshot(chrome.storage.local);
  if (stored) await applyBadge(globalBadge({ snapshot: stored, watch: w, host }));
  const outcome = await pollLive(createClient({ baseUrl: DEFAULT_BASE_URL, product: DEFAULT_PRODUCT }));
  if (outcome.ok) {
    await saveSnapshot(chrome.storage.local, outcome.snapshot);
    await applyBadge(globalBadge({ snapshot: outcome.snapshot, watch: w, host }));
  } else {
    await applyBadge(globalBadge({ snapshot: stored, watch: w, host, error: outcome.error }));
  }
}

chrome.runtime.onInstalled.addListener(() => void refresh());
chrome.runtime.onStartup.addListener(() => void refresh());
