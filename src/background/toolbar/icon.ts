/**
 * The toolbar icon with the rollout on it: the radar mark of the static icon (icons/make-icons.ts) inside a
 * ring whose coloured arc is the newest live version's share, clockwise from 12 o'clock, on a faint track.
 * The arc's colour is the state (rolling out, fully served, stale, error), the badge's colour rule.
 *
 * Pure: `drawIcon` returns straight (not premultiplied) RGBA pixels, which is what `ImageData` holds, so
 * tests sample them without a canvas and the worker only hands them to one (icon-paint.ts). Shapes are
 * analytic and supersampled, so both sizes are drawn from the same geometry rather than one scaled.
 */

/** The sizes the toolbar uses: 16 device pixels at 1x, 32 at 2x (the action API picks by pixel density). */
export const ICON_SIZES = [16, 32] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/**
 * - `rolling`: the newest version serves part of the users; `full`: all of them;
 * - `stale`: the data is older than the poll interval allows (the last known share, greyed);
 * - `error`: the latest check failed (the last known share, if any, in red);
 * - `none`: nothing to show (no live release, no data yet): the mark alone, with no ring, so it never looks
 *   like a rollout at 0% (a ring of track alone).
 */
export type IconState = "rolling" | "full" | "stale" | "error" | "none";

export interface IconSpec {
  readonly state: IconState;
  /** The share drawn as the arc, 0 to 1; null draws no arc. */
  readonly share: number | null;
}

type Rgb = readonly [number, number, number];

/**
 * Arc colours, each at least 3:1 (WCAG's non-text contrast) against a light toolbar (#FFFFFF) and dark ones
 * (#202124, #35363A), so the arc reads in either theme; icon.test.ts computes it. They are lighter than the
 * badge's own colours (toolbar-wording.ts), which sit on the badge's background rather than on the toolbar.
 */
export const ARC_COLOURS: { readonly [S in Exclude<IconState, "none">]: string } = {
  rolling: "#E37400",
  full: "#25A04A",
  stale: "#80868B",
  error: "#EA4335",
};
/**
 * The ring where the arc is not: mid grey (red while checks fail), faint, so it reads as "the rest" on light
 * and dark toolbars.
 */
export const TRACK = { colour: "#80868B", alpha: 0.4 } as const;
/** The radar mark: the static icon's blue; grey when stale, so a stale icon never looks current. */
export const MARK_COLOURS = { current: "#1A73E8", stale: "#80868B" } as const;

const SUPERSAMPLE = 4;

/** Where the ring starts, as a fraction of the icon's half width: thicker at 16 px so it stays 2.5 px wide. */
const RING_INNER: Readonly<Record<IconSize, number>> = { 16: 0.66, 32: 0.72 };

/**
 * A shape's opacity at a point in unit coordinates (centre 0, 0; radius 1 reaches the icon's edge). The
 * static icon (icons/make-icons.ts) is drawn from the same shapes.
 */
export type Shape = (x: number, y: number) => number;

export const disc =
  (cx: number, cy: number, radius: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) <= radius ? 1 : 0;

/**
 * The sweep: a sector whose leading edge points at `lead` (radians, clockwise from 12 o'clock) and whose
 * opacity fades to nothing over `span` behind it, like the afterglow of a radar beam.
 */
export const sweep =
  (lead: number, span: number, radius: number, peak: number): Shape =>
  (x, y) => {
    if (Math.hypot(x, y) > radius) return 0;
    const behind = (((lead - clockwise(x, y)) % TURN) + TURN) % TURN;
    return behind <= span ? peak * (1 - behind / span) : 0;
  };

const TURN = 2 * Math.PI;

/** The angle of (x, y) clockwise from 12 o'clock, in [0, 2π); y grows downwards, as in the image. */
function clockwise(x: number, y: number): number {
  const a = Math.atan2(x, -y);
  return a < 0 ? a + TURN : a;
}

/** `#RRGGBB` as its three channels. */
export function rgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The mark inside the ring: fewer, bolder shapes at 16 px, where fine ones would blur into a blot. */
function markOf(size: IconSize, inner: number): Shape[] {
  const small = size < 32;
  return [
    sweep((50 * Math.PI) / 180, (110 * Math.PI) / 180, inner - 0.08, 0.7),
    disc(0, 0, small ? 0.24 : 0.2),
    disc(0.34, -0.24, small ? 0.14 : 0.12),
  ];
}

/**
 * The icon's pixels: `size * size * 4` bytes, row by row from the top left, straight RGBA. A share outside
 * [0, 1] is clamped: the arc never claims more than the whole ring.
 */
export function drawIcon(spec: IconSpec, size: IconSize): Uint8ClampedArray {
  const inner = RING_INNER[size];
  const share = quantized(spec.share);
  const arc = spec.state === "none" || share === null ? null : rgb(ARC_COLOURS[spec.state]);
  // A failing check tints the track too, so "error, no data" differs from "nothing live" at a glance.
  const track = rgb(spec.state === "error" ? ARC_COLOURS.error : TRACK.colour);
  const mark = rgb(spec.state === "stale" ? MARK_COLOURS.stale : MARK_COLOURS.current);
  const shapes = markOf(size, inner);
  const end = (share ?? 0) * TURN;
  const pixels = new Uint8ClampedArray(size * size * 4);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Premultiplied sums over the samples, so edges blend as the browser's own compositing would.
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = ((px + (sx + 0.5) / SUPERSAMPLE) / size) * 2 - 1;
          const y = ((py + (sy + 0.5) / SUPERSAMPLE) / size) * 2 - 1;
          const radius = Math.hypot(x, y);
          if (radius > 1) continue;
          let colour: Rgb;
          let alpha: number;
          if (radius >= inner) {
            // Nothing live has no share to measure: no ring at all (a rollout at 0% is the track alone).
            if (spec.state === "none") continue;
            // A full share fills the ring whatever the float error at 12 o'clock.
            const onArc = arc !== null && (share === 1 || clockwise(x, y) < end);
            colour = onArc ? arc : track;
            alpha = onArc ? 1 : TRACK.alpha;
          } else {
            // The mark's shapes share one colour, so stacking them is "over" on their opacities alone.
            alpha = 1 - shapes.reduce((t, shape) => t * (1 - shape(x, y)), 1);
            colour = mark;
          }
          r += colour[0] * alpha;
          g += colour[1] * alpha;
          b += colour[2] * alpha;
          a += alpha;
        }
      }
      const at = (py * size + px) * 4;
      if (a === 0) continue;
      pixels[at] = Math.round(r / a);
      pixels[at + 1] = Math.round(g / a);
      pixels[at + 2] = Math.round(b / a);
      pixels[at + 3] = Math.round((a / samples) * 255);
    }
  }
  return pixels;
}

/**
 * What the icon of `spec` looks like, as a key: equal keys draw equal pixels (drawIcon draws the share as
 * `quantized` does), so the icon is drawn and set again only when this changes; null is the static icon.
 */
export function iconKey(spec: IconSpec | null): string {
  if (spec === null) return "static";
  const share = quantized(spec.share);
  return `${spec.state}:${share === null ? "-" : Math.round(share * 1000)}`;
}

/** The share as drawn: clamped to [0, 1], in tenths of a percent (finer than any ring of 32 px can show). */
function quantized(share: number | null): number | null {
  return share === null ? null : Math.round(Math.min(1, Math.max(0, share)) * 1000) / 1000;
}
