/**
 * The chart's numbers made safe: every value a hostile service sends passes through these before it
 * reaches a date, a path or an attribute, so nothing NaN or Infinity is ever drawn.
 */

/** A time window in epoch milliseconds, `from` <= `to` expected (a reversed one is treated as empty). */
export interface ChartWindow {
  readonly from: number;
  readonly to: number;
}
/** A finite number, or `fallback`. */
export function finite(n: number, fallback = 0): number {
  return Number.isFinite(n) ? n : fallback;
}

/** A share clamped to 0..1 (anything not a number counts as 0). */
export function clampShare(share: number): number {
  return Math.min(1, Math.max(0, finite(share)));
}

/** The largest time a Date holds (ECMA-262 21.4.1.1); beyond it dates and labels would be NaN. */
const MAX_TIME = 8.64e15;

/** The window with finite bounds inside the Date range, and `to` >= `from`. */
export function normalWindow(window: ChartWindow): ChartWindow {
  const from = Math.min(MAX_TIME, Math.max(-MAX_TIME, finite(window.from)));
  return { from, to: Math.min(MAX_TIME, Math.max(from, finite(window.to, from))) };
}
