/**
 * Shapes are declared once, with valibot (https://valibot.dev): a shape checks an `unknown` value (parsed
 * JSON, a stored value) and gives it back as its type, and the TypeScript type is inferred from the shape
 * (`type X = Infer<typeof X>`), so the check and the type cannot drift apart.
 *
 * This module is the project's edge over valibot: the few builders every shape here is made of, each with
 * the words of what it expects ("a string of at most 500 characters"), and `check`, which turns valibot's
 * first issue into a SchemaError naming the JSON path of the first bad value (`releases[3].fraction`), what
 * was expected there and what was found. Valibot is modular, and the builders are marked free of side effects,
 * so a page carries only the shapes it uses (the popup's first paint none: popup/glance/glance-copy.ts says why). Objects
 * come back with only the described keys (unknown ones, maybe a newer version's, are not copied).
 */
import * as v from "valibot";

/** A shape of values of type T, checked from anything. */
export type Schema<T> = v.GenericSchema<unknown, T>;

/** A value as the project reads it: nothing checked is changed in place, so every level is readonly. */
type Frozen<T> = T extends readonly (infer I)[]
  ? readonly Frozen<I>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** The type a shape checks values into. */
export type Infer<S extends v.GenericSchema> = Frozen<v.InferOutput<S>>;

/** Longest quoted value in a message; longer values are cut and end in an ellipsis. */
const MAX_FOUND_CHARS = 60;

/** Cuts a text to MAX_FOUND_CHARS characters, marking the cut. */
export function truncate(text: string, max = MAX_FOUND_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A short description of a JSON value for "found ..." in messages: its type and, for scalars, the value,
 * truncated. Objects and arrays are described, never printed.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is absent)";
  if (value === null) return "null";
  if (typeof value === "string") return `the string ${truncate(JSON.stringify(value))}`;
  if (typeof value === "number") return `the number ${truncate(String(value))}`;
  if (typeof value === "boolean") return `the boolean ${String(value)}`;
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** What a shape refused: where, what it expected there, and what it found. */
export class SchemaError extends Error {
  override name = "SchemaError";
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly found: unknown,
  ) {
    super(`${path || "(value)"}: expected ${expected}, found ${describeValue(found)}`);
  }
}

/** A plain object (not null, not an array): the one test of "is this a record" in the project. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The path of a valibot issue, after `path`: `.key` for a field, `[i]` for an item. */
function pathOf(path: string, issue: v.BaseIssue<unknown>): string {
  let at = path;
  for (const { key } of issue.path ?? []) {
    at = typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key);
  }
  return at;
}

/**
 * The value, or the error that says why it is not one. Checking stops at the first bad value, which the
 * error names by its path (after `path`, where the value sits in a larger document).
 */
export function check<T>(
  schema: Schema<T>,
  value: unknown,
  path = "",
): { ok: true; value: T } | { ok: false; error: SchemaError } {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const [issue] = result.issues;
  return { ok: false, error: new SchemaError(pathOf(path, issue), issue.message, issue.input) };
}

/** The checked value, or null when it fails its check. */
export function valueOr<T>(schema: Schema<T>, value: unknown): T | null {
  const checked = check(schema, value);
  return checked.ok ? checked.value : null;
}

/** The items of a stored list that pass `item`, the rest dropped (not a list reads as an empty one). */
export function validItems<T>(item: Schema<T>, value: unknown): T[] {
  return Array.isArray(value) ? value.flatMap((x: unknown) => valueOr(item, x) ?? []) : [];
}

/**
 * Text of at most `max` characters (UTF-16 code units); `nonEmpty` refuses `""`. `expected` names what is
 * wanted when the value is no text at all.
 */
/* @__NO_SIDE_EFFECTS__ */
export const string = (
  max = Infinity,
  nonEmpty = false,
  expected = nonEmpty ? "a non-empty string" : "a string",
) =>
  v.pipe(
    v.string(expected),
    v.check((s) => !nonEmpty || s !== "", "a non-empty string"),
    v.check((s) => s.length <= max, `a string of at most ${max} characters`),
  );

/** A finite number that passes `test`; `expected` says what passes. */
/* @__NO_SIDE_EFFECTS__ */
export const number = (expected = "a finite number", test = (_: number) => true) =>
  v.pipe(
    v.number(expected),
    v.check((n) => Number.isFinite(n) && test(n), expected),
  );

/** An integer from `min` to `max`. */
/* @__NO_SIDE_EFFECTS__ */
export const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  number(`an integer from ${min} to ${max}`, (n) => Number.isInteger(n) && n >= min && n <= max);

/* @__NO_SIDE_EFFECTS__ */
export const boolean = (expected = "a boolean") => v.boolean(expected);

/** One of `choices`. */
/* @__NO_SIDE_EFFECTS__ */
export const oneOf = <const T extends readonly string[]>(...choices: T) =>
  v.picklist(choices, `one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`);

/** `inner`, further held to `test`; the value is reported as found. */
/* @__NO_SIDE_EFFECTS__ */
export const refine = <T>(inner: Schema<T>, expected: string, test: (value: T) => boolean) =>
  v.pipe(inner, v.check(test, expected));

/** A two-item array: the first `first`, the second `second`. */
/* @__NO_SIDE_EFFECTS__ */
export const pair = <A extends v.GenericSchema, B extends v.GenericSchema>(first: A, second: B) =>
  v.tuple([first, second], "a pair [first, second]");

/** An array of `item`s; `expected` names it when the value is no array at all. */
/* @__NO_SIDE_EFFECTS__ */
export const array = <S extends v.GenericSchema>(item: S, expected = "an array") => v.array(item, expected);

/**
 * An object whose values (by any key) are `item`s. Valibot leaves out the keys `__proto__`, `prototype` and
 * `constructor`, so no key reaches the prototype.
 */
/* @__NO_SIDE_EFFECTS__ */
export const record = <S extends v.GenericSchema>(item: S, expected = "an object") =>
  v.record(v.string(), item, expected);

/**
 * An object with the keys of `entries`, each checked in the order given (so the first bad one is reported).
 * A missing key is reported at its path as its shape reports `undefined`, as if it were there and wrong.
 */
/* @__NO_SIDE_EFFECTS__ */
export const object = <E extends v.ObjectEntries>(entries: E, expected = "an object") =>
  v.pipe(
    v.custom<Record<string, unknown>>(isRecord, expected),
    v.object(entries, (issue) => {
      const key = issue.path?.[0]?.key;
      const entry = typeof key === "string" ? entries[key] : undefined;
      return (entry && v.safeParse(entry, undefined).issues?.[0].message) ?? expected;
    }),
  );

/** A field that may be absent (left out of the object). */
/* @__NO_SIDE_EFFECTS__ */
export const optional = <S extends v.GenericSchema>(inner: S) => v.optional(inner);

/** A field of proto3 JSON that may be absent or `null`, its "default": both read as absent. */
/* @__NO_SIDE_EFFECTS__ */
export const absent = <S extends v.GenericSchema>(inner: S) =>
  v.pipe(
    v.nullish(inner),
    v.transform((x) => x ?? undefined),
  );

/** `inner`, or `fallback` when absent or `null` (proto3 JSON omits a default value, or sends it as null). */
/* @__NO_SIDE_EFFECTS__ */
export const orDefault = <S extends v.GenericSchema>(inner: S, fallback: v.InferOutput<S>) =>
  v.nullish(inner, fallback);

/** `inner`, or `null`. */
/* @__NO_SIDE_EFFECTS__ */
export const nullable = <S extends v.GenericSchema>(inner: S) => v.nullable(inner);
