// Laws of the query language, checked on random inputs (fast-check).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { channelRank, KNOWN_CHANNELS } from "../../../../src/core/catalog.ts";
import {
  FIELDS,
  parseFilter,
  parseOrderBy,
  runQuery,
  serializeFilter,
  serializeOrderBy,
  type Comparison,
  type Endpoint,
  type Field,
  type Filter,
  type OrderBy,
  type ReleaseRow,
  type Value,
} from "../../../../src/core/query/index.ts";
import { rows } from "./records.ts";

const version = fc
  .array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 })
  .map((p) => p.join("."));
const platform = fc.constantFrom("win", "mac", "fuchsia");
const channel = fc.constantFrom(...KNOWN_CHANNELS);
// Whole seconds in a small window so that equal times and boundary comparisons actually happen.
const epochSecond = fc.integer({ min: 1_700_000_000, max: 1_700_000_020 });
const isoSecond = epochSecond.map((s) => new Date(s * 1000).toISOString().replace(".000Z", "Z"));
const timeText = fc.oneof(
  isoSecond,
  // the same instants written with an offset and fractional digits
  fc.tuple(epochSecond, fc.integer({ min: 0, max: 999999 })).map(([s, us]) => {
    const d = new Date((s + 3600) * 1000).toISOString().slice(0, 19);
    return `${d}.${String(us).padStart(6, "0")}+01:00`;
  }),
);
const fraction = fc.constantFrom(0, 0.005, 0.1, 0.25, 0.5, 1);
const anyString = fc.string({ maxLength: 8 });

function valueFor(field: Field): fc.Arbitrary<Value> {
  switch (field) {
    case "version":
      return version.map((text) => ({ type: "version", text }));
    case "name":
      return fc
        .oneof(anyString, fc.constant("chrome/platforms/mac"))
        .map((text) => ({ type: "string", text }));
    case "platform":
      return fc.oneof(platform, anyString).map((text) => ({ type: "string", text }));
    case "channel":
      return channel.map((id) => ({ type: "channel", id }));
    case "starttime":
      return timeText.map((text) => ({ type: "time", text }));
    case "endtime":
      return fc.oneof(
        fc.constant<Value>({ type: "none" }),
        timeText.map((text): Value => ({ type: "time", text })),
      );
    case "fraction":
      return fraction.map((value) => ({ type: "number", value }));
  }
}

const comparison = (endpoint: Endpoint): fc.Arbitrary<Comparison> =>
  fc
    .tuple(fc.constantFrom(...FIELDS[endpoint]), fc.constantFrom("<", "<=", "=", ">", ">=" as const))
    .chain(([field, op]) => valueFor(field).map((value) => ({ field, op, value })));

const filter = (endpoint: Endpoint): fc.Arbitrary<Filter> => fc.array(comparison(endpoint), { maxLength: 4 });

const orderBy = (endpoint: Endpoint): fc.Arbitrary<OrderBy> =>
  fc
    .uniqueArray(fc.constantFrom(...FIELDS[endpoint]), { maxLength: 4 })
    .chain((fields) =>
      fc.tuple(
        ...fields.map((field) =>
          fc.constantFrom("asc", "desc" as const).map((direction) => ({ field, direction })),
        ),
      ),
    );

const releases = fc.array(
  fc.record({
    platform,
    // The service may send channels the catalog does not know; they must sort deterministically too.
    channel: fc.oneof(channel, fc.constantFrom("nightly", "zeta")),
    // A small version space so that equal versions (and so the later sort keys) actually occur.
    version: fc.oneof(version, fc.constantFrom("1", "1.0", "2", "2.0.0.1", "10", "unknown_version")),
    start: epochSecond,
    length: fc.option(fc.integer({ min: 0, max: 10 })),
    fraction,
  }),
  { maxLength: 30 },
);

type ReleaseSpecs = typeof releases extends fc.Arbitrary<infer T> ? T : never;

function toRows(specs: ReleaseSpecs): ReleaseRow[] {
  // Release names must be unique, as on the service (the id is the start second; add the index).
  return rows(
    specs.map((s) => ({
      platform: s.platform,
      channel: s.channel,
      version: s.version,
      start: new Date(s.start * 1000).toISOString(),
      ...(s.length === null ? {} : { end: new Date((s.start + s.length) * 1000).toISOString() }),
      fraction: s.fraction,
    })),
  ).map((r, i) => ({ ...r, name: `${r.name}${i}` }));
}

// ---- The oracle: the reference's rules written out the slow, obvious way, sharing no code with the engine.

function oracleVersionCmp(a: string, b: string): number {
  const num = (v: string) => /^\d+(\.\d+)*$/.test(v);
  if (!num(a) || !num(b)) return num(a) ? 1 : num(b) ? -1 : a < b ? -1 : a > b ? 1 : 0;
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 10; i++) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0) ? -1 : 1;
  }
  return 0;
}

/** Seconds since the epoch of a time literal, via Date (sub-second digits kept as a fraction). */
function oracleTime(text: string): number {
  const frac = /\.(\d+)/.exec(text)?.[1] ?? "";
  return Math.floor(Date.parse(text.replace(/\.\d+/, "")) / 1000) + Number(`0.${frac.slice(0, 6) || "0"}`);
}

