/**
 * What the extension remembers of each watched item between polls, in `storage.local` (key `trackedMemory`):
 * on which day it reached its threshold on each counted platform, and the Stable day last seen for its
 * milestone. It is what makes a crossing notified once: across worker and browser restarts the memory, not
 * the last snapshot, says whether a crossing is new. A memory is of one item at one threshold and place: a
 * new threshold starts a new memory.
 */
import {
  array,
  boolean,
  integer,
  object,
  optional,
  record,
  refine,
  string,
  validItems,
  type Infer,
} from "../../core/schema.ts";
import type { KeySpec } from "../store/store.ts";
import { MAX_TRACKED, trackedKey, type TrackedItem } from "./items.ts";

const DAY = refine(string(10), "a day (YYYY-MM-DD)", (s) => /^\d{4}-\d{2}-\d{2}$/.test(s));

const TrackedMemorySchema = object({
  /** memoryKey of the item. */
  item: string(200, true),
  /** The day the item was first measured: what it had reached by then was not "reached" while watched. */
  since: DAY,
  /** The platform/channel pairs (pairKey) whose share was known at a measurement. */
  measured: array(string(130)),
  /** By pair: the day the share first reached the threshold, and whether it had before it was measured. */
  reached: record(object({ day: DAY, before: boolean() })),
  /** A watched milestone's Stable day as last seen in the schedule, to say once when it moves. */
  stable: optional(object({ milestone: integer(1, 999), day: DAY })),
});
export type TrackedMemory = Infer<typeof TrackedMemorySchema>;

/** A platform and channel, as the memory keys them. */
export const pairKey = (platform: string, channel: string): string => `${platform}/${channel}`;

/** Pairs remembered per item: every platform's Stable and the toolbar's pairs, with room to spare. */
export const MAX_PAIRS = 48;

/** Which memory belongs to an item: its kind and id, threshold and place. */
export const memoryKey = (item: TrackedItem): string => `${trackedKey(item)}@${item.threshold}/${item.where}`;

/** One memory per watched item at most: an item's old memories are dropped when it changes. */
export const MAX_MEMORIES = MAX_TRACKED;

export const TRACKED_MEMORY_KEY: KeySpec<readonly TrackedMemory[]> = {
  area: "local",
  read: (value) => validItems(TrackedMemorySchema, value).slice(0, MAX_MEMORIES),
};
