/**
 * Service worker entry: wiring only. Listeners are registered synchronously at the top level, because
 * Chrome dispatches the event that woke the worker right after this script's first run and drops events
 * whose listeners were added later.
 * https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/events
 */
import { browserVersion } from "../shared/browser-version.ts";
import { isRefreshRequest, type RefreshReply } from "../shared/messages.ts";
import { POPUP_PATH } from "../shared/page-context.ts";
import { loadSettings } from "../shared/settings.ts";
import { createStore } from "../shared/storage.ts";
import { createController } from "./controller.ts";
import { createNotifier, onNotificationClicked } from "./notify.ts";

const store = createStore(chrome.storage);

const notifier = createNotifier({
  notifications: chrome.notifications,
  store: { get: () => store.get("notified"), set: (ids) => store.set("notified", ids) },
  iconUrl: chrome.runtime.getURL("icons/icon-128.png"),
});

const controller = createController({
  action: chrome.action,
  store,
  alarms: chrome.alarms,
  tabs: chrome.tabs,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  platformInfo: () => chrome.runtime.getPlatformInfo(),
  browserVersion,
  notify: (events) => notifier.notify(events),
  warn: (message) => console.warn(message),
});

chrome.runtime.onInstalled.addListener(() => void controller.pollNow());
chrome.runtime.onStartup.addListener(() => void controller.pollNow());
chrome.alarms.onAlarm.addListener((alarm) => void controller.onAlarm(alarm.name));
// Read back from storage rather than taken from the event: a burst of writes ends with what is stored now.
store.onChange(["settings"], () => void loadSettings(store).then((s) => controller.onSettingsChanged(s)));
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
// A page's "Check now" or "Retry": poll now and answer when the new state is stored and shown.
chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
  if (!isRefreshRequest(message)) return false;
  const reply: RefreshReply = { ok: true };
  void controller.pollNow().then(() => sendResponse(reply));
  return true;
});
// Every start of the worker (not only install and browser start) shows the stored state at once.
void controller.ready();
