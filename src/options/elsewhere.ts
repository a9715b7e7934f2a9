/**
 * A change of the stored settings written elsewhere (another tab, the popup, the console) refreshes the form
 * when it has no unsaved edits, and otherwise shows a notice instead of overwriting them. This page's own
 * save comes back the same way, and is adopted quietly.
 */
import { byId } from "../shared/page/dom.ts";
import type { Settings } from "../shared/store/settings.ts";
import { readForm, sameFormValues, sameSettings, toFormValues, type FormValues } from "./form.ts";
import type { Status } from "./status.ts";

/**
 * What the form does when `stored` is read after a change: nothing when the form was filled with it already;
 * adopt it quietly when the form shows it (usually this page's own save); show it, saying so, when the form
 * has no unsaved edits; else keep the edits and offer it.
 */
export type StoredChange = "none" | "adopt" | "show" | "offer";

export function storedChange(stored: Settings, base: Settings, values: FormValues): StoredChange {
  if (sameSettings(stored, base)) return "none";
  const reading = readForm(values);
  if (reading.ok && sameSettings(reading.settings, stored)) return "adopt";
  return sameFormValues(values, toFormValues(base)) ? "show" : "offer";
}

export interface ElsewhereDeps {
  readonly status: Status;
  readonly fill: (settings: Settings) => void;
}

export interface Elsewhere {
  /** Acts on `stored`, read after a change, against the form's `base` and its `values` now. */
  changed(stored: Settings, base: Settings, values: FormValues): void;
  /** Withdraws the notice: the form was filled. */
  hide(): void;
}

export function createElsewhere(deps: ElsewhereDeps): Elsewhere {
  const notice = byId("elsewhere", HTMLDivElement);
  /** Settings written elsewhere while the form had unsaved edits, until the person chooses. */
  let offered: Settings | null = null;

  byId("show-elsewhere", HTMLButtonElement).addEventListener("click", () => {
    if (offered !== null) deps.fill(offered);
    deps.status.say("The form shows the new settings.");
  });

  return {
    changed(stored, base, values) {
      const change = storedChange(stored, base, values);
      if (change === "adopt") deps.fill(stored);
      else if (change === "show") {
        deps.fill(stored);
        deps.status.say("The settings were changed elsewhere; the form shows them now.");
      } else if (change === "offer") {
        offered = stored;
        notice.hidden = false;
      }
    },
    hide() {
      offered = null;
      notice.hidden = true;
    },
  };
}
