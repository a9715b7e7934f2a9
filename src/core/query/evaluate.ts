/**
 * Evaluation of a parsed query against records: filter, then order (the rules of
 * https://developer.chrome.com/docs/web-platform/versionhistory/reference). Queries are compiled once into
 * closures so the per-record work is a few comparisons of pre-parsed fields (see bench/ for the figures).
 */
import { compareParsed, compareParts, parseVersion } from "../version.ts";
import type { Comparison, Endpoint, Field, Filter, Operator, OrderBy, OrderKey } from "./ast.ts";
import type { QueryRow } from "./rows.ts";
import { boundPredicates, compileScan, splitFilter, type Scan, type SplitFilter } from "./scan.ts";
import { serializeFilter, serializeOrderBy } from "./serialize.ts";

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

/** The predicate of a clause on version, name or platform (numeric fields are bounds: see scan.ts). */
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
    default:
      throw new Error(`${c.field} is a numeric field: it is compiled as bounds`);
  }
}

/**
 * A predicate that is true when every clause holds (the service joins clauses with AND). Clauses on one
 * numeric field are first merged into one range (scan.ts), so `starttime>=a,starttime<b` is one test.
 */
export function compileFilter<R extends QueryRow>(filter: Filter | SplitFilter): Predicate<R> {
  const split = "bounds" in filter ? filter : splitFilter(filter);
  const preds = [...boundPredicates<R>(split), ...split.others.map((c) => clausePredicate<R>(c))];
  if (preds.length === 0) return () => true;
  const [p0, p1] = preds as [Predicate<R>, Predicate<R>];
  if (preds.length === 1) return p0;
  if (preds.length === 2) return (r) => p0(r) && p1(r); // ranges (two clauses) are the common case
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
 * The default order when `order_by` is absent: platform, channel (by rank), version newest first, start time
 * newest first. The VersionHistory reference names the keys (platform, channel, version, then
 * serving.starttime) but not their directions; the real service returns newest first.
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
  return chain(effectiveOrder(orderBy, endpoint).map((k) => keyComparator<R>(k)));
}

/**
 * One comparator from several, most significant first. A literal per length, rather than a loop or a fold
 * of one `(a, b) => first(a, b) || rest(a, b)`: closures made from one literal share V8's type feedback, so
 * every query's comparators would meet at the same call sites and none could be inlined (measured in bench/:
 * up to 1.8x a hand-written comparator, against about 1.1x this way). An effective order has at most seven
 * keys, one per field.
 */
function chain<R>(c: readonly Comparator<R>[]): Comparator<R> {
  const [c0, c1, c2, c3, c4, c5, c6] = c as [
    Comparator<R>,
    Comparator<R>,
    Comparator<R>,
    Comparator<R>,
    Comparator<R>,
    Comparator<R>,
    Comparator<R>,
  ];
  switch (c.length) {
    case 1:
      return c0;
    case 2:
      return (a, b) => c0(a, b) || c1(a, b);
    case 3:
      return (a, b) => c0(a, b) || c1(a, b) || c2(a, b);
    case 4:
      return (a, b) => c0(a, b) || c1(a, b) || c2(a, b) || c3(a, b);
    case 5:
      return (a, b) => c0(a, b) || c1(a, b) || c2(a, b) || c3(a, b) || c4(a, b);
    case 6:
      return (a, b) => c0(a, b) || c1(a, b) || c2(a, b) || c3(a, b) || c4(a, b) || c5(a, b);
    case 7:
      return (a, b) => c0(a, b) || c1(a, b) || c2(a, b) || c3(a, b) || c4(a, b) || c5(a, b) || c6(a, b);
    default:
      throw new Error(`an effective order has 1 to 7 keys, not ${c.length}`);
  }
}

interface Compiled {
  readonly scan: Scan<QueryRow>;
  readonly order: Comparator<QueryRow>;
}

/**
 * Compiled queries by canonical text. Reusing the same closures for a repeated query (the emulator answers
 * the extension's steady-state poll thousands of times; the popup re-runs its query) keeps V8's call sites
 * monomorphic: fresh closures on every call made filtering and sorting about 1.5x slower (measured in
 * bench/). Bounded; the oldest entry goes first.
 */
const compiledQueries = new Map<string, Compiled>();
const COMPILED_LIMIT = 64;

function compiled(filter: Filter, orderBy: OrderBy, endpoint: Endpoint): Compiled {
  const key = `${endpoint}\n${serializeFilter(filter)}\n${serializeOrderBy(orderBy)}`;
  let entry = compiledQueries.get(key);
  if (!entry) {
    const split = splitFilter(filter);
    entry = { scan: compileScan(split, compileFilter(split)), order: compileOrder(orderBy, endpoint) };
    if (compiledQueries.size >= COMPILED_LIMIT)
      compiledQueries.delete(compiledQueries.keys().next().value as string);
    compiledQueries.set(key, entry);
  }
  return entry;
}

/** Filters, then orders. Returns a new array; the input is not changed. */
export function runQuery<R extends QueryRow>(
  rows: readonly R[],
  filter: Filter,
  orderBy: OrderBy,
  endpoint: Endpoint,
): R[] {
  const { scan, order } = compiled(filter, orderBy, endpoint);
  const out: R[] = [];
  scan(rows, out);
  return out.sort(order);
}
