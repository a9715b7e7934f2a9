/**
 * The explorer's advanced field: the `filter` the request sends, as text in the service's own syntax, and that
 * text read back into the controls. Pure. The field and the controls share one state (explorer-filter.ts), so
 * an edit in either shows in the other.
 */
import { InvalidQueryError } from "../core/errors.ts";
import { parseFilter, serializeFilter } from "../core/query/index.ts";
import { filterToState, stateToFilter } from "./explorer-filter.ts";
import type { ExplorerState } from "./explorer-state.ts";

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
 * `error.position` in the text. Errors other than InvalidQueryError are bugs and are thrown.
 */
export function applyAdvanced(text: string, state: ExplorerState): AdvancedResult {
  try {
    return { ok: true, state: filterToState(parseFilter(text, state.view), state) };
  } catch (e) {
    if (e instanceof InvalidQueryError) return { ok: false, error: e };
    throw e;
  }
}
