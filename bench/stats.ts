// Timing helpers for the benchmarks: medians of repeated runs, after a warm-up.
import { performance } from "node:perf_hooks";

/** Median wall time in milliseconds of `runs` calls of fn, after `warmup` calls. */
export function medianMs(fn: () => unknown, runs = 21, warmup = 5): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

export const fmt = (n: number, digits = 1): string => n.toFixed(digits);

/**
 * Medians of two functions timed alternately, so that a change in machine load while the bench runs falls on
 * both sides alike and their ratio stays honest.
 */
export function pairedMedianMs(a: () => unknown, b: () => unknown, runs = 31, warmup = 5): [number, number] {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    a();
    ta.push(performance.now() - t0);
    t0 = performance.now();
    b();
    tb.push(performance.now() - t0);
  }
  const median = (t: number[]) => t.sort((x, y) => x - y)[Math.floor(t.length / 2)] ?? NaN;
  return [median(ta), median(tb)];
}
