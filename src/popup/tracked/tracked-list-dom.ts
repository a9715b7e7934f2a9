/**
 * The watched items' list under the glance, drawn from the view the worker stored (tracked/view.ts): one
 * summary line, collapsed while nothing is near its threshold; the five nearest items in full and the rest a
 * click away; each with its Stop button. Text only.
 */
import { byId, el, shareBar, withDays } from "../../shared/page/dom.ts";
import { localDay } from "../../shared/status/countdown.ts";
import { withoutTracked, type TrackedBeyond, type TrackedItem } from "../../shared/tracked/items.ts";
import type { TrackedView, TrackedViewItem } from "../../shared/tracked/view.ts";
import { beyondWords, featureLines, itemTitle, listWords, nearestFirst, rowLine } from "./tracked-list.ts";

/** Edits the stored list; `where` says how it went (the control's status, or the list's). */
export type WriteList = (
  edit: (items: readonly TrackedItem[]) => readonly TrackedItem[] | null,
  done: string,
  where: HTMLElement,
) => Promise<void>;

/** Binds the list; the returned function draws it from the items listed, the view and what is kept beyond. */
export function bindTrackedList(options: {
  readonly write: WriteList;
  readonly watchWords: () => string;
}): (items: readonly TrackedItem[], view: TrackedView | null, beyond: TrackedBeyond) => void {
  const section = byId("tracked", HTMLDetailsElement);
  const summary = byId("tracked-summary", HTMLElement);
  const list = byId("tracked-list", HTMLUListElement);
  const status = byId("tracked-status", HTMLElement);
  /** The person opened or closed the list: their choice stands over the rule while the page is open. */
  let chosen = false;
  /** What the rule last set (a toggle to anything else is the person's). */
  let ruled: boolean | null = null;
  section.addEventListener("toggle", () => {
    if (section.open !== ruled) chosen = true;
  });

  /** Whether the person opened the items past the nearest: kept over the redraw of each poll. */
  let moreOpen = false;
  function moreDetails(...children: Node[]): HTMLDetailsElement {
    const details = el("details", { open: moreOpen }, ...children);
    details.addEventListener("toggle", () => (moreOpen = details.open));
    return details;
  }

  function draw(items: readonly TrackedItem[], view: TrackedView | null, beyond: TrackedBeyond): void {
    const shown = view?.items ?? [];
    const told = beyondWords(beyond);
    section.hidden = items.length === 0 && told === null;
    const note = told === null ? [] : [el("li", { class: "tracked-beyond hint" }, told)];
    if (items.length === 0) {
      summary.textContent = "Watching nothing this version can list";
      list.replaceChildren(...note);
      return;
    }
    const n = `${items.length} item${items.length === 1 ? "" : "s"}`;
    const words = listWords({ at: view?.at ?? 0, items: shown });
    summary.textContent =
      view === null || view.items.length !== items.length
        ? `Watching ${n}: worked out after the next check`
        : words.summary;
    if (!chosen) section.open = ruled = words.open;
    const today = localDay(Date.now());
    const { shown: nearest, rest } = nearestFirst(shown);
    const more =
      rest.length === 0
        ? []
        : [
            el(
              "li",
              { class: "tracked-more" },
              moreDetails(
                el("summary", {}, `${rest.length} more, further from their threshold`),
                el("ul", { class: "tracked-list" }, ...rest.map(drawItem)),
              ),
            ),
          ];
    list.replaceChildren(...nearest.map(drawItem), ...more, ...note);

    function drawItem(item: TrackedViewItem): HTMLLIElement {
      const stop = el(
        "button",
        { type: "button", class: "link-button", "aria-label": `Stop watching ${item.label}` },
        "Stop watching",
      );
      stop.addEventListener("click", () => {
        void options.write((all) => withoutTracked(all, item.key), `Stopped watching ${item.label}.`, status);
        summary.focus();
      });
      const rows = item.rows.map((row) => {
        const bar = shareBar(row.share ?? 0);
        const mark = el("span", { class: "mark" });
        mark.style.left = `${item.threshold}%`;
        bar.append(mark);
        const why = row.expected
          ? [el("span", { class: "hint" }, ...withDays(` (${row.expected.why})`))]
          : [];
        return el("li", { class: `tracked-row ${row.state}` }, bar, ...withDays(rowLine(row, today)), ...why);
      });
      return el(
        "li",
        { class: "tracked-item", "data-key": item.key },
        el("p", { class: "tracked-title" }, itemTitle(item, options.watchWords()), " ", stop),
        ...(item.missing ? [el("p", { class: "hint" }, "The bundled feature data no longer has it.")] : []),
        el("ul", { class: "tracked-rows" }, ...rows),
        ...featureLines(item, today).map((line) => el("p", { class: "hint" }, ...withDays(line))),
      );
    }
  }

  return draw;
}
