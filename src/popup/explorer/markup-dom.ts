/**
 * The explorer's markup is in index.html inside `<template id="explorer-template">`: parsed with the page but
 * not laid out or styled, so the glance's first paint does not pay for some 180 elements (form controls
 * among them) it does not show; measured about 3-5 ms of an extension page's 45-55 ms paint. The explorer
 * puts it into the page when it starts, after the first paint, with its styles.
 */
import explorerCss from "./explorer.css?inline";
import { addStyle } from "../../shared/page/style-dom.ts";

export function stampExplorer(): void {
  // Its layout comes with it: the glance's page does not parse the explorer's rules before its first paint.
  addStyle(explorerCss);
  const template = document.getElementById("explorer-template");
  if (template instanceof HTMLTemplateElement) template.replaceWith(template.content);
}
