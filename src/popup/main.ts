/**
 * Popup entry, the first paint's script: the room the page is given, the glance drawn from the page's copy
 * (glance/first-paint.ts), and on the answer page its question sent and the worker's reply drawn. Everything
 * else (page.ts: the page's behaviour, the extension APIs, storage, the parts) is loaded through a dynamic
 * `import()` once that paint's frame is done, so this script stays a few KB: the first paint waits for it to
 * be fetched, compiled and run, and for nothing else.
 *
 * The answer page (`?q=`) is opened for its answer: its question is sent to the service worker at once, and
 * its reply is drawn by first-answer.ts, which is in this script: as a file of its own it was fetched only
 * after this script had run, which held the answer back by 10-40 ms.
 */
import type { AnswerRequest, MessageSender } from "../shared/page/messages.ts";
import { drawFirstAnswer } from "./ask/first-answer.ts";
import { pageMode, paintCopy } from "./glance/first-paint.ts";

// The page fits the room it is given (a tab, at least 100 px; Firefox's overflow menu, whose width is fixed),
// but not Chrome's popup, which starts 25 px wide and then takes the page's 440 px: popup.css says why.
if (innerWidth >= 100 || import.meta.env.RR_TARGET_BROWSER === "firefox") {
  document.documentElement.dataset.room = "given";
}

const search = location.search;
const query = new URLSearchParams(search);
const question = query.get("q");
// Sent before the polyfill is loaded (it is not in this script), through the extension's own `runtime`:
// `browser` in Firefox, `chrome` in Chromium, whose `sendMessage` returns a promise in Manifest V3.
const asking =
  question === null
    ? null
    : // eslint-disable-next-line no-restricted-globals -- the one message sent before the polyfill is loaded
      ((globalThis as { browser?: { runtime: MessageSender } }).browser ?? chrome).runtime.sendMessage({
        type: "answer",
        question,
      } as AnswerRequest);
const early = asking && drawFirstAnswer(asking);
const painted = paintCopy(() => localStorage, pageMode(query), Date.now());

const start = (): Promise<void> =>
  import("./page.ts").then(({ startPage }) =>
    startPage({ search, ...(painted ? { painted } : {}), ...(early ? { early } : {}) }),
  );
// Once the first paint's frame is done (on the answer page the rest waits for its answer to read storage:
// popup.ts). Without a copy the page is still hidden until the rest draws storage's answer: it starts at once.
await (painted ? painted.then(start) : start());
