/**
 * Popup entry: wiring, and the room the page is given. The page's behaviour is popup.ts's; this passes it
 * the extension's side (extension-api.ts) and the parts it loads after the first paint, each through a
 * dynamic `import()` so that the first paint's script (budget 30 KB) carries none of them.
 *
 * The answer page (`?q=`) is opened for its answer: its question is sent to the service worker at once, and
 * its reply is drawn by first-answer.ts, which is in the first paint's script (about 3 KB of its 30): as a
 * file of its own it was fetched only after that script had run, which held the answer back by 10-40 ms.
 * The asking module, and the page's other work after its first paint, wait until the answer is on screen.
 */
import type { AnswerRequest, MessageSender } from "../shared/page/messages.ts";
import { extensionApi } from "./extension-api.ts";
import { drawFirstAnswer } from "./ask/first-answer.ts";
import { createPopup } from "./popup.ts";

// The page fits the room it is given (a tab, at least 100 px; Firefox's overflow menu, whose width is fixed),
// but not Chrome's popup, which starts 25 px wide and then takes the page's 440 px: popup.css says why.
if (innerWidth >= 100 || import.meta.env.RR_TARGET_BROWSER === "firefox") {
  document.documentElement.dataset.room = "given";
}

const question = new URLSearchParams(location.search).get("q");
// Sent before the polyfill is loaded (it is not in the first paint's script), through the extension's own
// `runtime`: `browser` in Firefox, `chrome` in Chromium, whose `sendMessage` returns a promise in Manifest V3.
const asking =
  question === null
    ? null
    : // eslint-disable-next-line no-restricted-globals -- the one message sent before the polyfill is loaded
      ((globalThis as { browser?: { runtime: MessageSender } }).browser ?? chrome).runtime.sendMessage({
        type: "answer",
        question,
      } as AnswerRequest);
const early = asking && drawFirstAnswer(asking);
// The asking module comes after the worker's answer is drawn: loading it beside the answer delayed it.
const askPart = () => import("./ask/ask-dom.ts");
const askModule = early?.then(askPart, askPart);

await createPopup({
  api: extensionApi,
  parts: {
    banners: () => import("./glance/banners-dom.ts"),
    watch: () => import("./glance/watch-dom.ts"),
    schedule: () => import("./glance/schedule-dom.ts"),
    explorer: () => import("./explorer/open-explorer.ts"),
    tracked: () => import("./tracked/tracked-dom.ts"),
    ask: () =>
      (askModule ?? askPart()).then((ask) => ({
        openAsk: (api, stored, search) => ask.openAsk(api, stored, search, undefined, early),
      })),
  },
  search: location.search,
  ...(early ? { firstAnswer: early } : {}),
});
