/**
 * The JavaScript the popup page loads from a build, for its budget (issue 4: at most 60 KB minified): its
 * module scripts and every chunk they import, statically or dynamically, each once.
 */
import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";

export const POPUP_PAGE = "src/popup/index.html";

/** Every script the popup page loads from `dist`, with its size in bytes. */
export async function popupScripts(dist: string): Promise<Map<string, number>> {
  const html = await readFile(join(dist, POPUP_PAGE), "utf8");
  const sizes = new Map<string, number>();
  const visit = async (path: string): Promise<void> => {
    if (sizes.has(path)) return;
    const text = await readFile(join(dist, path), "utf8");
    sizes.set(path, Buffer.byteLength(text));
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*["'`]([^"'`]+\.js)["'`]/g)) {
      if (spec) await visit(spec.startsWith("/") ? spec.slice(1) : posix.join(posix.dirname(path), spec));
    }
  };
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
    if (src) await visit(src.startsWith("/") ? src.slice(1) : posix.join(posix.dirname(POPUP_PAGE), src));
  }
  return sizes;
}

/** The total of popupScripts. */
export async function popupScriptBytes(dist: string): Promise<number> {
  return [...(await popupScripts(dist)).values()].reduce((a, b) => a + b, 0);
}
