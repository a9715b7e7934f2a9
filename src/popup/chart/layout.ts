/**
 * The rollout chart's layout, apart from drawing it: its sizes in px, where the plot starts after the lane
 * labels, the note rows under the axis (broken to the room they have, measured by a rough advance per
 * character rather than by the page), and the drawing's height. Pure; svg-dom.ts draws by it.
 */
import { drawnText, notDrawnText, type RolloutLanes } from "./lanes.ts";

export const FONT_SIZE = 11;
/** A rough advance per character at 11 px, to lay labels out without measuring text. */
export const CHAR_WIDTH = 6.2;
/** One lane: a line of text (the versions' names) over a bar as tall as BAR at 100%. */
export const LANE = 30;
export const BAR = 14;
/** From a lane's top to its text's baseline, and to its bar's top. */
export const TEXT_BASELINE = 11;
export const BAR_TOP = 14;
export const TOP = 6;
export const RIGHT = 12;
export const MIN_LEFT = 36;
export const X_LABEL_SPACE = 20;
export const NOTE_ROW = 15;
/** Lane labels longer than this are cut (a version in a lane of its own; the bars' tooltips say it whole). */
export const MAX_LABEL_CHARS = 24;

export function finiteSize(n: number): number {
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

export function cut(text: string): string {
  return text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text;
}

/**
 * The lines under the axis: what is drawn, how to read a bar, and what the caps left out; parts share a line
 * where they fit, and a part longer than a line (in a narrow window) is broken between its words.
 */
function notes(lanes: RolloutLanes, room: number): string[] {
  if (lanes.lanes.length === 0) return [];
  const parts = [
    `${drawnText(lanes)}, one lane per ${lanes.byMilestone ? "milestone" : "version"}`,
    "bar height: share of users",
    notDrawnText(lanes),
  ].filter((p) => p !== "");
  const rows: string[] = [];
  for (const part of parts) {
    const last = rows.at(-1);
    const joined = last === undefined ? part : `${last} · ${part}`;
    if (last !== undefined && joined.length * CHAR_WIDTH <= room) rows[rows.length - 1] = joined;
    else rows.push(...wrapped(part, room));
  }
  return rows;
}

/** `text` in lines of at most `room` px (by CHAR_WIDTH), broken at spaces; a word longer than that stays whole. */
function wrapped(text: string, room: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && (last.length + 1 + word.length) * CHAR_WIDTH <= room) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/** Where the plot starts (after the lane labels), the note rows under it, and the drawing's height. */
export function layout(
  lanes: RolloutLanes,
  width: number,
): { left: number; notes: string[]; height: number } {
  const labelChars = Math.max(0, ...lanes.lanes.map((lane) => cut(lane.label).length));
  const left = Math.min(width * 0.4, Math.max(MIN_LEFT, labelChars * CHAR_WIDTH + 14));
  const rows = notes(lanes, width - left - RIGHT);
  const height = TOP + plotLanes(lanes) * LANE + X_LABEL_SPACE + rows.length * NOTE_ROW + 6;
  return { left, notes: rows, height };
}

/** Lanes of height the plot has room for: its lanes, and two even without any, for the "No releases" text. */
export function plotLanes(lanes: RolloutLanes): number {
  return Math.max(2, lanes.lanes.length);
}
