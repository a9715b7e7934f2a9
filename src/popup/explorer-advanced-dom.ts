/**
 * index.html's advanced field: the service's filter syntax, in step with the controls. A valid edit becomes
 * the explorer's state; an invalid one keeps the last good state and is explained under the field, with the
 * text mirrored and the wrong clause marked.
 */
import type { InvalidQueryError } from "../core/errors.ts";
import { advancedErrorView } from "./advanced-error.ts";
import { advancedText, applyAdvanced } from "./explorer-advanced.ts";
import { byId, el } from "../shared/dom.ts";
import type { ExplorerState } from "./explorer-state.ts";

export interface AdvancedField {
  /** Writes the filter of a state changed elsewhere (the controls), clearing any error shown. */
  show(state: ExplorerState): void;
}

/** `state` is the explorer's state now; `onChange` gets the state a valid edit makes of it. */
export function bindAdvanced(
  state: () => ExplorerState,
  onChange: (next: ExplorerState) => void,
): AdvancedField {
  const field = byId("advanced", HTMLInputElement);
  const error = byId("advanced-error", HTMLElement);

  field.addEventListener("input", () => {
    const result = applyAdvanced(field.value, state());
    showError(result.ok ? null : result.error);
    if (result.ok) onChange(result.state);
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
    const view = advancedErrorView(field.value, e);
    field.setAttribute("aria-invalid", "true");
    error.replaceChildren(
      el("span", {}, view.message),
      // The text again with the wrong clause marked (an empty clause gets a visible gap to mark).
      el(
        "span",
        { class: "mirror mono", "aria-hidden": "true" },
        view.before,
        el("mark", {}, view.clause || " "),
        view.after,
      ),
    );
  }

  return {
    show(next) {
      field.value = advancedText(next);
      showError(null);
    },
  };
}
