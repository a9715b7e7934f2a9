/**
 * The results table: index.html's header row and a virtual list of ResultRows
 * (virtual-list-dom.ts), with ARIA table roles so the virtual rows still read as a table. Versions have no start,
 * end or share, so those columns are hidden on that view. Links open in a new tab.
 */
import { byId, el, link, shareBar } from "../../shared/page/dom.ts";
import type { View } from "./state.ts";
import type { ResultRow } from "./results-rows.ts";
import { createVirtualList } from "./virtual-list-dom.ts";

/** Every row is this tall (px), which is what lets the list compute what is in view. */
const ROW_HEIGHT = 26;

export interface ResultsTable {
  /** Shows rows; `reset` scrolls back to the top (a new query, not another page). */
  setRows(rows: readonly ResultRow[], view: View, reset: boolean): void;
  /** Marks the rows on screen as being replaced (they stay until the new ones arrive). */
  setBusy(busy: boolean): void;
}

/** Runs the table of index.html (`#results`, its header row already there). */
export function bindResultsTable(onNearEnd: () => void): ResultsTable {
  const viewport = byId("results", HTMLElement);
  const list = createVirtualList<ResultRow>({ viewport, rowHeight: ROW_HEIGHT, renderRow, onNearEnd });
  return {
    setRows(rows, view, reset) {
      viewport.classList.toggle("versions", view === "versions");
      viewport.setAttribute("aria-rowcount", String(rows.length + 1));
      list.setItems(rows, { resetScroll: reset });
    },
    setBusy(busy) {
      viewport.setAttribute("aria-busy", String(busy));
      viewport.classList.toggle("busy", busy);
    },
  };
}

/**
 * Where a row has no link, an empty stand-in as wide as the link (results.css draws the word, invisibly), so
 * "notes" stays in one column down the list. It carries no `data-col`: the arrow keys look for that to move
 * focus to the same link of the next row, and a stand-in cannot take focus.
 */
function gap(name: string): HTMLElement {
  return el("span", { class: "link-gap", "data-gap": name, "aria-hidden": "true" });
}

/**
 * The start as its day and, apart, its time: the popup's narrow column shows the day (results.css hides `.hm`)
 * and the tab both; the cell's title has the whole time either way.
 */
function startParts(start: string | null): (Node | string)[] {
  if (start === null) return [];
  const [day = "", time] = start.split(" ");
  return time === undefined ? [day] : [day, el("span", { class: "hm" }, ` ${time}`)];
}

/** One row's element: cells as text, the share as a bar with its percentage, and the two links. */
export function renderRow(row: ResultRow, index: number): HTMLElement {
  const cell = (name: string, title?: string, ...content: (Node | string)[]): HTMLElement =>
    el("span", { class: `c-${name}`, role: "cell", title }, ...content);
  const links: HTMLElement[] = [];
  if (row.changesUrl !== null && row.previous !== null) {
    const what = `Source changes from ${row.previous} to ${row.version}`;
    links.push(link(row.changesUrl, "changes", { "data-col": "changes", title: what, "aria-label": what }));
  } else {
    links.push(gap("changes"));
  }
  if (row.notesUrl !== null) {
    const what = `Release notes of milestone ${row.version.split(".")[0] ?? ""}`;
    links.push(link(row.notesUrl, "notes", { "data-col": "notes", title: what, "aria-label": what }));
  } else {
    links.push(gap("notes"));
  }
  return el(
    "div",
    { class: "rr-row", role: "row", "aria-rowindex": index + 2 },
    cell("version", row.key, row.version),
    cell("platform", `${row.platformLabel} (${row.platform})`, row.platformLabel),
    cell("channel", `${row.channelLabel} (${row.channel})`, row.channelLabel),
    cell("start", row.startTitle ?? undefined, ...startParts(row.start)),
    el("span", { class: `c-end${row.live ? " is-live" : ""}`, role: "cell" }, row.end ?? ""),
    row.fraction === null || row.share === null
      ? cell("share")
      : cell("share", undefined, shareBar(row.fraction), row.share),
    cell("links", undefined, ...links),
  );
}
