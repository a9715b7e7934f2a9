/**
 * Build rule for the popup's first paint: its script arrives as two files (the page's entry and one chunk),
 * not nine.
 *
 * Why: each module an extension page loads is a request to the browser process; measured on this kind of
 * machine, the popup's nine first-paint modules cost about 20 ms more than one file of the same code, a third
 * of an empty extension page's whole paint (the popup's target is 1.2x that page). Rolldown splits every
 * module shared by two entries (the popup, the options page, the service worker, and the popup's own lazy
 * explorer) into chunks of its own, so the popup's first paint fetched the worker's shared code in pieces.
 *
 * How: modules of src/shared and src/core imported from the popup are resolved to popup copies (the same
 * file with a `?popup` suffix), which the other entries never import; the popup's copies its first paint
 * needs go into one chunk (`popup-glance`), the rest into its lazy chunks. The other entries keep their
 * own copies, so no page loads another page's code; the price is that shared code is in the package twice.
 * Build only: the dev server serves modules one by one anyway.
 */
import { resolve, sep } from "node:path";
import type { Plugin } from "vite";

const SRC = resolve(import.meta.dirname, "../src") + sep;
const POPUP = `${SRC}popup${sep}`;
const COPY = "?popup";

/** Whether `id` is a module of the popup: its own folder, or a copy made for it. */
const ofPopup = (id: string): boolean => id.startsWith(POPUP) || id.endsWith(COPY);

export function popupOwnCopies(): Plugin {
  return {
    name: "release-radar:popup-own-copies",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (importer === undefined || !ofPopup(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || resolved.external || !resolved.id.startsWith(SRC) || ofPopup(resolved.id)) {
        return resolved;
      }
      return { ...resolved, id: resolved.id + COPY };
    },
  };
}

/** Rolldown's chunk group for the popup's copies that its first paint loads (`$initial`: statically imported). */
export const POPUP_GLANCE_CHUNK = {
  name: "popup-glance",
  test: (id: string) => id.endsWith(COPY),
  tags: ["$initial" as const],
};
