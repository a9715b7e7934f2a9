/**
 * The typed form of the service's `filter` and `order_by` parameters ("Filter results" and "Order results" in
 * https://developer.chrome.com/docs/web-platform/versionhistory/reference). Literals keep the text the user
 * wrote (`80` stays `80`, a time keeps its offset), so serializing gives back what was meant and
 * parse(serialize(q)) equals q.
 */

/** Endpoint 4 lists versions, endpoint 5 lists releases; they accept different fields. */
export type Endpoint = "versions" | "releases";

export type Field = "version" | "name" | "platform" | "channel" | "starttime" | "endtime" | "fraction";

export type Operator = "<" | "<=" | "=" | ">" | ">=";

/**
 * Fields per endpoint: versions take `version, name, platform, channel`; releases add `starttime, endtime,
 * fraction`, which the reference marks as valid for releases only.
 */
export const FIELDS: Readonly<Record<Endpoint, readonly Field[]>> = {
  versions: ["version", "name", "platform", "channel"],
  releases: ["version", "name", "platform", "channel", "starttime", "endtime", "fraction"],
};

export type Value =
  /** A dotted numeric version as written; missing fields count as 0. */
  | { readonly type: "version"; readonly text: string }
  /** A plain string, compared by code units (`name`, `platform`). */
  | { readonly type: "string"; readonly text: string }
  /** A channel id, compared by rank (distance from stable). */
  | { readonly type: "channel"; readonly id: string }
  /** An RFC 3339 date-time as written. */
  | { readonly type: "time"; readonly text: string }
  /** `endtime=none`: a live release; counts as 1970-01-01T00:00:00Z (the reference's `filter` rules). */
  | { readonly type: "none" }
  /** A share of users, 1 = 100%. */
  | { readonly type: "number"; readonly value: number };

export interface Comparison {
  readonly field: Field;
  readonly op: Operator;
  readonly value: Value;
}

/** Clauses are joined by AND (the service's comma-separated list). Empty means no filter. */
export type Filter = readonly Comparison[];

export type Direction = "asc" | "desc";

export interface OrderKey {
  readonly field: Field;
  readonly direction: Direction;
}

/** Sort keys, most significant first. Empty means the service's default order. */
export type OrderBy = readonly OrderKey[];
