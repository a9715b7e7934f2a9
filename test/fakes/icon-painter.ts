/**
 * An icon painter for Node, which has no OffscreenCanvas: the same pure drawing (icon.ts) as the worker's
 * painter, handed back in objects shaped like ImageData, with a record of what was painted. `fail` makes
 * the next paints throw, as a canvas that refuses would.
 */
import { ICON_SIZES, drawIcon, type IconSpec } from "../../src/background/toolbar/icon.ts";
import type { IconImage, IconImages, IconPainter } from "../../src/background/toolbar/icon-paint.ts";
import type { FakeAction } from "./action.ts";

export interface TestPainter {
  readonly painter: IconPainter;
  /** The specs painted, in order. */
  readonly painted: IconSpec[];
  fail: string | null;
}

export function testPainter(): TestPainter {
  const state: TestPainter = {
    painted: [],
    fail: null,
    painter: {
      ok: true,
      paint(spec): IconImages {
        if (state.fail !== null) throw new Error(state.fail);
        state.painted.push(spec);
        const images: Record<string, IconImage> = {};
        for (const size of ICON_SIZES) {
          // Shaped like ImageData, which is all the fake's setIcon checks (Node has no ImageData).
          images[size] = { width: size, height: size, data: drawIcon(spec, size) } as unknown as IconImage;
        }
        return images;
      },
    },
  };
  return state;
}

/**
 * The icon the fake shows in `tabId` (or globally), its images reduced to their pixels by size, so a test
 * compares them with drawIcon's; a path or the manifest's default (undefined) as they are.
 */
export function shownIcon(action: FakeAction, tabId?: number): unknown {
  const icon = action.iconFor(tabId);
  if (!icon || !("imageData" in icon)) return icon;
  return Object.fromEntries(
    Object.entries(icon.imageData).map(([size, image]) => [
      size,
      (image as { data: Uint8ClampedArray }).data,
    ]),
  );
}
