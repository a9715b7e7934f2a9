/**
 * The explorer's advanced field: the `filter` the request sends, as text in the service's own syntax, and that
 * text read back into the controls. Pure. The field and the controls share one state (filter.ts), so
 * an edit in either shows in the other.
 */
import { InvalidQueryError } from "../../core/errors.ts";
import { parseFilter, serializeFilter } from "../../core/query/index.ts";
import { stateToFilter } from "./filter.ts";
import { filterToState } from "./filter-reading.ts";
import type { ExplorerState } from "./state.ts";

/**
 * The longest filter the advanced field takes, in UTF-16 code units (what an input's `maxlength` counts).
 * Every filter the controls write is far shorter; the cap keeps a pasted or restored text from making a
 * request URL the service may refuse for its length, and an error message that cannot be read.
 */
export const MAX_FILTER_LENGTH = 500;

/**
 * A filter longer than MAX_FILTER_LENGTH. An InvalidQueryError, so the field handles it like any other
 * refused text (the last good state stays); it is about the whole text, so it points at the first character
 * over the limit rather than at a clause (clauseIndex 0).
 */
export class FilterTooLongError extends InvalidQueryError {
  override name = "FilterTooLongError";
  constructor(text: string) {
    super(
      "filter",
      0,
      MAX_FILTER_LENGTH,
      `The filter is limited to ${MAX_FILTER_LENGTH} characters; this one has ${text.length}.`,
      text,
    );
  }
}

/** The advanced field's text: exactly the `filter` the request sends, in the service's syntax. */
export function advancedText(state: ExplorerState): string {
  return serializeFilter(stateToFilter(state));
}

type AdvancedResult =
  | { readonly ok: true; readonly state: ExplorerState }
  | { readonly ok: false; readonly error: InvalidQueryError };

/**
 * Reads the advanced field as the user types: parsed for the view's endpoint, so a field the view does not
 * have is an error too. On an error the page keeps its last good state and marks `error.clauseIndex` /
 * `error.position` in the text. A text over MAX_FILTER_LENGTH is refused unread (FilterTooLongError), even
 * when it would parse. Errors other than InvalidQueryError are bugs and are thrown.
 */
export function applyAdvanced(text: string, state: ExplorerState): AdvancedResult {
  if (text.length > MAX_FILTER_LENGTH) return { ok: false, error: new FilterTooLongError(text) };
  try {
    return { ok: true, state: filterToState(parseFilter(text, state.view), state) };
  } catch (e) {
    if (e instanceof InvalidQueryError) return { ok: false, error: e };
    throw e;
  }
}
