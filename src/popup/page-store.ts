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
  /** Calls `draw` with the state now and after each change (and each tick) until `signal` aborts. */
  readonly subscribe: (draw: (state: PageState) => void, signal: AbortSignal) => void;
  /** Tells the subscribers again, the state unchanged: relative times ("3 min ago") are drawn anew. */
  readonly tick: () => void;
}

export function createPageStore(initial: PageState): PageStore {
  let state = initial;
  const subscribers = new Set<(state: PageState) => void>();
  // Each subscriber gets the state as it is when its turn comes: one that applies a transition while being
  // told (a part retried on recovery reports back) has every subscriber told the newer state.
  const tell = (): void => subscribers.forEach((draw) => draw(state));
  return {
    get: () => state,
    apply(transition) {
      state = transition(state);
      tell();
    },
    subscribe(draw, signal) {
      if (signal.aborted) return;
      subscribers.add(draw);
      signal.addEventListener("abort", () => subscribers.delete(draw), { once: true });
      draw(state);
    },
    tick: tell,
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