function rowField(r: ReleaseRow, field: Field): { kind: "v" | "s" | "n"; v: string | number } {
  switch (field) {
    case "version":
      return { kind: "v", v: r.version };
    case "name":
      return { kind: "s", v: r.name };
    case "platform":
      return { kind: "s", v: r.platform };
    case "channel":
      return { kind: "n", v: channelRank(r.channel) };
    case "starttime":
      return { kind: "n", v: oracleTime(r.resource.serving.startTime) };
    case "endtime": {
      const end = r.resource.serving.endTime;
      return { kind: "n", v: end === undefined ? 0 : oracleTime(end) };
    }
    case "fraction":
      return { kind: "n", v: r.resource.fraction };
  }
}

function oracleMatches(r: ReleaseRow, c: Comparison): boolean {
  const f = rowField(r, c.field);
  let d: number;
  const v = c.value;
  if (c.field === "version") {
    if (!/^\d+(\.\d+)*$/.test(r.version)) return false;
    d = oracleVersionCmp(r.version, v.type === "version" ? v.text : "");
  } else if (f.kind === "s") {
    const lit = v.type === "string" ? v.text : "";
    d = f.v < lit ? -1 : f.v > lit ? 1 : 0;
  } else {
    const lit =
      v.type === "channel"
        ? channelRank(v.id)
        : v.type === "number"
          ? v.value
          : v.type === "time"
            ? oracleTime(v.text)
            : 0;
    d = Math.sign((f.v as number) - lit);
  }
  return { "<": d < 0, "<=": d <= 0, "=": d === 0, ">": d > 0, ">=": d >= 0 }[c.op];
}

function oracleCompare(a: ReleaseRow, b: ReleaseRow, keys: OrderBy): number {
  const all: OrderBy = [
    ...keys,
    { field: "platform", direction: "asc" },
    { field: "channel", direction: "asc" },
    { field: "version", direction: "desc" },
    { field: "starttime", direction: "desc" },
    { field: "name", direction: "asc" },
  ];
  for (const k of all) {
    const fa = rowField(a, k.field).v;
    const fb = rowField(b, k.field).v;
    let d =
      k.field === "version"
        ? oracleVersionCmp(a.version, b.version)
        : typeof fa === "string"
          ? fa < (fb as string)
            ? -1
            : fa > (fb as string)
              ? 1
              : 0
          : Math.sign(fa - (fb as number));
    if (k.field === "channel" && d === 0) d = a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0;
    if (d !== 0) return k.direction === "asc" ? d : -d;
  }
  return 0;
}

function oracle(data: ReleaseRow[], f: Filter, o: OrderBy): ReleaseRow[] {
  const kept = data.filter((r) => f.every((c) => oracleMatches(r, c)));
  // Insertion sort: slow, obviously correct, and independent of Array.prototype.sort.
  const out: ReleaseRow[] = [];
  for (const r of kept) {
    let i = out.length;
    while (i > 0 && oracleCompare(out[i - 1] as ReleaseRow, r, o) > 0) i--;
    out.splice(i, 0, r);
  }
  return out;
}

/** Several clauses on one numeric field: what the engine turns into a range scan. */
const rangeFilter: fc.Arbitrary<Filter> = fc
  .constantFrom<Field>("starttime", "endtime", "fraction", "channel")
  .chain((field) =>
    fc.array(
      fc
        .constantFrom("<", "<=", "=", ">", ">=" as const)
        .chain((op) => valueFor(field).map((value) => ({ field, op, value }))),
      { minLength: 1, maxLength: 3 },
    ),
  );

describe("query laws", () => {
  for (const endpoint of ["versions", "releases"] as const) {
    it(`parse(serialize(filter)) equals the filter on ${endpoint}`, () => {
      fc.assert(
        fc.property(filter(endpoint), (q) => {
          expect(parseFilter(serializeFilter(q), endpoint)).toEqual(q);
        }),
        { numRuns: 500 },
      );
    });

    it(`parse(serialize(order_by)) equals the order on ${endpoint}`, () => {
      fc.assert(
        fc.property(orderBy(endpoint), (q) => {
          expect(parseOrderBy(serializeOrderBy(q), endpoint)).toEqual(q);
        }),
      );
    });
  }

  it("serialize is canonical: serializing a parsed text twice gives the same text", () => {
    fc.assert(
      fc.property(filter("releases"), (q) => {
        const once = serializeFilter(parseFilter(serializeFilter(q), "releases"));
        expect(serializeFilter(parseFilter(once, "releases"))).toBe(once);
      }),
    );
  });

  it("range scans (bounds on one numeric field) agree with the oracle", () => {
    fc.assert(
      fc.property(releases, rangeFilter, (specs, f) => {
        const data = toRows(specs);
        expect(runQuery(data, f, [], "releases").map((r) => r.name)).toEqual(
          oracle(data, f, []).map((r) => r.name),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("the engine agrees with a brute-force oracle of the reference's rules on random data", () => {
    fc.assert(
      fc.property(releases, filter("releases"), orderBy("releases"), (specs, f, o) => {
        const data = toRows(specs);
        const got = runQuery(data, f, o, "releases").map((r) => r.name);
        expect(got).toEqual(oracle(data, f, o).map((r) => r.name));
      }),
      { numRuns: 1000 },
    );
  });
});
