/**
 * The picture of the toolbar's drawn icons in the README: each state the ring can show (icon.ts), at 16 px
 * and at 32 px, on a light and on a dark toolbar, enlarged pixel for pixel so the pixels stay visible. Pure:
 * `iconGrid` returns RGBA; scripts/icon-states.ts writes it as docs/icon-states.png.
 */
import { drawIcon, rgb, type IconSize, type IconSpec } from "../src/background/toolbar/icon.ts";

/** The columns, left to right, as the README's caption names them. */
export const GRID_STATES: readonly { readonly label: string; readonly spec: IconSpec }[] = [
  { label: "0%", spec: { state: "rolling", share: 0 } },
  { label: "10%", spec: { state: "rolling", share: 0.1 } },
  { label: "25%", spec: { state: "rolling", share: 0.25 } },
  { label: "50%", spec: { state: "rolling", share: 0.5 } },
  { label: "100%", spec: { state: "full", share: 1 } },
  { label: "stale, 25%", spec: { state: "stale", share: 0.25 } },
  { label: "error, last known 25%", spec: { state: "error", share: 0.25 } },
  { label: "error, no data", spec: { state: "error", share: null } },
  { label: "nothing live", spec: { state: "none", share: null } },
];

/** Rows, top to bottom: each size on each toolbar. */
export const GRID_ROWS: readonly {
  readonly size: IconSize;
  readonly scale: number;
  readonly toolbar: string;
}[] = [
  { size: 16, scale: 6, toolbar: "#FFFFFF" },
  { size: 32, scale: 3, toolbar: "#FFFFFF" },
  { size: 16, scale: 6, toolbar: "#35363A" },
  { size: 32, scale: 3, toolbar: "#35363A" },
];

/** Each cell is this many pixels square: the enlarged icon (96) and a margin of the toolbar's colour. */
export const CELL = 112;

export function iconGrid(): { width: number; height: number; rgba: Buffer } {
  const width = CELL * GRID_STATES.length;
  const height = CELL * GRID_ROWS.length;
  const rgba = Buffer.alloc(width * height * 4);
  GRID_ROWS.forEach((row, r) => {
    const background = rgb(row.toolbar);
    GRID_STATES.forEach((column, c) => {
      const pixels = drawIcon(column.spec, row.size);
      const side = row.size * row.scale;
      const offset = (CELL - side) / 2;
      for (let y = 0; y < CELL; y++) {
        for (let x = 0; x < CELL; x++) {
          const ix = Math.floor((x - offset) / row.scale);
          const iy = Math.floor((y - offset) / row.scale);
          const inside = x >= offset && y >= offset && ix < row.size && iy < row.size;
          const at = (iy * row.size + ix) * 4;
          // "Over" the toolbar's colour, as the browser composites the icon.
          const alpha = inside ? (pixels[at + 3] ?? 0) / 255 : 0;
          const out = ((r * CELL + y) * width + c * CELL + x) * 4;
          for (let k = 0; k < 3; k++) {
            const icon = inside ? (pixels[at + k] ?? 0) : 0;
            rgba[out + k] = Math.round(icon * alpha + (background[k] ?? 0) * (1 - alpha));
          }
          rgba[out + 3] = 255;
        }
      }
    });
  });
  return { width, height, rgba };
}
