/**
 * What is wrong with the explorer's controls, in words for the page to show beside each one. Pure. A value
 * reported here writes no clause (filter.ts leaves it out), so the request stays one the service
 * accepts while the page says why a control is not in it.
 */
import { ID_PATTERN } from "../../core/catalog.ts";
import { compareVersions, versionProblem } from "../../core/version.ts";
import { applicable, type Control } from "./filter.ts";
import {
  isControlVersion,
  isDay,
  isFourPart,
  isPercent,
  isVersionTo,
  nextDay,
  nextVersion,
} from "./values.ts";
import type { ExplorerState, Rollout } from "./state.ts";

/**
 * What is wrong with each control, for the page to show beside it; empty when everything is valid. A control
 * the view does not apply is not checked (it is disabled and sends nothing). Values reported here add nothing
 * to the request (stateToFilter leaves them out), so the page may still show the URL.
 */
/** What is wrong with each control's value, by control; none when every value can be sent. */
export type ControlErrors = Partial<Record<Control, string>>;

export function controlErrors(state: ExplorerState): ControlErrors {
  const on = applicable(state.view);
  const errors: Partial<Record<Control, string>> = {};
  for (const key of ["product", "platform", "channel"] as const) {
    if (!ID_PATTERN.test(state[key])) errors[key] = `"${state[key]}" is not an id such as win64 or stable`;
  }
  const { versionFrom: from, versionTo: to } = state;
  // The parser's own words for a version it refuses, so the control and the advanced field explain alike.
  const fromProblem = from === "" ? null : versionProblem(from);
  if (fromProblem !== null) errors.versionFrom = `"${from}" is not a version; ${fromProblem}`;
  const toProblem = to === "" ? null : versionProblem(to);
  if (toProblem !== null) {
    errors.versionTo = `"${to}" is not a version; ${toProblem}`;
  } else if (to !== "" && !isVersionTo(to)) {
    // The one version the filter takes that `to` cannot: nothing follows it for `version<` to name.
    errors.versionTo = `${to} has no next version to stop before; write all four numbers`;
  } else if (to !== "" && isControlVersion(from)) {
    const next = isFourPart(to) ? null : nextVersion(to);
    const above = next === null ? compareVersions(from, to) > 0 : compareVersions(from, next) >= 0;
    if (above) errors.versionTo = `${to} is below the lowest version, ${from}`;
  }
  if (on.startFrom && state.startFrom !== "" && !isDay(state.startFrom)) {
    errors.startFrom = `"${state.startFrom}" is not a date (YYYY-MM-DD)`;
  }
  if (on.startTo && state.startTo !== "") {
    if (nextDay(state.startTo) === null) {
      errors.startTo = `"${state.startTo}" is not a date (YYYY-MM-DD) before 9999-12-31`;
    } else if (isDay(state.startFrom) && state.startFrom > state.startTo) {
      // Four-digit years, so text order is date order.
      errors.startTo = `${state.startTo} is before the first start day, ${state.startFrom}`;
    }
  }
  if (on.rollout && !isRollout(state.rollout)) {
    errors.rollout = "the share must be 0 to 100 percent, with at most one decimal";
  }
  const fields = state.order.map((o) => o.field);
  const twice = fields.find((f, i) => fields.indexOf(f) !== i);
  if (twice !== undefined) errors.order = `"${twice}" is a sort key twice; the service takes each field once`;
  return errors;
}

function isRollout(value: Rollout): boolean {
  return value.kind !== "atLeast" || isPercent(value.percent);
}
