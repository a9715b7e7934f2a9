// The worker's painter: the pure drawing put on an OffscreenCanvas and read back, one ImageData per size.
import { describe, expect, it } from "vitest";
import { createIconPainter, type PaintScope } from "../../../src/background/toolbar/icon-paint.ts";
import { drawIcon } from "../../../src/background/toolbar/icon.ts";

/** An OffscreenCanvas reduced to what the painter uses; it counts the canvases made. */
function fakeCanvasScope(): { scope: PaintScope; made: () => number } {
  let made = 0;
  class Canvas {
    private pixels: Uint8ClampedArray;
    constructor(
      readonly width: number,
      readonly height: number,
    ) {
      made++;
      this.pixels = new Uint8ClampedArray(width * height * 4);
    }
    getContext(kind: string) {
      if (kind !== "2d") return null;
      const image = (w: number, h: number, data = new Uint8ClampedArray(w * h * 4)) => ({
        width: w,
        height: h,
        data,
      });
      return {
        createImageData: (w: number, h: number) => image(w, h),
        putImageData: (img: { data: Uint8ClampedArray }) => {
          this.pixels = new Uint8ClampedArray(img.data);
        },
        getImageData: (_x: number, _y: number, w: number, h: number) =>
          image(w, h, new Uint8ClampedArray(this.pixels)),
      };
    }
  }
  return { scope: { OffscreenCanvas: Canvas as unknown as typeof OffscreenCanvas }, made: () => made };
}

describe("icon painter", () => {
  it("says why it cannot paint where there is no OffscreenCanvas", () => {
    expect(createIconPainter({})).toEqual({ ok: false, reason: "OffscreenCanvas is not available here" });
  });

  it("paints one image per toolbar size, 16 and 32, with the drawn pixels", () => {
    const { scope } = fakeCanvasScope();
    const painter = createIconPainter(scope);
    if (!painter.ok) throw new Error(painter.reason);
    const images = painter.paint({ state: "rolling", share: 0.4 });
    expect(Object.keys(images)).toEqual(["16", "32"]);
    expect(images[16]).toMatchObject({
      width: 16,
      height: 16,
      data: drawIcon({ state: "rolling", share: 0.4 }, 16),
    });
    expect(images[32]).toMatchObject({
      width: 32,
      height: 32,
      data: drawIcon({ state: "rolling", share: 0.4 }, 32),
    });
  });

  it("keeps a few drawings, so tabs showing the same share do not paint it again", () => {
    const { scope, made } = fakeCanvasScope();
    const painter = createIconPainter(scope);
    if (!painter.ok) throw new Error(painter.reason);
    const first = painter.paint({ state: "full", share: 1 });
    expect(painter.paint({ state: "full", share: 1 })).toBe(first);
    expect(made()).toBe(2);
    painter.paint({ state: "full", share: 0.5 });
    expect(made()).toBe(4);
  });
});
