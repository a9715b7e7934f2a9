/**
 * The popup's only holder of the extension APIs and of the browser APIs that reach outside the page
 * (User-Agent Client Hints, the clipboard): stored state through the storage owner, the background's
 * refresh, the toolbar pin state. Everything else in src/popup takes plain values, so it can be tested
 * without a browser.
 *
 * The extension APIs come from `browser` (webextension-polyfill, through browser-namespace.ts), imported
 * dynamically, in parallel with the stored values' shapes (store-keys.ts): this module is loaded after the
 * first paint (page.ts), which is drawn from the page's own copy (glance/glance-copy.ts) with none of them.
 * In Firefox and Chrome 148+ it hands back the native `browser`; elsewhere it wraps `chrome` in promises.
 */
import type { Browser } from "webextension-polyfill";
import { requestRefresh, requestSchedule } from "../shared/page/messages.ts";
import { watchOf } from "../shared/watch/device-platform.ts";
import { loadSettings } from "../shared/store/settings.ts";
import { createStore, type Store } from "../shared/store/store.ts";
import type { StoredValues } from "../shared/store/keys.ts";
import type { PopupApi } from "./popup-api.ts";
import { writeCopy } from "./glance/glance-copy.ts";
import { editStored, trackedBeyond } from "../shared/tracked/items.ts";

let loading: Promise<Browser> | undefined;
/** The keys the popup uses. */
type PopupStore = Store<
  Pick<
    StoredValues,
    | "settings"
    | "snapshot"
    | "pollState"
    | "schedules"
    | "explorer"
    | "tracked"
    | "trackedView"
    | "visitors"
    | "usageUpdate"
  >
>;

let storeLoading: Promise<PopupStore> | undefined;

/**
 * The polyfill's `browser`, loaded on first use: the page (popup.ts) asks nothing of it before the first
 * paint's frame when it has its copy to draw, so loading and compiling it never competes with that frame.
 */
function extension(): Promise<Browser> {
  return (loading ??= import("./browser-namespace.ts").then((m) => m.default));
}

/**
 * The store of the keys the popup uses. Their shapes come with the extension APIs' module, in parallel with
 * it, not in the first paint's script, which draws from the page's copy (glance/glance-copy.ts).
 */
function stores(): Promise<PopupStore> {
  return (storeLoading ??= Promise.all([extension(), import("./store-keys.ts")]).then(
    ([browser, { POPUP_KEYS }]) => createStore(browser.storage, POPUP_KEYS),
  ));
}

/**
 * Whether the button is pinned to the toolbar; null when the browser cannot say (`getUserSettings` is
 * missing before Chrome 91 and in some Chromium-based browsers): the popup then shows no pin hint.
 */
async function isPinned(browser: Browser): Promise<boolean | null> {
  if (typeof browser.action.getUserSettings !== "function") return null;
  return (await browser.action.getUserSettings()).isOnToolbar ?? null;
}

/** The page's side of the extension, as popup.ts asks for it (PopupApi says what each does). */
export const extensionApi: PopupApi = {
  /** Reads settings, snapshot and poll state, in parallel: all a first open's first paint waits for. */
  async loadStored() {
    // This device's platform is asked at the same time, not after the settings say `auto`: one round trip
    // fewer before the first paint, for an answer that costs little when unused.
    const [browser, store] = await Promise.all([extension(), stores()]);
    const [settings, snapshot, poll, info] = await Promise.all([
      loadSettings(store),
      store.get("snapshot"),
      store.get("pollState"),
      browser.runtime.getPlatformInfo(),
    ]);
    return { settings, watch: watchOf(settings, info), snapshot, poll };
  },

  saveCopy(copy) {
    writeCopy(() => localStorage, copy);
  },

  async loadBrowserFacts() {
    // Imported here, after the first paint: asking the browser its name is no part of the glance's script.
    const [browser, { thisBrowser }] = await Promise.all([
      extension(),
      import("../shared/status/this-browser.ts"),
    ]);
    const [named, pinned] = await Promise.all([
      thisBrowser(navigator, browser.runtime).catch(() => undefined),
      isPinned(browser).catch(() => null),
    ]);
    return { thisBrowser: named, pinned };
  },

  /** The milestone schedules the background keeps (checked by the storage owner). */
  async loadSchedules() {
    return (await stores()).get("schedules");
  },

  /** The visitors imported in options (checked by the storage owner). */
  async loadVisitors() {
    return (await stores()).get("visitors");
  },

  async loadUsageUpdate() {
    return (await stores()).get("usageUpdate");
  },

  /** Unchecked: the explorer's restore checks it. */
  async loadExplorerState() {
    return (await stores()).get("explorer");
  },

  async saveExplorerState(value) {
    await (await stores()).set("explorer", value);
  },

  /**
   * The header's keys (settings, snapshot, poll state) and the schedule section's (schedules, and the
   * settings that name the schedule).
   */
  async onStoredChange(callback) {
    (await stores()).onChange(["settings", "snapshot", "pollState", "schedules"], callback);
  },

  async checkNow() {
    await requestRefresh((await extension()).runtime);
  },

  /** Asks the worker for a milestone's schedule, which it stores (loadSchedules reads it then). */
  async askSchedule(milestone: number) {
    await requestSchedule((await extension()).runtime, milestone);
  },

  /** The popup is focused when its button is clicked, as writeText needs. */
  async copyText(text) {
    await navigator.clipboard.writeText(text);
  },

  /**
   * The same settings, checked and saved the same way, as the options page (the service worker follows the
   * change).
   */
  async saveWatch(changes) {
    // Loaded here: only the watch switcher, after the first paint, saves, and the first paint's script
    // (budget 30 KB) need not carry the saving and its error.
    const [{ saveSettings }, store] = await Promise.all([import("../shared/store/settings.ts"), stores()]);
    await saveSettings(store, changes);
  },

  /** The watched items: the person's list (sync) and what the worker worked out from it. */
  tracked: {
    async load() {
      const store = await stores();
      const [list, view, raw] = await Promise.all([
        store.get("tracked"),
        store.get("trackedView"),
        store.raw("tracked"),
      ]);
      return { list, view, beyond: trackedBeyond(raw) };
    },
    /** Read, edited and written back as stored: what this version does not understand stays (items.ts). */
    async edit(edit) {
      const store = await stores();
      const next = editStored(await store.raw("tracked"), edit);
      if (next === null) return false;
      await store.setRaw("tracked", next);
      return true;
    },
    async onChange(callback) {
      (await stores()).onChange(["tracked", "trackedView"], callback);
    },
  },

  async openOptions() {
    await (await extension()).runtime.openOptionsPage();
  },

  /** `query`: the full explorer's `?mode=tab`, and the page's context. */
  async moveToTab(query) {
    const browser = await extension();
    await browser.tabs.create({
      url: browser.runtime.getURL(`${location.pathname.replace(/^\//, "")}${query}`),
    });
    window.close();
  },

  /**
   * Opens a Chromium browser's own "About" page, where it checks for and applies its update (offered only
   * when this browser is a Chromium behind the newest version; Firefox lets no extension open its about:
   * pages).
   */
  async openUpdatePage() {
    await (await extension()).tabs.create({ url: "chrome://settings/help" });
  },
};
