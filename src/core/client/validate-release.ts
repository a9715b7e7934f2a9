/**
 * The release item, apart from the list validators: what a stored snapshot is checked with on every read,
 * so a page that only reads storage does not load the rest. Same rules as validate.ts.
 */
import type { ReleaseResource } from "../types.ts";
import { parseRfc3339 } from "../query/time.ts";
import { array, boolean, number, optional, orDefault, refine } from "../schema.ts";
import { atBoundary, jsonObject, resourceName, rfc3339, text } from "./validate-fields.ts";

/**
 * When a release can have been served: not before Chrome's first year, nor in the next century. A time
 * outside (0000-01-01, 9999-12-31) is no release's, and would reach a date, a countdown or a chart's axis.
 */
const SERVED_FROM = "2008-01-01T00:00:00Z";
const SERVED_UNTIL = "2100-01-01T00:00:00Z";
const servedFrom = parseRfc3339(SERVED_FROM) ?? 0;
const servedUntil = parseRfc3339(SERVED_UNTIL) ?? 0;

/** A date-time a release was served at, within SERVED_FROM and SERVED_UNTIL. */
const servedTime = refine(rfc3339, `a date-time from ${SERVED_FROM} to ${SERVED_UNTIL}`, (t) => {
  const micros = parseRfc3339(t) ?? NaN;
  return micros >= servedFrom && micros < servedUntil;
});

/**
 * The interval a release was served; `endTime` is absent (or null) while the release is live, and never
 * before `startTime`.
 */
export const ServingSchema = refine(
  jsonObject({ startTime: servedTime, endTime: optional(servedTime, true) }),
  "a serving interval whose endTime is not before its startTime",
  (s) => s.endTime === undefined || (parseRfc3339(s.endTime) ?? 0) >= (parseRfc3339(s.startTime) ?? 0),
);

/**
 * The most entries of a release's lists: real releases have one rollout with one tag. A list past this is
 * refused with its answer (100,000 entries would fill storage's quota with one poll).
 */
export const MAX_LIST_ITEMS = 20;

/** A rollout the release is part of; `tag` is a repeated field, which proto3 omits when empty. */
export const RolloutDataSchema = jsonObject({
  rolloutName: text(),
  tag: orDefault(array(text(), "an array of strings", MAX_LIST_ITEMS), []),
});

/**
 * A version as the service numbers Chrome's releases: four numbers, the milestone first, from 1 to 999. Any
 * other text (`../../x`, `<img…>`, `9999999999999999999.0.0.0`, `0.0.0.0`) would become the badge's text.
 */
const VERSION = /^([1-9]\d{0,2})\.\d{1,9}\.\d{1,9}\.\d{1,9}$/;

/**
 * `.../releases` item. `name` is `PRODUCT/platforms/P/channels/C/versions/V/releases/ID`, where the real
 * service's ID is the start time in Unix seconds.
 */
export const ReleaseSchema = jsonObject({
  name: resourceName("release"),
  // Four numbers (the versions list's entries may be words, as the guide's `unknown_version`: a release's,
  // which the badge and every answer read, may not).
  version: refine(text(true), "a version of four numbers, its milestone from 1 to 999", (v) =>
    VERSION.test(v),
  ),
  serving: ServingSchema,
  // proto3 omits a zero `fraction` (a release at 0% exists while a rollout is paused), so absent means 0.
  fraction: orDefault(
    number("a number from 0 to 1", (f) => f >= 0 && f <= 1),
    0,
  ),
  // int64 in proto3 JSON is a string ("144"); a bare number would lose precision past 2^53, so it is refused.
  fractionGroup: optional(text(), true),
  pinnable: optional(boolean(), true),
  // Sometimes absent, sometimes [] on the real service (the recorded real responses in test/fixtures/);
  // both are kept as they came.
  rolloutData: optional(array(RolloutDataSchema, "an array of rollout objects", MAX_LIST_ITEMS), true),
});

/**
 * `.../releases` item. Keep this signature: the emulator checks its `--data` file with it (no url there).
 */
export function validateRelease(value: unknown, path: string, url = ""): ReleaseResource {
  return atBoundary(ReleaseSchema, value, path, url);
}
