/**
 * Fills the header of index.html from header.ts's HeaderData: what the toolbar watches (watch-dom.ts
 * switches it), the version most users run and the one rolling out, with how current that is on the version
 * itself, this browser, the last check, and the matrix of every live platform and channel. Failures are
 * drawn by banners-dom.ts. Text goes in through textContent only.
 */
import { byId, el, shareBar } from "../../shared/page/dom.ts";
import { standingText } from "../../shared/status/this-browser.ts";
import type { HeaderData, LiveMatrix, ShownVersion, VersionState } from "./header-data.ts";

/** Page state the header shows besides the data. */
export interface HeaderUi {
  /** A check asked for from this page is running. */
  readonly refreshing: boolean;
  /** From `action.getUserSettings()`; null when unknown. */
  readonly pinned: boolean | null;
}

export interface HeaderActions {
  readonly onRefresh: () => void;
  readonly onOpenTab: () => void;
  readonly onOptions: () => void;
  readonly onUpdate: () => void;
}

export type DrawHeader = (data: HeaderData, ui: HeaderUi) => void;

/** How the header is drawn besides its data and the page's state. */
export interface HeaderView {
  /** The matrix shows every row ("Show all" pressed). */
  readonly expanded: boolean;
  /** What "Update this browser" does. */
  readonly onUpdate: () => void;
}

/** Pairs shown before "Show all": 24 fit an 800 x 600 popup without scrolling inside it. */
const MATRIX_PAIRS = 24;

const STATE_TAGS: Readonly<Record<VersionState, string>> = {
  current: "",
  stale: "stale",
  failing: "check failed",
  first: "checking…",
};

const $ = (id: string): HTMLElement => byId(id, HTMLElement);

/**
 * Wires the header's controls to `actions` and returns the function that draws it (paintHeader, with the
 * matrix's "Show all" state).
 */
export function createHeader(actions: HeaderActions): DrawHeader {
  // Firefox pins from its Extensions panel, not Chromium's puzzle-piece menu. The page's own scheme says
  // which browser this is, with nothing to load.
  const pinHow = $("pin-how");
  const firefoxWords = pinHow.dataset.firefox;
  if (location.protocol === "moz-extension:" && firefoxWords) pinHow.textContent = firefoxWords;
  let expanded = false;
  let last: { data: HeaderData; ui: HeaderUi } | null = null;

  byId("check-now", HTMLButtonElement).addEventListener("click", actions.onRefresh);
  byId("open-tab", HTMLButtonElement).addEventListener("click", actions.onOpenTab);
  byId("open-options", HTMLButtonElement).addEventListener("click", actions.onOptions);
  byId("live-all", HTMLButtonElement).addEventListener("click", () => {
    expanded = !expanded;
    if (last) draw(last.data, last.ui);
  });

  function draw(data: HeaderData, ui: HeaderUi): void {
    last = { data, ui };
    paintHeader(data, ui, { expanded, onUpdate: actions.onUpdate });
  }
  return draw;
}

/**
 * Draws `data` into the page's header: what createHeader's function does, and the first paint's script
 * (first-paint.ts) alone, before the controls are wired.
 */
export function paintHeader(data: HeaderData, ui: HeaderUi, view: HeaderView): void {
  const checkNow = byId("check-now", HTMLButtonElement);
  $("watch").textContent = data.product;
  $("watch-text").textContent = `${data.platformLabel} · ${data.channelLabel}`;

  checkNow.disabled = ui.refreshing;
  checkNow.textContent = ui.refreshing ? "Checking…" : "Check now";
  const state = ui.refreshing ? "checking…" : STATE_TAGS[data.state];
  $("current").replaceChildren(...glance(data, state));

  const browser = $("browser");
  browser.hidden = data.browser === null;
  if (data.browser) {
    const { name, status } = data.browser;
    const update = el("button", { type: "button", class: "link-button" }, "Update this browser");
    update.addEventListener("click", view.onUpdate);
    browser.replaceChildren(
      `This browser: ${name}`,
      // A browser whose versions are not Chrome's (Firefox) is only named: no claim to compare them.
      ...(status === "behind"
        ? [
            ", ",
            el("strong", { class: "behind" }, `behind ${data.newest?.version ?? "the newest"}`),
            " ",
            update,
          ]
        : status === "unknown"
          ? [", ", el("span", { class: "muted" }, "nothing live to compare with")]
          : [standingText(status, data.newest?.version ?? null, data.channelLabel)]),
    );
  }

  $("checked").replaceChildren(
    data.checked.title ? el("time", { title: data.checked.title }, data.checked.text) : data.checked.text,
    ` · ${data.host}`,
  );
  $("pin-hint").hidden = ui.pinned !== false;
  drawMatrix(data.live, view.expanded);
  $("header").setAttribute("aria-busy", String(ui.refreshing));
}

