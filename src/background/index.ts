/**
 * Background entry (Chromium's service worker, Firefox's background page): wiring only. Listeners are
 * registered synchronously at the top level, because the browser dispatches the event that woke the
 * background right after this script's first run and drops events whose listeners were added later.
 * https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/events
 *
 * Extension APIs come from `browser` (webextension-polyfill): the native promise-based namespace in Firefox
 * and Chrome 148+, `chrome` wrapped in promises before that. This file is the service worker's only holder
 * of it; everything below takes the parts it needs as arguments.
 */
import browser from "webextension-polyfill";
import { FEATURES_FILE } from "../core/features/asset.ts";
import { MORE_KEYS_FILE } from "../core/features/more-keys.ts";
import { thisBrowser } from "../shared/status/this-browser.ts";
import {
  isAnswerRequest,
  isRefreshRequest,
  isScheduleRequest,
  type RefreshReply,
} from "../shared/page/messages.ts";
import { POPUP_PATH } from "../shared/page/page-context.ts";
import { loadSettings } from "../shared/store/settings.ts";
import { createStore } from "../shared/store/store.ts";
import { EVERY_KEY } from "../shared/store/keys.ts";
import { createAssetLoader, createMoreKeysLoader } from "../shared/answers/features-file.ts";
import { answerPath, createAsking } from "./ask/ask.ts";
import { createUsageContext } from "../shared/usage/usage-context.ts";
import { createUsageLoader } from "../shared/usage/usage-file.ts";
import { USAGE_FILE } from "../core/usage/asset.ts";
import { DAY_MS, MINUTE_MS } from "../core/duration.ts";
import { storedWaits } from "./cache/failure-wait.ts";
import { createUsageUpdates, USAGE_ALARM } from "./usage/usage-update.ts";
import { createTrackedWatch } from "./watched/tracked-watch.ts";
import { createRolloutHistories } from "./watched/rollout-history.ts";
import { createClient } from "../core/client/index.ts";
import { createController } from "./controller.ts";
import { createIconPainter } from "./toolbar/icon-paint.ts";
import { onNotificationClicked } from "./notices/notify.ts";
import { createNotifier } from "./notices/notifier.ts";

const store = createStore(browser.storage, EVERY_KEY);

const notifier = createNotifier({
  notifications: browser.notifications,
  store: { get: () => store.get("notified"), set: (ids) => store.set("notified", ids) },
  iconUrl: browser.runtime.getURL("icons/icon-128.png"),
});

const controller = createController({
  action: browser.action,
  iconPainter: createIconPainter(globalThis),
  store,
  alarms: browser.alarms,
  tabs: browser.tabs,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  platformInfo: () => browser.runtime.getPlatformInfo(),
  thisBrowser: () => thisBrowser(navigator, browser.runtime),
  notify: (events) => notifier.notify(events),
  warn: (message) => console.warn(message),
});

/** The bundled feature data, read once per worker life, for the answers and the watched items. */
const asset = createAssetLoader({
  fetch: (input, init) => fetch(input, init),
  url: browser.runtime.getURL(FEATURES_FILE),
});

/** The rest of browser-compat-data's keys, read once per worker life on the first question that needs them. */
const moreKeys = createMoreKeysLoader({
  fetch: (input, init) => fetch(input, init),
  url: browser.runtime.getURL(MORE_KEYS_FILE),
});

/** The bundled usage data, read once per worker life, for the answers and the monthly update. */
const usageAsset = createUsageLoader((input, init) => fetch(input, init), browser.runtime.getURL(USAGE_FILE));

/** The usage data, the newer month's over it, and the person's region and visitors, for the share of users. */
const usage = createUsageContext({
  asset: usageAsset,
  fetch: (input, init) => fetch(input, init),
  fileUrl: (path) => browser.runtime.getURL(path),
  loadVisitors: () => store.get("visitors"),
  loadUpdate: () => store.get("usageUpdate"),
});

/** A newer usage table, once a month when the person turned it on: a daily alarm asks whether one is due. */
const usageUpdates = createUsageUpdates({
  store,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  bundled: usageAsset,
});
// Created once: a worker that restarts keeps the alarm (alarms.get before create). One left more than its
// day ahead, by a clock set back since, is made again (poll-alarm.ts says why).
void browser.alarms.get(USAGE_ALARM).then(async (alarm) => {
  if (alarm === undefined || alarm.scheduledTime > Date.now() + DAY_MS)
    await browser.alarms.create(USAGE_ALARM, { delayInMinutes: 1, periodInMinutes: DAY_MS / MINUTE_MS });
});
browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === USAGE_ALARM) void usageUpdates.check();
});
// Turned on, or a region chosen: asked now rather than at the next alarm.
store.onChange(["settings"], () => void usageUpdates.check());

