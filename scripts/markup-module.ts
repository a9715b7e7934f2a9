/**
 * Build rule: `import tree from "./x.html?dom"` gives a fragment of the product's own markup as data
 * (`MarkupNode`, src/shared/page/markup-dom.ts), which `buildMarkup` turns into elements with `createElement`.
 *
 * Why: markup the page does not show at first would otherwise sit in its HTML (in a `<template>`), and the
 * browser parses all of a page's HTML before its first paint, about 2 ms of the popup's for the explorer's
 * 8.7 KB. Parsed here, at build time, the page parses no markup at all: it only calls DOM methods.
 *
 * The fragment is HTML (elements, attributes, text, comments), parsed by parse5 as a browser would. What the
 * builder could not make as the parser would (SVG or MathML, a `<template>`, a `<script>` or `<style>`)
 * stops the build. Runs of white space become one space: the same rendering outside preformatted text, which
 * stops the build too.
 */
import { readFile } from "node:fs/promises";
import { html as spec, parseFragment, type DefaultTreeAdapterMap } from "parse5";
import type { Plugin } from "vite";
import type { MarkupNode } from "../src/shared/page/markup-dom.ts";

/** `x.html?dom`, with whatever query another build rule adds after it (popup-own-copies.ts does). */
const MODULE_ID = /^(.+\.html)\?dom(?:[?&].*)?$/;
/** Elements whose content the builder would not make as the parser does, or that the page must not carry. */
const REFUSED = new Set(["template", "script", "style", "pre", "textarea", "svg", "math"]);

type ParsedNode = DefaultTreeAdapterMap["childNode"];

/** The fragment's nodes as data; throws, naming the element, on what the builder cannot make. */
export function markupTree(html: string): MarkupNode[] {
  const convert = (nodes: readonly ParsedNode[]): MarkupNode[] => {
    const out: MarkupNode[] = [];
    for (const node of nodes) {
      if (node.nodeName === "#comment" || node.nodeName === "#documentType") continue;
      if (node.nodeName === "#text") {
        // HTML white space only: a no-break space is content.
        const text = (node as DefaultTreeAdapterMap["textNode"]).value.replace(/[ \t\n\f\r]+/g, " ");
        out.push(text);
        continue;
      }
      const element = node as DefaultTreeAdapterMap["element"];
      if (REFUSED.has(element.tagName) || element.namespaceURI !== spec.NS.HTML)
        throw new Error(`markup module: <${element.tagName}> is not built by buildMarkup`);
      const attributes = Object.fromEntries(element.attrs.map((a) => [a.name, a.value]));
      out.push([element.tagName, attributes, ...convert(element.childNodes)]);
    }
    return out;
  };
  const nodes = convert(parseFragment(html).childNodes);
  // White space before the first element and after the last is no content.
  while (nodes[0] === " ") nodes.shift();
  while (nodes.at(-1) === " ") nodes.pop();
  return nodes;
}

export function markupModules(): Plugin {
  return {
    name: "release-radar:markup-module",
    async load(id) {
      const file = MODULE_ID.exec(id)?.[1];
      if (file === undefined) return null;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(markupTree(await readFile(file, "utf8")))};\n`;
    },
  };
}
