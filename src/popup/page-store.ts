/**
 * The popup page's one state (page-state.ts) and who draws from it: the shell and each part subscribe, a
 * transition moves the state and tells them all. The only place the page's state changes.
 */
import type { PageState } from "./page-state.ts";
import type { Stored } from "./stored.ts";

export interface PageStore {
  readonly get: () => PageState;
  /** Moves to what `transition` makes of the state now, and tells every subscriber. */
  readonly apply: (transition: (state: PageState) => PageState) => void;
  /**
   * Calls `draw` with the state now, after each change of what `of` picks from it (each change when absent)
   * and at each tick, until `signal` aborts: a part draws again only when what it shows changed (the header,
   * read aloud when it changes, is not drawn again for each keystroke of a question).
   */
  readonly subscribe: (
    draw: (state: PageState) => void,
    signal: AbortSignal,
    of?: (state: PageState) => readonly unknown[],
  ) => void;
  /** Tells the subscribers again, the state unchanged: relative times ("3 min ago") are drawn anew. */
  readonly tick: () => void;
}

export function createPageStore(initial: PageState): PageStore {
  let state = initial;
  /** Each subscriber, with what it drew from last (null: draws at every change). */
  const subscribers = new Map<
    (state: PageState) => void,
    { of: ((s: PageState) => readonly unknown[]) | null; drew: readonly unknown[] }
  >();
  const changed = (a: readonly unknown[], b: readonly unknown[]): boolean => a.some((x, i) => x !== b[i]);
  // Each subscriber gets the state as it is when its turn comes: one that applies a transition while being
  // told (a part retried on recovery reports back) has every subscriber told the newer state.
  const tell = (all: boolean): void =>
    subscribers.forEach((seen, draw) => {
      const now = seen.of?.(state) ?? [];
      if (!all && seen.of !== null && !changed(now, seen.drew)) return;
      seen.drew = now;
      draw(state);
    });
  return {
    get: () => state,
    apply(transition) {
      state = transition(state);
      tell(false);
    },
    subscribe(draw, signal, of) {
      if (signal.aborted) return;
      subscribers.set(draw, { of: of ?? null, drew: of?.(state) ?? [] });
      signal.addEventListener("abort", () => subscribers.delete(draw), { once: true });
      draw(state);
    },
    tick: () => tell(true),
  };
}

/**
 * Storage's first answer, asked again twice a second apart when it refuses; null after the third refusal.
 * Only a broken browser refuses (storage itself disabled): the first paint, if any, stays on screen.
 */
export async function readStored(load: () => Promise<Stored>): Promise<Stored | null> {
  for (let tries = 1; ; tries++) {
    try {
      return await load();
    } catch (e) {
      console.error("Release Radar could not read the extension's storage:", e);
      if (tries === 3) return null;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
