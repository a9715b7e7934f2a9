// The drawn toolbar icon, sampled pixel by pixel: the ring's arc is the share, its colour the state.
import { describe, expect, it } from "vitest";
import {
  ARC_COLOURS,
  ICON_SIZES,
  MARK_COLOURS,
  TRACK,
  drawIcon,
  iconKey,
  type IconSize,
  type IconSpec,
} from "../../../src/background/toolbar/icon.ts";
import { contrast } from "../../contrast.ts";

type Rgba = [number, number, number, number];

function hex(colour: string): [number, number, number] {
  const n = parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function pixelAt(pixels: Uint8ClampedArray, size: number, x: number, y: number): Rgba {
  const at = (y * size + x) * 4;
  return [pixels[at] ?? -1, pixels[at + 1] ?? -1, pixels[at + 2] ?? -1, pixels[at + 3] ?? -1];
}

/** The ring's inner edge as icon.ts draws it, as a fraction of the half width. */
const INNER: Record<IconSize, number> = { 16: 0.66, 32: 0.72 };

/** The pixel in the middle of the ring at `degrees` clockwise from 12 o'clock. */
function ringPixel(pixels: Uint8ClampedArray, size: IconSize, degrees: number): Rgba {
  const r = (INNER[size] + 1) / 2;
  const a = (degrees * Math.PI) / 180;
  const x = Math.floor((r * Math.sin(a) + 1) * (size / 2));
  const y = Math.floor((1 - r * Math.cos(a)) * (size / 2));
  return pixelAt(pixels, size, x, y);
}

/** Within a couple of levels of `colour` (edge pixels blend), at `alpha` (0 to 255) within ±20. */
function expectColour(pixel: Rgba, colour: string, alpha: number): void {
  const [r, g, b] = hex(colour);
  expect(Math.abs(pixel[0] - r), `red of ${pixel.join(",")} against ${colour}`).toBeLessThanOrEqual(3);
  expect(Math.abs(pixel[1] - g), `green of ${pixel.join(",")} against ${colour}`).toBeLessThanOrEqual(3);
  expect(Math.abs(pixel[2] - b), `blue of ${pixel.join(",")} against ${colour}`).toBeLessThanOrEqual(3);
  expect(Math.abs(pixel[3] - alpha), `alpha of ${pixel.join(",")}`).toBeLessThanOrEqual(20);
}
const expectArc = (pixel: Rgba, colour: string): void => expectColour(pixel, colour, 255);
const expectTrack = (pixel: Rgba, colour: string = TRACK.colour): void =>
  expectColour(pixel, colour, TRACK.alpha * 255);

describe.each(ICON_SIZES)("the %i px icon", (size) => {
  const draw = (spec: IconSpec): Uint8ClampedArray => drawIcon(spec, size);

  it("is size x size straight RGBA pixels, transparent in its corners", () => {
    const pixels = draw({ state: "rolling", share: 0.5 });
    expect(pixels.length).toBe(size * size * 4);
    for (const [x, y] of [
      [0, 0],
      [size - 1, 0],
      [0, size - 1],
      [size - 1, size - 1],
    ] as const)
      expect(pixelAt(pixels, size, x, y)[3]).toBe(0);
  });

  it("at 0% the ring is all track: no arc anywhere", () => {
    const pixels = draw({ state: "rolling", share: 0 });
    for (const degrees of [5, 45, 90, 180, 270, 355]) expectTrack(ringPixel(pixels, size, degrees));
  });

  it("nothing live: the mark alone, with no ring, so it never looks like a rollout at 0%", () => {
    const pixels = draw({ state: "none", share: null });
    for (const degrees of [5, 45, 90, 180, 270, 355]) expect(ringPixel(pixels, size, degrees)[3]).toBe(0);
    expectColour(pixelAt(pixels, size, size / 2, size / 2), MARK_COLOURS.current, 255);
  });

  it.each([
    [0.1, [18], [60, 180, 300]],
    [0.25, [20, 70], [110, 200, 340]],
    [0.5, [30, 150], [210, 330]],
  ])("at %f the arc runs clockwise from 12 o'clock over that share of the ring", (share, on, off) => {
    const pixels = draw({ state: "rolling", share });
    for (const degrees of on) expectArc(ringPixel(pixels, size, degrees), ARC_COLOURS.rolling);
    for (const degrees of off) expectTrack(ringPixel(pixels, size, degrees));
  });

  it("at 100% the whole ring is the arc, in the fully-served colour", () => {
    const pixels = draw({ state: "full", share: 1 });
    for (const degrees of [1, 45, 90, 180, 270, 359])
      expectArc(ringPixel(pixels, size, degrees), ARC_COLOURS.full);
  });

  it("stale: the last known share in grey, and the mark greyed too", () => {
    const pixels = draw({ state: "stale", share: 0.25 });
    expectArc(ringPixel(pixels, size, 45), ARC_COLOURS.stale);
    expectTrack(ringPixel(pixels, size, 180));
    expectColour(pixelAt(pixels, size, size / 2, size / 2), MARK_COLOURS.stale, 255);
  });

  it("error: the last known share in red on a faint red track; with no share, the red track alone", () => {
    const pixels = draw({ state: "error", share: 0.25 });
    expectArc(ringPixel(pixels, size, 45), ARC_COLOURS.error);
    expectTrack(ringPixel(pixels, size, 180), ARC_COLOURS.error);
    const none = draw({ state: "error", share: null });
    for (const degrees of [45, 180, 300]) expectTrack(ringPixel(none, size, degrees), ARC_COLOURS.error);
    expect(none).not.toEqual(draw({ state: "none", share: null }));
  });

  it("draws the radar mark in the static icon's blue at its centre while current", () => {
    expectColour(
      pixelAt(draw({ state: "full", share: 1 }), size, size / 2, size / 2),
      MARK_COLOURS.current,
      255,
    );
  });

  it("covers the share's fraction of the ring's pixels, to within a few percent", () => {
    for (const share of [0.1, 0.25, 0.5, 0.75]) {
      const pixels = draw({ state: "rolling", share });
      const [r, g, b] = hex(ARC_COLOURS.rolling);
      let arc = 0;
      let ring = 0;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const radius = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2);
          if (radius < INNER[size] + 0.05 || radius > 0.95) continue;
          ring++;
          const p = pixelAt(pixels, size, x, y);
          if (p[3] > 200 && Math.abs(p[0] - r) < 40 && Math.abs(p[1] - g) < 40 && Math.abs(p[2] - b) < 40)
            arc++;
        }
      }
      expect(arc / ring).toBeGreaterThan(share - 0.06);
      expect(arc / ring).toBeLessThan(share + 0.06);
    }
  });

  it("clamps a share outside 0 to 1 rather than drawing more than the ring", () => {
    expect(draw({ state: "rolling", share: 1.7 })).toEqual(draw({ state: "rolling", share: 1 }));
    expect(draw({ state: "rolling", share: -0.2 })).toEqual(draw({ state: "rolling", share: 0 }));
  });
});

