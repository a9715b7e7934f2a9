/**
 * The schemas of the service's fields that every validator at the client boundary shares (validate.ts,
 * validate-release.ts), and the boundary itself: a schema's SchemaError becomes an InvalidResponseError naming
 * the JSON path of the first bad value. See validate.ts for the proto3 JSON rules they follow.
 */
import { parseResourceName } from "../catalog.ts";
import { parseRfc3339 } from "../query/time.ts";
import { check, object, refine, string, type Schema } from "../schema.ts";
import { describeValue, InvalidResponseError } from "./errors.ts";

/**
 * The longest text field taken from the service: its names run to some 90 characters, so 500 is room to spare
 * and a bound on what a hostile answer can put into storage and onto the page.
 */
export const MAX_FIELD_CHARS = 500;

/** A text field of the service, at most MAX_FIELD_CHARS long. */
/* @__NO_SIDE_EFFECTS__ */
export const text = (nonEmpty = false) => string(MAX_FIELD_CHARS, nonEmpty);

/** An object of the service's JSON. */
/* @__NO_SIDE_EFFECTS__ */
export const jsonObject: typeof object = (shape) => object(shape, "a JSON object");

export const rfc3339 = refine(
  string(Infinity, false, "an RFC 3339 date-time string"),
  "an RFC 3339 date-time string",
  (s) => parseRfc3339(s) !== null,
);

/** The depth of each kind of name, and its shape for the error: `PRODUCT/platforms/P/channels/C`. */
const NAME_DEPTHS = { platform: 1, channel: 2, version: 3, release: 4 } as const;
const shapeOf = (depth: number): string =>
  ["PRODUCT", "platforms/P", "channels/C", "versions/V", "releases/ID"].slice(0, depth + 1).join("/");

/**
 * An id of the service (product, platform, channel), as it documents them: lower-case letters, digits and
 * `_`. Anything else (a line break, U+2028, a zero-width space, a bidi override) could forge a line of a
 * tooltip or pass as another id that looks the same, so a name carrying one is refused with its answer.
 */
const ID = /^[a-z0-9_]{1,64}$/;

/** A `name` field: a resource name of exactly the given depth, its ids of a-z, 0-9 and `_`. */
/* @__NO_SIDE_EFFECTS__ */
export function resourceName(depth: keyof typeof NAME_DEPTHS) {
  return refine(
    text(),
    `a name of shape ${shapeOf(NAME_DEPTHS[depth])}, its ids of a-z, 0-9 and _`,
    (name) => {
      const parts = parseResourceName(name);
      if (parts === null) return false;
      const { product, platform, channel, version, release } = parts;
      if (![product, platform, channel ?? "a"].every((id) => ID.test(id))) return false;
      // parseResourceName reads the parts in order, so how many there are is the depth.
      return [channel, version, release].filter((p) => p !== undefined).length + 1 === NAME_DEPTHS[depth];
    },
  );
}

/**
 * `value` at `path` checked by `schema`, or an InvalidResponseError attributed to `url` naming the first bad
 * value's path (`(body)` for the root).
 */
export function atBoundary<T>(schema: Schema<T>, value: unknown, path: string, url: string): T {
  const checked = check(schema, value, path);
  if (checked.ok) return checked.value;
  const { path: at, expected, found } = checked.error;
  throw refused(url, at || "(body)", expected, found);
}

/** The answer from `url` refused at `path`: what was expected there, and what was found. */
export function refused(url: string, path: string, expected: string, found: unknown): InvalidResponseError {
  return new InvalidResponseError(url, path, `expected ${expected}, found ${describeValue(found)}`);
}
