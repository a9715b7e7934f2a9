/**
 * index.html's advanced field: the service's filter syntax, in step with the controls. A valid edit becomes
 * the explorer's state; an invalid one keeps the last good state and is explained under the field, with an
 * excerpt of the text mirrored and the wrong clause marked. A valid filter the service will answer with
 * nothing (a platform or channel it does not have) gets a note under the field, and is applied all the same.
 */
import type { InvalidQueryError } from "../../core/errors.ts";
import { advancedErrorView } from "./advanced-error.ts";
import { advancedText, applyAdvanced, FilterTooLongError, MAX_FILTER_LENGTH } from "./advanced.ts";
import { stateToFilter } from "./filter.ts";
import { idHints, type KnownIds } from "./id-hints.ts";
import { byId, el } from "../../shared/page/dom.ts";
import type { ExplorerState } from "./state.ts";

export interface AdvancedField {
  /**
   * Writes the filter of a state changed elsewhere (the controls), clearing any error shown, and refreshes
   * the note about ids the service does not have (call it again when the known ids arrive).
   */
  show(state: ExplorerState): void;
}

/** The id of the note under the field, made here when the page has no such element. */
const HINT_ID = "advanced-hint";

/**
 * `state` is the explorer's state now; `onChange` gets the state a valid edit makes of it. `known`, when
 * given, returns the platform and channel ids the service has listed, for the note on values it will never
 * match; without it (or with no ids yet) there is no note.
 */
export function bindAdvanced(
  state: () => ExplorerState,
  onChange: (next: ExplorerState) => void,
  known?: () => KnownIds,
): AdvancedField {
  const field = byId("advanced", HTMLInputElement);
  const error = byId("advanced-error", HTMLElement);
  const hint = hintElement(field, error);
  // No maxlength: the browser would cut a longer text pasted in without a word, leaving a clause cut in two
  // ("unknown field versi"). A text over the limit stays whole and is refused in `input`, which
  // says how long it is and marks what goes past the limit.

  field.addEventListener("input", () => {
    const result = applyAdvanced(field.value, state());
    showError(result.ok ? null : result.error);
    if (result.ok) {
      showHints(result.state);
      onChange(result.state);
    }
  });
  field.addEventListener("change", () => {
    // Leaving a valid field shows it the way the service will read it.
    if (!field.hasAttribute("aria-invalid")) field.value = advancedText(state());
  });

  function showError(e: InvalidQueryError | null): void {
    if (e === null) {
      field.removeAttribute("aria-invalid");
      error.replaceChildren();
      return;
    }
    // An error replaces the note: the last good state may not be what the field now says.
    hint.replaceChildren();
    hint.hidden = true;
    const view = advancedErrorView(field.value, e);
    field.setAttribute("aria-invalid", "true");
    error.replaceChildren(
      el("span", {}, view.message),
      // An excerpt of the text with the wrong clause marked (an empty clause gets a visible gap to mark).
      el(
        "span",
        { class: "mirror mono", "aria-hidden": "true" },
        view.before,
        el("mark", {}, view.clause || " "),
        view.after,
      ),
    );
  }

  function showHints(next: ExplorerState): void {
    const lines = known ? idHints(stateToFilter(next), known()) : [];
    // One line per hint, as text: the values in them are what the person typed.
    hint.replaceChildren(...lines.flatMap((line, i) => (i === 0 ? [line] : [el("br"), line])));
    hint.hidden = lines.length === 0;
  }

  return {
    show(next) {
      const text = advancedText(next);
      field.value = text;
      // A restored state can hold more than the field takes: say so, as for a pasted text.
      if (text.length > MAX_FILTER_LENGTH) {
        showError(new FilterTooLongError(text));
        return;
      }
      showError(null);
      showHints(next);
    },
  };
}

/**
 * The note's element: the page's own `#advanced-hint` when it has one, else a `.hint` element made after the
 * error (the page styles `.advanced > .hint` under the field), announced politely and named by the field.
 */
function hintElement(field: HTMLInputElement, error: HTMLElement): HTMLElement {
  const found = document.getElementById(HINT_ID);
  if (found instanceof HTMLElement) return found;
  const made = el("div", { id: HINT_ID, class: "hint", "aria-live": "polite", hidden: true });
  error.after(made);
  const described = field.getAttribute("aria-describedby") ?? "";
  field.setAttribute("aria-describedby", `${described} ${HINT_ID}`.trim());
  return made;
}
