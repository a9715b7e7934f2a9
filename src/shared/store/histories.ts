/**
 * Milestone histories as stored: what each channel saw of one milestone on one platform, fetched by the
 * service worker for release pages and kept so a revisit needs no request. Bounded: only the most recently
 * used MAX_HISTORIES are kept, so storage stops growing however many release pages a person visits.
 */
import type { KeySpec } from "./store.ts";
import { rfc3339 } from "../../core/client/validate-fields.ts";
import {
  array,
  nullable,
  number,
  object,
  record,
  string,
  validItems,
  type Infer,
} from "../../core/schema.ts";
import { MilestoneSchema } from "../../core/version.ts";

/** What one channel saw of the milestone. */
const ChannelHistorySchema = object({
  /** Distinct versions of the milestone served on the channel, oldest first. */
  versions: array(string()),
  /** The earliest start time: when the milestone reached the channel (RFC 3339, as the service sent it). */
  firstStart: rfc3339,
  /** The latest end time, or null while any release of the milestone is still live on the channel. */
  lastEnd: nullable(rfc3339),
});
export type ChannelHistory = Infer<typeof ChannelHistorySchema>;

const MilestoneHistorySchema = object({
  milestone: MilestoneSchema,
  /** By channel id; channels that never served the milestone are absent. */
  channels: record(ChannelHistorySchema),
});
export type MilestoneHistory = Infer<typeof MilestoneHistorySchema>;

/** One stored history: of which service, product and platform, when fetched and when last used. */
const HistoryEntrySchema = object({
  baseUrl: string(),
  product: string(),
  platform: string(),
  /** Epoch ms of the request that produced it. */
  fetchedAt: number(),
  /** Epoch ms it was last read or written; the least recently used entry goes first. */
  usedAt: number(),
  history: MilestoneHistorySchema,
});
export type HistoryEntry = Infer<typeof HistoryEntrySchema>;

/** How many histories are kept: a person's recent release pages, a few platforms' worth. */
export const MAX_HISTORIES = 20;

/** Whether an entry is the history of `milestone` on `platform` for this service and product. */
export function isEntryFor(
  entry: HistoryEntry,
  at: { baseUrl: string; product: string; platform: string; milestone: number },
): boolean {
  return (
    entry.baseUrl === at.baseUrl &&
    entry.product === at.product &&
    entry.platform === at.platform &&
    entry.history.milestone === at.milestone
  );
}

/**
 * The list with `entry` in (replacing the entry for the same service, platform and milestone), most
 * recently used first, cut to MAX_HISTORIES.
 */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const at = { ...entry, milestone: entry.history.milestone };
  return [entry, ...entries.filter((e) => !isEntryFor(e, at))]
    .sort((a, b) => b.usedAt - a.usedAt)
    .slice(0, MAX_HISTORIES);
}

/** A stored value as a list of entries: malformed entries are dropped, and the list is cut to the bound. */
export function readHistories(value: unknown): HistoryEntry[] {
  return validItems(HistoryEntrySchema, value)
    .sort((a, b) => b.usedAt - a.usedAt)
    .slice(0, MAX_HISTORIES);
}

/** The `histories` key (local). */
export const HISTORIES_KEY: KeySpec<readonly HistoryEntry[]> = {
  area: "local",
  read: (value) => readHistories(value),
};
