// The controls <-> the service's filter / order_by: what each control writes, what a filter reads back as, the
// view's applicable controls, and the laws that keep the two directions in step.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { KNOWN_CHANNELS } from "../../../../src/core/catalog.ts";
import {
  FIELDS,
  parseFilter,
  serializeFilter,
  type Comparison,
  type Field,
  type Filter,
  type Operator,
  type Value,
} from "../../../../src/core/query/index.ts";
import { advancedText, applyAdvanced } from "../../../../src/popup/explorer/advanced.ts";
import {
  applicable,
  defaultState,
  orderFields,
  resetFilters,
  startPreset,
  stateToFilter,
  stateToOrderBy,
} from "../../../../src/popup/explorer/filter.ts";
import { filterToState } from "../../../../src/popup/explorer/filter-reading.ts";
import { controlErrors } from "../../../../src/popup/explorer/validation.ts";
import type { ExplorerState, Rollout } from "../../../../src/popup/explorer/state.ts";

const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });
/** The filter text of a state, which is what the tests compare: it is what the service receives. */
const filterOf = (patch: Partial<ExplorerState>): string => serializeFilter(stateToFilter(state(patch)));
const parse = (text: string, view: "releases" | "versions" = "releases"): Filter => parseFilter(text, view);

describe("the default state", () => {
  it("lists every release of the watched platform on every channel, unfiltered", () => {
    expect(base).toEqual({
      view: "releases",
      product: "chrome",
      platform: "linux",
      channel: "all",
      versionFrom: "",
      versionTo: "",
      startFrom: "",
      startTo: "",
      liveOnly: false,
      rollout: { kind: "any" },
      order: [],
      extra: [],
    });
    expect(stateToFilter(base)).toEqual([]);
    expect(stateToOrderBy(base)).toEqual([]);
  });
});

/** Each control's value and the clause it writes, which reads back as that value. */
const CLAUSES = [
  [{ versionFrom: "120" }, "version>=120"], // an inclusive lower bound
  [{ versionFrom: "120.0.6099.71" }, "version>=120.0.6099.71"],
  [{ versionTo: "120.0.6099.71" }, "version<=120.0.6099.71"], // four parts: an inclusive upper bound
  [{ versionTo: "120" }, "version<121"], // a milestone covers the whole milestone
  [{ versionTo: "120.0.6099" }, "version<120.0.6100"], // three parts cover every patch under them
  [{ startFrom: "2024-03-01" }, "starttime>=2024-03-01T00:00:00Z"], // midnight UTC of that day
  [{ startTo: "2024-03-01" }, "starttime<2024-03-02T00:00:00Z"], // the whole day: before the next midnight
  [{ startTo: "2024-02-28" }, "starttime<2024-02-29T00:00:00Z"], // to the leap day
  [{ startTo: "2024-02-29" }, "starttime<2024-03-01T00:00:00Z"], // from the leap day
  [{ startTo: "2023-02-28" }, "starttime<2023-03-01T00:00:00Z"], // over a month end
  [{ startTo: "2023-12-31" }, "starttime<2024-01-01T00:00:00Z"], // over the year end
  [{ liveOnly: true }, "endtime=none"], // releases without an end
  [{ rollout: { kind: "partial" } }, "fraction<1"],
  [{ rollout: { kind: "full" } }, "fraction=1"],
  [{ rollout: { kind: "atLeast", percent: 25 } }, "fraction>=0.25"], // at least N/100
  [{ rollout: { kind: "atLeast", percent: 0.7 } }, "fraction>=0.007"], // exact for tenths of a percent
  [{ rollout: { kind: "atLeast", percent: 12.3 } }, "fraction>=0.123"],
  [{ rollout: { kind: "atLeast", percent: 100 } }, "fraction>=1"],
] satisfies [Partial<ExplorerState>, string][];

describe("each control writes its clause", () => {
  it.each(CLAUSES)("%o writes %s", (patch, text) => {
    expect(filterOf(patch)).toBe(text);
  });

  it("order keys become order_by keys, most significant first", () => {
    const s = state({
      order: [
        { field: "fraction", direction: "desc" },
        { field: "starttime", direction: "asc" },
      ],
    });
    expect(stateToOrderBy(s)).toEqual([
      { field: "fraction", direction: "desc" },
      { field: "starttime", direction: "asc" },
    ]);
  });

  it("a field repeated in the order is sent once, where it first appears", () => {
    const s = state({
      order: [
        { field: "version", direction: "desc" },
        { field: "version", direction: "asc" },
      ],
    });
    expect(stateToOrderBy(s)).toEqual([{ field: "version", direction: "desc" }]);
  });

  it("controls with invalid values send nothing (controlErrors says why)", () => {
    expect(
      filterOf({
        versionFrom: "12.",
        versionTo: "x",
        startFrom: "2024-02-30",
        startTo: "9999-12-31",
        rollout: { kind: "atLeast", percent: 150 },
      }),
    ).toBe("");
  });
});

