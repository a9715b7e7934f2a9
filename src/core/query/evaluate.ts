/**
 * Evaluation of a parsed query against records: filter, then order (seed 000). Queries are compiled once into
 * closures so the per-record work is a few comparisons of pre-parsed fields (see bench/ for the figures).
 */
import { compareParsed, compareParts, parseVersion } from "../version.ts";
import { channelRank } from "../catalog.ts";
import type { Comparison, Endpoint, Field, Filter, Operator, OrderBy, OrderKey } from "./ast.ts";
import type { QueryRow } from "./rows.ts";
import { parseRfc3339 } from "./time.ts";

type Predicate<R> = (row: R) => boolean;
type Comparator<R> = (a: R, b: R) => number;

/** Turns "how a compares to b" (negative, 0, positive) into the operator's verdict. */
const VERDICT: Readonly<Record<Operator, (d: number) => boolean>> = {
  "<": (d) => d < 0,
  "<=": (d) => d <= 0,
  "=": (d) => d === 0,
  ">": (d) => d > 0,
  ">=": (d) => d >= 0,
};

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type NumericField = "channelRank" | "start" | "end" | "fraction";

/**
 * A numeric field compared with a constant, one closure per field and operator: direct property reads keep the
 * hot loop free of indirect calls (the extension's CSP forbids generating code, so closures it is).
 */
function numeric<R extends QueryRow>(field: NumericField, op: Operator, v: number): Predicate<R> {
  switch (op) {
    case "<":
      return (r) => r[field] < v;
    case "<=":
      return (r) => r[field] <= v;
    case "=":
      return (r) => r[field] === v;
    case ">":
      return (r) => r[field] > v;
    case ">=":
      return (r) => r[field] >= v;
  }
}

function clausePredicate<R extends QueryRow>(c: Comparison): Predicate<R> {
  const verdict = VERDICT[c.op];
  const v = c.value;
  switch (c.field) {
    case "version": {
      const lit = v.type === "version" ? parseVersion(v.text) : null;
      if (!lit) throw new Error("version clause without a version literal");
      // A non-numeric version (`unknown_version`) has no place on the number line: it matches no comparison.
      return (r) => r.versionParts !== null && verdict(compareParts(r.versionParts, lit));
    }
    case "name":
    case "platform": {
      const lit = v.type === "string" ? v.text : "";
      const field = c.field;
      return (r) => verdict(compareStrings(r[field], lit));
    }
    case "channel": {
      const rank = channelRank(v.type === "channel" ? v.id : "");
      return numeric("channelRank", c.op, rank);
    }
    case "starttime":
    case "endtime": {
      // `none` is the unpopulated end time, which counts as the epoch (seed filter rules 4 and 7).
      const t = v.type === "none" ? 0 : v.type === "time" ? parseRfc3339(v.text) : null;
      if (t === null) throw new Error(`${c.field} clause without a time literal`);
      return numeric(c.field === "starttime" ? "start" : "end", c.op, t);
    }
    case "fraction": {
      if (v.type !== "number") throw new Error("fraction clause without a number");
      return numeric("fraction", c.op, v.value);
    }
  }
}

/** A predicate that is true when every clause holds (the service joins clauses with AND). */
export function compileFilter<R extends QueryRow>(filter: Filter): Predicate<R> {
  const preds = filter.map((c) => clausePredicate<R>(c));
  if (preds.length === 0) return () => true;
  if (preds.length === 1) return preds[0] as Predicate<R>;
  return (r) => {
    for (const p of preds) if (!p(r)) return false;
    return true;
  };
}

/** Version order of two rows: packed keys when both have one, else the exact field-by-field comparison. */
export function compareRowVersions(a: QueryRow, b: QueryRow): number {
  const ka = a.versionKey;
  const kb = b.versionKey;
  return ka >= 0 && kb >= 0 ? ka - kb : compareParsed(a.versionParts, a.version, b.versionParts, b.version);
}

/** Comparators for one key in both directions, written out so that desc costs no extra call. */
function keyComparator<R extends QueryRow>(key: OrderKey): Comparator<R> {
  const asc = key.direction === "asc";
  switch (key.field) {
    case "version":
      return asc ? compareRowVersions : (a, b) => compareRowVersions(b, a);
    case "name":
      return asc ? (a, b) => compareStrings(a.name, b.name) : (a, b) => compareStrings(b.name, a.name);
    case "platform":
      return asc
        ? (a, b) => compareStrings(a.platform, b.platform)
        : (a, b) => compareStrings(b.platform, a.platform);
    case "channel":
      // Unknown channels share one rank; their ids keep the order total.
      return asc
        ? (a, b) => a.channelRank - b.channelRank || compareStrings(a.channel, b.channel)
        : (a, b) => b.channelRank - a.channelRank || compareStrings(b.channel, a.channel);
    case "starttime":
      return asc ? (a, b) => a.start - b.start : (a, b) => b.start - a.start;
    case "endtime":
      return asc ? (a, b) => a.end - b.end : (a, b) => b.end - a.end;
    case "fraction":
      return asc ? (a, b) => a.fraction - b.fraction : (a, b) => b.fraction - a.fraction;
  }
}

/**
 * The default order when `order_by` is absent (issue 2): platform, channel (by rank), version newest first,
 * start time newest first. The real service returns newest first; the seed names the keys.
 */
export const DEFAULT_ORDER: Readonly<Record<Endpoint, OrderBy>> = {
  versions: [
    { field: "platform", direction: "asc" },
    { field: "channel", direction: "asc" },
    { field: "version", direction: "desc" },
  ],
  releases: [
    { field: "platform", direction: "asc" },
    { field: "channel", direction: "asc" },
    { field: "version", direction: "desc" },
    { field: "starttime", direction: "desc" },
  ],
};

/**
 * The full sort order: the requested keys, then the default keys not already named, then `name`, which is
 * unique per record. Ties are thereby broken the same way on every call, which page tokens rely on.
 */
export function effectiveOrder(orderBy: OrderBy, endpoint: Endpoint): OrderBy {
  const named = new Set<Field>(orderBy.map((k) => k.field));
  const rest = [...DEFAULT_ORDER[endpoint], { field: "name", direction: "asc" } as const];
  return [...orderBy, ...rest.filter((k) => !named.has(k.field) && (named.add(k.field), true))];
}

/** A comparator for Array.prototype.sort implementing the effective order. */
export function compileOrder<R extends QueryRow>(orderBy: OrderBy, endpoint: Endpoint): Comparator<R> {
  // Nested closures (first || rest) rather than a loop over an array: V8 inlines the chain like hand code.
  return effectiveOrder(orderBy, endpoint)
    .map((k) => keyComparator<R>(k))
    .reduceRight((rest, first) => (a, b) => first(a, b) || rest(a, b));
}

/** Filters, then orders. Returns a new array; the input is not changed. */
export function runQuery<R extends QueryRow>(
  rows: readonly R[],
  filter: Filter,
  orderBy: OrderBy,
  endpoint: Endpoint,
): R[] {
  return rows.filter(compileFilter<R>(filter)).sort(compileOrder<R>(orderBy, endpoint));
}
