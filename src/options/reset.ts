/**
 * "Reset to defaults" acts at once and offers to undo it, which writes back what was stored: a confirmation
 * would stand in the way of every meant reset, and a reset that was not meant (a custom service gone, the
 * badge red at once) is mended with one click.
 */
import { byId } from "../shared/page/dom.ts";
import {
  DEFAULT_SETTINGS,
  resetSettings,
  type Settings,
  type StoredSettings,
} from "../shared/store/settings.ts";
import type { SettingsStore } from "../shared/store/settings.ts";
import type { Status } from "./status.ts";

export interface ResetDeps {
  readonly store: SettingsStore;
  readonly status: Status;
  /** Shows settings in the form (and makes them what edits are measured against). */
  readonly fill: (settings: Settings) => void;
  /** Saves `changes`, saying `done` on the status line when written. */
  readonly write: (changes: Partial<Settings>, done: string) => Promise<void>;
  /** Withdraws the other offers on the page (a pending "Save anyway"), as every action does. */
  readonly dismiss: () => void;
}

export interface Reset {
  /** Withdraws the Undo: after an edit, restoring would overwrite the edit. */
  hideUndo(): void;
}

export function createReset(deps: ResetDeps): Reset {
  const { status } = deps;
  const undoButton = byId("undo-reset", HTMLButtonElement);
  /** What was stored before the reset, while its Undo is offered. */
  let beforeReset: StoredSettings | null = null;

  function hideUndo(): void {
    beforeReset = null;
    undoButton.hidden = true;
  }

  async function reset(): Promise<void> {
    deps.dismiss();
    hideUndo();
    status.busy(true);
    try {
      const removed = await resetSettings(deps.store);
      deps.fill(DEFAULT_SETTINGS);
      status.say("Defaults restored.");
      // Nothing was stored: the defaults were in effect already, and there is nothing to undo.
      if (Object.keys(removed).length > 0) {
        beforeReset = removed;
        undoButton.hidden = false;
      }
    } catch (error) {
      status.failed("Not reset", error);
    } finally {
      status.busy(false);
    }
  }

  /** Writes back what the reset removed (merged over anything stored since, as any save is). */
  async function undo(): Promise<void> {
    const previous = beforeReset;
    if (previous === null) return;
    hideUndo();
    await deps.write(previous, "Settings restored.");
  }

  byId("reset", HTMLButtonElement).addEventListener("click", () => void reset());
  undoButton.addEventListener("click", () => void undo());
  return { hideUndo };
}
