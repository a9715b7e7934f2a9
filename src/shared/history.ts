/**
 * Milestone histories as stored: what each channel saw of one milestone on one platform, fetched by the
 * service worker for release pages and kept so a revisit needs no request. Bounded: only the most recently
 * used MAX_HISTORIES are kept, so storage stops growing however many release pages a person visits.
 */
import type { KeySpec } from "./storage.ts";
import { parseRfc3339 } from "../core/query/time.ts";

/** What one channel saw of the milestone. */
export interface ChannelHistory {
  /** Distinct versions of the milestone served on the channel, oldest first. */
  readonly versions: readonly string[];
  /** The earliest start time: when the milestone reached the channel (RFC 3339, as the service sent it). */
  readonly firstStart: string;
  /** The latest end time, or null while any release of the milestone is still live on the channel. */
  readonly lastEnd: string | null;
}

export interface MilestoneHistory {
  readonly milestone: number;
  /** By channel id; channels that never served the milestone are absent. */
  readonly channels: Readonly<Record<string, ChannelHistory>>;
}

/** One stored history: of which service, product and platform, when fetched and when last used. */
export interface HistoryEntry {
  readonly baseUrl: string;
  readonly product: string;
  readonly platform: string;
  /** Epoch ms of the request that produced it. */
  readonly fetchedAt: number;
  /** Epoch ms it was last read or written; the least recently used entry goes first. */
  readonly usedAt: number;
  readonly history: MilestoneHistory;
}

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
  if (!Array.isArray(value)) return [];
  return (value as unknown[])
    .filter(isHistoryEntry)
    .sort((a, b) => b.usedAt - a.usedAt)
    .slice(0, MAX_HISTORIES);
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (!isRecord(value)) return false;
  const { baseUrl, product, platform, fetchedAt, usedAt, history } = value;
  if (typeof baseUrl !== "string" || typeof product !== "string" || typeof platform !== "string")
    return false;
  if (typeof fetchedAt !== "number" || !Number.isFinite(fetchedAt)) return false;
  if (typeof usedAt !== "number" || !Number.isFinite(usedAt)) return false;
  if (!isRecord(history) || typeof history.milestone !== "number" || !isRecord(history.channels))
    return false;
  return Object.values(history.channels).every(isChannelHistory);
}

function isChannelHistory(value: unknown): value is ChannelHistory {
  if (!isRecord(value)) return false;
  const { versions, firstStart, lastEnd } = value;
  return (
    Array.isArray(versions) &&
    versions.every((v) => typeof v === "string") &&
    typeof firstStart === "string" &&
    parseRfc3339(firstStart) !== null &&
    (lastEnd === null || (typeof lastEnd === "string" && parseRfc3339(lastEnd) !== null))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `histories` key (local). */
export const HISTORIES_KEY: KeySpec<readonly HistoryEntry[]> = {
  area: "local",
  read: (value) => readHistories(value),
};
