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
import { array, orDefault, type Infer, type Schema } from "../schema.ts";
import { describeValue, InvalidResponseError, truncate } from "./errors.ts";
import { ReleaseSchema } from "./release-bounds.ts";
import { atBoundary, jsonObject, resourceName, text } from "./validate-fields.ts";
import { messageOf } from "../errors.ts";

export type ListKind = "platforms" | "channels" | "versions" | "releases";

/** `GET /{product}/platforms` item. */
export const PlatformSchema = jsonObject({ name: resourceName("platform"), platformType: text() });

/** `GET /{product}/platforms/{platform}/channels` item. */
export const ChannelSchema = jsonObject({ name: resourceName("channel"), channelType: text() });

/**
 * `.../versions` item. `version` is any string: the guide's example list has `unknown_version`
 * (test/fixtures/), which the UI shows as it is rather than rejecting the whole page.
 */
export const VersionSchema = jsonObject({ name: resourceName("version"), version: text() });

const ITEM_SCHEMAS = {
  platforms: PlatformSchema,
  channels: ChannelSchema,
  versions: VersionSchema,
  releases: ReleaseSchema,
} as const satisfies { readonly [K in ListKind]: Schema<unknown> };

/** The item type each list endpoint returns. */
export type ListItem = { [K in ListKind]: Infer<(typeof ITEM_SCHEMAS)[K]> };

/** A validated list body. `nextPageToken` is `""` on the last page (absent is normalised to `""`). */
export interface ListBody<T> {
  readonly items: readonly T[];
  readonly nextPageToken: string;
}

/** One platform item at `path`, or an InvalidResponseError naming the first bad field. */
export function validatePlatform(value: unknown, path: string, url = ""): ListItem["platforms"] {
  return atBoundary(PlatformSchema, value, path, url);
}

/** One channel item at `path`, or an InvalidResponseError naming the first bad field. */
export function validateChannel(value: unknown, path: string, url = ""): ListItem["channels"] {
  return atBoundary(ChannelSchema, value, path, url);
}

/** One version item at `path`, or an InvalidResponseError naming the first bad field. */
export function validateVersion(value: unknown, path: string, url = ""): ListItem["versions"] {
  return atBoundary(VersionSchema, value, path, url);
}

/**
 * A list response body `{ <kind>: [...], nextPageToken }`. The list key may be absent (proto3 omits an empty
 * repeated field) and means `[]`; `nextPageToken` absent or `""` means the last page (live captures send `""`).
 */
export function validateListBody<K extends ListKind>(
  body: unknown,
  kind: K,
  url = "",
): ListBody<ListItem[K]> {
  const schema = jsonObject({
    nextPageToken: orDefault(text(), ""),
    [kind]: orDefault(array(ITEM_SCHEMAS[kind] as unknown as Schema<ListItem[K]>, `an array of ${kind}`), []),
  });
  const checked = atBoundary(schema, body, "", url);
  return { items: checked[kind] as readonly ListItem[K][], nextPageToken: checked.nextPageToken as string };
}

/**
 * Parses a 2xx body's text as JSON. Not JSON, or JSON cut short by a dropped connection, is an
 * InvalidResponseError on `(body)` quoting only the start of the text.
 */
export function parseJsonBody(text: string, url = ""): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const message = messageOf(e);
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
