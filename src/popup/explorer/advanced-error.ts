/**
 * Pure: where an InvalidQueryError points in the advanced field's text, for the page to mark the clause
 * (an error that only says "invalid filter" leaves a person searching).
 *
 * The view quotes only an excerpt of the text: the wrong clause with a little context on each side. A pasted
 * text can be hundreds of characters long, and repeating it whole under the field would bury the clause it
 * is meant to point at. For the same reason the words are built here from the error's clause, position and
 * detail (the core's detail quotes at most a short piece of the text), never from its message, which holds
 * the whole text.
 */
import type { InvalidQueryError } from "../../core/errors.ts";
import { FilterTooLongError } from "./advanced.ts";
import { isDay, nextDay } from "./values.ts";

/** Characters of the text shown on each side of the wrong clause, at most. */
export const CONTEXT_CHARS = 20;
/** Characters of the wrong clause shown, at most; a longer one is shown around the character at fault. */
export const CLAUSE_CHARS = 60;

/** Characters `start` (inclusive) to `end` (exclusive) of a text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The span of clause `index` (0-based) of a filter text, white space around it excluded. Clauses are split at
 * commas outside double-quoted values (`name="a,b"` is one clause), as the service's parser reads them. An
 * index past the last clause gives the empty span at the end of the text.
 */
export function clauseSpan(text: string, index: number): Span {
  const bounds: number[] = [0];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === "\\") i++;
    else if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) bounds.push(i + 1);
  }
  const start = bounds[index];
  if (start === undefined) return { start: text.length, end: text.length };
  const next = bounds[index + 1];
  let end = next === undefined ? text.length : next - 1;
  let from = start;
  while (from < end && /\s/.test(text.charAt(from))) from++;
  while (end > from && /\s/.test(text.charAt(end - 1))) end--;
  return { start: from, end };
}

/** The advanced field's error, ready to show: the words, and the text cut around the wrong clause. */
export interface AdvancedErrorView {
  readonly message: string;
  readonly before: string;
  /** The wrong clause; when it is empty (a trailing comma), a marker shows where one is missing. */
  readonly clause: string;
  readonly after: string;
}

/**
 * The error's words and an excerpt of the text around the wrong clause: at most CONTEXT_CHARS on each side
 * and CLAUSE_CHARS of the clause, with "…" wherever the text goes on. A text over the length limit has its
 * first characters past the limit marked instead of a clause.
 */
export function advancedErrorView(text: string, error: InvalidQueryError): AdvancedErrorView {
  if (error instanceof FilterTooLongError) {
    const limit = error.position;
    return {
      message: error.detail,
      before: excerpt(text, { start: 0, end: limit }, limit - CONTEXT_CHARS, limit),
      clause: excerpt(text, { start: limit, end: text.length }, limit, limit + CLAUSE_CHARS),
      after: "",
    };
  }
  const span = clauseSpan(text, error.clauseIndex);
  // The clause's window: all of it when short, else CLAUSE_CHARS from a little before the character at fault.
  const at = Math.min(Math.max(error.position, span.start), span.end);
  const from = Math.max(span.start, Math.min(at - CONTEXT_CHARS, span.end - CLAUSE_CHARS));
  const fix = dayClauseFix(text.slice(span.start, span.end));
  const detail =
    fix === null
      ? error.detail
      : `the service takes a date and time, not a day alone: write ${fix} (days start at 00:00 UTC)`;
  return {
    message: `Clause ${error.clauseIndex + 1}, character ${error.position + 1}: ${detail}`,
    before: excerpt(text, { start: 0, end: span.start }, span.start - CONTEXT_CHARS, span.start),
    clause: excerpt(text, span, from, from + CLAUSE_CHARS),
    after: excerpt(text, { start: span.end, end: text.length }, span.end, span.end + CONTEXT_CHARS),
  };
}

/**
 * What to write for a start or end time given as a day alone (`starttime>=2026-11-01`), or null for any other
 * clause. The service's reference says a time value "must be an RFC 3339 date string" and every example of
 * one is a date-time; the core's parser (shared with the emulator) refuses a day alone as the service is
 * expected to, and the field sends exactly what it says, so the page says what to type rather than sending
 * something else. The fix bounds the day as the start-day pickers do, whole days from 00:00 UTC: `>=D` and
 * `<D` from D's start, `>D` and `<=D` from the next day's, and `=D` as both of D's bounds.
 */
export function dayClauseFix(clause: string): string | null {
  const m = /^(starttime|endtime)\s*(<=|>=|<|>|=)\s*(\d{4}-\d{2}-\d{2})$/.exec(clause);
  const [, field, op, day] = m ?? [];
  if (field === undefined || op === undefined || day === undefined || !isDay(day)) return null;
  const next = nextDay(day);
  const at = (d: string): string => `${d}T00:00:00Z`;
  if (op === ">=") return `${field}>=${at(day)}`;
  if (op === "<") return `${field}<${at(day)}`;
  // The day after 9999-12-31 cannot be written: no fix but the core's own words.
  if (next === null) return null;
  if (op === ">") return `${field}>=${at(next)}`;
  if (op === "<=") return `${field}<${at(next)}`;
  return `${field}>=${at(day)},${field}<${at(next)}`;
}

/**
 * `text` from `from` to `to`, kept within `piece` (the text before the clause, the clause or the text after
 * it), with "…" on each side where the piece goes on. A cut never splits a surrogate pair: half an emoji
 * would show as a replacement character.
 */
function excerpt(text: string, piece: Span, from: number, to: number): string {
  let start = Math.max(from, piece.start);
  let end = Math.max(start, Math.min(to, piece.end));
  if (start > piece.start && start < end && isLowSurrogate(text.charCodeAt(start))) start++;
  if (end < piece.end && end > start && isLowSurrogate(text.charCodeAt(end))) end--;
  return `${start > piece.start ? "…" : ""}${text.slice(start, end)}${end < piece.end ? "…" : ""}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
