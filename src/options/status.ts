/**
 * The status line under the form and the form's busy state. Every action ends by saying here what it did,
 * or why it did not; while storage or the browser's prompt is answering, the controls are disabled, so
 * nothing is edited under a write that is about to refill the form.
 */
import { byId } from "../shared/page/dom.ts";
import { messageOf } from "../core/errors.ts";

export interface Status {
  /** Replaces the line; an error is styled as one. */
  say(text: string, kind?: "info" | "error"): void;
  /** "`what`: the error's message", as an error. */
  failed(what: string, error: unknown): void;
  /** Empties the line (an edit makes the last action's outcome old news). */
  clear(): void;
  busy(busy: boolean): void;
}

export function createStatus(): Status {
  const form = byId("settings", HTMLFormElement);
  const fields = byId("fields", HTMLFieldSetElement);
  const buttons = [byId("save", HTMLButtonElement), byId("reset", HTMLButtonElement)];
  const line = byId("status", HTMLParagraphElement);
  const say: Status["say"] = (text, kind = "info") => {
    line.textContent = text;
    line.classList.toggle("error", kind === "error");
  };
  return {
    say,
    failed: (what, error) => say(`${what}: ${messageOf(error)}`, "error"),
    clear: () => {
      if (line.textContent !== "") say("");
    },
    busy(busy) {
      fields.disabled = busy;
      for (const button of buttons) button.disabled = busy;
      form.setAttribute("aria-busy", String(busy));
    },
  };
}
