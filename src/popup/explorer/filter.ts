/**
 * How the explorer's controls map to the service's own `filter` / `order_by` and back, which controls each
 * view applies, and the state a first-time user sees. Pure: no DOM, no chrome.*.
 *
 * One rule holds the two directions together. A clause belongs to a control only when it is exactly the clause
 * that control would write from a valid value (`version>=120`, `starttime<2024-03-02T00:00:00Z`, ...); every
 * other clause, and a second clause for a control already taken, stays in `extra` as typed. So
 *
 *   filterToState(stateToFilter(s), s) = s                      for every state with valid fields
 *   stateToFilter(filterToState(f, base)) = f as a multiset     for every filter f parsed for base.view
 *
 * and the advanced field and the controls can never disagree about what is sent.
 *
 * Controls and `extra` clauses that do not apply to the view (start bounds, live only and rollout, or an
 * `extra` clause on `fraction`, on versions) keep their values in the state and contribute nothing to the
 * request: the page shows them disabled, and switching back to releases brings them back unchanged.
 */
import {
  FIELDS,
  type Comparison,
  type Direction,
  type Field,
  type Filter,
  type OrderBy,
} from "../../core/query/index.ts";
import { DAY_MS } from "../../core/duration.ts";
import { isControlVersion, isDay, isFourPart, isPercent, nextDay, nextVersion, utcDay } from "./values.ts";
import type { ExplorerState, Rollout, View } from "./state.ts";

/** The filter controls, the part of the state a filter clause can set. */
export type FilterControl = "versionFrom" | "versionTo" | "startFrom" | "startTo" | "liveOnly" | "rollout";

/** Every control of the explorer, named after the state field it edits (`extra` is the advanced field). */
export type Control = keyof ExplorerState;

/** The state a first-time user sees: every release of the watched platform, on every channel, unfiltered. */
export function defaultState(product: string, platform: string): ExplorerState {
  return {
    view: "releases",
    product,
    platform,
    channel: "all",
    versionFrom: "",
    versionTo: "",
    startFrom: "",
    startTo: "",
    liveOnly: false,
    rollout: { kind: "any" },
    order: [],
    extra: [],
  };
}

/**
 * `state` with every filter cleared to `base`'s values (normally defaultState's: no bounds, any rollout, no
 * extra clauses), hidden ones included. View, product, platform, channel and order are kept: they choose
 * which list is shown and how it is sorted, not which of its releases pass, so clearing the filters shows the
 * same list unfiltered rather than moving the person to another list or losing their sort.
 */
export function resetFilters(state: ExplorerState, base: ExplorerState): ExplorerState {
  // Typed as every filter control, so a control added to FilterControl must be cleared here too.
  const cleared: Pick<ExplorerState, FilterControl | "extra"> = {
    versionFrom: base.versionFrom,
    versionTo: base.versionTo,
    startFrom: base.startFrom,
    startTo: base.startTo,
    liveOnly: base.liveOnly,
    rollout: base.rollout,
    extra: base.extra,
  };
  return { ...state, ...cleared };
}

/** The lengths of the start-date presets, in days. */
export type PresetDays = 7 | 30 | 90;

/**
 * Start bounds for the last `days` UTC days up to and including today, the UTC day `now` falls on: 7 is today
 * and the six days before it. Both bounds are inclusive days (startTo covers its whole day), so a release that
 * started earlier today is in. UTC days have no daylight-saving changes, so a day is always DAY_MS long.
 */
export function startPreset(
  days: PresetDays,
  now: number,
): { readonly startFrom: string; readonly startTo: string } {
  const startTo = utcDay(now);
  const startFrom = utcDay(now - (days - 1) * DAY_MS);
  // Only a clock far outside four-digit years gets here; the dates could not be written in a filter.
  if (startTo === null || startFrom === null) throw new RangeError(`no UTC day for the time ${now}`);
  return { startFrom, startTo };
}

// ---------------------------------------------------------------------------------------------------------
// Which controls apply to which view

