/**
 * Validators at the client boundary: from `unknown` (parsed JSON) to the exact wire types of ../types.ts.
 * Everything past this point trusts those types, so every field is checked here and the first bad one is
 * reported by its JSON path (`releases[3].serving.startTime`) in an InvalidResponseError.
 *
 * The shapes and the field list follow the public discovery document
 * (https://versionhistory.googleapis.com/$discovery/rest?version=v1) and the recorded real responses in
 * test/fixtures/ (a `source` or `_source` field says where each came from). The service speaks proto3 JSON,
 * hence three rules used below:
 * - default values are omitted: an empty repeated field (a list key, `tag`) or a zero `fraction` is ABSENT;
 * - `null` is accepted for any field and means its default (proto3 JSON mapping), so it is treated as absent
 *   for optional fields;
 * - int64 is sent as a string (`fractionGroup: "144"`).
 * Unknown extra fields are ignored, for forward compatibility, but not copied into the result.
 *
 * `url` (optional everywhere) only attributes the error to a request; the emulator validates its data file
 * without one.
 */
import { parseResourceName, type NameParts } from "../catalog.ts";
import { parseRfc3339 } from "../query/time.ts";
import type {
  ChannelResource,
  PlatformResource,
  ReleaseResource,
  RolloutData,
  Serving,
  VersionResource,
} from "../types.ts";
import { describeValue, InvalidResponseError, truncate } from "./errors.ts";

export type ListKind = "platforms" | "channels" | "versions" | "releases";

/** The item type each list endpoint returns. */
export interface ListItem {
  platforms: PlatformResource;
  channels: ChannelResource;
  versions: VersionResource;
  releases: ReleaseResource;
}

/** A validated list body. `nextPageToken` is `""` on the last page (absent is normalised to `""`). */
export interface ListBody<T> {
  readonly items: T[];
  readonly nextPageToken: string;
}

/** Path of a field inside `path` (`""` is the root). */
function fieldPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Path of an array element. */
function indexPath(path: string, index: number): string {
  return `${path || "(body)"}[${index}]`;
}

function fail(url: string, field: string, expected: string, found: unknown): never {
  throw new InvalidResponseError(
    url,
    field || "(body)",
    `expected ${expected}, found ${describeValue(found)}`,
  );
}

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function object(value: unknown, path: string, url: string): JsonObject {
  if (!isObject(value)) fail(url, path, "a JSON object", value);
  return value;
}

function string(obj: JsonObject, key: string, path: string, url: string, nonEmpty = false): string {
  const value = obj[key];
  if (typeof value !== "string" || (nonEmpty && value === "")) {
    fail(url, fieldPath(path, key), nonEmpty ? "a non-empty string" : "a string", value);
  }
  return value;
}

/** A present, non-null field; proto3 JSON `null` means "default", which for optional fields is absence. */
function present(obj: JsonObject, key: string): boolean {
  return obj[key] !== undefined && obj[key] !== null;
}

const NAME_SHAPES = {
  platform: "PRODUCT/platforms/P",
  channel: "PRODUCT/platforms/P/channels/C",
  version: "PRODUCT/platforms/P/channels/C/versions/V",
  release: "PRODUCT/platforms/P/channels/C/versions/V/releases/ID",
} as const;

