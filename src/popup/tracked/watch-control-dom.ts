/**
 * The "Watch" control under an answer about a web feature, a compat key or a milestone: its threshold and
 * where it counts, saved to the watched list; drawn again when the page tells it the answer changed and when
 * the list does. Text only.
 */
import { byId, setChoices } from "../../shared/page/dom.ts";
import {
  DEFAULT_THRESHOLD,
  THRESHOLDS,
  trackedKey,
  withTracked,
  type TrackedItem,
} from "../../shared/tracked/items.ts";
import { itemOfSubject, whereChoices, whereOf } from "./tracked-list.ts";
import type { WriteList } from "./tracked-list-dom.ts";

/** The answer the control is under: its subject, and whether it is still being completed. Null: none. */
export type AnswerUnder = { readonly subject: string | undefined; readonly busy: boolean } | null;

/** Binds the control; it is drawn again with each answer shown (`under`) and each list read (`listed`). */
export function bindWatchControl(options: { readonly write: WriteList; readonly watchWords: () => string }): {
  under: (answer: AnswerUnder) => void;
  listed: (items: readonly TrackedItem[]) => void;
} {
  const form = byId("answer-watch", HTMLFormElement);
  const threshold = byId("answer-watch-threshold", HTMLSelectElement);
  const where = byId("answer-watch-where", HTMLSelectElement);
  const save = byId("answer-watch-save", HTMLButtonElement);
  const said = byId("answer-watch-status", HTMLElement);
  let items: readonly TrackedItem[] = [];
  let answer: AnswerUnder = null;

  function draw(): void {
    const item = itemOfSubject(answer?.subject);
    form.hidden = item === null;
    // Under an answer still being completed, which may be drawn again taller and move it, the control keeps
    // its place unseen (tracked.css): nothing to click where it will not be, nothing below jumps.
    form.toggleAttribute("data-waiting", answer?.busy === true);
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
    setChoices(where, whereChoices(item.kind, options.watchWords()), current?.where ?? "watched");
    save.textContent = current ? "Save" : "Watch";
    form.dataset.key = trackedKey(item);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = itemOfSubject(answer?.subject);
    if (item === null) return;
    const next: TrackedItem = { ...item, threshold: Number(threshold.value), where: whereOf(where.value) };
    void options.write(
      (all) => withTracked(all, next),
      `Watching: told once when it reaches ${next.threshold}%.`,
      said,
    );
  });
  return {
    // A new answer gets its own control. The same answer drawn again (with its schedule's days, say) keeps
    // what the control said: "Watching…" stays after a quick click.
    under(next) {
      if (next?.subject !== answer?.subject) said.textContent = "";
      answer = next;
      draw();
    },
    listed(next) {
      items = next;
      draw();
    },
  };
}
