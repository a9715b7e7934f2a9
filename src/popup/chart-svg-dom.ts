/**
 * Draws the rollout chart as inline SVG from the pure model in chart.ts. Every string goes in
 * through `textContent` or `setAttribute`, never markup: versions come from the network. Colours are CSS
 * custom properties with fallbacks (`--series-1`...), and axes use `currentColor`, so the popup's light or
 * dark scheme applies without this module knowing which one is on.
 */
import { shareText } from "../shared/rollout-wording.ts";
import { plural } from "../shared/time.ts";
import {
  dayLabel,
  finalShare,
  scales,
  seriesPaths,
  type ChartWindow,
  type Padding,
  type Series,
} from "./chart.ts";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Fallback series colours, used when the page defines no `--series-N`: mid tones with a contrast of 3:1 or
 * more (WCAG 1.4.11, graphics) both on white and on a dark grey (#202124), so either scheme can read them.
 */
const SERIES_FALLBACKS = ["#2f7fe6", "#e37400", "#1e8e3e", "#e52592", "#a142f4", "#8e6c00"] as const;

/** Dash patterns beside the colours, so series 4 to 6 stay apart for readers who cannot tell the hues. */
const DASHES = ["", "", "", "6 3", "2 3", "8 3 2 3"] as const;

/** The stroke of series `i` (0-based): its custom property with the fallback palette behind it. */
export function seriesColor(i: number): string {
  const n = i % SERIES_FALLBACKS.length;
  return `var(--series-${n + 1}, ${SERIES_FALLBACKS[n] ?? "currentColor"})`;
}

export interface RolloutChartInput {
  readonly series: readonly Series[];
  readonly window: ChartWindow;
  /** Size of the whole drawing in px, legend included (the popup gives 360-760 by about 160-200). */
  readonly width: number;
  readonly height: number;
  /** The chart's `<title>`, e.g. "Rollout of Chrome Stable on Windows". */
  readonly title: string;
  /** Versions left out by the cap (olderVersions), named in a note under the legend. */
  readonly older?: readonly string[];
}

const FONT_SIZE = 11;
/** A rough advance per character at 11 px, to lay the legend out without measuring text. */
const CHAR_WIDTH = 6.2;
const LEGEND_ROW = 15;
const SWATCH = 14;
/** Versions longer than this are cut in the legend (the full text is in the item's tooltip). */
const MAX_VERSION_CHARS = 32;
const X_LABEL_SPACE = 20;

type Attrs = Record<string, string | number>;

function svg<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const node = doc.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    // Hundredths are finer than a pixel needs and keep the markup short (and opacities like 0.15 exact).
    node.setAttribute(name, typeof value === "number" ? String(Math.round(value * 100) / 100) : value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function finiteSize(n: number): number {
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

function cut(text: string): string {
  return text.length > MAX_VERSION_CHARS ? `${text.slice(0, MAX_VERSION_CHARS - 1)}…` : text;
}

/** The summary a screen reader hears for the whole image (role="img" hides the parts). */
function ariaLabel(input: RolloutChartInput): string {
  const span = `${dayLabel(input.window.from)} to ${dayLabel(input.window.to)}`;
  const newest = input.series[0];
  if (!newest) return `No releases in this window, ${span}`;
  const older = input.older?.length ? ` (and ${plural(input.older.length, "older version")})` : "";
  return (
    `Share over time of ${plural(input.series.length, "version")}${older}, ${span}; ` +
    `newest ${newest.version} at ${shareText(finalShare(newest))}`
  );
}

/**
 * The rollout chart as an `<svg role="img">`: a `<title>`, share and date axes, one step `<path>` per series
 * and a legend (swatch, version, share at the window's end). With no series it keeps the axes and says
 * "No releases in this window". Built with `doc` (the popup's document, or a test DOM).
 */
export function renderRolloutChart(doc: Document, input: RolloutChartInput): SVGSVGElement {
  const width = finiteSize(input.width);
  const height = finiteSize(input.height);
  const root = svg(doc, "svg", {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": ariaLabel(input),
    class: "rollout-chart",
    "font-size": FONT_SIZE,
  });
  root.append(svg(doc, "title", {}, input.title));

  // Legend layout first: its rows decide how much height the plot keeps.
  const pad: Padding = { top: 8, right: 12, bottom: X_LABEL_SPACE, left: 36 };
  const items = input.series.map((s) => ({
    version: s.version,
    label: cut(s.version),
    share: shareText(finalShare(s)),
  }));
  const itemWidth = Math.max(
    0,
    ...items.map((i) => SWATCH + 6 + (i.label.length + 1 + i.share.length) * CHAR_WIDTH + 12),
  );
  const legendWidth = Math.max(0, width - pad.left - pad.right);
  const columns = Math.max(1, Math.floor(legendWidth / Math.max(1, itemWidth)));
  const columnWidth = items.length ? Math.max(itemWidth, legendWidth / columns) : 0;
  const rows = Math.ceil(items.length / columns) + (input.older?.length ? 1 : 0);
  const legendHeight = rows ? rows * LEGEND_ROW + 4 : 0;
  const s = scales(input.series, input.window, {
    width,
    height,
    padding: { ...pad, bottom: pad.bottom + legendHeight },
  });
  const { left, right, top, bottom } = s.plot;

  const axes = svg(doc, "g", { class: "axes", stroke: "currentColor", fill: "currentColor" });
  for (const tick of s.yTicks) {
    axes.append(
      svg(doc, "line", {
        x1: left,
        x2: right,
        y1: tick.y,
        y2: tick.y,
        "stroke-opacity": tick.share === 0 ? 0.6 : 0.15,
      }),
      svg(
        doc,
        "text",
        { x: left - 4, y: tick.y, dy: "0.32em", "text-anchor": "end", stroke: "none" },
        tick.label,
      ),
    );
  }
  axes.append(svg(doc, "line", { x1: left, x2: left, y1: top, y2: bottom, "stroke-opacity": 0.6 }));
  for (const tick of s.xTicks) {
    // Centred under the tick, unless that would cut the label at the drawing's border (a label is ~40 px).
    const anchor = tick.x < 22 ? "start" : width - tick.x < 22 ? "end" : "middle";
    axes.append(
      svg(doc, "line", { x1: tick.x, x2: tick.x, y1: bottom, y2: bottom + 4, "stroke-opacity": 0.6 }),
      svg(
        doc,
        "text",
        { x: tick.x, y: bottom + 4 + FONT_SIZE, "text-anchor": anchor, stroke: "none" },
        tick.label,
      ),
    );
  }
  root.append(axes);

  if (s.empty) {
    root.append(
      svg(
        doc,
        "text",
        {
          class: "empty",
          x: (left + right) / 2,
          y: (top + bottom) / 2,
          dy: "0.32em",
          "text-anchor": "middle",
          fill: "currentColor",
        },
        "No releases in this window",
      ),
    );
  }

  const lines = svg(doc, "g", {
    class: "series",
    fill: "none",
    "stroke-width": 2,
    "stroke-linejoin": "round",
  });
  const paths = seriesPaths(input.series, input.window, s);
  input.series.forEach((series, i) => {
    const path = svg(doc, "path", { d: paths[i] ?? "", "data-version": series.version });
    styleStroke(path, i);
    lines.append(path);
  });
  root.append(lines);

  const legend = svg(doc, "g", { class: "legend", fill: "currentColor" });
  const legendTop = bottom + X_LABEL_SPACE + 4;
  items.forEach((item, i) => {
    const x = left + (i % columns) * columnWidth;
    const y = legendTop + Math.floor(i / columns) * LEGEND_ROW;
    const entry = svg(doc, "g", { class: "legend-item" });
    // The full version as a tooltip, since the label may be cut.
    entry.append(svg(doc, "title", {}, `${item.version}: ${item.share}`));
    const swatch = svg(doc, "line", { x1: x, x2: x + SWATCH, y1: y + 7, y2: y + 7, "stroke-width": 3 });
    styleStroke(swatch, i);
    const text = svg(doc, "text", { x: x + SWATCH + 6, y: y + FONT_SIZE });
    text.append(
      svg(doc, "tspan", { class: "version" }, item.label),
      doc.createTextNode(" "),
      svg(doc, "tspan", { class: "share", "fill-opacity": 0.75 }, item.share),
    );
    entry.append(swatch, text);
    legend.append(entry);
  });
  if (input.older?.length) {
    const y = legendTop + Math.ceil(items.length / columns) * LEGEND_ROW;
    const note = svg(doc, "text", { class: "older", x: left, y: y + FONT_SIZE, "fill-opacity": 0.75 });
    note.append(
      svg(doc, "title", {}, input.older.join(", ")),
      doc.createTextNode(`+${plural(input.older.length, "older version")} not drawn`),
    );
    legend.append(note);
  }
  root.append(legend);
  return root;
}

/** Stroke of series `i` through the CSSOM: `var()` in a presentation attribute is not portable. */
function styleStroke(node: SVGElement, i: number): void {
  node.style.setProperty("stroke", seriesColor(i));
  const dash = DASHES[i % DASHES.length];
  if (dash) node.setAttribute("stroke-dasharray", dash);
}
