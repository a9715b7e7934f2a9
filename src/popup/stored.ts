/**
 * What the popup's glance is drawn from, and the page's own synchronous copy of it.
 *
 * Why a copy: every extension storage read is a round trip to the browser process, 6-9 ms on this kind of
 * machine before the first byte of the glance can be drawn, which alone is most of the popup's budget (first
 * paint within 1.2x of an empty extension page). `localStorage` answers synchronously. The service worker
 * cannot write it (a worker has no `localStorage`), so the popup keeps the copy itself: it draws from the copy
 * at once, reads extension storage meanwhile, redraws if that differs (one frame later at most) and writes
 * the copy again. Extension storage stays the one source of truth; the copy is never read by anything else.
 *
 * The copy is not checked by the stored values' shapes: it holds only what passed them when the page read
 * extension storage (the only values it writes), in this extension's own `localStorage`, which no web page
 * and no service reaches; and the shapes (the validation library with them, some 5 KB) would not fit the first
 * paint's 30 KB script. A copy of another shape, another version's, is told by COPY_VERSION, or by the header
 * failing to read it (glance/header.ts drawableCopy), and ignored; whatever it held, storage's checked answer
 * replaces it a frame later.
 */
import type { Watch } from "../shared/watch/device-platform.ts";
import type { PollState } from "../shared/store/poll-state.ts";
import { DEFAULT_SETTINGS, type Settings } from "../shared/store/settings.ts";
import type { Snapshot } from "../shared/store/snapshot.ts";
import { isRecord } from "../core/schema.ts";

/** What the header is drawn from: all of it in storage, so no request is needed. */
export interface Stored {
  readonly settings: Settings;
  /** What the toolbar watches, `auto` resolved for this device. */
  readonly watch: Watch;
  /** As stored, whichever service it is of (the header shows only the watched service's). */
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
}

/** `localStorage`, as far as the copy uses it. */
export interface CopyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const COPY_KEY = "rr:glance";
/** Bumped when the copy's shape or the shapes of what it holds change: a copy of another is ignored. */
const COPY_VERSION = 3;

/**
 * The copy as the page last wrote it; null when there is none or it is not of this version's shape (the page
 * then waits for extension storage, as on its first open). Never throws: `localStorage` may refuse (storage
 * disabled; even reading the property can throw), and anything may be in it.
 */
export function readCopy(storage: () => CopyStorage): Stored | null {
  let value: unknown;
  try {
    const text = storage().getItem(COPY_KEY);
    if (text === null) return null;
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== COPY_VERSION) return null;
  const { settings, watch, snapshot, poll } = value;
  if (!isRecord(settings) || !isWatch(watch)) return null;
  if ((snapshot !== null && !isRecord(snapshot)) || (poll !== null && !isRecord(poll))) return null;
  return {
    settings: { ...DEFAULT_SETTINGS, ...settings },
    watch,
    snapshot: snapshot as Snapshot | null,
    poll: poll as PollState | null,
  };
}

/** A watch as the copy holds it: three non-empty strings (the header reads them, labels them and no more). */
function isWatch(value: unknown): value is Watch {
  return (
    isRecord(value) &&
    [value.product, value.platform, value.channel].every((part) => typeof part === "string" && part !== "")
  );
}

/**
 * Whether two answers would make the same copy: storage's answer that matches what the page drew from its
 * copy needs no second draw and no write. Compared as JSON data, whatever order the keys were built in.
 */
export function sameCopy(a: Stored, b: Stored): boolean {
  return sameJson(a, b);
}

/** Equality of JSON data: a key whose value is `undefined` counts as absent, as in the copy's text. */
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

/** Writes `stored` as the copy; a refusal (quota, storage disabled) only costs the next open its head start. */
export function writeCopy(storage: () => CopyStorage, stored: Stored): void {
  try {
    storage().setItem(COPY_KEY, JSON.stringify({ version: COPY_VERSION, ...stored }));
  } catch {
    // Nothing to do: the page reads extension storage as before.
  }
}