/**
 * Which controls the view can express. The versions endpoint knows no `starttime`, `endtime` or `fraction`
 * (https://developer.chrome.com/docs/web-platform/versionhistory/guide), so the controls that write them are
 * off there; the page disables them rather than sending clauses the service would refuse. Order stays on,
 * limited to orderFields(view).
 */
export function applicable(view: View): Readonly<Record<Control, boolean>> {
  const releases = view === "releases";
  return {
    view: true,
    product: true,
    platform: true,
    channel: true,
    versionFrom: true,
    versionTo: true,
    startFrom: releases,
    startTo: releases,
    liveOnly: releases,
    rollout: releases,
    order: true,
    extra: true,
  };
}

/** The fields the order control may offer on this view (the endpoint's own list). */
export function orderFields(view: View): readonly Field[] {
  return FIELDS[view];
}

export function fieldApplies(view: View, field: Field): boolean {
  return FIELDS[view].includes(field);
}

// ---------------------------------------------------------------------------------------------------------
// Controls -> filter

const midnight = (day: string): string => `${day}T00:00:00Z`;

/**
 * The fraction of a percent. Tenths of a percent over 1000 rather than percent over 100: an integer divided by
 * a power of ten is the double nearest the decimal, so 0.7% is `0.007` and not `0.006999999999999999`.
 */
function percentToFraction(percent: number): number {
  return Math.round(percent * 10) / 1000;
}

const version = (op: Comparison["op"], text: string): Comparison => ({
  field: "version",
  op,
  value: { type: "version", text },
});
const starttime = (op: Comparison["op"], text: string): Comparison => ({
  field: "starttime",
  op,
  value: { type: "time", text },
});
const fraction = (op: Comparison["op"], value: number): Comparison => ({
  field: "fraction",
  op,
  value: { type: "number", value },
});

function versionToClause(text: string): Comparison | null {
  if (!isControlVersion(text)) return null;
  if (isFourPart(text)) return version("<=", text);
  const next = nextVersion(text);
  return next === null ? null : version("<", next);
}

function rolloutClause(rollout: Rollout): Comparison | null {
  switch (rollout.kind) {
    case "any":
      return null;
    case "partial":
      return fraction("<", 1);
    case "full":
      return fraction("=", 1);
    case "atLeast":
      return isPercent(rollout.percent) ? fraction(">=", percentToFraction(rollout.percent)) : null;
  }
}

/**
 * The filter the controls say, in canonical order: version bounds, start bounds, endtime, fraction, then the
 * `extra` clauses as typed. Controls that do not apply to the view, and values controlErrors reports, add
 * nothing: the request is always one the service accepts, and the page shows why a control is not in it.
 * `extra` clauses on fields the view does not have are left out for the same reason (they stay in the state).
 */
export function stateToFilter(state: ExplorerState): Filter {
  const on = applicable(state.view);
  const out: Comparison[] = [];
  if (isControlVersion(state.versionFrom)) out.push(version(">=", state.versionFrom));
  const to = versionToClause(state.versionTo);
  if (to) out.push(to);
  if (on.startFrom && isDay(state.startFrom)) out.push(starttime(">=", midnight(state.startFrom)));
  const after = on.startTo ? nextDay(state.startTo) : null;
  if (after !== null) out.push(starttime("<", midnight(after)));
  if (on.liveOnly && state.liveOnly) out.push({ field: "endtime", op: "=", value: { type: "none" } });
  const share = on.rollout ? rolloutClause(state.rollout) : null;
  if (share) out.push(share);
  out.push(...state.extra.filter((c) => fieldApplies(state.view, c.field)));
  return out;
}

/**
 * The order the controls say: keys on fields the view has, first occurrence of each field only (the service
 * refuses a field twice, and a repeated key could not change the order anyway).
 */
export function stateToOrderBy(state: ExplorerState): OrderBy {
  const seen = new Set<Field>();
  const out: { field: Field; direction: Direction }[] = [];
  for (const { field, direction } of state.order) {
    if (!fieldApplies(state.view, field) || seen.has(field)) continue;
    seen.add(field);
    out.push({ field, direction });
  }
  return out;
}
