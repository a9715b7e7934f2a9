/**
 * A filter read back into the explorer's controls (filter.ts says the one rule both directions follow): a
 * clause sets a control only when it is exactly what that control writes from a valid value; every other
 * clause stays in `extra` as typed, in place. Pure.
 */
import type { Comparison, Filter } from "../../core/query/index.ts";
import { isControlVersion, isDay, isFourPart, isPercent, previousDay } from "./values.ts";
import type { ExplorerState, View } from "./state.ts";
import { applicable, fieldApplies, type FilterControl } from "./filter.ts";

type FilterControls = Pick<ExplorerState, FilterControl>;

/** What one clause says about one filter control. */
type Reading = { readonly control: FilterControl; readonly patch: Partial<FilterControls> };

const reading = <K extends FilterControl>(control: K, value: ExplorerState[K]): Reading => ({
  control,
  patch: { [control]: value },
});

/**
 * The control a clause sets and the value it sets it to, when the clause is exactly what that control writes
 * from a valid value; null for every other clause (they go to `extra`). The inverse of stateToFilter's rules.
 */
function readClause(c: Comparison): Reading | null {
  const { field, op, value } = c;
  if (field === "version" && value.type === "version") {
    const text = value.text;
    if (!isControlVersion(text)) return null;
    if (op === ">=") return reading("versionFrom", text);
    if (op === "<=" && isFourPart(text)) return reading("versionTo", text);
    if (op === "<" && !isFourPart(text)) {
      // `version<121` is what a `to` of `120` writes; `version<120.0` has no such `to` (120.-1) and stays extra.
      const parts = text.split(".").map(Number);
      const last = parts.pop() ?? 0;
      if (last >= 1) return reading("versionTo", [...parts, last - 1].join("."));
    }
    return null;
  }
  if (field === "starttime" && value.type === "time") {
    // Only the exact text the control writes: `2024-03-01T00:00:00.000Z` or `+01:00` spellings are someone
    // else's clause, and re-writing them would change what the user typed.
    const day = /^(\d{4}-\d{2}-\d{2})T00:00:00Z$/.exec(value.text)?.[1];
    if (day === undefined || !isDay(day)) return null;
    if (op === ">=") return reading("startFrom", day);
    const before = op === "<" ? previousDay(day) : null;
    return before === null ? null : reading("startTo", before);
  }
  if (field === "endtime" && op === "=" && value.type === "none") return reading("liveOnly", true);
  if (field === "fraction" && value.type === "number") {
    if (op === "<" && value.value === 1) return reading("rollout", { kind: "partial" });
    if (op === "=" && value.value === 1) return reading("rollout", { kind: "full" });
    const tenths = Math.round(value.value * 1000);
    if (op === ">=" && tenths / 1000 === value.value && isPercent(tenths / 10)) {
      return reading("rollout", { kind: "atLeast", percent: tenths / 10 });
    }
  }
  return null;
}

/**
 * The state a filter says, on top of `base` (which gives the view, product, platform, channel and order).
 * Each clause a control expresses sets that control; the rest, including a second clause for a control
 * already set and any clause not written the way the control writes it (`fraction>0.3`, a start time not at
 * midnight UTC), goes to `extra` unchanged and in order. Filter controls the filter does not mention are
 * cleared, except those the view does not apply: the filter cannot speak about them, so their values and any
 * `extra` clauses on fields the view lacks are kept from `base`, in their places.
 */
export function filterToState(filter: Filter, base: ExplorerState): ExplorerState {
  const on = applicable(base.view);
  const controls: { -readonly [K in FilterControl]: ExplorerState[K] } = {
    versionFrom: "",
    versionTo: "",
    startFrom: on.startFrom ? "" : base.startFrom,
    startTo: on.startTo ? "" : base.startTo,
    liveOnly: on.liveOnly ? false : base.liveOnly,
    rollout: on.rollout ? { kind: "any" } : base.rollout,
  };
  const taken = new Set<FilterControl>();
  const fresh: Comparison[] = [];
  for (const clause of filter) {
    const read = readClause(clause);
    if (read && on[read.control] && !taken.has(read.control)) {
      taken.add(read.control);
      Object.assign(controls, read.patch);
    } else {
      fresh.push(clause);
    }
  }
  return { ...base, ...controls, extra: mergeExtra(base.extra, fresh, base.view) };
}

/**
 * `base.extra` with its clauses the view has replaced, in place, by `fresh`; surplus `fresh` clauses go last.
 * Hidden clauses (fields the view lacks) thus keep their positions when nothing else changed.
 */
function mergeExtra(base: Filter, fresh: Filter, view: View): Filter {
  const out: Comparison[] = [];
  let next = 0;
  for (const clause of base) {
    if (!fieldApplies(view, clause.field)) out.push(clause);
    else if (next < fresh.length) out.push(fresh[next++] as Comparison);
  }
  out.push(...fresh.slice(next));
  return out;
}
