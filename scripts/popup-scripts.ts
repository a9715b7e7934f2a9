/**
 * The JavaScript the popup page loads from a build, for its budget: what its first paint needs (the module
 * scripts of the page and every chunk they import statically) and what it loads after (chunks reached only
 * through a dynamic `import()`: the explorer and its chart). Each file is counted once.
 */
import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";

export const POPUP_PAGE = "src/popup/index.html";

/** Every script the popup page loads from `dist`, with its size in bytes and whether first paint needs it. */
export async function popupScripts(
  dist: string,
): Promise<Map<string, { bytes: number; firstPaint: boolean }>> {
  const html = await readFile(join(dist, POPUP_PAGE), "utf8");
  const scripts = new Map<string, { bytes: number; firstPaint: boolean }>();
  const lazy: string[] = [];
  const visit = async (path: string, firstPaint: boolean): Promise<void> => {
    if (scripts.has(path)) return;
    const text = await readFile(join(dist, path), "utf8");
    scripts.set(path, { bytes: Buffer.byteLength(text), firstPaint });
    const resolve = (spec: string): string =>
      spec.startsWith("/") ? spec.slice(1) : posix.join(posix.dirname(path), spec);
    for (const [, spec] of text.matchAll(/(?:from|import)\s*["'`]([^"'`]+\.js)["'`]/g)) {
      if (spec) await visit(resolve(spec), firstPaint);
    }
    for (const [, spec] of text.matchAll(/import\s*\(\s*["'`]([^"'`]+\.js)["'`]/g))
      if (spec) lazy.push(resolve(spec));
  };
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
    if (src)
      await visit(src.startsWith("/") ? src.slice(1) : posix.join(posix.dirname(POPUP_PAGE), src), true);
  }
  // After every static import is known, so a chunk both paths reach counts as first-paint.
  for (let path = lazy.shift(); path !== undefined; path = lazy.shift()) await visit(path, false);
  return scripts;
}

/** The bytes first paint needs, and all bytes the page loads. */
export async function popupScriptBytes(dist: string): Promise<{ firstPaint: number; total: number }> {
  const scripts = [...(await popupScripts(dist)).values()];
  const sum = (list: typeof scripts): number => list.reduce((a, s) => a + s.bytes, 0);
  return { firstPaint: sum(scripts.filter((s) => s.firstPaint)), total: sum(scripts) };
}
