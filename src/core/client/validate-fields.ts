/**
 * The field checks every validator at the client boundary shares (validate.ts, validate-release.ts): each
 * fails with an InvalidResponseError naming the JSON path of the first bad value. See validate.ts for the
 * proto3 JSON rules they follow.
 */
import { parseResourceName, type NameParts } from "../catalog.ts";
import { parseRfc3339 } from "../query/time.ts";
import { describeValue, InvalidResponseError } from "./errors.ts";

/** Path of a field inside `path` (`""` is the root). */
export function fieldPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Path of an array element. */
export function indexPath(path: string, index: number): string {
  return `${path || "(body)"}[${index}]`;
}

export function fail(url: string, field: string, expected: string, found: unknown): never {
  throw new InvalidResponseError(
    url,
    field || "(body)",
    `expected ${expected}, found ${describeValue(found)}`,
  );
}

/** A JSON object, as the validators read it. */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function object(value: unknown, path: string, url: string): JsonObject {
  if (!isObject(value)) fail(url, path, "a JSON object", value);
  return value;
}

/**
 * The longest text field taken from the service: its names run to some 90 characters, so 500 is room to spare
 * and a bound on what a hostile answer can put into storage and onto the page.
 */
export const MAX_FIELD_CHARS = 500;

export function string(obj: JsonObject, key: string, path: string, url: string, nonEmpty = false): string {
  const value = obj[key];
  if (typeof value !== "string" || (nonEmpty && value === "")) {
    fail(url, fieldPath(path, key), nonEmpty ? "a non-empty string" : "a string", value);
  }
  if (value.length > MAX_FIELD_CHARS) {
    fail(url, fieldPath(path, key), `a string of at most ${MAX_FIELD_CHARS} characters`, value);
  }
  return value;
}

/** A present, non-null field; proto3 JSON `null` means "default", which for optional fields is absence. */
export function present(obj: JsonObject, key: string): boolean {
  return obj[key] !== undefined && obj[key] !== null;
}

const NAME_SHAPES = {
  platform: "PRODUCT/platforms/P",
  channel: "PRODUCT/platforms/P/channels/C",
  version: "PRODUCT/platforms/P/channels/C/versions/V",
  release: "PRODUCT/platforms/P/channels/C/versions/V/releases/ID",
} as const;

/** The `name` field, checked to be a resource name of exactly the given depth. */
export function resourceName(
  obj: JsonObject,
  depth: keyof typeof NAME_SHAPES,
  path: string,
  url: string,
): { name: string; parts: NameParts } {
  const name = string(obj, "name", path, url);
  const parts = parseResourceName(name);
  const deepest = parts?.release
    ? "release"
    : parts?.version
      ? "version"
      : parts?.channel
        ? "channel"
        : parts
          ? "platform"
          : null;
  if (!parts || deepest !== depth)
    fail(url, fieldPath(path, "name"), `a name of shape ${NAME_SHAPES[depth]}`, name);
  return { name, parts };
}

export function rfc3339(obj: JsonObject, key: string, path: string, url: string): string {
  const value = obj[key];
  if (typeof value !== "string" || parseRfc3339(value) === null) {
    fail(url, fieldPath(path, key), "an RFC 3339 date-time string", value);
  }
  return value;
}
