/**
 * The watched items ("tell me when :has() reaches 95% of my users"), loaded after the first paint: the
 * list under the glance, drawn from the view the worker stored, and the "Watch" control under an answer about
 * a web feature, a compat key or a milestone. Both redraw when the list or the view changes in storage,
 * whoever changed it (this page, another device through sync, the worker after a poll). Text only.
 */
import { labelOf } from "../../core/catalog.ts";
import { byId, el, setChoices, shareBar, withDays } from "../../shared/page/dom.ts";
import { localDay } from "../../shared/status/countdown.ts";
import {
  DEFAULT_THRESHOLD,
  MAX_TRACKED,
  THRESHOLDS,
  trackedKey,
  withoutTracked,
  withTracked,
  type TrackedBeyond,
  type TrackedItem,
} from "../../shared/tracked/items.ts";
import type { TrackedView, TrackedViewItem } from "../../shared/tracked/view.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";
import {
  featureLines,
  itemOfSubject,
  itemTitle,
  listWords,
  nearestFirst,
  rowLine,
  beyondWords,
  whereChoices,
  whereOf,
} from "./tracked-list.ts";
import trackedCss from "./tracked.css?inline";
import { addStyle } from "../../shared/page/style-dom.ts";

/** The watched items: the list (sync) and the view the worker works out from it (tracked/view.ts). */
export interface TrackedApi {
  load(): Promise<{
    readonly list: readonly TrackedItem[];
    readonly view: TrackedView | null;
    /** What the stored list holds besides the items listed (items.ts trackedBeyond). */
    readonly beyond: TrackedBeyond;
  }>;
  /**
   * Edits the stored list: `edit` gets the items listed and returns the new ones (null: refused), and every
   * other stored entry is kept as it was (items.ts editStored). False when refused.
   */
  edit(edit: (items: readonly TrackedItem[]) => readonly TrackedItem[] | null): Promise<boolean>;
  /** Calls `callback` when the list or the view changes; resolves once listening. */
  onChange(callback: () => void): Promise<void>;
}

/** Binds the list and the answer's control; resolves once both are drawn from storage. */
export async function bindTracked(api: TrackedApi, watch: () => Watch): Promise<void> {
  addStyle(trackedCss);
  const section = byId("tracked", HTMLDetailsElement);
  const summary = byId("tracked-summary", HTMLElement);
  const list = byId("tracked-list", HTMLUListElement);
  const status = byId("tracked-status", HTMLElement);
  const answer = byId("answer", HTMLElement);
  const form = byId("answer-watch", HTMLFormElement);
  const threshold = byId("answer-watch-threshold", HTMLSelectElement);
  const where = byId("answer-watch-where", HTMLSelectElement);
  const save = byId("answer-watch-save", HTMLButtonElement);
  const said = byId("answer-watch-status", HTMLElement);
  let items: readonly TrackedItem[] = [];
  let view: TrackedView | null = null;
  let beyond: TrackedBeyond = { newer: 0, over: 0, other: 0, notList: false };
  /** The person opened or closed the list: their choice stands over the rule while the page is open. */
  let chosen = false;
  /** What the rule last set (a toggle to anything else is the person's). */
  let ruled: boolean | null = null;
  section.addEventListener("toggle", () => {
    if (section.open !== ruled) chosen = true;
  });

  const watchWords = (): string => `${labelOf(watch().platform)} ${labelOf(watch().channel)}`;

  /** Edits the stored list; `where` says how it went (the control's status, or the list's). */
  async function write(
    edit: (items: readonly TrackedItem[]) => readonly TrackedItem[] | null,
    done: string,
    where: HTMLElement,
  ): Promise<void> {
    try {
      const saved = await api.edit(edit);
      where.textContent = saved
        ? done
        : beyond.notList
          ? "Not saved: the watched list stored in sync is not a list this version can edit."
          : `Already watching ${MAX_TRACKED} items: stop watching one first.`;
    } catch (e) {
      where.textContent = `Not saved: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  /** Whether the person opened the items past the nearest: kept over the redraw of each poll. */
  let moreOpen = false;
  function moreDetails(...children: Node[]): HTMLDetailsElement {
    const details = el("details", { open: moreOpen }, ...children);
    details.addEventListener("toggle", () => (moreOpen = details.open));
    return details;
  }

  function drawList(): void {
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
        void write((all) => withoutTracked(all, item.key), `Stopped watching ${item.label}.`, status);
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
        el("p", { class: "tracked-title" }, itemTitle(item, watchWords()), " ", stop),
        ...(item.missing ? [el("p", { class: "hint" }, "The bundled feature data no longer has it.")] : []),
        el("ul", { class: "tracked-rows" }, ...rows),
        ...featureLines(item, today).map((line) => el("p", { class: "hint" }, ...withDays(line))),
      );
    }
  }

  function drawControl(): void {
    const item = itemOfSubject(answer.hidden ? undefined : answer.dataset.subject);
    form.hidden = item === null;
    // Under an answer still being completed (ask-dom.ts), which may be drawn again taller and move it, the
    // control keeps its place unseen (tracked.css): nothing to click where it will not be, nothing below jumps.
    form.toggleAttribute("data-waiting", answer.getAttribute("aria-busy") === "true");
    if (item === null) return;
    const current = items.find((x) => trackedKey(x) === trackedKey(item));
    // Redrawn on every change of the list or the view (each poll): a choice not saved yet stays.
    const same =
      form.dataset.key === trackedKey(item) && form.dataset.saved === JSON.stringify(current ?? null);
    form.dataset.saved = JSON.stringify(current ?? null);
    if (same) return;
    setChoices(
      threshold,
      THRESHOLDS.map((t) => ({ value: String(t), label: `${t}%` })),
      String(current?.threshold ?? DEFAULT_THRESHOLD),
    );
    setChoices(where, whereChoices(item.kind, watchWords()), current?.where ?? "watched");
    save.textContent = current ? "Save" : "Watch";
    form.dataset.key = trackedKey(item);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = itemOfSubject(answer.dataset.subject);
    if (item === null) return;
    const next: TrackedItem = {
      ...item,
      threshold: Number(threshold.value),
      where: whereOf(where.value),
    };
    void write(
      (all) => withTracked(all, next),
      `Watching: told once when it reaches ${next.threshold}%.`,
      said,
    );
  });
  // A new answer (drawn by the asking module, whenever it arrives) gets its own control. The same answer drawn
  // again (with its schedule's days, say) keeps what the control said: "Watching…" stays after a quick click.
  const subjectShown = (): string | undefined => (answer.hidden ? undefined : answer.dataset.subject);
  let subject = subjectShown();
  new MutationObserver(() => {
    if (subjectShown() !== subject) said.textContent = "";
    subject = subjectShown();
    drawControl();
  }).observe(answer, { attributes: true, attributeFilter: ["data-subject", "hidden", "aria-busy"] });

  async function load(): Promise<void> {
    try {
      ({ list: items, view, beyond } = await api.load());
      if (status.dataset.failed !== undefined) status.textContent = "";
      delete status.dataset.failed;
    } catch (e) {
      status.textContent = `Watched items not read: ${e instanceof Error ? e.message : String(e)}`;
      status.dataset.failed = "";
    }
    drawList();
    drawControl();
  }
  await api.onChange(() => void load());
  await load();
}
