/**
 * The popup explorer's query model (issue 4): how the controls of an ExplorerState map to the service's own
 * `filter` / `order_by` and back, the advanced field, the request URL, the release-page context and storage.
 * Pure: no DOM, no chrome.*; the page renders from these values and stores them through the storage adapter.
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
import { buildUrl, type RequestParams, type RequestTarget } from "../core/client/url.ts";
import { InvalidQueryError } from "../core/errors.ts";
import {
  FIELDS,
  parseFilter,
  serializeFilter,
  type Comparison,
  type Direction,
  type Field,
  type Filter,
  type OrderBy,
} from "../core/query/index.ts";
import { compareVersions, parseVersion } from "../core/version.ts";
import type { ExplorerState, OrderChoice, PopupContext, Rollout, View } from "./model.ts";

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

// ---------------------------------------------------------------------------------------------------------
// Which controls apply to which view

/**
 * Which controls the view can express. The versions endpoint knows no `starttime`, `endtime` or `fraction`
 * (seed 000, endpoint 4), so the controls that write them are off there; the page disables them rather than
 * sending clauses the service would refuse. Order stays on, limited to orderFields(view).
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

function fieldApplies(view: View, field: Field): boolean {
  return FIELDS[view].includes(field);
}

// ---------------------------------------------------------------------------------------------------------
// Valid control values. Stricter than the parser on purpose: a value is valid when the clause it writes
// reads back as the same value, which is what makes the two laws above hold.

/**
 * One to four fields without leading zeros (Chrome's own spelling): `080` would write `version>=080`, and
 * `version<081` for a `to` of `080` would read back as `080`'s neighbour `80`.
 */
function isControlVersion(text: string): boolean {
  return /^(0|[1-9]\d*)(\.(0|[1-9]\d*)){0,3}$/.test(text) && parseVersion(text) !== null;
}

/** A short `to` version covers everything under it: `120` -> `121`, `120.0.6099` -> `120.0.6100`. */
function nextVersion(text: string): string | null {
  const parts = text.split(".").map(Number);
  const last = parts.pop();
  if (last === undefined || !Number.isSafeInteger(last + 1)) return null;
  return [...parts, last + 1].join(".");
}

function isFourPart(text: string): boolean {
  return text.split(".").length === 4;
}

function isVersionTo(text: string): boolean {
  return isControlVersion(text) && (isFourPart(text) || nextVersion(text) !== null);
}

const DAY_MS = 86_400_000;

/** Epoch milliseconds of a `YYYY-MM-DD` calendar day (UTC), or null when it is not a real day. */
function dayMs(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0..99 as written.
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date rolls 2024-02-30 over to March; reading the day back catches it.
  return dayText(date.getTime()) === text ? date.getTime() : null;
}

/** `YYYY-MM-DD` of an instant; only four-digit years come out as a day (toISOString writes `+010000`). */
function dayText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function isDay(text: string): boolean {
  return dayMs(text) !== null;
}

/** The day after, or null when it has no four-digit year (`9999-12-31`), which RFC 3339 cannot write. */
function nextDay(text: string): string | null {
  const ms = dayMs(text);
  if (ms === null) return null;
  const next = dayText(ms + DAY_MS);
  return isDay(next) ? next : null;
}

function previousDay(text: string): string | null {
  const ms = dayMs(text);
  if (ms === null) return null;
  const previous = dayText(ms - DAY_MS);
  return isDay(previous) ? previous : null;
}

const midnight = (day: string): string => `${day}T00:00:00Z`;

/** A whole-percent or tenth-of-a-percent share, 0 to 100, so `fraction>=N/100` reads back as exactly N. */
function isPercent(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 100 &&
    Math.round(value * 10) / 10 === value
  );
}

/**
 * The fraction of a percent. Tenths of a percent over 1000 rather than percent over 100: an integer divided by
 * a power of ten is the double nearest the decimal, so 0.7% is `0.007` and not `0.006999999999999999`.
 */
function percentToFraction(percent: number): number {
  return Math.round(percent * 10) / 1000;
}

function isRollout(value: Rollout): boolean {
  return value.kind !== "atLeast" || isPercent(value.percent);
}

// ---------------------------------------------------------------------------------------------------------
// Controls -> filter

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

// ---------------------------------------------------------------------------------------------------------
// Filter -> controls