describe("combined controls", () => {
  it("write their clauses in canonical order, then the extra clauses as typed", () => {
    const s = state({
      extra: parse('name="a,b",channel<=dev'),
      rollout: { kind: "atLeast", percent: 50 },
      liveOnly: true,
      startTo: "2024-06-30",
      startFrom: "2024-01-01",
      versionTo: "125",
      versionFrom: "120",
    });
    expect(advancedText(s)).toBe(
      "version>=120,version<126,starttime>=2024-01-01T00:00:00Z,starttime<2024-07-01T00:00:00Z," +
        'endtime=none,fraction>=0.5,name="a,b",channel<=dev',
    );
  });
});

describe("controls that do not apply to the versions view", () => {
  const everything = state({
    view: "versions",
    versionFrom: "120",
    startFrom: "2024-01-01",
    startTo: "2024-06-30",
    liveOnly: true,
    rollout: { kind: "full" },
    order: [
      { field: "starttime", direction: "desc" },
      { field: "version", direction: "desc" },
    ],
    extra: parse("fraction>0.3,channel=beta"),
  });

  it("are the start bounds, live only and rollout", () => {
    expect(applicable("versions")).toMatchObject({
      startFrom: false,
      startTo: false,
      liveOnly: false,
      rollout: false,
      versionFrom: true,
      versionTo: true,
      order: true,
      extra: true,
    });
    expect(Object.values(applicable("releases")).every(Boolean)).toBe(true);
  });

  it("limit the order to the versions endpoint's fields", () => {
    expect(orderFields("versions")).toEqual(["version", "name", "platform", "channel"]);
    expect(orderFields("releases")).toEqual(FIELDS.releases);
  });

  it("add nothing to the filter, and extra clauses on fields versions lack are left out", () => {
    expect(advancedText(everything)).toBe("version>=120,channel=beta");
  });

  it("drop order keys on fields versions lack", () => {
    expect(stateToOrderBy(everything)).toEqual([{ field: "version", direction: "desc" }]);
  });

  it("keep their values, so switching back to releases sends them again", () => {
    expect(advancedText({ ...everything, view: "releases" })).toBe(
      "version>=120,starttime>=2024-01-01T00:00:00Z,starttime<2024-07-01T00:00:00Z,endtime=none,fraction=1," +
        "fraction>0.3,channel=beta",
    );
  });

  it("survive an edit of the advanced field on versions, hidden extra clauses in their places", () => {
    const edited = filterToState(parse("version>=121,channel=dev", "versions"), everything);
    expect(edited).toEqual({ ...everything, versionFrom: "121", extra: parse("fraction>0.3,channel=dev") });
  });
});

