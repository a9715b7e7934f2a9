/**
 * A release as an answer sends it: the stored shape (validate-release.ts) and the bounds only the wire needs,
 * apart so that the popup's first paint, which checks only what is stored, carries none of them.
 */
import * as v from "valibot";
import { parseRfc3339 } from "../query/time.ts";
import { absent, array, orDefault, refine, type Infer } from "../schema.ts";
import { atBoundary, jsonObject, rfc3339, text } from "./validate-fields.ts";
import { ROLLOUT_DATA, STORED_RELEASE, type StoredReleaseSchema } from "./validate-release.ts";

/**
 * The most entries of a release's lists: real releases have one rollout with one tag. A list past this is
 * refused with its answer (100,000 entries would fill storage's quota with one poll).
 */
export const MAX_LIST_ITEMS = 20;

/**
 * An array of `item`s (`expected` names it), of at most MAX_LIST_ITEMS entries, counted before any entry is
 * checked.
 */
/* @__NO_SIDE_EFFECTS__ */
const few = <S extends v.GenericSchema>(item: S, expected: string) =>
  v.pipe(
    v.unknown(),
    v.check(
      (x) => !Array.isArray(x) || x.length <= MAX_LIST_ITEMS,
      `${expected} of at most ${MAX_LIST_ITEMS} items`,
    ),
    array(item, expected),
  );

/**
 * When a release can have been served: in a year from 2008 (Chrome's first) to 2099. A time outside
 * (0000-01-01, 9999-12-31) is no release's, and would reach a date, a countdown or a chart's axis.
 */
const servedTime = refine(rfc3339, "a date-time from 2008 to 2099", (t) => t >= "2008" && t < "2100");

const RolloutBounds = jsonObject({
  ...ROLLOUT_DATA,
  tag: orDefault(few(text(), "an array of strings"), []),
});

/**
 * `.../releases` item as an answer sends it: the stored shape, some fields held to more than storage needs
 * (each checked after its shape, so a shape error is said as one):
 * - a version of four numbers, the milestone from 1 to 999 (the versions list's entries may be words, as
 *   the guide's `unknown_version`; a release's, which the badge and every answer read, may not): `../../x`,
 *   `<img…>`, `9999999999999999999.0.0.0` or `0.0.0.0` would become the badge's text;
 * - serving times within servedTime, the end not before the start;
 * - MAX_LIST_ITEMS rollouts, and tags per rollout.
 */
export const ReleaseSchema = jsonObject({
  ...STORED_RELEASE,
  version: refine(STORED_RELEASE.version, "a version of four numbers, its milestone from 1 to 999", (x) =>
    /^[1-9]\d{0,2}\.\d{1,9}\.\d{1,9}\.\d{1,9}$/.test(x),
  ),
  serving: refine(
    jsonObject({ startTime: servedTime, endTime: absent(servedTime) }),
    "an endTime not before its startTime",
    (s) => s.endTime === undefined || (parseRfc3339(s.endTime) ?? 0) >= (parseRfc3339(s.startTime) ?? 0),
  ),
  rolloutData: absent(few(RolloutBounds, "an array of rollout objects")),
});

/** A release (types.ts names it ReleaseResource; this module does not import it, so no type circle runs back). */
type ReleaseResource = Infer<typeof StoredReleaseSchema>;

/**
 * `.../releases` item. Keep this signature: the emulator checks its `--data` file with it (no url there).
 */
export function validateRelease(value: unknown, path: string, url = ""): ReleaseResource {
  return atBoundary(ReleaseSchema, value, path, url);
}
