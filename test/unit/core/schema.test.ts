// The shape builders over valibot (src/core/schema.ts): what each accepts, and the path, expectation and
// value `check` names for the first bad value.
import * as v from "valibot";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  absent,
  array,
  boolean,
  check,
  integer,
  isRecord,
  nullable,
  number,
  object,
  oneOf,
  optional,
  orDefault,
  record,
  refine,
  SchemaError,
  string,
  validItems,
  valueOr,
  type Infer,
  type Schema,
} from "../../../src/core/schema.ts";

/** The value a shape gives back, which must pass. */
function read<T>(schema: Schema<T>, value: unknown): T {
  const checked = check(schema, value);
  if (!checked.ok) throw checked.error;
  return checked.value;
}

/** The error `check` gives for `value`, which must fail. */
function errorOf(schema: Schema<unknown>, value: unknown): SchemaError {
  const checked = check(schema, value);
  if (checked.ok) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  return checked.error;
}

describe("scalars", () => {
  it("string: refuses what is not text, empty text when told, and text over its bound", () => {
    expect(read(string(), "")).toBe("");
    expect(errorOf(string(), 5).expected).toBe("a string");
    expect(errorOf(string(3, true), "").expected).toBe("a non-empty string");
    expect(read(string(3), "abc")).toBe("abc");
    expect(errorOf(string(3), "abcd").expected).toBe("a string of at most 3 characters");
  });

  it("number: refuses NaN, infinities and what fails its test, saying what passes", () => {
    expect(read(number(), -1.5)).toBe(-1.5);
    for (const bad of [Number.NaN, Infinity, "1", null])
      expect(errorOf(number(), bad).expected).toBe("a finite number");
    const share = number("a number from 0 to 1", (n) => n >= 0 && n <= 1);
    expect(read(share, 1)).toBe(1);
    expect(errorOf(share, 1.01).expected).toBe("a number from 0 to 1");
  });

  it("integer: refuses fractions and values outside its range", () => {
    const small = integer(1, 9);
    expect(read(small, 9)).toBe(9);
    for (const bad of [0, 10, 1.5]) expect(errorOf(small, bad).expected).toBe("an integer from 1 to 9");
  });

  it("boolean and oneOf", () => {
    expect(read(boolean(), false)).toBe(false);
    expect(errorOf(boolean(), "false").expected).toBe("a boolean");
    const kind = oneOf("a", "b");
    expectTypeOf<Infer<typeof kind>>().toEqualTypeOf<"a" | "b">();
    expect(read(kind, "b")).toBe("b");
    expect(errorOf(kind, "c").expected).toBe('one of "a", "b"');
  });

  it("refine holds a checked value to one more rule, reporting the value as found", () => {
    const even = refine(integer(0), "an even number", (n) => n % 2 === 0);
    expect(read(even, 4)).toBe(4);
    const error = errorOf(even, 3);
    expect([error.expected, error.found]).toEqual(["an even number", 3]);
  });
});

describe("containers and paths", () => {
  const Entry = object({
    id: string(),
    tags: array(string(), "an array of tags"),
    note: optional(string()),
    sizes: record(integer(0)),
  });

  it("infers a readonly type: optional keys are optional, the rest required", () => {
    expectTypeOf<Infer<typeof Entry>>().toEqualTypeOf<{
      readonly id: string;
      readonly tags: readonly string[];
      readonly note?: string | undefined;
      readonly sizes: { readonly [key: string]: number };
    }>();
  });

  it("copies only the described keys and leaves an absent optional out", () => {
    const value = read(Entry, { id: "x", tags: ["a"], sizes: { s: 1 }, extra: true });
    expect(value).toEqual({ id: "x", tags: ["a"], sizes: { s: 1 } });
    expect(Object.hasOwn(value, "note")).toBe(false);
  });

  it("names the JSON path of the first bad value, fields in the order described", () => {
    const list = array(Entry);
    const error = errorOf(list, [
      { id: "x", tags: [], sizes: {} },
      { id: 1, tags: [2], sizes: { s: -1 } },
    ]);
    expect([error.path, error.expected, error.found]).toEqual(["[1].id", "a string", 1]);
    expect(errorOf(list, [{ id: "x", tags: ["a", 2], sizes: {} }]).path).toBe("[0].tags[1]");
    expect(errorOf(list, [{ id: "x", tags: [], sizes: { big: -1 } }]).path).toBe("[0].sizes.big");
    expect(check(list, [{ id: "x", tags: "a", sizes: {} }], "entries")).toMatchObject({
      ok: false,
      error: { path: "entries[0].tags", expected: "an array of tags" },
    });
  });

  it("says a missing key as its shape says nothing, at the key's path", () => {
    expect(errorOf(Entry, { id: "x", sizes: {} }).message).toBe(
      "tags: expected an array of tags, found nothing (the field is absent)",
    );
  });

  it("says what it found, as the client's messages do; an array is no object", () => {
    expect(errorOf(Entry, [1, 2]).message).toBe("(value): expected an object, found an array of 2 items");
    expect(errorOf(object({ n: number() }), { n: "7" }).message).toBe(
      'n: expected a finite number, found the string "7"',
    );
  });

  it("isRecord: a plain object, never null or an array", () => {
    expect([{}, { a: 1 }].map(isRecord)).toEqual([true, true]);
    expect([null, [], "x", 1, undefined].map(isRecord)).toEqual([false, false, false, false, false]);
  });

  it("record never lets a key named __proto__ set the prototype: valibot drops the key", () => {
    const value = read(record(integer(0)), JSON.parse('{"__proto__": 1, "a": 2}'));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value).toEqual({ a: 2 });
  });
});

describe("absence", () => {
  it("optional: absent is undefined; null is refused", () => {
    expect(read(object({ s: optional(string()) }), {})).toEqual({});
    expect(errorOf(object({ s: optional(string()) }), { s: null }).expected).toBe("a string");
  });

  it("absent: null is absent too (proto3 JSON's default)", () => {
    const Shape = object({ s: absent(string()) });
    expect(read(Shape, { s: null }).s).toBeUndefined();
    expect(read(Shape, {})).toEqual({});
    expect(errorOf(Shape, { s: 1 }).path).toBe("s");
  });

  it("orDefault: absent or null is the default, anything else is checked", () => {
    const fraction = object({ f: orDefault(number(), 0) });
    expect([{}, { f: null }, { f: 0.5 }].map((x) => read(fraction, x).f)).toEqual([0, 0, 0.5]);
    expect(errorOf(fraction, { f: "0.5" }).expected).toBe("a finite number");
  });

  it("nullable", () => {
    expect(read(nullable(string()), null)).toBeNull();
    expect(errorOf(nullable(string()), 1).expected).toBe("a string");
  });

  it("valueOr and validItems: the value, or nothing when it fails", () => {
    expect(valueOr(integer(0), 3)).toBe(3);
    expect(valueOr(integer(0), -3)).toBeNull();
    expect(validItems(integer(0), [1, -1, "2", 3])).toEqual([1, 3]);
    expect(validItems(integer(0), { 0: 1 })).toEqual([]);
  });

  it("check passes on errors that are not a shape's", () => {
    const broken = v.pipe(
      v.unknown(),
      v.transform(() => {
        throw new TypeError("a bug");
      }),
    );
    expect(() => check(broken, 1)).toThrow(TypeError);
  });
});
