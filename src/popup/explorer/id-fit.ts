/**
 * A platform or channel picked before the service's lists for its product were known, checked against them
 * when they are (controls-dom.ts): one the lists lack becomes `all`, with a note saying why, since the query
 * would otherwise be a 404. No DOM.
 */
import type { KnownIds } from "../../shared/watch/service-ids.ts";
import { noteText } from "./control-choices.ts";
import type { Control } from "./filter.ts";
import type { ExplorerState } from "./state.ts";

/** Why a platform or channel was set to `all`, shown while the state still has that product (and platform). */
interface Note {
  readonly product: string;
  readonly platform: string;
  readonly text: string;
}

export interface IdFit {
  /** An edit read from the controls: a new product or platform is to be checked. */
  readonly picked: (base: ExplorerState, next: ExplorerState) => void;
  /** The state with `all` for a platform or channel still to check that the known lists lack. */
  readonly fit: (state: ExplorerState) => ExplorerState;
  /** The note of a control, while the state is still the one it was written for. */
  readonly noteOf: (key: Control, state: ExplorerState) => string | undefined;
}

export function createIdFit(ids: KnownIds | undefined): IdFit {
  /**
   * The product whose platform, and channel, are still to be checked against the service's lists: a pick
   * made before they were known is checked when they arrive, once.
   */
  let toCheck: { product: string; platform: boolean; channel: boolean } | null = null;
  const notes: Partial<Record<"platform" | "channel", Note>> = {};

  /** The state with `all` for a platform or channel, and the note that says why. */
  function toAll(state: ExplorerState, key: "platform" | "channel"): ExplorerState {
    const next = { ...state, [key]: "all" };
    notes[key] = { product: next.product, platform: next.platform, text: noteText(state, key) };
    return next;
  }

  return {
    picked(base, next) {
      if (next.product !== base.product) toCheck = { product: next.product, platform: true, channel: true };
      else if (next.platform !== base.platform) {
        const platformOpen = toCheck?.product === next.product && toCheck.platform;
        toCheck = { product: next.product, platform: platformOpen, channel: true };
      }
    },
    fit(state) {
      if (toCheck === null || toCheck.product !== state.product) return state;
      let next = state;
      const platforms = toCheck.platform ? ids?.platforms(next.product) : undefined;
      if (platforms !== undefined) {
        toCheck.platform = false;
        if (next.platform !== "all" && !platforms.includes(next.platform)) {
          next = toAll(next, "platform");
          // The channel in use may be on one platform only; `all` lists every channel, so check it again.
          toCheck.channel = true;
        }
      }
      const channels = toCheck.channel ? ids?.channels(next.product, next.platform) : undefined;
      if (channels !== undefined) {
        toCheck.channel = false;
        if (next.channel !== "all" && !channels.includes(next.channel)) next = toAll(next, "channel");
      }
      if (!toCheck.platform && !toCheck.channel) toCheck = null;
      return next;
    },
    noteOf(key, state) {
      if (key !== "platform" && key !== "channel") return undefined;
      const note = notes[key];
      const current = key === "platform" ? state.platform : state.channel;
      return note && note.product === state.product && note.platform === state.platform && current === "all"
        ? note.text
        : undefined;
    },
  };
}
