/**
 * Draws the toolbar and store icons: a radar mark in #1A73E8 on transparent, written to
 * public/icons/icon-{16,24,32,48,128}.png, which the build ships as they are (Vite's public folder; the
 * manifest names them as icons/...). Run with `npx tsx icons/make-icons.ts`; the PNGs are committed, so the
 * build never runs this.
 *
 * PNG by scripts/png.ts (node:zlib only), so the icons need no image dependency. The shapes are analytic
 * and each pixel is supersampled, so every size is drawn from the same geometry rather than scaled down
 * from a large bitmap (which blurs the 16 px icon).
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { encodePng } from "../scripts/png.ts";
// The mark's shapes are the drawn toolbar icon's (icon.ts), so the static icon and the drawn one match.
import { disc, sweep, type Shape } from "../src/background/toolbar/icon.ts";

const SIZES = [16, 24, 32, 48, 128] as const;
const BLUE = { r: 0x1a, g: 0x73, b: 0xe8 } as const;
const SUPERSAMPLE = 8;

/** The ring of the static icon (the drawn icon's ring is its share, icon.ts). */
const ring =
  (inner: number, outer: number): Shape =>
  (x, y) => {
    const r = Math.hypot(x, y);
    return r >= inner && r <= outer ? 1 : 0;
  };

/**
 * Small icons drop the inner ring, which at 16 and 24 px would merge with the sweep into a blot, and get a
 * thicker outer ring and centre so neither falls below about a pixel and a half.
 */
function shapesFor(size: number): Shape[] {
  const small = size < 32;
  const ringInner = small ? 0.76 : 0.8;
  const shapes: Shape[] = [
    ring(ringInner, 0.98),
    sweep((50 * Math.PI) / 180, (110 * Math.PI) / 180, ringInner, 0.75),
    disc(0, 0, small ? 0.24 : 0.2),
    disc(0.44, -0.3, small ? 0.14 : 0.12),
  ];
  if (size >= 32) shapes.push(ring(0.46, 0.56));
  return shapes;
}

/** Straight (not premultiplied) RGBA rows, as PNG colour type 6 wants them. */
function render(size: number): Buffer {
  const shapes = shapesFor(size);
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let coverage = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = ((px + (sx + 0.5) / SUPERSAMPLE) / size) * 2 - 1;
          const y = ((py + (sy + 0.5) / SUPERSAMPLE) / size) * 2 - 1;
          // One colour everywhere, so compositing the shapes is just "over" on their alphas.
          const transparency = shapes.reduce((t, shape) => t * (1 - shape(x, y)), 1);
          coverage += 1 - transparency;
        }
      }
      const offset = (py * size + px) * 4;
      pixels[offset] = BLUE.r;
      pixels[offset + 1] = BLUE.g;
      pixels[offset + 2] = BLUE.b;
      pixels[offset + 3] = Math.round((coverage / SUPERSAMPLE ** 2) * 255);
    }
  }
  return pixels;
}

const outDir = join(import.meta.dirname, "..", "public", "icons");
mkdirSync(outDir, { recursive: true });
for (const size of SIZES) {
  const file = join(outDir, `icon-${size}.png`);
  writeFileSync(file, encodePng(size, size, render(size)));
  console.log(`wrote ${file}`);
}
