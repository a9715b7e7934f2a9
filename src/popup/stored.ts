/**
 * What the popup's glance is drawn from, as the page reads it from extension storage (extension-api.ts).
 * The first paint draws from the page's own copy of the glance instead (glance/glance-copy.ts).
 */
import type { Watch } from "../shared/watch/device-platform.ts";
import type { PollState } from "../shared/store/poll-state.ts";
import type { Settings } from "../shared/store/settings.ts";
import type { Snapshot } from "../shared/store/snapshot.ts";

/** What the header is drawn from: all of it in storage, so no request is needed. */
export interface Stored {
  readonly settings: Settings;
  /** What the toolbar watches, `auto` resolved for this device. */
  readonly watch: Watch;
  /** As stored, whichever service it is of (the header shows only the watched service's). */
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
}

/**
 * Whether two answers hold the same: storage's answer that matches what the page drew needs no second draw.
 * Compared as JSON data (what storage holds), whatever order the keys were built in.
 */
export function sameStored(a: Stored, b: Stored): boolean {
  return sameJson(a, b);
}

/** Equality of JSON data: a key whose value is `undefined` counts as absent, as extension storage keeps it. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (o: object): string[] =>
    Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
  const [ka, kb] = [keys(a), keys(b)];
  const rb = b as Record<string, unknown>;
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(rb, k) && sameJson((a as Record<string, unknown>)[k], rb[k]))
  );
}
