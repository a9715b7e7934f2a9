/**
 * Service worker entry: wiring only. Listeners are registered synchronously at the top level, because
 * Chrome dispatches the event that woke the worker right after this script's first run and drops events
 * whose listeners were added later.
 * https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/events
 */
import { browserVersion } from "./browser-version.ts";
import { createController } from "./controller.ts";
import { POPUP_PATH } from "./desired.ts";
import { createNotifier, onNotificationClicked } from "./notify.ts";
import { loadSettings, onSettingsChanged } from "./settings.ts";

const notifier = createNotifier({
  notifications: chrome.notifications,
  store: chrome.storage.local,
  iconUrl: chrome.runtime.getURL("icons/icon-128.png"),
});

const time = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const controller = createController({
  action: chrome.action,
  local: chrome.storage.local,
  loadSettings: () => loadSettings(chrome.storage.sync),
  alarms: chrome.alarms,
  tabs: chrome.tabs,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  platformInfo: () => chrome.runtime.getPlatformInfo(),
  browserVersion,
  formatTime: (ms) => time.format(ms),
  notify: (events) => notifier.notify(events),
  warn: (message) => console.warn(message),
});

chrome.runtime.onInstalled.addListener(() => void controller.pollNow());
chrome.runtime.onStartup.addListener(() => void controller.pollNow());
chrome.alarms.onAlarm.addListener((alarm) => void controller.onAlarm(alarm.name));
onSettingsChanged(
  chrome.storage.onChanged,
  chrome.storage.sync,
  (settings) => void controller.onSettingsChanged(settings),
);
chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  // "loading" starts a navigation, after which Chrome has cleared the tab's per-tab action values.
  if (change.status === "loading" || change.url !== undefined || change.status === "complete") {
    void controller.onTabUpdated(tabId, tab.url, change.status === "loading");
  }
});
chrome.tabs.onRemoved.addListener((tabId) => controller.onTabRemoved(tabId));
chrome.action.onClicked.addListener((tab) => void controller.onClicked(tab.id));
chrome.notifications.onClicked.addListener(
  (id) =>
    void onNotificationClicked(
      {
        action: chrome.action,
        tabs: chrome.tabs,
        popupUrl: chrome.runtime.getURL(POPUP_PATH),
        clear: (n) => chrome.notifications.clear(n),
      },
      id,
    ),
);
// The popup's retry button: poll now and answer when the new state is shown.
chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
  if ((message as { type?: unknown } | null)?.type !== "refresh") return false;
  void controller.pollNow().then(() => sendResponse({ ok: true }));
  return true;
});
// Every start of the worker (not only install and browser start) shows the stored state at once.
void controller.ready();
