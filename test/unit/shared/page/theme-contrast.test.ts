/**
 * The extension pages' colours: every colour comes from the shared tokens (src/shared/page/theme.css), and each
 * pair the popup and the options page draw reaches WCAG AA in both schemes, computed from the stylesheets
 * themselves: normal text 4.5:1 against what it is drawn on, focus rings and share bars (non-text) 3:1.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrast } from "../../../contrast.ts";

const read = (path: string): string =>
  readFileSync(new URL(`../../../../src/${path}`, import.meta.url), "utf8");
const theme = read("shared/page/theme.css");
const PAGES = { popup: read("popup/popup.css"), options: read("options/options.css") };
/**
 * Loaded into a page that already has the tokens: the glance's beside the popup's page stylesheet, the
 * explorer's and the chart's with their modules.
 */
const PARTS = {
  glance: read("popup/glance/glance.css"),
  explorer: read("popup/explorer/explorer.css"),
  results: read("popup/explorer/results.css"),
  chart: read("popup/chart/chart.css"),
};

/** The custom properties of the first `:root` block after `from` in the theme. */
function palette(from: number): Record<string, string> {
  const start = theme.indexOf(":root", from);
  const block = theme.slice(theme.indexOf("{", start) + 1, theme.indexOf("}", start));
  const colours: Record<string, string> = {};
  for (const [, name, hex] of block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)) {
    if (name && hex) colours[name] = hex;
  }
  return colours;
}

const LIGHT = palette(0);
const DARK = palette(theme.indexOf("@media (prefers-color-scheme: dark)"));

// Text colours and the surfaces each is drawn on, in popup.css and options.css.
const TEXT_PAIRS: [string, string][] = [
  ["text", "background"],
  ["text", "surface"],
  ["text", "accent-surface"],
  ["text", "warning-surface"],
  ["text", "error-surface"],
  ["muted", "background"],
  ["muted", "surface"],
  ["link", "background"],
  ["link", "surface"],
  ["live", "background"],
  ["error-text", "error-surface"],
  ["error-text", "background"],
  ["on-accent", "accent"],
];
const NON_TEXT_PAIRS: [string, string][] = [
  ["focus", "background"],
  ["error-border", "background"],
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

  it("defines the same tokens as the other scheme", () => {
    expect(Object.keys(colours).sort()).toEqual(Object.keys(LIGHT).sort());
  });

  it.each(TEXT_PAIRS)("text --%s on --%s reaches 4.5:1", (fg, bg) => {
    expect(contrast(colours[fg] ?? "", colours[bg] ?? "")).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)("--%s on --%s reaches 3:1", (fg, bg) => {
    expect(contrast(colours[fg] ?? "", colours[bg] ?? "")).toBeGreaterThanOrEqual(3);
  });
});

describe.each(Object.entries(PAGES))("the %s page's stylesheet", (_page, css) => {
  it("imports the shared tokens", () => {
    expect(css).toContain('@import "../shared/page/theme.css";');
  });
});

describe.each(Object.entries({ ...PAGES, ...PARTS }))("the %s stylesheet", (_name, css) => {
  it("defines no colour of its own", () => {
    expect(css.match(/#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(/g) ?? []).toEqual([]);
    expect(css.match(/--[\w-]+\s*:/g) ?? []).toEqual([]);
  });

  it("uses only tokens the theme defines", () => {
    const used = [...css.matchAll(/var\(--([\w-]+)/g)].map((m) => m[1] ?? "");
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !(name in LIGHT) && !name.startsWith("series-"))).toEqual([]);
  });
});

describe("the contrast formula", () => {
  it("gives 21:1 for black on white and 1:1 for a colour on itself", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#5f6368", "#5f6368")).toBe(1);
  });
});
