/**
 * Build rule for the popup's first paint: its script arrives as one file, with no static import.
 *
 * Why: each module file an extension page loads is a request to the browser process, and a module's static
 * imports are found only once it has arrived, so each level costs a round trip. Measured on this kind of
 * machine (bench, alternate opens in one browser): the same 17.5 KB of code as a second, imported file made
 * an empty extension page's script start 6.6 ms later (34.7 against 28.1 ms), and as part of its one file
 * cost nothing measurable; `modulepreload` did not close the gap. The popup's target is 1.2x that page's paint
 * (about 35 ms here), so 6 ms is most of the allowance. Rolldown puts a module that both the popup's entry
 * and a chunk it imports lazily (the explorer, the watch switcher, the banners) need into a chunk of its
 * own, or into one shared with the service worker and the options page, so the entry imported it.
 *
 * How: every module reached from the popup is resolved to a copy of its own, which no other page imports:
 * modules of src/shared and src/core (and the validation library) reached statically get a `?popup` suffix, and every module reached
 * through a dynamic `import()` (and everything that imports) a `?popup-lazy` suffix. The entry's static
 * graph then belongs to the entry alone, and rolldown writes it into the entry's one file. The lazy side
 * shares chunks among itself. The price is bytes: code both sides need is in the package twice (none of
 * it keeps state at module level that the two sides would need to share: the only module-level cache,
 * core/query's compiled queries, is the explorer's). Build only: the dev server serves modules one by one
 * anyway.
 *
 * The search field's graph (src/popup/ask/, loaded after the first paint) gets copies of its own too, with a
 * `?popup-ask` suffix: modules it shared with the explorer would otherwise become chunks of their own, and
 * the entry lists every chunk a lazy part needs (for preloading), so each such chunk's name added some 30
 * bytes to the first paint's script. Its graph is then one file the entry names once.
 *
 * The rest of the page (src/popup/page.ts, loaded by the entry once the first paint's frame is done) gets
 * copies of its own too, with a `?popup-page` suffix, for the same reason as the entry: as chunks shared
 * with the lazy parts, what it needs came in a dozen files, each a request, before the page could read
 * storage. Its own dynamic imports (the extension APIs, the parts) stay lazy.
 *
 * The answer page's first answer (src/popup/ask/first-answer.ts, which draws the worker's reply) is in the
 * entry's file, though it is in src/popup/ask/: what it imports gets copies with a `?popup-first` suffix, not
 * the search field's, which would make the answer's drawing a chunk both share and the entry import. The
 * drawing is then in the package twice (it keeps no state at module level).
 */
import { resolve, sep } from "node:path";
import type { Plugin } from "vite";

const SRC = resolve(import.meta.dirname, "../src") + sep;
/**
 * The validation library, wherever node_modules really is (a link to another checkout's, say): shared with
 * the other pages, it would be a chunk of its own that the first paint's script imports.
 */
const VALIBOT = `${sep}node_modules${sep}valibot${sep}`;
const POPUP = `${SRC}popup${sep}`;
const COPY = "?popup";
const LAZY = "?popup-lazy";
const ASK = `${POPUP}ask${sep}`;
const ASK_COPY = "?popup-ask";
const FIRST_ANSWER = `${POPUP}ask${sep}first-answer.ts`;
const FIRST_COPY = "?popup-first";
const PAGE = `${POPUP}page.ts`;
const PAGE_COPY = "?popup-page";

/** Whether `id` is a module of the popup: its own folder, or a copy made for it. */
const ofPopup = (id: string): boolean =>
  id.startsWith(POPUP) ||
  id.endsWith(COPY) ||
  id.endsWith(LAZY) ||
  id.endsWith(ASK_COPY) ||
  id.endsWith(FIRST_COPY) ||
  id.endsWith(PAGE_COPY);

export function popupOwnCopies(): Plugin {
  return {
    name: "release-radar:popup-own-copies",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (importer === undefined || !ofPopup(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || resolved.external) return resolved;
      if (!resolved.id.startsWith(SRC) && !resolved.id.includes(VALIBOT)) return resolved;
      const bare = resolved.id.replace(/\?popup(-lazy|-ask|-first|-page)?$/, "");
      if (importer.replace(/\?.*$/, "") === FIRST_ANSWER || importer.endsWith(FIRST_COPY))
        return { ...resolved, id: bare + FIRST_COPY };
      if (importer.startsWith(ASK) || importer.endsWith(ASK_COPY))
        return { ...resolved, id: bare + ASK_COPY };
      const fromPage = importer === PAGE + LAZY || importer.endsWith(PAGE_COPY);
      if (fromPage && options.kind !== "dynamic-import") return { ...resolved, id: bare + PAGE_COPY };
      const lazy = importer.endsWith(LAZY) || options.kind === "dynamic-import";
      if (lazy) return { ...resolved, id: bare + LAZY };
      if (bare.startsWith(POPUP)) return { ...resolved, id: bare };
      return { ...resolved, id: bare + COPY };
    },
  };
}
