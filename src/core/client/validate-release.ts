/**
 * The release item as stored: what a stored snapshot is checked with on every read, apart from the list
 * validators and from the bounds only an answer needs (release-bounds.ts), so a page that only reads
 * storage, the popup's first paint, loads neither. Same rules as validate.ts.
 */
import { absent, array, boolean, number, orDefault, refine } from "../schema.ts";
import { jsonObject, resourceName, rfc3339, text } from "./validate-fields.ts";

/** The interval a release was served; `endTime` is absent (or null) while the release is live. */
export const ServingSchema = jsonObject({ startTime: rfc3339, endTime: absent(rfc3339) });

/** A rollout the release is part of; `tag` is a repeated field, which proto3 omits when empty. */
export const ROLLOUT_DATA = {
  rolloutName: text(),
  tag: orDefault(array(text(), "an array of strings"), []),
};
export const RolloutDataSchema = jsonObject(ROLLOUT_DATA);

/**
 * A release as stored (its fields, then its shape), and the shape of one on the wire before the bounds only
 * an answer needs (release-bounds.ts). `name` is
 * `PRODUCT/platforms/P/channels/C/versions/V/releases/ID` (the real service's ID is the start time in Unix
 * seconds), its ids of a-z, 0-9 and `_`, so none forges a tooltip line wherever it is read from.
 */
export const STORED_RELEASE = {
  name: resourceName("release"),
  // Printable ASCII, so a version never carries a bidi override or right-to-left text beside its share.
  version: refine(text(true), "a version of at most 64 printable ASCII characters", (v) =>
    /^[\x21-\x7E]{1,64}$/.test(v),
  ),
  serving: ServingSchema,
  // proto3 omits a zero `fraction` (a release at 0% exists while a rollout is paused), so absent means 0.
  fraction: orDefault(
    number("a number from 0 to 1", (f) => f >= 0 && f <= 1),
    0,
  ),
  // int64 in proto3 JSON is a string ("144"); a bare number would lose precision past 2^53, so it is refused.
  fractionGroup: absent(text()),
  pinnable: absent(boolean()),
  // Sometimes absent, sometimes [] on the real service (the recorded real responses in test/fixtures/);
  // both are kept as they came.
  rolloutData: absent(array(RolloutDataSchema, "an array of rollout objects")),
};
export const StoredReleaseSchema = jsonObject(STORED_RELEASE);