describe("iconKey", () => {
  it("is equal exactly when the drawings are: shares to a tenth of a percent, and the state", () => {
    expect(iconKey({ state: "rolling", share: 0.2501 })).toBe(iconKey({ state: "rolling", share: 0.2504 }));
    expect(drawIcon({ state: "rolling", share: 0.2501 }, 32)).toEqual(
      drawIcon({ state: "rolling", share: 0.2504 }, 32),
    );
    expect(iconKey({ state: "rolling", share: 0.25 })).not.toBe(iconKey({ state: "rolling", share: 0.26 }));
    expect(iconKey({ state: "rolling", share: 0.25 })).not.toBe(iconKey({ state: "stale", share: 0.25 }));
    expect(iconKey({ state: "none", share: null })).not.toBe(iconKey({ state: "none", share: 0 }));
    expect(iconKey(null)).toBe("static");
  });
});

describe("the arc's colours", () => {
  // A light toolbar, and Chrome's dark ones (the darkest first).
  it.each(["#FFFFFF", "#202124", "#35363A"])("each reaches 3:1 against a %s toolbar", (toolbar) => {
    for (const [state, colour] of Object.entries(ARC_COLOURS))
      expect(contrast(colour, toolbar), state).toBeGreaterThanOrEqual(3);
  });
});
