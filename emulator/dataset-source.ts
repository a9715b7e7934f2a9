/**
 * The Chromium Dash histories the dataset is built from, checked record by record: each record becomes one
 * Entry per service platform, and the first malformed one stops the build with an error that names its list,
 * index and field (InvalidSourceRecordError).
 */
import { isRecord } from "../src/core/schema.ts";
import { parseVersion } from "../src/core/version.ts";

/**
 * Service platforms each source platform becomes. Chromium Dash has one `windows`; the service has 32-bit
 * `win` and 64-bit `win64`, which ship the same versions at the same times, so both get the same releases.
 */
export const PLATFORM_MAP: Readonly<Record<string, readonly string[]>> = {
  windows: ["win", "win64"],
  mac: ["mac"],
  linux: ["linux"],
  android: ["android"],
};

/** Latest instant an RFC 3339 timestamp (four-digit year) can hold: 9999-12-31T23:59:59.999Z. */
const MAX_TIME_MS = 253402300799999;

/** A source record that does not have the shape the build relies on. */
export class InvalidSourceRecordError extends Error {
  override name = "InvalidSourceRecordError";
  /**
   * @param list which input list the record is in (`stable` or `dev`)
   * @param index 0-based index of the record in that list
   * @param field the field that is wrong, or `(record)` when the record itself is not an object
   * @param detail what is wrong, for a person
   */
  constructor(
    readonly list: string,
    readonly index: number,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${list} record at index ${index}: field "${field}" ${detail}`);
  }
}

/** One validated source record, expanded to one service platform. */
export interface Entry {
  readonly platform: string;
  readonly channel: string;
  readonly version: string;
  readonly parts: readonly number[];
  readonly timeMs: number;
}

export function validateList(list: "stable" | "dev", records: unknown): Entry[] {
  if (!Array.isArray(records)) throw new TypeError(`${list} history must be an array of records`);
  const out: Entry[] = [];
  records.forEach((record: unknown, index) => {
    const fail = (field: string, detail: string): never => {
      throw new InvalidSourceRecordError(list, index, field, detail);
    };
    if (!isRecord(record)) return fail("(record)", `must be an object, got ${describe(record)}`);
    const r = record;

    const version = r["version"];
    const parts = typeof version === "string" ? parseVersion(version) : null;
    if (typeof version !== "string" || parts?.length !== 4) {
      return fail(
        "version",
        `must be a version of four dotted numbers like "125.0.6422.113", got ${describe(version)}`,
      );
    }

    const platform = r["platform"];
    const platforms = typeof platform === "string" ? PLATFORM_MAP[platform] : undefined;
    if (!platforms) {
      return fail(
        "platform",
        `must be one of ${Object.keys(PLATFORM_MAP).join(", ")}, got ${describe(platform)}`,
      );
    }

    // Each list is one channel's history; a record of another channel means the files were mixed up.
    const channel = r["channel"];
    if (channel !== list)
      return fail("channel", `must be "${list}" in the ${list} history, got ${describe(channel)}`);

    const time = r["time"];
    if (typeof time !== "number" || !Number.isSafeInteger(time) || time < 0 || time > MAX_TIME_MS) {
      return fail(
        "time",
        `must be epoch milliseconds (an integer from 0 to ${MAX_TIME_MS}), got ${describe(time)}`,
      );
    }

    for (const p of platforms) out.push({ platform: p, channel: list, version, parts, timeMs: time });
  });
  return out;
}

/** A short, safe rendering of a bad value for an error message. */
function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string": {
      const json = JSON.stringify(value);
      return json.length > 60 ? `${json.slice(0, 57)}..."` : json;
    }
    case "number":
    case "boolean":
      return String(value);
    default:
      return `a value of type ${typeof value}`;
  }
}
