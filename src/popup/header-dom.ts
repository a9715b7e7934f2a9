/**
 * Fills the header of index.html from header.ts's HeaderData: the watched channel's rollout, this browser,
 * how current the data is and the service host, the pin hint and the table of every live platform and
 * channel. Failures are not drawn here: they go to the banners (banners-dom.ts). Text goes in through
 * textContent only.
 */
import { byId, el, shareBar } from "../shared/dom.ts";
import type { HeaderData, ShownVersion } from "./header.ts";

/** Page state the header shows besides the data. */
export interface HeaderUi {
  /** A check asked for from this popup is running. */
  readonly refreshing: boolean;
  /** From `action.getUserSettings()`; null when unknown. */
  readonly pinned: boolean | null;
}

export type DrawHeader = (data: HeaderData, ui: HeaderUi) => void;

/** Wires "Check now" to `onRefresh` and returns the function that draws the header. */
export function createHeader(onRefresh: () => void): DrawHeader {
  const $ = (id: string): HTMLElement => byId(id, HTMLElement);
  const checkNow = byId("check-now", HTMLButtonElement);
  const watch = $("watch");
  const checked = $("checked");
  const current = $("current");
  const browser = $("browser");
  const pin = $("pin-hint");
  const summary = $("live-summary");
  const count = $("live-count");
  const rows = $("live-rows");
  const header = $("header");
  checkNow.addEventListener("click", onRefresh);

  return (data, ui) => {
    watch.textContent = `${data.product} · ${data.platformLabel} · ${data.channelLabel}`;
    checked.replaceChildren(
      data.checked.title ? el("time", { title: data.checked.title }, data.checked.text) : data.checked.text,
      ` · ${data.host}`,
    );
    checkNow.disabled = ui.refreshing;
    checkNow.textContent = ui.refreshing ? "Checking…" : "Check now";

    const { newest, mostUsers } = data;
    current.replaceChildren(
      ...(newest
        ? [
            el("span", { id: "newest", class: "version" }, newest.version),
            shareBar(newest.fraction),
            el("strong", {}, newest.share),
            el("span", { class: "muted" }, newest.since),
            ...(mostUsers ? [line("most-users", "Most users", [mostUsers])] : []),
            ...(data.others.length > 0 ? [line("also", "Also live", data.others)] : []),
          ]
        : [el("span", { class: "muted" }, data.nothingLive ?? "")]),
    );

    browser.hidden = data.browser === null;
    if (data.browser) {
      const { version, status } = data.browser;
      browser.replaceChildren(
        `This browser: ${version}, `,
        status === "behind"
          ? el("strong", { class: "behind" }, "behind the newest live version")
          : status === "current"
            ? "up to date"
            : el("span", { class: "muted" }, "nothing live to compare with"),
      );
    }

    pin.hidden = ui.pinned !== false;

    summary.hidden = data.live.length === 0;
    count.textContent = `Live everywhere (${data.live.length})`;
    rows.replaceChildren(
      ...data.live.map((row) =>
        el(
          "tr",
          {},
          el("td", {}, row.channel),
          el("td", {}, row.platform),
          el("td", {}, row.version),
          el("td", {}, row.share),
          el("td", {}, row.since),
        ),
      ),
    );
    header.setAttribute("aria-busy", String(ui.refreshing));
  };
}

/** "Most users: 150.0.1.2 (75%, since ...)" under the newest version. */
function line(cls: string, label: string, versions: readonly ShownVersion[]): HTMLElement {
  return el(
    "span",
    { class: "also", id: cls },
    `${label}: ${versions.map((v) => `${v.version} (${v.share}, ${v.since})`).join("; ")}`,
  );
}
