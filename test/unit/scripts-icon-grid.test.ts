// The README's picture of the drawn icons: every state, both sizes, on a light and a dark toolbar.
import { describe, expect, it } from "vitest";
import { ARC_COLOURS } from "../../src/background/toolbar/icon.ts";
import { CELL, GRID_ROWS, GRID_STATES, iconGrid } from "../../scripts/icon-grid.ts";

describe("icon grid", () => {
  const { width, height, rgba } = iconGrid();
  const pixel = (x: number, y: number) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];

  it("has a cell per state and per size and toolbar, opaque", () => {
    expect([width, height]).toEqual([CELL * GRID_STATES.length, CELL * GRID_ROWS.length]);
    expect(GRID_STATES.map((s) => s.label)).toContain("error, no data");
    expect(pixel(0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(0, height - 1)).toEqual([0x35, 0x36, 0x3a, 255]);
  });

  it("shows the fully served ring in its colour on both toolbars", () => {
    const column = GRID_STATES.findIndex((s) => s.label === "100%");
    const n = parseInt(ARC_COLOURS.full.slice(1), 16);
    const green = [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
    // The top of the ring in the 32 px rows (the icon is 96 px, centred in its cell).
    for (const row of [1, 3]) expect(pixel(column * CELL + CELL / 2, row * CELL + 8 + 4)).toEqual(green);
  });
});
