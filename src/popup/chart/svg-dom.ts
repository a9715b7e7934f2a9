/**
 * Draws the rollout chart as inline SVG from the pure model in chart.ts: one lane per milestone (or per
 * version, when there are few), newest on top, each version a bar along the time it was served, filled to its
 * share of users. Every string goes in through `textContent` or `setAttribute`, never markup: versions come
 * from the network. Colours are CSS custom properties with fallbacks (`--series-1`...), and axes and text use
 * `currentColor`, so the page's light or dark scheme applies without this module knowing which one is on.
 */
import { shareText } from "../../shared/status/rollout-wording.ts";
import {
  drawnText,
  notDrawnList,
  notDrawnText,
  runText,
  type Lane,
  type RolloutLanes,
  type VersionRun,
} from "./lanes.ts";
import {
  BAR,
  BAR_TOP,
  CHAR_WIDTH,
  FONT_SIZE,
  LANE,
  NOTE_ROW,
  RIGHT,
  TEXT_BASELINE,
  TOP,
  X_LABEL_SPACE,
  cut,
  finiteSize,
  layout,
  plotLanes,
} from "./layout.ts";
import type { ChartWindow } from "./numbers.ts";
import { dayLabel, fitLabel, runFillPath, scales, versionLabels, type Scales } from "./scales.ts";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Fallback lane colours, used when the page defines no `--series-N`: mid tones with a contrast of 3:1 or
 * more (WCAG 1.4.11, graphics) both on white and on a dark grey (#202124), so either scheme can read them.
 * Lanes are told apart by place and label, so the colour only helps.
 */
const LANE_FALLBACKS = ["#2f7fe6", "#e37400", "#1e8e3e", "#e52592", "#a142f4", "#8e6c00"] as const;

/** The colour of the `i`th milestone (0-based): its custom property with the fallback palette behind it. */
export function laneColor(i: number): string {
  const n = i % LANE_FALLBACKS.length;
  return `var(--series-${n + 1}, ${LANE_FALLBACKS[n] ?? "currentColor"})`;
}

export interface RolloutChartInput {
  readonly lanes: RolloutLanes;
  readonly window: ChartWindow;
  /** Width of the whole drawing in px; its height follows from the lanes (chartHeight). */
  readonly width: number;
  /** The chart's `<title>`, e.g. "Rollout of Chrome Stable on Windows, last 8 weeks". */
  readonly title: string;
}

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

/** The versions still served at the window's end, newest lane first: what the chart's summary calls "at". */
function servedAtEnd(lanes: readonly Lane[]): string[] {
  return lanes.flatMap((lane) =>
    lane.runs
      .filter((run) => run.endShare !== null)
      .map((run) => `${run.version} at ${shareText(run.endShare ?? 0)}`),
  );
}

/** The summary a screen reader hears for the whole image (role="img" hides the parts; <desc> lists them). */
function ariaLabel(input: RolloutChartInput): string {
  const span = `${dayLabel(input.window.from)} to ${dayLabel(input.window.to)}`;
  const { lanes } = input;
  if (lanes.lanes.length === 0) return `No releases in this window, ${span}`;
  const per = lanes.byMilestone ? "milestone" : "version";
  const left = lanes.notDrawn.length ? `, ${lanes.notDrawn.length} more not drawn` : "";
  const atEnd = servedAtEnd(lanes.lanes);
  return (
    `Rollout, ${span}: ${drawnText(lanes)}, one lane per ${per}${left}; ` +
    `at ${dayLabel(input.window.to)}: ${atEnd.length ? atEnd.join(", ") : "none served"}`
  );
}

/** Every lane and its runs in words, the chart's long text alternative. */
function description(lanes: RolloutLanes): string {
  const text = lanes.lanes.map((lane) => `${lane.label}: ${lane.runs.map(runText).join("; ")}.`);
  if (lanes.notDrawn.length) text.push(`${notDrawnList(lanes)}.`);
  return text.join(" ");
}

/** How tall the drawing of `lanes` is at `width` px: the lanes, the date axis and the notes under it. */
export function chartHeight(lanes: RolloutLanes, width: number): number {
  return layout(lanes, finiteSize(width)).height;
}

/**
 * The rollout chart as an `<svg role="img">`: a `<title>`, a `<desc>` listing every bar, lane labels, a date
 * axis, one bar per version run (with its version and times as a tooltip) and notes saying what is drawn.
 * With no lanes it keeps the axis and says "No releases in this window". Built with `doc` (the page's
 * document, or a test DOM).
 */
export function renderRolloutChart(doc: Document, input: RolloutChartInput): SVGSVGElement {
  const width = finiteSize(input.width);
  const { lanes } = input;
  const { left, notes: noteRows, height } = layout(lanes, width);
  const root = svg(doc, "svg", {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": ariaLabel(input),
    class: "rollout-chart",
    "font-size": FONT_SIZE,
  });
  root.append(svg(doc, "title", {}, input.title), svg(doc, "desc", {}, description(lanes)));

  const s = scales(input.window, {
    width,
    height,
    padding: { top: TOP, right: RIGHT, left, bottom: height - TOP - plotLanes(lanes) * LANE },
  });
  const { right, top, bottom } = s.plot;

  const axes = svg(doc, "g", { class: "axes", stroke: "currentColor", fill: "currentColor" });
  for (const tick of s.xTicks) {
    // Centred under the tick, unless that would cut the label at the drawing's border (a label is ~40 px).
    const anchor = tick.x < 22 ? "start" : width - tick.x < 22 ? "end" : "middle";
    axes.append(
      svg(doc, "line", { x1: tick.x, x2: tick.x, y1: top, y2: bottom + 4, "stroke-opacity": 0.15 }),
      svg(
        doc,
        "text",
        { x: tick.x, y: bottom + 4 + FONT_SIZE, "text-anchor": anchor, stroke: "none" },
        tick.label,
      ),
    );
  }
  axes.append(
    svg(doc, "line", { x1: s.plot.left, x2: right, y1: bottom, y2: bottom, "stroke-opacity": 0.6 }),
  );
  root.append(axes);

  if (lanes.lanes.length === 0) {
    root.append(
      svg(
        doc,
        "text",
        {
          class: "empty",
          x: (s.plot.left + right) / 2,
          y: (top + bottom) / 2,
          dy: "0.32em",
          "text-anchor": "middle",
          fill: "currentColor",
        },
        "No releases in this window",
      ),
    );
  }

  const drawing = svg(doc, "g", { class: "lanes" });
  let colour = -1;
  lanes.lanes.forEach((lane, i) => {
    // A milestone's second lane (two of its versions served at once) keeps the milestone's colour.
    if (lane.label !== lanes.lanes[i - 1]?.label) colour++;
    drawing.append(drawLane(doc, lane, { top: top + i * LANE, colour, inMilestone: lanes.byMilestone, s }));
  });
  root.append(drawing);

  if (noteRows.length) {
    const group = svg(doc, "g", { class: "notes", fill: "currentColor", "fill-opacity": 0.75 });
    noteRows.forEach((row, i) => {
      const y = bottom + X_LABEL_SPACE + i * NOTE_ROW + FONT_SIZE;
      const note = svg(doc, "text", { x: s.plot.left, y }, row);
      if (lanes.notDrawn.length && row.endsWith(notDrawnText(lanes))) {
        note.append(svg(doc, "title", {}, notDrawnList(lanes)));
      }
      group.append(note);
    });
    root.append(group);
  }
  return root;
}

/** One lane: its label on the left and a bar per run, each named above it where the name fits. */
function drawLane(
  doc: Document,
  lane: Lane,
  at: {
    readonly top: number;
    readonly colour: number;
    readonly inMilestone: boolean;
    readonly s: Scales;
  },
): SVGGElement {
  const { s, top } = at;
  const colour = laneColor(at.colour);
  const group = svg(doc, "g", { class: "lane", "data-lane": lane.label });
  const barTop = top + BAR_TOP;
  group.append(
    svg(
      doc,
      "text",
      {
        class: "lane-label",
        x: s.plot.left - 6,
        y: barTop + BAR / 2,
        dy: "0.32em",
        "text-anchor": "end",
        fill: "currentColor",
      },
      cut(lane.label),
    ),
  );
  lane.runs.forEach((run, k) => {
    const x0 = s.x(run.start);
    const x1 = s.x(run.end);
    // The name may run on over the gap to the next bar of the lane, never into it.
    const next = lane.runs[k + 1];
    const room = (next ? s.x(next.start) : s.plot.right) - x0 - 4;
    const bar = svg(doc, "g", { class: "run", "data-version": run.version });
    bar.append(svg(doc, "title", {}, runText(run)));
    // Inset a pixel on each side, so two bars that meet show a gap where one version replaced the other.
    const inset = (t: number) => Math.min(Math.max(s.x(t), x0 + 1), Math.max(x0 + 1, x1 - 1));
    const outline = svg(doc, "rect", {
      class: "run-outline",
      x: x0 + 1,
      y: barTop,
      width: Math.max(0.5, x1 - x0 - 2),
      height: BAR,
      "fill-opacity": 0.12,
    });
    outline.style.setProperty("stroke", colour);
    outline.style.setProperty("fill", colour);
    const fill = svg(doc, "path", {
      class: "run-fill",
      d: runFillPath(run, inset, barTop + BAR, BAR),
      // Every other version a little lighter, so narrow bars side by side stay apart.
      "fill-opacity": k % 2 === 0 ? 0.9 : 0.7,
    });
    fill.style.setProperty("fill", colour);
    bar.append(outline, fill);
    const label = fitLabel(barLabels(run, at.inMilestone), room, CHAR_WIDTH);
    if (label) {
      bar.append(
        svg(
          doc,
          "text",
          { class: "run-label", x: x0 + 2, y: top + TEXT_BASELINE, fill: "currentColor" },
          label,
        ),
      );
    }
    group.append(bar);
  });
  return group;
}

/**
 * What a bar may say above it, longest first: in a milestone's lane its version (in full, or the part the
 * lane does not already say), with its share at the run's end when that is not 100% (a staged rollout: the
 * share then matters more than the whole version, which the tooltip has); in a version's own lane only the
 * share, as the lane's label names the version.
 */
function barLabels(run: VersionRun, inMilestone: boolean): string[] {
  const share = run.steps.at(-1)?.share ?? 0;
  const percent = shareText(share);
  if (!inMilestone) return [percent];
  const names = versionLabels(run.version, true);
  return share < 1 ? [...names.map((v) => `${v} ${percent}`), percent] : names;
}
