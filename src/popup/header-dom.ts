/**
 * Fills the header of index.html from header-view.ts's HeaderData: the watched channel's rollout, this
 * browser, the last check and the service host, the banner when the data is failing or stale, the pin hint and
 * the `#live` summary of every live release. Text goes in through textContent only.
 */
import { byId, el, shareBar } from "./dom.ts";
import type { HeaderData } from "./header-view.ts";

/** Page state the header shows besides the data. */
export interface HeaderUi {
  /** A check asked for from this popup is running. */
  readonly refreshing: boolean;
  /** Why asking the service worker for a check failed, if it did. */
  readonly refreshError: string | null;
  /** From `action.getUserSettings()`; null when unknown. */
  readonly pinned: boolean | null;
}

export type DrawHeader = (data: HeaderData, ui: HeaderUi) => void;

/** Wires the header's buttons to `onRefresh` and returns the function that draws it. */
export function createHeader(onRefresh: () => void): DrawHeader {
  const $ = (id: string): HTMLElement => byId(id, HTMLElement);
  const checkNow = byId("check-now", HTMLButtonElement);
  const retry = byId("retry", HTMLButtonElement);
  const watch = $("watch");
  const checked = $("checked");
  const current = $("current");
  const browser = $("browser");
  const banner = $("banner");
  const message = $("banner-message");
  const detail = $("banner-detail");
  const pin = $("pin-hint");
  const summary = $("live-summary");
  const count = $("live-count");
  const rows = $("live-rows");
  const header = $("header");
  checkNow.addEventListener("click", onRefresh);
  retry.addEventListener("click", onRefresh);

  return (data, ui) => {
    watch.textContent = `${data.product} · ${data.platformLabel} · ${data.channelLabel}`;
    checked.replaceChildren(
      ...(data.checked
        ? [
            "last checked ",
            el("time", { title: data.checked.absolute }, data.checked.relative),
            ` · ${data.host}`,
          ]
        : [`not checked yet · ${data.host}`]),
    );
    checkNow.disabled = retry.disabled = ui.refreshing;
    checkNow.textContent = ui.refreshing ? "Checking…" : "Check now";
    retry.textContent = ui.refreshing ? "Retrying…" : "Retry";

    const newest = data.newest;
    current.replaceChildren(
      ...(newest
        ? [
            el("span", { id: "newest", class: "version" }, newest.version),
            shareBar(newest.fraction),
            el("strong", {}, newest.share),
            el("span", { class: "muted" }, `since ${newest.sinceText}`),
            ...(data.others.length > 0
              ? [
                  el(
                    "span",
                    { class: "also" },
                    `Also live: ${data.others.map((o) => `${o.version} (${o.share})`).join(", ")}`,
                  ),
                ]
              : []),
          ]
        : [el("span", { class: "muted" }, data.nothingLive ?? "No release data yet.")]),
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

    const kind = ui.refreshError !== null ? "error" : data.banner?.kind;
    banner.hidden = kind === undefined;
    banner.className = `banner ${kind ?? ""}`;
    banner.setAttribute("role", kind === "error" ? "alert" : "status");
    message.textContent = data.banner?.message ?? "";
    const details = [data.banner?.detail, ui.refreshError && `Could not ask for a check: ${ui.refreshError}`];
    detail.textContent = details.filter(Boolean).join("\n");
    detail.hidden = detail.textContent === "";

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
