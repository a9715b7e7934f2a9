/**
 * What a person watches until it reaches a share of their users (the popup's and answer page's "Watch"): a web
 * feature, a compat key or a milestone, each with its threshold and where it counts. Called "tracked" in the
 * code, so it is never confused with the toolbar's Watch (device-platform.ts): the person reads "Watch" on
 * both, one about the button, one about a list.
 *
 * Kept in `storage.sync` (key `tracked`), so the list follows the person across browsers where they sign in.
 * Sync allows 8,192 bytes per key: the bounds below keep 50 items of the longest kind under it.
 */
import {
  check,
  describeValue,
  integer,
  object,
  oneOf,
  refine,
  string,
  type Infer,
} from "../../core/schema.ts";
import { FEATURE_PREFIX } from "../../core/features/exact.ts";
import type { KeySpec } from "../store/store.ts";

/** How many items one person may watch. */
export const MAX_TRACKED = 50;
/** The thresholds offered, in percent; 95 unless the person picks another. */
export const THRESHOLDS = [50, 90, 95, 99, 100] as const;
export const DEFAULT_THRESHOLD = 95;
/** The longest id kept: every compat key of browser-compat-data is shorter (85 characters at most). */
export const MAX_ID_LENGTH = 100;

const MILESTONE_ID = /^[1-9]\d{0,2}$/;
/**
 * The characters of every web-features id and compat key (`javascript.builtins.Array.@@iterator`): ASCII
 * only, so an id's length in characters is its size in sync's bytes.
 */
const ID_CHARS = /^[\w.@$-]+$/;

const TrackedItemSchema = refine(
  object({
    /** A web feature (its web-features id), a compat key, or a milestone (its number, as text). */
    kind: oneOf("feature", "key", "milestone"),
    id: refine(string(MAX_ID_LENGTH, true), "letters, digits and . _ @ $ - only", (id) => ID_CHARS.test(id)),
    /** Percent of users. */
    threshold: refine(integer(1, 100), `one of ${THRESHOLDS.join(", ")}`, (n) =>
      (THRESHOLDS as readonly number[]).includes(n),
    ),
    /**
     * The toolbar's watched platform and channel, or every platform's Stable (Chrome's rollout); or a share of
     * all users: worldwide, in the region chosen in options, or the person's own visitors (users-share.ts).
     */
    where: oneOf("watched", "stable", "worldwide", "region", "visitors"),
  }),
  "a milestone number from 1 to 999",
  (item) => item.kind !== "milestone" || MILESTONE_ID.test(item.id),
);
export type TrackedItem = Infer<typeof TrackedItemSchema>;

/** One item's identity in the list: two items of one kind and id are the same item. */
export const trackedKey = (item: Pick<TrackedItem, "kind" | "id">): string => `${item.kind}:${item.id}`;

/**
 * The stored list: each item checked, a bad one ignored with a word (another device's newer version, or a
 * person in the console, may have written anything), a repeated one kept once, at most MAX_TRACKED.
 */
export function readTracked(value: unknown, warn: (message: string) => void): TrackedItem[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warn(`tracked: ignored (expected a list, found ${describeValue(value)}); nothing is watched`);
    return [];
  }
  const items: TrackedItem[] = [];
  const seen = new Set<string>();
  value.forEach((raw: unknown, i) => {
    const read = check(TrackedItemSchema, raw, `tracked[${i}]`);
    if (!read.ok) return warn(`${read.error.message}; that item is ignored`);
    const key = trackedKey(read.value);
    if (seen.has(key) || items.length >= MAX_TRACKED) return;
    seen.add(key);
    items.push(read.value);
  });
  return items;
}

export const TRACKED_KEY: KeySpec<readonly TrackedItem[]> = { area: "sync", read: readTracked };

/**
 * The list with `item` in: replacing the item of the same kind and id (its threshold or place changed), else
 * added at the end. Refused (null) when the list is full.
 */
export function withTracked(list: readonly TrackedItem[], item: TrackedItem): TrackedItem[] | null {
  const key = trackedKey(item);
  const at = list.findIndex((x) => trackedKey(x) === key);
  if (at >= 0) return list.map((x, i) => (i === at ? item : x));
  return list.length >= MAX_TRACKED ? null : [...list, item];
}

