/**
 * What the toolbar button shows, as the real-browser tests read it in Chromium (test/e2e) and Firefox
 * (test/firefox): each runner reads it through its own page and namespace, and both wait for it alike.
 */
import { waitFor } from "../scripts/chromium.ts";

/** The badge's colours, as `action` hands them back (RGBA). */
export const AMBER = [0xf9, 0xab, 0x00, 255];
export const GREEN = [0x18, 0x80, 0x38, 255];
export const GREY = [0x80, 0x86, 0x8b, 255];
export const RED = [0xd9, 0x30, 0x25, 255];
export const WHITE = [255, 255, 255, 255];
export const DARK = [0x20, 0x21, 0x24, 255];

export interface Seen {
  text: string;
  title: string;
  color: number[];
  textColor: number[];
  popup: string;
  enabled: boolean;
}

/** Linux Stable as the default settings show it: 120 rolling out (at 25%; the ring says so), in amber. */
export const rollingOut = (s: Seen): boolean => s.text === "120" && s.color.join() === AMBER.join();

/** Waiting on what the toolbar shows, read by `seen` (of the whole button, or of one tab). */
export function toolbarReader(seen: (tabId?: number) => Promise<Seen>): {
  settled: (tabId?: number) => Promise<Seen | null>;
  shows: (check: (s: Seen) => boolean, tabId?: number) => Promise<Seen>;
} {
  /**
   * What the toolbar shows, as a state a second read finds unchanged, or null: one read is several calls,
   * between which the worker's apply can land (a new title read beside the old text).
   */
  async function settled(tabId?: number): Promise<Seen | null> {
    const first = await seen(tabId);
    return JSON.stringify(first) === JSON.stringify(await seen(tabId)) ? first : null;
  }
  /** Waits until the toolbar shows what `check` wants, and returns it; fails with what it last saw. */
  async function shows(check: (s: Seen) => boolean, tabId?: number): Promise<Seen> {
    const s = await waitFor(
      () => settled(tabId),
      (x) => x !== null && check(x),
      { what: "the toolbar" },
    );
    return s as Seen;
  }
  return { settled, shows };
}
