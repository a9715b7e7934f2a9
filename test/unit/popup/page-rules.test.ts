/**
 * Rules over the popup's source as a whole: text from the service never becomes markup, and the page's
 * structure in index.html (with the explorer's, explorer/explorer.html) is what the scripts look up.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../../src");
const POPUP = join(SRC, "popup");

/** The TypeScript sources of one folder of src/ and its subfolders, by path within it. */
async function sources(folder = "popup"): Promise<Map<string, string>> {
  const dir = join(SRC, folder);
  const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith(".ts"));
  return new Map(
    await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), "utf8")] as const)),
  );
}

describe("the pages' source", () => {
  it.each(["popup", "options", "shared"])(
    "src/%s never turns text into markup (no innerHTML, outerHTML, insertAdjacentHTML, document.write)",
    async (folder) => {
      const found: string[] = [];
      const files = await sources(folder);
      expect(files.size).toBeGreaterThan(1);
      for (const [name, text] of files) {
        for (const api of [
          "innerHTML",
          "outerHTML",
          "insertAdjacentHTML",
          "document.write",
          "createContextualFragment",
        ]) {
          if (text.includes(api)) found.push(`${name}: ${api}`);
        }
      }
      expect(found).toEqual([]);
    },
  );

  it("reaches extension APIs only through webextension-polyfill, from its adapter module", async () => {
    const files = [...(await sources())];
    // `chrome.` after a dot or a slash is a host name (developer.chrome.com), not the API.
    expect(files.filter(([, text]) => /(?<![./])\bchrome\.\w/.test(text)).map(([name]) => name)).toEqual([]);
    // Type-only imports (`import type { Browser }`) load nothing and are free.
    const importers = files.filter(([, text]) =>
      /import\(\s*"webextension-polyfill"\s*\)|^import (?!type\b)[^;]*from "webextension-polyfill"/m.test(
        text,
      ),
    );
    expect(importers.map(([name]) => name)).toEqual(["browser-namespace.ts"]);
  });
});

/** The page's markup once the explorer is in: index.html and the explorer's own (explorer/explorer.html). */
async function pageMarkup(): Promise<string> {
  const files = ["index.html", "explorer/explorer.html"];
  return (await Promise.all(files.map((f) => readFile(join(POPUP, f), "utf8")))).join("\n");
}

describe("index.html with the explorer's markup", () => {
  it("gives every id once", async () => {
    const html = await pageMarkup();
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("has every element the scripts look up by id", async () => {
    const html = await pageMarkup();
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    const wanted = new Set<string>();
    for (const text of (await sources()).values()) {
      for (const m of text.matchAll(/(?:byId|\$|input|select)\("([\w-]+)"/g)) if (m[1]) wanted.add(m[1]);
    }
    expect(wanted.size).toBeGreaterThan(30);
    expect([...wanted].filter((id) => !ids.has(id))).toEqual([]);
  });

  it("labels every form control", async () => {
    const html = await pageMarkup();
    const controls = [...html.matchAll(/<(?:input|select)[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
    const labelled = new Set([...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((m) => m[1]));
    expect(controls.length).toBeGreaterThan(15);
    expect(controls.filter((id) => !labelled.has(id))).toEqual([]);
  });
});