/** The list without the item of `key`. */
export function withoutTracked(list: readonly TrackedItem[], key: string): TrackedItem[] {
  return list.filter((x) => trackedKey(x) !== key);
}

/** The question whose answer is the item: a milestone `M154`, a compat key's path, `feature:<id>` (pinned). */
export function questionOf(item: Pick<TrackedItem, "kind" | "id">): string {
  return item.kind === "milestone"
    ? `M${item.id}`
    : item.kind === "key"
      ? item.id
      : `${FEATURE_PREFIX}${item.id}`;
}

/** The item a notification id of the watched items names (`reached:KIND:ID@…`, `moved:KIND:ID@…`), or null. */
export function itemOfNotification(id: string): Pick<TrackedItem, "kind" | "id"> | null {
  // Up to the last `@` that the threshold follows: a compat key may hold `@` (`Array.@@iterator`).
  const m =
    /^(?:reached|moved):(feature|key|milestone):(.+)@\d+\/(?:watched|stable|worldwide|region|visitors)\//.exec(
      id,
    );
  return m ? { kind: m[1] as TrackedItem["kind"], id: m[2] ?? "" } : null;
}

/** What the stored list holds besides the items this version lists. */
export interface TrackedBeyond {
  /** Items of a newer version's shape (a kind, threshold or place this version does not know): kept. */
  readonly newer: number;
  /** Valid items past MAX_TRACKED: kept, not shown. */
  readonly over: number;
  /** Entries that are no item at all (another value, a repeated item): kept as they are, ignored. */
  readonly other: number;
  /** The stored value is not a list: nothing can be listed or edited in it. */
  readonly notList: boolean;
}

/** Which stored entries this version lists (their positions) and what the rest are. */
function understand(value: unknown): { at: Map<number, TrackedItem>; beyond: TrackedBeyond } {
  const at = new Map<number, TrackedItem>();
  const counts = { newer: 0, over: 0, other: 0 };
  if (!Array.isArray(value)) return { at, beyond: { ...counts, notList: value !== undefined } };
  const seen = new Set<string>();
  value.forEach((raw: unknown, i) => {
    const read = check(TrackedItemSchema, raw);
    if (!read.ok) {
      // An item's shape with what this version does not know: a newer version's, kept for it.
      const looks = typeof raw === "object" && raw !== null && "kind" in raw && "id" in raw;
      counts[looks ? "newer" : "other"]++;
      return;
    }
    const key = trackedKey(read.value);
    if (seen.has(key)) counts.other++;
    else if (at.size >= MAX_TRACKED) counts.over++;
    else {
      seen.add(key);
      at.set(i, read.value);
    }
  });
  return { at, beyond: { ...counts, notList: false } };
}

/** What the stored list holds beyond what this version lists (the popup says so in the list's words). */
export function trackedBeyond(value: unknown): TrackedBeyond {
  return understand(value).beyond;
}

/**
 * The stored list after `edit` (withTracked, withoutTracked) of the items this version lists, keeping every
 * other entry as it was stored and where it was: a newer version's items, items past MAX_TRACKED, anything
 * else. Another device's newer version, or a second writer, must lose nothing to an edit made here. An added
 * item goes after the last listed one (so it is listed next time, before any entry past the limit). Null
 * when the edit is refused (the list is full) or the stored value is not a list, which is not edited.
 */
export function editStored(
  value: unknown,
  edit: (items: readonly TrackedItem[]) => readonly TrackedItem[] | null,
): unknown[] | null {
  const { at, beyond } = understand(value);
  if (beyond.notList) return null;
  const next = edit([...at.values()]);
  if (next === null) return null;
  const raw: readonly unknown[] = Array.isArray(value) ? value : [];
  const byKey = new Map(next.map((item) => [trackedKey(item), item]));
  const listed = new Set([...at.values()].map(trackedKey));
  const added = next.filter((item) => !listed.has(trackedKey(item)));
  const last = Math.max(-1, ...at.keys());
  const out: unknown[] = last < 0 ? [...added] : [];
  raw.forEach((entry, i) => {
    const mine = at.get(i);
    if (mine === undefined) out.push(entry);
    else {
      const kept = byKey.get(trackedKey(mine));
      if (kept !== undefined) out.push(kept);
    }
    if (i === last) out.push(...added);
  });
  return out;
}
