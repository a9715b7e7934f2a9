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
  return [median(ta), median(tb)];
}

/** The median of a sample (the upper middle one of an even count), NaN for none. */
export function median(xs: readonly number[]): number {
  return [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
}

/**
 * A 95% interval for median(a) / median(b), by bootstrap: each sample resampled with replacement `rounds`
 * times. Opens of a page in a browser spread widely (here 60 to 300 ms for one page), so a ratio of medians
 * moves from run to run; the interval says how far, from the run's own samples. The generator is seeded:
 * the same samples give the same interval.
 */
export function ratioOfMediansInterval(
  a: readonly number[],
  b: readonly number[],
  rounds = 2000,
  seed = 1,
): [number, number] {
  let state = seed >>> 0;
  // mulberry32: small, fast, and good enough to pick indices.
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const resample = (xs: readonly number[]): number[] =>
    xs.map(() => xs[Math.floor(random() * xs.length)] ?? NaN);
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) ratios.push(median(resample(a)) / median(resample(b)));
  ratios.sort((x, y) => x - y);
  return [ratios[Math.floor(rounds * 0.025)] ?? NaN, ratios[Math.ceil(rounds * 0.975) - 1] ?? NaN];
}
