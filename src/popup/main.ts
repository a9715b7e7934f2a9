/**
 * Popup entry. It renders the stored snapshot at once (no request), and again whenever the service worker
 * stores a new one. Text goes in through textContent only: the data comes from the network, and markup
 * built from it would be an injection path.
 */
import { loadSnapshot } from "../background/storage.ts";
import type { Snapshot } from "../background/snapshot.ts";
import { liveRows } from "./live-table.ts";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

function render(root: HTMLElement, snapshot: Snapshot | null): void {
  const heading = el("h1", "Release Radar");
  const status = el("p");
  status.id = "status";
  if (!snapshot) {
    status.textContent = "No release data yet.";
    root.replaceChildren(heading, status);
    return;
  }
  const checked = new Date(snapshot.fetchedAt).toISOString().slice(0, 16).replace("T", " ");
  status.textContent = `Live releases of ${snapshot.product}, checked ${checked} UTC at ${new URL(snapshot.baseUrl).host}`;
  const table = el("table");
  table.id = "live";
  const head = el("tr");
  for (const h of ["Channel", "Platform", "Version", "Share", "Since"]) head.append(el("th", h));
  table.append(head);
  for (const row of liveRows(snapshot)) {
    const tr = el("tr");
    for (const cell of [row.channel, row.platform, row.version, row.share, row.since])
      tr.append(el("td", cell));
    table.append(tr);
  }
  root.replaceChildren(heading, status, table);
}

const root = document.getElementById("app");
if (root === null) throw new Error("popup: #app is missing from index.html");
render(root, await loadSnapshot(chrome.storage.local));
chrome.storage.local.onChanged.addListener((changes) => {
  if ("snapshot" in changes) void loadSnapshot(chrome.storage.local).then((s) => render(root, s));
});
