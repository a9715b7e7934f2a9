/**
 * WCAG AA contrast of the popup's text colours, in both themes, computed from popup.css itself: normal text
 * needs 4.5:1 against what it is drawn on, and focus rings and the share bars' fill (non-text) 3:1.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync(new URL("../../../src/popup/popup.css", import.meta.url), "utf8");

/** The custom properties of the first `:root` block after `from` in the stylesheet. */
function palette(from: number): Record<string, string> {
  const start = css.indexOf(":root", from);
  const block = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  const colours: Record<string, string> = {};
  for (const [, name, hex] of block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)) {
    if (name && hex) colours[name] = hex;
  }
  return colours;
}

const LIGHT = palette(0);
const DARK = palette(css.indexOf("@media (prefers-color-scheme: dark)"));

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Text colours and the surfaces each is drawn on in popup.css.
const TEXT_PAIRS: [string, string][] = [
  ["text", "background"],
  ["text", "surface"],
  ["text", "accent-surface"],
  ["text", "warning-surface"],
  ["muted", "background"],
  ["muted", "surface"],
  ["link", "background"],
  ["link", "surface"],
  ["live", "background"],
  ["error-text", "error-surface"],
  ["error-text", "background"],
];
const NON_TEXT_PAIRS: [string, string][] = [
  ["focus", "background"],
  ["bar-partial", "background"],
  ["bar-full", "background"],
];

describe.each([
  ["light", LIGHT],
  ["dark", DARK],
])("the %s theme", (_name, colours) => {
  it("defines every colour the checks below use", () => {
    for (const [a, b] of [...TEXT_PAIRS, ...NON_TEXT_PAIRS]) {
      expect(colours[a], a).toMatch(/^#/);
      expect(colours[b], b).toMatch(/^#/);
    }
  });

  it.each(TEXT_PAIRS)("text --%s on --%s reaches 4.5:1", (fg, bg) => {
    expect(contrast(colours[fg] ?? "", colours[bg] ?? "")).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)("--%s on --%s reaches 3:1", (fg, bg) => {
    expect(contrast(colours[fg] ?? "", colours[bg] ?? "")).toBeGreaterThanOrEqual(3);
  });
});

describe("the contrast formula", () => {
  it("gives 21:1 for black on white and 1:1 for a colour on itself", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#5f6368", "#5f6368")).toBe(1);
  });
});