/** The `name` field, checked to be a resource name of exactly the given depth. */
function resourceName(
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

function rfc3339(obj: JsonObject, key: string, path: string, url: string): string {
  const value = obj[key];
  if (typeof value !== "string" || parseRfc3339(value) === null) {
    fail(url, fieldPath(path, key), "an RFC 3339 date-time string", value);
  }
  return value;
}

/** `GET /{product}/platforms` item. */
export function validatePlatform(value: unknown, path: string, url = ""): PlatformResource {
  const obj = object(value, path, url);
  const { name } = resourceName(obj, "platform", path, url);
  return { name, platformType: string(obj, "platformType", path, url) };
}

/** `GET /{product}/platforms/{platform}/channels` item. */
export function validateChannel(value: unknown, path: string, url = ""): ChannelResource {
  const obj = object(value, path, url);
  const { name } = resourceName(obj, "channel", path, url);
  return { name, channelType: string(obj, "channelType", path, url) };
}

/**
 * `.../versions` item. `version` is any string: the guide's example list has `unknown_version`
 * (test/fixtures/), which the UI shows as it is rather than rejecting the whole page.
 */
export function validateVersion(value: unknown, path: string, url = ""): VersionResource {
  const obj = object(value, path, url);
  const { name } = resourceName(obj, "version", path, url);
  return { name, version: string(obj, "version", path, url) };
}

function validateServing(value: unknown, path: string, url: string): Serving {
  const obj = object(value, path, url);
  const startTime = rfc3339(obj, "startTime", path, url);
  // Absent while the release is live (the reference: not populated while Chrome still serves the release).
  if (!present(obj, "endTime")) return { startTime };
  return { startTime, endTime: rfc3339(obj, "endTime", path, url) };
}

function validateRolloutData(value: unknown, path: string, url: string): RolloutData {
  const obj = object(value, path, url);
  const rolloutName = string(obj, "rolloutName", path, url);
  // Repeated field: proto3 omits it when empty.
  if (!present(obj, "tag")) return { rolloutName, tag: [] };
  const tags = obj["tag"];
  const tagPath = fieldPath(path, "tag");
  if (!Array.isArray(tags)) fail(url, tagPath, "an array of strings", tags);
  const tag = tags.map((t: unknown, i) => {
    if (typeof t !== "string") fail(url, indexPath(tagPath, i), "a string", t);
    return t;
  });
  return { rolloutName, tag };
}

/**
 * `.../releases` item. Keep this signature: the emulator checks its `--data` file with it (no url there).
 */
export function validateRelease(value: unknown, path: string, url = ""): ReleaseResource {
  const obj = object(value, path, url);
  const { name } = resourceName(obj, "release", path, url);
  const version = string(obj, "version", path, url, true);
  const serving = validateServing(obj["serving"], fieldPath(path, "serving"), url);

  // proto3 omits a zero `fraction` (a release at 0% exists while a rollout is paused), so absent means 0.
  let fraction = 0;
  if (present(obj, "fraction")) {
    const f = obj["fraction"];
    if (typeof f !== "number" || !Number.isFinite(f) || f < 0 || f > 1) {
      fail(url, fieldPath(path, "fraction"), "a number from 0 to 1", f);
    }
    fraction = f;
  }

  const out: {
    name: string;
    version: string;
    serving: Serving;
    fraction: number;
    fractionGroup?: string;
    pinnable?: boolean;
    rolloutData?: RolloutData[];
  } = { name, version, serving, fraction };

  // int64 in proto3 JSON is a string ("144"); a bare number would lose precision past 2^53, so it is refused.
  if (present(obj, "fractionGroup")) out.fractionGroup = string(obj, "fractionGroup", path, url);

  if (present(obj, "pinnable")) {
    const p = obj["pinnable"];
    if (typeof p !== "boolean") fail(url, fieldPath(path, "pinnable"), "a boolean", p);
    out.pinnable = p;
  }

  // Sometimes absent, sometimes [] on the real service (the recorded real responses in test/fixtures/);
  // both are kept as they came.
  if (present(obj, "rolloutData")) {
    const rd = obj["rolloutData"];
    const rdPath = fieldPath(path, "rolloutData");
    if (!Array.isArray(rd)) fail(url, rdPath, "an array of rollout objects", rd);
    out.rolloutData = rd.map((r: unknown, i) => validateRolloutData(r, indexPath(rdPath, i), url));
  }
  return out;
}

const ITEM_VALIDATORS: {
  readonly [K in ListKind]: (value: unknown, path: string, url: string) => ListItem[K];
} = {
  platforms: validatePlatform,
  channels: validateChannel,
  versions: validateVersion,
  releases: validateRelease,
};

/**
 * A list response body `{ <kind>: [...], nextPageToken }`. The list key may be absent (proto3 omits an empty
 * repeated field) and means `[]`; `nextPageToken` absent or `""` means the last page (live captures send `""`).
 */
export function validateListBody<K extends ListKind>(
  body: unknown,
  kind: K,
  url = "",
): ListBody<ListItem[K]> {
  const obj = object(body, "", url);
  let nextPageToken = "";
  if (present(obj, "nextPageToken")) nextPageToken = string(obj, "nextPageToken", "", url);
  if (!present(obj, kind)) return { items: [], nextPageToken };
  const list = obj[kind];
  if (!Array.isArray(list)) fail(url, kind, `an array of ${kind}`, list);
  const validate = ITEM_VALIDATORS[kind];
  const items = list.map((item: unknown, i) => validate(item, indexPath(kind, i), url));
  return { items, nextPageToken };
}

/**
 * Parses a 2xx body's text as JSON. Not JSON, or JSON cut short by a dropped connection, is an
 * InvalidResponseError on `(body)` quoting only the start of the text.
 */
export function parseJsonBody(text: string, url = ""): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const why = truncate(message, 120);
    throw new InvalidResponseError(
      url,
      "(body)",
      `expected a JSON document, found ${text.trim() === "" ? "an empty body" : describeValue(text)} (${why})`,
      endsEarly(text, message),
    );
  }
}

/**
 * Whether a body that failed to parse is a JSON document cut short (a dropped connection, a proxy's size
 * limit) rather than something else: it is empty, or the parser ran out of input. V8 says "Unexpected end of
 * JSON input" or names the last position; Firefox says "unexpected end of data".
 */
function endsEarly(text: string, parseMessage: string): boolean {
  if (text.trim() === "") return true;
  if (/end of (JSON )?(input|data)/i.test(parseMessage)) return true;
  const at = /at position (\d+)/.exec(parseMessage)?.[1];
  return at !== undefined && Number(at) >= text.trimEnd().length;
}
