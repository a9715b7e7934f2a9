/**
 * Shapes described once: a schema checks an `unknown` value (parsed JSON, a stored value) and returns it as
 * its type, or throws a SchemaError naming the JSON path of the first bad value (`releases[3].fraction`),
 * what was expected there and what was found. The TypeScript type comes from the description
 * (`type X = Infer<typeof X>`), so the check and the type cannot drift apart.
 *
 * Written here rather than taken from a library: the popup's first paint checks the stored settings,
 * snapshot and poll state with it, within a byte budget, and a schema here is a plain function, so a page
 * carries only the builders it uses. Objects come back with only the described keys (unknown ones, maybe
 * a newer version's, are not copied), and a key whose value reads as `undefined` (an absent optional) is
 * left out, as `exactOptionalPropertyTypes` wants.
 */

/** Checks `value` found at `path` (`""` is the root) and returns it typed, or throws a SchemaError. */
export type Schema<T> = (value: unknown, path: string) => T;

export type Infer<S> = S extends Schema<infer T> ? T : never;

/** Type-only mark of an optional field, so Infer makes its key optional. */
declare const OPTIONAL: unique symbol;
export interface Optional<T> extends Schema<T | undefined> {
  readonly [OPTIONAL]: true;
}

type Shape = Readonly<Record<string, Schema<unknown>>>;
type Flat<T> = { readonly [K in keyof T]: T[K] };
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends Optional<unknown> ? K : never }[keyof S];
type InferShape<S extends Shape> = Flat<
  { readonly [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & {
    readonly [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined>;
  }
>;

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

/** What a schema refused: where, what it expected there, and what it found. */
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

/** Refuses `found` at `path`, saying what was expected there. */
export function fail(path: string, expected: string, found: unknown): never {
  throw new SchemaError(path, expected, found);
}

/** Path of a field inside `path`. */
export const fieldPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Path of an array element. */
export const indexPath = (path: string, index: number): string => `${path}[${index}]`;

/** The items of a stored list that pass `item`, the rest dropped (not a list reads as an empty one). */
export function validItems<T>(item: Schema<T>, value: unknown): T[] {
  return Array.isArray(value) ? value.flatMap((v: unknown) => valueOr(item, v) ?? []) : [];
}

/** A plain object (not null, not an array): the one test of "is this a record" in the project. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value, or the error that says why it is not one, for readers that fall back rather than throw. */
export function check<T>(
  schema: Schema<T>,
  value: unknown,
  path = "",
): { ok: true; value: T } | { ok: false; error: SchemaError } {
  try {
    return { ok: true, value: schema(value, path) };
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, error };
    throw error;
  }
}

/** The checked value, or null when it fails its check. */
export function valueOr<T>(schema: Schema<T>, value: unknown): T | null {
  const checked = check(schema, value);
  return checked.ok ? checked.value : null;
}

/** Text of at most `max` characters (UTF-16 code units); `nonEmpty` refuses `""`. */
export function string(max = Infinity, nonEmpty = false): Schema<string> {
  return (value, path) => {
    if (typeof value !== "string" || (nonEmpty && value === "")) {
      fail(path, nonEmpty ? "a non-empty string" : "a string", value);
    }
    return value.length > max ? fail(path, `a string of at most ${max} characters`, value) : value;
  };
}

/** A finite number that passes `test`; `expected` says what passes, for the error. */
export function number(expected = "a finite number", test = (_: number) => true): Schema<number> {
  return (value, path) =>
    typeof value === "number" && Number.isFinite(value) && test(value) ? value : fail(path, expected, value);
}

/** An integer from `min` to `max`. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER): Schema<number> {
  return number(`an integer from ${min} to ${max}`, (n) => Number.isInteger(n) && n >= min && n <= max);
}

export function boolean(expected = "a boolean"): Schema<boolean> {
  return (value, path) => (typeof value === "boolean" ? value : fail(path, expected, value));
}

/** One of `choices` (compared with `===`). */
export function oneOf<const T extends readonly unknown[]>(...choices: T): Schema<T[number]> {
  return (value, path) =>
    choices.includes(value)
      ? value
      : fail(path, `one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`, value);
}

/** `inner`, further held to `test`. */
export function refine<T>(inner: Schema<T>, expected: string, test: (value: T) => boolean): Schema<T> {
  return (value, path) => {
    const checked = inner(value, path);
    return test(checked) ? checked : fail(path, expected, value);
  };
}

/** An array of `item`s; `expected` names it in the error when the value is no array at all. */
export function array<T>(item: Schema<T>, expected = "an array"): Schema<readonly T[]> {
  return (value, path) =>
    Array.isArray(value)
      ? value.map((v: unknown, i) => item(v, indexPath(path, i)))
      : fail(path, expected, value);
}

/** An object whose values (by any key) are `item`s. */
export function record<T>(item: Schema<T>, expected = "an object"): Schema<Readonly<Record<string, T>>> {
  return (value, path) =>
    isRecord(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, item(v, fieldPath(path, k))]))
      : fail(path, expected, value);
}

/** An object with the keys of `shape`, each checked in the order given (so the first bad one is reported). */
export function object<S extends Shape>(shape: S, expected = "an object"): Schema<InferShape<S>> {
  return (value, path) => {
    if (!isRecord(value)) fail(path, expected, value);
    const out: Record<string, unknown> = {};
    for (const key in shape) {
      const checked = (shape[key] as Schema<unknown>)(value[key], fieldPath(path, key));
      if (checked !== undefined) out[key] = checked;
    }
    return out as InferShape<S>;
  };
}

/** A field that may be absent; `nullIsAbsent` reads `null` as absent too (proto3 JSON's "default"). */
export function optional<T>(inner: Schema<T>, nullIsAbsent = false): Optional<T> {
  return ((value: unknown, path: string) =>
    value === undefined || (nullIsAbsent && value === null) ? undefined : inner(value, path)) as Optional<T>;
}

/** `inner`, or `fallback` when absent or `null` (proto3 JSON omits a default value, or sends it as null). */
export function orDefault<T>(inner: Schema<T>, fallback: T): Schema<T> {
  return (value, path) => (value === undefined || value === null ? fallback : inner(value, path));
}

/** `inner`, or `null`. */
export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return (value, path) => (value === null ? null : inner(value, path));
}

/** The first of `schemas` the value passes; when none does, the last one's error. */
export function union<T extends readonly Schema<unknown>[]>(...schemas: T): Schema<Infer<T[number]>> {
  return (value, path) => {
    let error: unknown;
    for (const schema of schemas) {
      const checked = check(schema, value, path);
      if (checked.ok) return checked.value as Infer<T[number]>;
      error = checked.error;
    }
    throw error;
  };
}