const asking = createAsking({
  known: () => controller.known(),
  asset,
  more: moreKeys,
  usage,
  now: () => Date.now(),
  browser: import.meta.env.RR_TARGET_BROWSER === "firefox" ? "firefox" : "chrome",
  tabs: browser.tabs,
  menus: browser.contextMenus,
  pageUrl: (path) => browser.runtime.getURL(path),
});

const tracked = createTrackedWatch({
  store,
  asset,
  rollouts: createRolloutHistories({
    client: ({ baseUrl, product }) =>
      createClient({ baseUrl, product, fetch: (input, init) => fetch(input, init) }),
    cache: { get: () => store.get("rollouts"), set: (entries) => store.set("rollouts", entries) },
    // Kept across restarts: a refused history is asked again when its wait is over, as the answer says.
    waits: storedWaits(store),
    now: () => Date.now(),
    warn: (message) => console.warn(message),
  }),
  known: () => controller.known(),
  notify: (events) => notifier.notify(events),
  settled: (fetchedAt) => notifier.settled(fetchedAt),
  now: () => Date.now(),
  warn: (message) => console.warn(message),
  usage,
});
// No request of its own: a new snapshot or schedule, a change of the list or of the watch, a newer usage
// table or visitors' file, is worked out again.
store.onChange(
  ["snapshot", "schedules", "tracked", "settings", "usageUpdate", "visitors"],
  () => void tracked.update(),
);

browser.runtime.onInstalled.addListener((details) => {
  // Menu items outlive the worker; they are made again only when a new version may have changed them.
  if (details.reason === "install" || details.reason === "update") {
    asking
      .onInstalled()
      .catch((e: unknown) => console.warn(`Release Radar: the "Ask" menu item was not made: ${String(e)}`));
  }
  void controller.onInstalled(details.reason);
});
browser.runtime.onStartup.addListener(() => void controller.pollNow());
browser.alarms.onAlarm.addListener((alarm) => void controller.onAlarm(alarm.name));
// Read back from storage rather than taken from the event: a burst of writes ends with what is stored now.
store.onChange(["settings"], () => void loadSettings(store).then((s) => controller.onSettingsChanged(s)));
browser.tabs.onUpdated.addListener((tabId, change, tab) => {
  // "loading" starts a navigation, after which the browser has cleared the tab's per-tab action values.
  if (change.status === "loading" || change.url !== undefined || change.status === "complete") {
    void controller.onTabUpdated(tabId, tab.url, change.status === "loading");
  }
});
browser.tabs.onRemoved.addListener((tabId) => controller.onTabRemoved(tabId));
browser.action.onClicked.addListener((tab) => void controller.onClicked(tab.id));
browser.notifications.onClicked.addListener(
  (id) =>
    void onNotificationClicked(
      {
        action: browser.action,
        tabs: browser.tabs,
        popupUrl: browser.runtime.getURL(POPUP_PATH),
        answerUrl: (question) => browser.runtime.getURL(answerPath(question)),
        clear: (n) => browser.notifications.clear(n),
      },
      id,
    ),
);
// The answer page's question: answered from the worker's indexes (ask.ts answerFor).
// A page's "Check now" or "Retry": poll now and answer when the new state is stored and shown. The answer is
// the promise the listener returns (the polyfill's form, native in Firefox); undefined leaves the message
// to other listeners.
browser.runtime.onMessage.addListener((message: unknown) => {
  if (isAnswerRequest(message)) return asking.answerFor(message.question);
  if (isScheduleRequest(message)) {
    return controller.scheduleFor(message.milestone).then((): RefreshReply => ({ ok: true }));
  }
  if (!isRefreshRequest(message)) return undefined;
  return controller.pollNow().then((): RefreshReply => ({ ok: true }));
});
browser.omnibox.setDefaultSuggestion({ description: asking.hint });
// In Chromium a typed text's answer replaces the hint as the default row: a new visit to the keyword starts
// from the hint.
browser.omnibox.onInputStarted.addListener(() =>
  browser.omnibox.setDefaultSuggestion({ description: asking.hint }),
);
browser.omnibox.onInputChanged.addListener((text, suggest) => {
  void asking.onInputChanged(text).then((answer) => {
    if (answer === null) return;
    browser.omnibox.setDefaultSuggestion({ description: answer.description });
    suggest([...answer.suggestions]);
  });
});
browser.omnibox.onInputEntered.addListener(
  (text, disposition) => void asking.onInputEntered(text, disposition),
);
browser.contextMenus.onClicked.addListener((info, tab) => void asking.onMenuClicked(info, tab));
browser.commands.onCommand.addListener((name) => void asking.onCommand(name));
// Every start of the worker (not only install and browser start) shows the stored state at once.
void controller.ready();
