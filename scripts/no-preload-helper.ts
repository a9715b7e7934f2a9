/**
 * Build rule: a dynamic `import()` stays a plain `import()`, without Vite's preload wrapper.
 *
 * Why: Vite wraps every lazy import in a helper that first adds `<link rel=modulepreload>` for the lazy
 * chunk's own imports and `<link rel=stylesheet>` for its CSS. Extension pages load their files from disk,
 * where preloading saves little, and the helper (some 1.6 KB) sits in the popup's first-paint script, whose
 * budget is 30 KB. With `build.modulePreload: false` Vite still wraps each import (for CSS), so the wrapper is
 * taken off here, before minification drops the unused helper. A lazy part that needs CSS brings it itself
 * (shared/page/style-dom.ts); a chunk that imports CSS stops the build, since nothing would load it.
 * Where the helper is a chunk of its own (the popup's entry and the page it loads both used it), the
 * unwrapped chunks' imports of it go too, and so does the chunk: each would be a request for nothing.
 */
import type { Plugin } from "vite";

const WRAP_START = "__vitePreload(";
const WRAP_END = ", __VITE_PRELOAD__)";
/** A chunk's import of the helper's own chunk, for its side effects only: `import "./preload-helper-x.js";`. */
const HELPER_IMPORT = /import\s*(?:[\w\s{},$]*from\s*)?["'][^"']*preload-helper[^"']*\.js["'];?\n?/g;

export function noPreloadHelper(): Plugin {
  return {
    name: "release-radar:no-preload-helper",
    apply: "build",
    renderChunk(code, chunk) {
      if (!code.includes(WRAP_START)) return null;
      const css = [...(chunk.viteMetadata?.importedCss ?? [])];
      if (!chunk.isEntry && css.length > 0)
        this.error(`${chunk.fileName} imports CSS (${css.join(", ")}), which only the preload helper loads`);
      // `__vitePreload(() => import("x"), __VITE_PRELOAD__)` becomes `(() => import("x"))()`.
      const unwrapped = code.replaceAll(WRAP_START, "(").replaceAll(WRAP_END, ")()");
      return { code: unwrapped.replace(HELPER_IMPORT, ""), map: null };
    },
    generateBundle(_, bundle) {
      const files = Object.values(bundle);
      for (const helper of files) {
        if (helper.type !== "chunk" || !helper.fileName.includes("preload-helper")) continue;
        const name = helper.fileName.split("/").at(-1) ?? helper.fileName;
        const used = files.some((f) => f !== helper && f.type === "chunk" && f.code.includes(name));
        if (used) this.error(`${helper.fileName} is still imported, by code the helper's unwrapping missed`);
        delete bundle[helper.fileName];
      }
    },
  };
}
