/**
 * A fresh happy-dom window as the page's globals for one test: `window`, its animation frames and the DOM
 * names the extension's page modules use, stubbed in, with the page's markup when given. `close` puts the
 * globals back and closes the window, so one test's page never draws into the next one's.
 */
import { Window } from "happy-dom";
import { vi } from "vitest";

/** Every DOM name a page module reads as a global (a test DOM in Node has none of its own). */
const PAGE_GLOBALS = [
  "document",
  "location",
  "history",
  "Element",
  "HTMLElement",
  "HTMLInputElement",
  "HTMLButtonElement",
  "HTMLFormElement",
  "HTMLSelectElement",
  "HTMLFieldSetElement",
  "HTMLParagraphElement",
  "HTMLDivElement",
  "HTMLTemplateElement",
  "HTMLDetailsElement",
  "HTMLUListElement",
  "RadioNodeList",
  "Event",
  "MouseEvent",
  "MutationObserver",
] as const;

export interface PageWindow {
  readonly window: Window;
  readonly close: () => void;
}

/**
 * Opens the window at `url` (an extension page's address, where a page reads its own files) with `body`, the
 * page's own markup, parsed by the test DOM (the pages themselves never parse markup).
 */
export function openPageWindow({ url, body }: { url?: string; body?: string } = {}): PageWindow {
  const window = new Window(url === undefined ? {} : { url });
  vi.stubGlobal("window", window);
  for (const name of PAGE_GLOBALS) vi.stubGlobal(name, window[name]);
  vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) =>
    window.requestAnimationFrame(frame),
  );
  if (body !== undefined) window.document.write(body);
  return {
    window,
    close: () => {
      vi.unstubAllGlobals();
      void window.happyDOM.close();
    },
  };
}
