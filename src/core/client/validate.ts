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
import type { ChannelResource, PlatformResource, ReleaseResource, VersionResource } from "../types.ts";
import { describeValue, InvalidResponseError, truncate } from "./errors.ts";
import { validateRelease } from "./validate-release.ts";
import { fail, indexPath, object, present, resourceName, string } from "./validate-fields.ts";
import { messageOf } from "../errors.ts";

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
