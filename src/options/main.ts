/**
 * Options page entry: wires the extension APIs (webextension-polyfill's `browser`, native in Firefox and
 * Chrome 148+) to the page's behaviour in options.ts. This is the one module of the page that imports them.
 */
import browser from "webextension-polyfill";
import { sharedServiceIds } from "../shared/watch/service-ids.ts";
import { createOptions } from "./options.ts";

await createOptions({
  storage: browser.storage,
  permissions: browser.permissions,
  platformInfo: () => browser.runtime.getPlatformInfo(),
  serviceIds: sharedServiceIds,
  warn: (message) => console.warn(message),
  fetch: globalThis.fetch.bind(globalThis),
  fileUrl: (path) => browser.runtime.getURL(path),
});