describe("a filter read back into the controls", () => {
  it.each(CLAUSES)("%o is what %s reads back as", (patch, text) => {
    expect(filterToState(parse(text), base)).toEqual(state(patch));
  });

  it.each([
    ["a second lower bound", "version>=120,version>=118", { versionFrom: "120" }, "version>=118"],
    ["a second upper bound", "version<121,version<=120.0.1.1", { versionTo: "120" }, "version<=120.0.1.1"],
    ["a time not at midnight UTC", "starttime>=2024-03-01T12:00:00Z", {}, "starttime>=2024-03-01T12:00:00Z"],
    [
      "midnight in another spelling",
      "starttime>=2024-03-01T00:00:00+00:00",
      {},
      "starttime>=2024-03-01T00:00:00+00:00",
    ],
    ["a strict share bound", "fraction>0.3", {}, "fraction>0.3"],
    ["a share finer than a tenth of a percent", "fraction>=0.0005", {}, "fraction>=0.0005"],
    ["a second rollout clause", "fraction=1,fraction<1", { rollout: { kind: "full" } }, "fraction<1"],
    ["an inclusive bound on a short version", "version<=120", {}, "version<=120"],
    ["a bound below x.0", "version<120.0", {}, "version<120.0"],
    ["an end time", "endtime<2024-01-01T00:00:00Z", {}, "endtime<2024-01-01T00:00:00Z"],
    ["a channel clause", "channel<=dev", {}, "channel<=dev"],
  ] satisfies [string, string, Partial<ExplorerState>, string][])(
    "%s stays in extra, unchanged",
    (_what, text, patch, extra) => {
      expect(filterToState(parse(text), base)).toEqual(state({ ...patch, extra: parse(extra) }));
    },
  );

  it("has no clause with a version the controls could not write: the parser refuses it, as the controls do", () => {
    // Until versions had one rule, `version>=080` parsed and stayed in extra while the control refused `080`.
    expect(() => parse("version>=080")).toThrow(/without leading zeros/);
    expect(() => parse("version>=1.2.3.4.5")).toThrow(/at most four numbers/);
    expect(controlErrors(state({ versionFrom: "080" })).versionFrom).toMatch(/without leading zeros/);
  });

  it("keeps extra clauses in the order they were typed", () => {
    const read = filterToState(parse("platform=mac,version>=120,name=x,channel=beta"), base);
    expect(serializeFilter(read.extra)).toBe("platform=mac,name=x,channel=beta");
  });

  it("clears the filter controls the filter does not mention", () => {
    const before = state({
      versionFrom: "100",
      startTo: "2024-01-01",
      liveOnly: true,
      extra: parse("name=x"),
    });
    expect(filterToState(parse("fraction<1"), before)).toEqual(state({ rollout: { kind: "partial" } }));
  });

  it("keeps the view, ids and order of the base", () => {
    const before = state({
      platform: "mac",
      channel: "beta",
      order: [{ field: "version", direction: "asc" }],
    });
    expect(filterToState([], before)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Generators for the laws

const versionText = (minFields: number, maxFields: number) =>
  fc
    .array(fc.integer({ min: 0, max: 7000 }), { minLength: minFields, maxLength: maxFields })
    .map((p) => p.join("."));
const dayText = fc
  .integer({ min: Date.UTC(2008, 0, 1) / 86_400_000, max: Date.UTC(2030, 11, 31) / 86_400_000 })
  .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const percent = fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10);
const rollout: fc.Arbitrary<Rollout> = fc.oneof(
  fc.constant<Rollout>({ kind: "any" }),
  fc.constant<Rollout>({ kind: "partial" }),
  fc.constant<Rollout>({ kind: "full" }),
  percent.map((p): Rollout => ({ kind: "atLeast", percent: p })),
);
const order = fc
  .uniqueArray(fc.constantFrom(...FIELDS.releases), { maxLength: 3 })
  .chain((fields) =>
    fc.tuple(
      ...fields.map((field) =>
        fc.constantFrom("asc", "desc" as const).map((direction) => ({ field, direction })),
      ),
    ),
  );

const clause = (field: Field, op: Operator, value: Value): Comparison => ({ field, op, value });
const v = (text: string): Value => ({ type: "version", text });
const t = (text: string): Value => ({ type: "time", text });
const n = (value: number): Value => ({ type: "number", value });
const ops = (...list: Operator[]) => fc.constantFrom(...list);
const anyOp = ops("<", "<=", "=", ">", ">=");
const anyTime = fc.oneof(
  dayText.map((d) => `${d}T00:00:00Z`),
  dayText.map((d) => `${d}T13:45:07.250000Z`),
  dayText.map((d) => `${d}T00:00:00+02:00`),
);
const share = fc.constantFrom(0, 0.0005, 0.1, 0.25, 0.999, 1);

/** Clauses no control writes, whatever the controls say. */
const foreignClause: fc.Arbitrary<Comparison> = fc.oneof(
  fc
    .tuple(anyOp, fc.string({ maxLength: 6 }))
    .map(([op, text]) => clause("name", op, { type: "string", text })),
  fc
    .tuple(anyOp, fc.string({ maxLength: 6 }))
    .map(([op, text]) => clause("platform", op, { type: "string", text })),
  fc
    .tuple(anyOp, fc.constantFrom(...KNOWN_CHANNELS))
    .map(([op, id]) => clause("channel", op, { type: "channel", id })),
  fc.tuple(ops(">", "="), versionText(1, 4)).map(([op, x]) => clause("version", op, v(x))),
  versionText(4, 4).map((x) => clause("version", "<", v(x))),
  versionText(1, 3).map((x) => clause("version", "<=", v(x))),
  // `version<120.0`: a `to` of 120.-1 would write it, and there is none.
  versionText(1, 3).map((x) => clause("version", "<", v(x.replace(/\d+$/, "0")))),
  fc.tuple(ops(">", "<=", "="), anyTime).map(([op, x]) => clause("starttime", op, t(x))),
  fc
    .tuple(
      ops(">=", "<"),
      anyTime.filter((x) => !x.endsWith("T00:00:00Z")),
    )
    .map(([op, x]) => clause("starttime", op, t(x))),
  ops("<", "<=", ">", ">=").map((op) => clause("endtime", op, { type: "none" })),
  fc.tuple(anyOp, anyTime).map(([op, x]) => clause("endtime", op, t(x))),
  fc.tuple(ops(">", "<="), share).map(([op, x]) => clause("fraction", op, n(x))),
  fc
    .tuple(
      ops("=", "<"),
      share.filter((x) => x !== 1),
    )
    .map(([op, x]) => clause("fraction", op, n(x))),
  fc.constant(clause("fraction", ">=", n(0.0005))),
);

/** Clauses a control writes, from any valid value. */
const controlClause: fc.Arbitrary<Comparison> = fc.oneof(
  versionText(1, 4).map((x) => clause("version", ">=", v(x))),
  versionText(4, 4).map((x) => clause("version", "<=", v(x))),
  versionText(1, 3).map((x) =>
    clause("version", "<", v(x.replace(/\d+$/, (last) => String(Number(last) + 1)))),
  ),
  dayText.map((d) => clause("starttime", ">=", t(`${d}T00:00:00Z`))),
  dayText.map((d) => clause("starttime", "<", t(`${d}T00:00:00Z`))),
  fc.constant(clause("endtime", "=", { type: "none" })),
  fc.constantFrom(clause("fraction", "<", n(1)), clause("fraction", "=", n(1))),
  fc.integer({ min: 0, max: 1000 }).map((k) => clause("fraction", ">=", n(k / 1000))),
);

/**
 * Valid states. `extra` holds clauses no control writes, plus (anywhere in it) a second clause for a control
 * that is set: both are what filterToState leaves in `extra`. A clause a control writes while that control is
 * empty is not valid `extra`; filterToState would move it into the control.
 */
const validState: fc.Arbitrary<ExplorerState> = fc
  .record({
    view: fc.constantFrom("releases", "versions" as const),
    product: fc.constantFrom("chrome", "browser"),
    platform: fc.constantFrom("linux", "win64", "all"),
    channel: fc.constantFrom("all", "stable", "beta"),
    versionFrom: fc.oneof(fc.constant(""), versionText(1, 4)),
    versionTo: fc.oneof(fc.constant(""), versionText(1, 4)),
    startFrom: fc.oneof(fc.constant(""), dayText),
    startTo: fc.oneof(fc.constant(""), dayText),
    liveOnly: fc.boolean(),
    rollout,
    order,
    extra: fc.array(foreignClause, { maxLength: 4 }),
  })
  .chain((s) => {
    const seconds: Comparison[] = [];
    if (s.versionFrom) seconds.push(clause("version", ">=", v("1.2")));
    if (s.versionTo) seconds.push(clause("version", "<=", v("1.2.3.4")));
    if (s.startFrom) seconds.push(clause("starttime", ">=", t("2020-01-01T00:00:00Z")));
    if (s.startTo) seconds.push(clause("starttime", "<", t("2020-01-01T00:00:00Z")));
    if (s.liveOnly) seconds.push(clause("endtime", "=", { type: "none" }));
    if (s.rollout.kind !== "any") seconds.push(clause("fraction", "=", n(1)));
    return fc
      .subarray(seconds)
      .chain((picked) =>
        fc.shuffledSubarray([...s.extra, ...picked], { minLength: s.extra.length + picked.length }),
      )
      .map((extra): ExplorerState => ({ ...s, extra }));
  });

const clauseTexts = (f: Filter): string[] => f.map((c) => serializeFilter([c])).sort();

describe("laws of the mapping", () => {
  it("filterToState(stateToFilter(s), s) is s for every valid state", () => {
    fc.assert(
      fc.property(validState, (s) => {
        expect(filterToState(stateToFilter(s), s)).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });

  it("a parsed filter read into controls writes back the same clauses", () => {
    const input = validState.chain((s) =>
      fc
        .array(fc.oneof(foreignClause, controlClause), { maxLength: 8 })
        .map((f) => f.filter((c) => FIELDS[s.view].includes(c.field)))
        .map((f) => ({ s, f: parseFilter(serializeFilter(f), s.view) })),
    );
    fc.assert(
      fc.property(input, ({ s, f }) => {
        expect(clauseTexts(stateToFilter(filterToState(f, s)))).toEqual(clauseTexts(f));
      }),
      { numRuns: 500 },
    );
  });

  it("the advanced field's text applied to the state gives the state back", () => {
    fc.assert(
      fc.property(validState, (s) => {
        expect(applyAdvanced(advancedText(s), s)).toEqual({ ok: true, state: s });
      }),
      { numRuns: 500 },
    );
  });

  it("every valid state passes controlErrors except for its own from/to order", () => {
    fc.assert(
      fc.property(validState, (s) => {
        const { versionTo: _v, startTo: _s, ...rest } = controlErrors(s);
        expect(rest).toEqual({});
      }),
    );
  });
});

describe("reset filters", () => {
  const busy = state({
    view: "versions",
    product: "fuchsiawebengine",
    platform: "fuchsia",
    channel: "beta",
    versionFrom: "120",
    versionTo: "125.0.1.2",
    startFrom: "2024-01-01",
    startTo: "2024-02-01",
    liveOnly: true,
    rollout: { kind: "atLeast", percent: 50 },
    order: [{ field: "version", direction: "desc" }],
    extra: parse("name=x,fraction>0.3"),
  });

  it("clears every filter control and the extra clauses, those the view hides included", () => {
    const reset = resetFilters(busy, base);
    expect(reset).toEqual({
      ...base,
      view: "versions",
      product: "fuchsiawebengine",
      platform: "fuchsia",
      channel: "beta",
      order: [{ field: "version", direction: "desc" }],
    });
    expect(stateToFilter(reset)).toEqual([]);
    expect(stateToFilter({ ...reset, view: "releases" })).toEqual([]);
  });

  it("keeps the list and its order: view, product, platform, channel and order", () => {
    const reset = resetFilters(busy, base);
    expect(stateToOrderBy(reset)).toEqual(stateToOrderBy(busy));
    for (const key of ["view", "product", "platform", "channel", "order"] as const) {
      expect(reset[key]).toEqual(busy[key]);
    }
  });

  it("takes the cleared values from base", () => {
    const preset = { ...base, liveOnly: true, extra: parse("channel<=beta") };
    expect(resetFilters(busy, preset)).toMatchObject({
      liveOnly: true,
      versionFrom: "",
      extra: preset.extra,
    });
  });

  it("of a valid state is a valid state that sends no filter", () => {
    fc.assert(
      fc.property(validState, (s) => {
        const reset = resetFilters(s, base);
        expect(controlErrors(reset)).toEqual({});
        expect(stateToFilter(reset)).toEqual([]);
        expect(resetFilters(reset, base)).toEqual(reset);
      }),
    );
  });
});

describe("start presets", () => {
  const at = (iso: string) => Date.parse(iso);

  it.each([
    [7, "2024-05-20T12:00:00Z", "2024-05-14", "2024-05-20"],
    [30, "2024-05-20T12:00:00Z", "2024-04-21", "2024-05-20"],
    [90, "2024-05-20T12:00:00Z", "2024-02-21", "2024-05-20"],
    // month ends, the leap day, and the year end
    [7, "2024-03-02T00:00:00Z", "2024-02-25", "2024-03-02"],
    [7, "2023-03-02T00:00:00Z", "2023-02-24", "2023-03-02"],
    [30, "2024-01-03T23:59:59.999Z", "2023-12-05", "2024-01-03"],
    [90, "2025-01-01T00:00:00Z", "2024-10-04", "2025-01-01"],
  ] as const)("the last %i days at %s are %s to %s", (days, now, startFrom, startTo) => {
    expect(startPreset(days, at(now))).toEqual({ startFrom, startTo });
  });

  it("uses the UTC day, whatever the local time zone says", () => {
    // 23:30 on 31 December in New York is already 1 January in UTC.
    expect(startPreset(7, at("2023-12-31T23:30:00-05:00"))).toEqual({
      startFrom: "2023-12-26",
      startTo: "2024-01-01",
    });
  });

  it("covers exactly N days, today included, and writes the filter of those days", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(7, 30, 90 as const),
        fc.integer({ min: at("2000-01-01T00:00:00Z"), max: at("2099-12-31T23:59:59Z") }),
        (days, now) => {
          const preset = startPreset(days, now);
          const span = (Date.parse(preset.startTo) - Date.parse(preset.startFrom)) / 86_400_000 + 1;
          expect(span).toBe(days);
          expect(preset.startTo).toBe(new Date(now).toISOString().slice(0, 10));
          const s = state(preset);
          expect(controlErrors(s)).toEqual({});
          expect(filterToState(stateToFilter(s), s)).toEqual(s);
        },
      ),
    );
  });

  it("refuses a clock with no four-digit UTC day", () => {
    expect(() => startPreset(7, Number.NaN)).toThrow(RangeError);
    expect(() => startPreset(7, at("+010000-01-01T00:00:00Z"))).toThrow(RangeError);
  });
});
