/**
 * An icon painter for Node, which has no OffscreenCanvas: the same pure drawing (icon.ts) as the worker's
 * painter, handed back in objects shaped like ImageData, with a record of what was painted. `fail` makes
 * the next paints throw, as a canvas that refuses would.
 */
import { ICON_SIZES, drawIcon, type IconSpec } from "../../src/background/icon.ts";
import type { IconImage, IconImages, IconPainter } from "../../src/background/icon-paint.ts";

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