/** The filter controls, the part of the state a filter clause can set. */
type FilterControl = "versionFrom" | "versionTo" | "startFrom" | "startTo" | "liveOnly" | "rollout";
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

// ---------------------------------------------------------------------------------------------------------
// The advanced field

/** The advanced field's text: exactly the `filter` the request sends, in the service's syntax. */
export function advancedText(state: ExplorerState): string {
  return serializeFilter(stateToFilter(state));
}

export type AdvancedResult =
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

// ---------------------------------------------------------------------------------------------------------
// Validation for the page to show at the field

// Ids as the service spells them (`win_arm64`, `canary_asan`), as in background/settings.ts; unknown ids are
// allowed since the service may add platforms and channels first. The length cap keeps a hostile URL short.
const ID = /^[a-z][a-z0-9_]{0,63}$/;

const VERSION_HELP = "write one to four numbers separated by dots, such as 120 or 120.0.6099.71";

/**
 * What is wrong with each control, for the page to show beside it; empty when everything is valid. A control
 * the view does not apply is not checked (it is disabled and sends nothing). Values reported here add nothing
 * to the request (stateToFilter leaves them out), so the page may still show the URL.
 */
export function controlErrors(state: ExplorerState): Partial<Record<Control, string>> {
  const on = applicable(state.view);
  const errors: Partial<Record<Control, string>> = {};
  for (const key of ["product", "platform", "channel"] as const) {
    if (!ID.test(state[key])) errors[key] = `"${state[key]}" is not an id such as win64 or stable`;
  }
  const { versionFrom: from, versionTo: to } = state;
  if (from !== "" && !isControlVersion(from))
    errors.versionFrom = `"${from}" is not a version; ${VERSION_HELP}`;
  if (to !== "" && !isVersionTo(to)) {
    errors.versionTo = `"${to}" is not a version; ${VERSION_HELP}`;
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

// ---------------------------------------------------------------------------------------------------------
// The request URL

/**
 * The exact URL the explorer requests, built by the core client (same path, canonical filter and order_by,
 * percent-encoding with encodeURIComponent), so the page shows what is fetched. Releases are listed across
 * versions (`versions/all/releases`), since version bounds are filter clauses. Throws what buildUrl throws: an
 * InvalidBaseUrlError for a base URL the client refuses, a RangeError for an empty id or a bad pageSize.
 */
export function requestUrl(
  baseUrl: string,
  state: ExplorerState,
  pageSize?: number,
  pageToken?: string,
): string {
  const { platform, channel } = state;
  const target: RequestTarget =
    state.view === "releases"
      ? { kind: "releases", platform, channel, version: "all" }
      : { kind: "versions", platform, channel };
  const params: { -readonly [K in keyof RequestParams]: RequestParams[K] } = {
    filter: stateToFilter(state),
    orderBy: stateToOrderBy(state),
  };
  if (pageSize !== undefined) params.pageSize = pageSize;
  if (pageToken !== undefined) params.pageToken = pageToken;
  return buildUrl(baseUrl, state.product, target, params);
}

/**
 * A curl command for a POSIX shell. The URL goes in single quotes, inside which a shell expands nothing; a
 * single quote itself (encodeURIComponent leaves `'` as it is, so a filter value can carry one) is written
 * `'\''`: close, escaped quote, reopen.
 */
export function curlCommand(url: string): string {
  return `curl '${url.replace(/'/g, `'\\''`)}'`;
}

// ---------------------------------------------------------------------------------------------------------
// Release-page context

/**
 * The context in the popup's query (`?milestone=M`, `?version=V` or `?channel=C`, as background/tab-status.ts
 * writes it), or null. Exactly one parameter, with a value of the shape tab-context.ts produces: anyone can
 * open the popup page with any query, so anything else is no context rather than a guess.
 */
export function parseContext(search: string): PopupContext | null {
  const entries = [...new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)];
  const [only] = entries;
  if (entries.length !== 1 || only === undefined) return null;
  const [key, value] = only;
  switch (key) {
    case "milestone":
      // Positive, below 1000, no sign or leading zero (tab-context.ts's "sane range").
      return /^[1-9]\d{0,2}$/.test(value) ? { kind: "milestone", milestone: Number(value) } : null;
    case "version":
      return isControlVersion(value) && isFourPart(value) ? { kind: "version", version: value } : null;
    case "channel":
      return ID.test(value) ? { kind: "channel", channel: value } : null;
    default:
      return null;
  }
}

/**
 * The explorer filtered to a release page's context. A milestone or version page shows that milestone's (or
 * that exact version's) releases on every channel, with the other filters cleared so nothing left over from an
 * earlier visit hides them; order, product and platform are kept. A channel page selects that channel and
 * drops "live only", so its history shows and not just the release serving now.
 */
export function stateFromContext(context: PopupContext, base: ExplorerState): ExplorerState {
  if (context.kind === "channel") return { ...base, channel: context.channel, liveOnly: false };
  const bound = context.kind === "milestone" ? String(context.milestone) : context.version;
  return {
    ...base,
    view: "releases",
    channel: "all",
    versionFrom: bound,
    versionTo: bound,
    startFrom: "",
    startTo: "",
    liveOnly: false,
    rollout: { kind: "any" },
    extra: [],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Storage

/** The state as plain JSON for storage; `extra` as its filter text, which restoreState parses again. */
export function serializeState(state: ExplorerState): unknown {
  return {
    view: state.view,
    product: state.product,
    platform: state.platform,
    channel: state.channel,
    versionFrom: state.versionFrom,
    versionTo: state.versionTo,
    startFrom: state.startFrom,
    startTo: state.startTo,
    liveOnly: state.liveOnly,
    rollout:
      state.rollout.kind === "atLeast" ? { kind: "atLeast", percent: state.rollout.percent } : state.rollout,
    order: state.order.map(({ field, direction }) => ({ field, direction })),
    extra: serializeFilter(state.extra),
  };
}

const ALL_FIELDS: readonly string[] = FIELDS.releases;

/**
 * A stored state, checked field by field: storage holds whatever an older version or a person in the console
 * wrote there, so each field that is missing or wrong takes `fallback`'s value and the rest are kept. Fields
 * are checked alone; a valid but inconsistent pair (from after to) is restored and controlErrors reports it.
 */
export function restoreState(value: unknown, fallback: ExplorerState): ExplorerState {
  if (typeof value !== "object" || value === null) return fallback;
  const v = value as Record<string, unknown>;
  const pick = <K extends Control>(key: K, ok: (x: unknown) => boolean): ExplorerState[K] =>
    ok(v[key]) ? (v[key] as ExplorerState[K]) : fallback[key];
  const text = (check: (s: string) => boolean) => (x: unknown) =>
    typeof x === "string" && (x === "" || check(x));
  return {
    view: pick("view", (x) => x === "releases" || x === "versions"),
    product: pick("product", (x) => typeof x === "string" && ID.test(x)),
    platform: pick("platform", (x) => typeof x === "string" && ID.test(x)),
    channel: pick("channel", (x) => typeof x === "string" && ID.test(x)),
    versionFrom: pick("versionFrom", text(isControlVersion)),
    versionTo: pick("versionTo", text(isVersionTo)),
    startFrom: pick("startFrom", text(isDay)),
    startTo: pick(
      "startTo",
      text((s) => nextDay(s) !== null),
    ),
    liveOnly: pick("liveOnly", (x) => typeof x === "boolean"),
    rollout: restoreRollout(v.rollout) ?? fallback.rollout,
    order: restoreOrder(v.order) ?? fallback.order,
    extra: restoreExtra(v.extra) ?? fallback.extra,
  };
}

function restoreRollout(value: unknown): Rollout | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, percent } = value as Record<string, unknown>;
  if (kind === "any" || kind === "partial" || kind === "full") return { kind };
  if (kind === "atLeast" && isPercent(percent)) return { kind, percent };
  return null;
}

function restoreOrder(value: unknown): readonly OrderChoice[] | null {
  if (!Array.isArray(value)) return null;
  const out: OrderChoice[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) return null;
    const { field, direction } = item as Record<string, unknown>;
    if (typeof field !== "string" || !ALL_FIELDS.includes(field)) return null;
    if (direction !== "asc" && direction !== "desc") return null;
    if (out.some((o) => o.field === field)) return null;
    out.push({ field: field as Field, direction });
  }
  return out;
}

/** Parsed for releases, the endpoint with every field: a versions view keeps its hidden clauses too. */
function restoreExtra(value: unknown): Filter | null {
  if (typeof value !== "string") return null;
  try {
    return parseFilter(value, "releases");
  } catch (e) {
    if (e instanceof InvalidQueryError) return null;
    throw e;
  }
}
