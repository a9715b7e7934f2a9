/**
 * The service's address: its hints (the default, and the schedule an empty schedule box follows) and the
 * host-permission prompt a save of an address on another origin goes through:
 *
 *   save -> on the default service's origin? --yes--> write -> "Saved."
 *             | no
 *           permissions.request (needs the click's user gesture, so nothing is awaited before it)
 *             | held ------------------------------> write -> "Saved."
 *             | granted ---------------------------> write -> "Saved. Release Radar may now read ..."
 *             | refused -> "Save anyway" (the worker fetches through CORS) -> write
 *                          "Cancel" ------------------------------------------> nothing written
 *
 * Monthly usage updates turned on ask for caniuse's files' host in the same request; refused, the rest is
 * saved with the updates left off (there is no CORS fallback worth offering for them), and said.
 */
import { truncate } from "../core/client/errors.ts";
import { byId } from "../shared/page/dom.ts";
import { DEFAULT_SETTINGS, type Settings } from "../shared/store/settings.ts";
import { usageSourceOf } from "../shared/usage/usage-source.ts";
import { accessPatternFor, requestAccess, type PermissionsLike } from "./access.ts";
import type { Status } from "./status.ts";

export interface ServiceFieldDeps {
  readonly permissions: PermissionsLike;
  readonly status: Status;
  /** Saves `changes`, saying `done` on the status line when written. */
  readonly write: (changes: Partial<Settings>, done: string) => Promise<void>;
}

export interface ServiceField {
  /** Shows `followed` as the schedule an empty schedule box stands for. */
  showFollowed(followed: string): void;
  /**
   * Writes `changes`, first asking for access to a new base URL's origin when they hold one, and to the usage
   * tables' source when they turn monthly updates on (`base`: the settings the changes go over). Call it from
   * the submit handler with no await before it: Firefox takes permissions.request only inside the handler.
   */
  save(changes: Partial<Settings>, base: Settings): Promise<void>;
  /** Withdraws a pending "Save anyway": an edit or another action makes it stale. */
  hide(): void;
}

export function createServiceField(deps: ServiceFieldDeps): ServiceField {
  const { status, write } = deps;
  const schedule = byId("scheduleUrl", HTMLInputElement);
  const followedText = byId("scheduleUrl-followed", HTMLElement);
  const panel = byId("access", HTMLDivElement);
  const panelText = byId("access-text", HTMLParagraphElement);
  const saveAnyway = byId("save-anyway", HTMLButtonElement);
  /** Changes waiting for "Save anyway" after access was refused. */
  let unconfirmed: { readonly changes: Partial<Settings>; readonly origin: string } | null = null;

  byId("baseUrl-default", HTMLElement).textContent = DEFAULT_SETTINGS.baseUrl;

  function hide(): void {
    unconfirmed = null;
    panel.hidden = true;
  }

  saveAnyway.addEventListener("click", () => {
    if (unconfirmed === null) return;
    const { changes, origin } = unconfirmed;
    void write(changes, `Saved. Without access to ${origin}, the service worker fetches it through CORS.`);
  });
  byId("cancel-save", HTMLButtonElement).addEventListener("click", () => {
    hide();
    status.say("Not saved.");
  });

  /** Access to a new service's `origin` was refused: "Save anyway" (through CORS) or Cancel. */
  function offerAnyway(changes: Partial<Settings>, origin: string, reason: string): void {
    unconfirmed = { changes, origin };
    panelText.textContent =
      `Release Radar has no access to ${origin} (${reason}). Saved anyway, the service worker ` +
      `still fetches from it through CORS, which works only if that service allows requests from other ` +
      `sites. Save anyway?`;
    panel.hidden = false;
    status.say("Not saved yet.");
    saveAnyway.focus();
  }

  return {
    showFollowed(followed) {
      schedule.placeholder = followed;
      followedText.textContent = followed;
    },
    hide,
    async save(changes, base) {
      const pattern =
        changes.baseUrl === undefined ? null : accessPatternFor(changes.baseUrl, DEFAULT_SETTINGS.baseUrl);
      const usage = changes.usageUpdates === true ? new URL(usageSourceOf({ ...base, ...changes })) : null;
      if (usage !== null) {
        const patterns = [...(pattern === null ? [] : [pattern]), `${usage.protocol}//${usage.hostname}/*`];
        status.busy(true);
        status.say(
          `Asking the browser for access to ${patterns.join(" and ")}: answer its prompt to continue.`,
        );
        const outcome = await requestAccess(deps.permissions, patterns);
        status.busy(false);
        if (outcome.kind !== "refused") return write(changes, "Saved.");
        const without = { ...changes, usageUpdates: false };
        if (pattern === null) {
          return write(
            without,
            `Saved, without monthly usage updates: Release Radar has no access to ${usage.origin} (${outcome.reason}).`,
          );
        }
        // A new service refused with it: its address still waits for "Save anyway", as when asked alone.
        return offerAnyway(without, truncate(new URL(changes.baseUrl ?? "").origin, 80), outcome.reason);
      }
      if (changes.baseUrl === undefined || pattern === null) return write(changes, "Saved.");
      // An origin as the status line quotes it: a long one cut short, so the line stays a line.
      const origin = truncate(new URL(changes.baseUrl).origin, 80);
      status.busy(true);
      status.say(`Asking the browser for access to ${origin}: answer its prompt to continue.`);
      const outcome = await requestAccess(deps.permissions, pattern);
      status.busy(false);
      if (outcome.kind === "held") return write(changes, "Saved.");
      if (outcome.kind === "granted") return write(changes, `Saved. Release Radar may now read ${origin}.`);
      offerAnyway(changes, origin, outcome.reason);
    },
  };
}
