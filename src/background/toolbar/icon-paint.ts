/**
 * Puts the drawn icon (icon.ts, pure pixels) on an `OffscreenCanvas` and takes it back as the `ImageData`
 * objects `action.setIcon({ imageData })` wants, one per toolbar size. The only module that touches a canvas;
 * the service worker (and Firefox's background page) have `OffscreenCanvas`, and where one is missing the
 * painter says so and the toolbar keeps its static icon.
 */
import { ICON_SIZES, drawIcon, iconKey, type IconSpec } from "./icon.ts";

/**
 * An ImageData as the extension API's types name it (webextension-polyfill's `ImageDataType` adds an index
 * signature that a DOM `ImageData` lacks, hence the one cast below).
 */
export type IconImage = ImageData & { [key: string]: unknown };
/** ImageData by size in device pixels, as setIcon's `imageData` dictionary. */
export type IconImages = Readonly<Record<string, IconImage>>;

export type IconPainter =
  | { readonly ok: true; readonly paint: (spec: IconSpec) => IconImages }
  | { readonly ok: false; readonly reason: string };

/** What the painter needs of the global scope: passed in, so tests hand in a scope without a canvas. */
export interface PaintScope {
  readonly OffscreenCanvas?: typeof OffscreenCanvas;
}

/** Icons drawn lately, by key: a handful of tabs on the same milestone share one drawing. */
const KEEP = 8;

export function createIconPainter(scope: PaintScope): IconPainter {
  const Canvas = scope.OffscreenCanvas;
  if (typeof Canvas !== "function") return { ok: false, reason: "OffscreenCanvas is not available here" };
  const drawn = new Map<string, IconImages>();
  return {
    ok: true,
    paint(spec) {
      const key = iconKey(spec);
      const kept = drawn.get(key);
      if (kept) return kept;
      const images: Record<string, IconImage> = {};
      for (const size of ICON_SIZES) {
        const context = new Canvas(size, size).getContext("2d");
        if (!context) throw new Error("OffscreenCanvas gave no 2d context");
        const image = context.createImageData(size, size);
        image.data.set(drawIcon(spec, size));
        context.putImageData(image, 0, 0);
        // Read back from the canvas: what the browser holds is what the toolbar shows.
        images[size] = context.getImageData(0, 0, size, size) as IconImage;
      }
      drawn.set(key, images);
      if (drawn.size > KEEP) drawn.delete(drawn.keys().next().value as string);
      return images;
    },
  };
}
