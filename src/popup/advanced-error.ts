/**
 * Pure: where an InvalidQueryError points in the advanced field's text, for the page to mark the clause
 * (an error that only says "invalid filter" leaves a person searching).
 */
import type { InvalidQueryError } from "../core/errors.ts";

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

export function advancedErrorView(text: string, error: InvalidQueryError): AdvancedErrorView {
  const span = clauseSpan(text, error.clauseIndex);
  return {
    message: `Clause ${error.clauseIndex + 1}, character ${error.position + 1}: ${error.detail}`,
    before: text.slice(0, span.start),
    clause: text.slice(span.start, span.end),
    after: text.slice(span.end),
  };
}
