/**
 * The page's own synchronous copy of the glance, which the popup's first paint is drawn from.
 *
 * Why a copy: every extension storage read is a round trip to the browser process, 6-9 ms on this kind of
 * machine before the first byte of the glance can be drawn, which alone is most of the popup's budget (first
 * paint within 1.2x of an empty extension page). `localStorage` answers synchronously. The service worker
 * cannot write it (a worker has no `localStorage`), so the popup keeps the copy itself: its first paint draws
 * from the copy, the page then reads extension storage, redraws from it and writes the copy again. Extension
 * storage stays the one source of truth; the copy is never read by anything else.
 *
 * What is copied is the header as drawn, less what the clock and this browser change (HeaderBody), and what
 * the clock's part is computed from (CheckInputs): the first paint then needs neither the stored values'
 * rules (what is live, the labels) nor the snapshot itself, only header-clock.ts and the drawing, which keeps
 * its script a few KB (first-paint.ts).
 *
 * The copy is not checked by the stored values' shapes: it holds only what the page computed from values
 * that passed them, in this extension's own `localStorage`, which no web page and no service reaches. A copy
 * of another shape, another version's, is told by COPY_VERSION and ignored; one the header cannot be drawn
 * from is dropped by the first paint (first-paint.ts); whatever it held, storage's answer replaces it.
 */
import { isRecord } from "../../core/schema.ts";
import type { CheckInputs, HeaderBody } from "./header-data.ts";

/** The glance as the page last drew it. */
export interface GlanceCopy {
  readonly body: HeaderBody;
  readonly check: CheckInputs;
}

/** `localStorage`, as far as the copy uses it. */
export interface CopyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const COPY_KEY = "rr:glance";
/** Bumped when the copy's shape or the shapes of what it holds change: a copy of another is ignored. */
const COPY_VERSION = 4;

/**
 * The copy as the page last wrote it; null when there is none or it is not of this version's shape (the page
 * then waits for extension storage, as on its first open). Never throws: `localStorage` may refuse (storage
 * disabled; even reading the property can throw), and anything may be in it.
 */
export function readCopy(storage: () => CopyStorage): GlanceCopy | null {
  let value: unknown;
  try {
    const text = storage().getItem(COPY_KEY);
    if (text === null) return null;
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== COPY_VERSION) return null;
  const { body, check } = value;
  if (!isRecord(body) || !isRecord(check)) return null;
  return { body: body as unknown as HeaderBody, check: check as unknown as CheckInputs };
}

/**
 * Writes `copy`; a refusal (quota, storage disabled) only costs the next open its head start. (Writing the
 * text the copy holds already changes nothing: `setItem` leaves an equal value alone.)
 */
export function writeCopy(storage: () => CopyStorage, copy: GlanceCopy): void {
  try {
    storage().setItem(COPY_KEY, JSON.stringify({ version: COPY_VERSION, ...copy }));
  } catch {
    // Nothing to do: the page reads extension storage as before.
  }
}
