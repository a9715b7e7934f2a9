/**
 * The release item, apart from the list validators: what a stored snapshot is checked with on every read,
 * so a page that only reads storage does not load the rest. Same rules as validate.ts.
 */
import type { ReleaseResource, RolloutData, Serving } from "../types.ts";
import {
  fail,
  fieldPath,
  indexPath,
  object,
  present,
  resourceName,
  rfc3339,
  string,
} from "./validate-fields.ts";

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
  // Dotted numbers, or a word such as the guide's `unknown_version`: printable ASCII, so a version never
  // carries a bidi override or right-to-left text onto the page beside its share.
  if (!/^[\x21-\x7E]{1,64}$/.test(version)) {
    fail(url, fieldPath(path, "version"), "a version of at most 64 printable ASCII characters", version);
  }
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
