/**
 * The explorer's markup (explorer.html) is not in index.html: the browser parses all of a page's HTML before
 * its first paint, and the glance does not show the explorer's some 180 elements. It is compiled at build time
 * (scripts/markup-module.ts) and put into the page, in place of index.html's `<template id="explorer-template">`,
 * when the explorer starts, after the first paint, with its styles.
 */
import explorerCss from "./explorer.css?inline";
import resultsCss from "./results.css?inline";
import explorerMarkup from "./explorer.html?dom";
import { addStyle } from "../../shared/page/style-dom.ts";
import { buildMarkup } from "../../shared/page/markup-dom.ts";

export function stampExplorer(): void {
  // Its layout comes with it: the glance's page does not parse the explorer's rules before its first paint.
  addStyle(explorerCss + resultsCss);
  const slot = document.getElementById("explorer-template");
  slot?.replaceWith(buildMarkup(explorerMarkup));
}
