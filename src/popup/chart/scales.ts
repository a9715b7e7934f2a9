/**
 * The chart's time scale: the window mapped to pixels, its date ticks and labels, the path that fills a
 * version's bar to its share, and labels fitted to the room they have. Pure; svg-dom.ts draws with it.
 */
import { DAY_MS } from "../../core/duration.ts";
import type { VersionRun } from "./lanes.ts";
import { clampShare, finite, normalWindow, type ChartWindow } from "./numbers.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `MMM D` in UTC (`Nov 1`), the chart's date label. */
export function dayLabel(ms: number): string {
  const d = new Date(finite(ms));
  return `${MONTHS[d.getUTCMonth()] ?? ""} ${d.getUTCDate()}`;
}

/** Space around the plot, in px; the lane labels, the date axis and the notes live in it. */
export interface Padding {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface ChartSize {
  readonly width: number;
  readonly height: number;
  readonly padding: number | Padding;
}

export interface TimeTick {
  readonly t: number;
  readonly x: number;
  readonly label: string;
}

export interface Scales {
  /** Epoch ms to px; times outside the window are clamped to its edges. */
  readonly x: (t: number) => number;
  /** The plot area in px (inside the padding); never inverted. */
  readonly plot: {
    readonly left: number;
    readonly right: number;
    readonly top: number;
    readonly bottom: number;
  };
  /** Date ticks at whole UTC days, weeks (Mondays) or months, inside the window; at least one. */
  readonly xTicks: readonly TimeTick[];
}
/** Minimum px between two date ticks: a `MMM D` label is about 40 px at the popup's 11 px. */
const MIN_TICK_SPACING = 56;

type Step = { readonly kind: "days"; readonly n: number } | { readonly kind: "months"; readonly n: number };

/** Calendar steps, finest first; the scale takes the first whose ticks fit the width. */
const STEPS: readonly Step[] = [
  { kind: "days", n: 1 },
  { kind: "days", n: 2 },
  { kind: "days", n: 7 },
  { kind: "days", n: 14 },
  { kind: "months", n: 1 },
  { kind: "months", n: 2 },
  { kind: "months", n: 3 },
  { kind: "months", n: 6 },
  { kind: "months", n: 12 },
];

/** Shortest length of a step (a month counts 28 days), so its ticks are never closer than this. */
function minLength(step: Step): number {
  return (step.kind === "days" ? step.n : step.n * 28) * DAY_MS;
}

/** Tick times of one calendar step within [from, to], aligned so they do not shift as the window moves. */
function ticksOf(step: Step, from: number, to: number): number[] {
  const out: number[] = [];
  if (step.kind === "days") {
    // Epoch day 0 (1970-01-01) was a Thursday, so days = 4 (mod 7) are Mondays: weeks start on Monday (ISO).
    const offset = step.n % 7 === 0 ? 4 : 0;
    let day = Math.ceil(from / DAY_MS);
    day += (((offset - day) % step.n) + step.n) % step.n;
    for (; day * DAY_MS <= to; day += step.n) out.push(day * DAY_MS);
    return out;
  }
  const start = new Date(from);
  let month = start.getUTCFullYear() * 12 + start.getUTCMonth();
  if (Date.UTC(Math.floor(month / 12), month % 12, 1) < from) month++;
  month += (step.n - (month % step.n)) % step.n;
  for (; ; month += step.n) {
    const t = Date.UTC(Math.floor(month / 12), month % 12, 1);
    if (t > to) break;
    out.push(t);
  }
  return out;
}

function paddingOf(padding: number | Padding): Padding {
  if (typeof padding === "number") {
    const p = Math.max(0, finite(padding));
    return { top: p, right: p, bottom: p, left: p };
  }
  const p = (n: number) => Math.max(0, finite(n));
  return { top: p(padding.top), right: p(padding.right), bottom: p(padding.bottom), left: p(padding.left) };
}

/**
 * The time scale and ticks of the chart for a drawing of `size` (px). The time axis spans the window exactly,
 * so every chart of the same window lines up. A window of zero length maps every time to the plot's left
 * edge; a size smaller than its padding gives a plot of zero width or height.
 */
export function scales(window: ChartWindow, size: ChartSize): Scales {
  const w = normalWindow(window);
  const pad = paddingOf(size.padding);
  const width = Math.max(0, finite(size.width));
  const height = Math.max(0, finite(size.height));
  const left = Math.min(pad.left, width);
  const right = Math.max(left, width - pad.right);
  const top = Math.min(pad.top, height);
  const bottom = Math.max(top, height - pad.bottom);
  const span = w.to - w.from;
  const x = (t: number): number => {
    if (span <= 0) return left;
    const clamped = Math.min(w.to, Math.max(w.from, finite(t, w.from)));
    return left + ((clamped - w.from) / span) * (right - left);
  };

  // The finest calendar step whose ticks stand MIN_TICK_SPACING apart even at its shortest (a month of 28
  // days); counting in px rather than ticks keeps labels apart however the window falls on the calendar.
  const plotWidth = right - left;
  const fits = (step: Step) => span <= 0 || (minLength(step) / span) * plotWidth >= MIN_TICK_SPACING;
  // Past the table, whole years: as many years per tick as it takes, so even a century stays legible.
  const maxTicks = Math.max(1, Math.floor(plotWidth / MIN_TICK_SPACING));
  const years: Step = {
    kind: "months",
    n: 12 * Math.max(1, Math.ceil(span / (365 * DAY_MS) / maxTicks)),
  };
  let times = ticksOf(STEPS.find(fits) ?? years, w.from, w.to);
  // A window shorter than a day (or a zero-length one) may hold no day boundary: label its start instead.
  if (times.length === 0) times = [w.from];
  const xTicks = times.map((t) => ({ t, x: x(t), label: dayLabel(t) }));
  return { x, plot: { left, right, top, bottom }, xTicks };
}

/** A px value rounded to 0.1 px as path text (`12.3`, never `-0` or `NaN`). */
function px(n: number): string {
  const r = Math.round(finite(n) * 10) / 10;
  return String(r === 0 ? 0 : r);
}

/**
 * SVG path data of a run's bar filled to its share: a bar `height` px tall whose bottom is at `bottom`, each
 * step as high as its share (100% the whole bar), so a staged rollout climbs from left to right. Steps at
 * share 0 hold no area; the path goes along the bottom there. Empty when the run has no steps. Rounded to
 * 0.1 px; commands that would not move are left out.
 */
export function runFillPath(
  run: Pick<VersionRun, "steps" | "end">,
  x: (t: number) => number,
  bottom: number,
  height: number,
): string {
  const first = run.steps[0];
  if (!first) return "";
  const base = px(bottom);
  let d = `M${px(x(first.t))} ${base}`;
  let cy = base;
  run.steps.forEach((step, k) => {
    const y = px(bottom - clampShare(step.share) * finite(height));
    if (y !== cy) d += `V${y}`;
    const next = px(x(run.steps[k + 1]?.t ?? run.end));
    d += `H${next}`;
    cy = y;
  });
  if (cy !== base) d += `V${base}`;
  return `${d}Z`;
}

/**
 * The longest of `labels` (given longest first) that fits `room` px at `charWidth` px per character, or ""
 * when none does: a bar names its version in full where it is wide enough, and in part where it is not. A
 * `%` counts twice: it is about twice a digit's width, and a step's share ("7922.71 25%") ran a pixel into
 * the next bar when counted once.
 */
export function fitLabel(labels: readonly string[], room: number, charWidth: number): string {
  const width = (label: string): number => (label.length + label.split("%").length - 1) * charWidth;
  return labels.find((label) => width(label) <= room) ?? "";
}

/**
 * What a bar can call its version, longest first: `152.0.7977.54`, then without its milestone
 * (`7977.54`) when the lane already names that, then its last number (`.54`).
 */
export function versionLabels(version: string, inMilestoneLane: boolean): string[] {
  const fields = version.split(".");
  if (!inMilestoneLane || fields.length < 3) return [version];
  return [version, fields.slice(2).join("."), `.${fields.at(-1) ?? ""}`];
}