function drawMatrix(live: LiveMatrix, expanded: boolean): void {
  $("live-summary").hidden = live.pairs === 0;
  $("live-count").textContent = `Live everywhere (${live.pairs})`;
  $("live-head").replaceChildren(
    el("th", { scope: "col" }, "Platform"),
    ...live.channels.map((c) => el("th", { scope: "col" }, c.label)),
  );
  let shown = 0;
  const visible = live.rows.filter((row) => {
    const pairs = row.cells.filter((c) => c !== null).length;
    // Whole rows, up to the bound; the watched platform's row is never the one cut.
    const keep = expanded || shown === 0 || shown + pairs <= MATRIX_PAIRS;
    if (keep) shown += pairs;
    return keep;
  });
  $("live-rows").replaceChildren(
    ...visible.map((row) =>
      el(
        "tr",
        {},
        el("th", { scope: "row", class: "ellipsis", title: row.platform }, row.label),
        ...row.cells.map((cell) =>
          cell === null
            ? el("td", { class: "empty" }, el("span", { class: "sr-only" }, "nothing live"))
            : el(
                "td",
                { title: `${cell.version} at ${cell.share} since ${cell.since}` },
                el("span", { class: "cell-version" }, cell.short),
                " ",
                el("span", { class: "muted" }, cell.share),
                el("span", { class: "sr-only" }, ` (${cell.version} since ${cell.since})`),
              ),
        ),
      ),
    ),
  );
  // What "Show all" shows: every row, in the columns the table has.
  const inTable = live.rows.reduce((n, row) => n + row.cells.filter((c) => c !== null).length, 0);
  const showAll = $("live-all");
  showAll.hidden = inTable <= MATRIX_PAIRS && !expanded;
  showAll.textContent = expanded ? "Show fewer" : `Show all ${inTable}`;
  const more = $("live-more");
  more.hidden = live.moreChannels === 0;
  more.textContent = `The explorer lists ${live.moreChannels} more channels.`;
}

/** The glance: the version most users run and the one rolling out, each with its share and since when. */
function glance(data: HeaderData, state: string): Node[] {
  const tag = state ? [el("span", { class: `state state-${data.state}` }, state)] : [];
  const { newest, mostUsers } = data;
  if (newest === null) {
    return [el("p", { class: "muted" }, data.nothingLive ?? ""), ...tag];
  }
  const lines = mostUsers
    ? [
        line("Most users", mostUsers, "most-users"),
        line(data.earlyStable ? "Early stable" : "Rolling out", newest, "newest"),
      ]
    : [line("Live", newest, "newest")];
  // The state goes on the first line, on the version a glance reads first.
  lines[0]?.append(...tag);
  return [...lines, ...(data.alsoLive !== null ? [el("p", { class: "also" }, data.alsoLive)] : [])];
}

function line(role: string, v: ShownVersion, id: string): HTMLElement {
  return el(
    "p",
    { class: "line" },
    el("span", { class: "role" }, role),
    el("span", { id, class: "version ellipsis", title: v.version }, v.version),
    shareBar(v.fraction),
    el("strong", {}, v.share),
    el("span", { class: "muted" }, v.since),
  );
}
