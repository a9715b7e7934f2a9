/**
 * The popup's first paint: the glance drawn from the page's copy (glance-copy.ts) with its clock's part
 * computed now, and the page shown. This and the answer page's first answer are all the first paint's script
 * holds (main.ts): the rest of the page (popup.ts, its state, storage, the parts) is loaded after this frame,
 * and draws storage's answer over it.
 *
 * Why so little: the first paint's script is fetched, compiled and run before anything is drawn, and its size
 * counts (measured: 24 KB more script, never run, painted 2.6-3.8 ms later), against a budget of 1.2x an
 * empty page's paint (about 35 ms here).
 */
import { withClock } from "./header-clock.ts";
import { paintHeader } from "./header-dom.ts";
import { readCopy, type CopyStorage } from "./glance-copy.ts";

export type PageMode = "popup" | "tab";

/** The page's mode, from its query: `?mode=tab` is the full explorer in a tab, anything else the popup. */
export function pageMode(query: URLSearchParams): PageMode {
  return query.get("mode") === "tab" ? "tab" : "popup";
}

/**
 * Draws the page's copy as it reads at `now` and shows the page; resolves once that frame is done. Null,
 * with the page left hidden, when there is no copy or the header cannot be drawn from it: the page then draws
 * storage's answer (popup.ts), over whatever of it was drawn.
 */
export function paintCopy(storage: () => CopyStorage, mode: PageMode, now: number): Promise<void> | null {
  const copy = readCopy(storage);
  if (copy === null) return null;
  try {
    paintHeader(
      withClock(copy.body, copy.check, now),
      { refreshing: false, pinned: null },
      { expanded: false, onUpdate: () => undefined },
    );
  } catch {
    return null;
  }
  return showPage(mode);
}

/**
 * Lays the page out in its mode's layout (popup.css hides it until then) and marks its first meaningful
 * paint in that frame. Resolves in a task after the frame's rendering, not inside the frame: work chained
 * onto the frame's own callback would run before the glance's pixels are drawn.
 */
export function showPage(mode: PageMode): Promise<void> {
  document.documentElement.dataset.mode = mode;
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      performance.mark("rr:first-meaningful-paint");
      setTimeout(resolve, 0);
    }),
  );
}
