/**
 * The watched items ("tell me when :has() reaches 95% of my users"), loaded after the first paint: the
 * list under the glance, drawn from the view the worker stored, and the "Watch" control under an answer about
 * a web feature, a compat key or a milestone (the page tells it each answer shown). Both redraw when the list or the view changes in storage,
 * whoever changed it (this page, another device through sync, the worker after a poll). Text only.
 */
import { labelOf } from "../../core/catalog.ts";
import { byId } from "../../shared/page/dom.ts";
import { MAX_TRACKED, type TrackedBeyond, type TrackedItem } from "../../shared/tracked/items.ts";
import type { TrackedView } from "../../shared/tracked/view.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";
import { bindTrackedList, type WriteList } from "./tracked-list-dom.ts";
import { bindWatchControl, type AnswerUnder } from "./watch-control-dom.ts";
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

/** What the page tells the watched items: what the toolbar watches, and each answer shown. */
export interface TrackedPage {
  readonly watch: () => Watch;
  /** Calls `draw` with the answer shown now and each time it changes. */
  readonly answers: (draw: (answer: AnswerUnder) => void) => void;
}

/** Binds the list and the answer's control; resolves once both are drawn from storage. */
export async function bindTracked(api: TrackedApi, { watch, answers }: TrackedPage): Promise<void> {
  addStyle(trackedCss);
  const status = byId("tracked-status", HTMLElement);
  let items: readonly TrackedItem[] = [];
  let view: TrackedView | null = null;
  let beyond: TrackedBeyond = { newer: 0, over: 0, other: 0, notList: false };
  const watchWords = (): string => `${labelOf(watch().platform)} ${labelOf(watch().channel)}`;

  /** Edits the stored list; `where` says how it went (the control's status, or the list's). */
  const write: WriteList = async (edit, done, where) => {
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
  };

  const drawList = bindTrackedList({ write, watchWords });
  const control = bindWatchControl({ write, watchWords });

  async function load(): Promise<void> {
    try {
      ({ list: items, view, beyond } = await api.load());
      if (status.dataset.failed !== undefined) status.textContent = "";
      delete status.dataset.failed;
    } catch (e) {
      status.textContent = `Watched items not read: ${e instanceof Error ? e.message : String(e)}`;
      status.dataset.failed = "";
    }
    drawList(items, view, beyond);
    control.listed(items);
  }
  await api.onChange(() => void load());
  await load();
  // Told the answer shown once the list is read: before, it would offer Watch for an item already watched.
  answers(control.under);
}
