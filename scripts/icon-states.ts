/**
 * Writes docs/icon-states.png, the README's picture of the drawn toolbar icons (scripts/icon-grid.ts), or
 * to the path given: `npx tsx scripts/icon-states.ts [out.png]`. Run by hand when icon.ts changes; no test
 * writes the README's pictures.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { iconGrid } from "./icon-grid.ts";
import { encodePng } from "./png.ts";

const out = process.argv[2] ?? join(import.meta.dirname, "..", "docs", "icon-states.png");
const { width, height, rgba } = iconGrid();
writeFileSync(out, encodePng(width, height, rgba));
console.log(`wrote ${out} (${width} x ${height})`);
