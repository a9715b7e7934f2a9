/**
 * Each row's previous version as the service has it: the next lower version the service lists on the row's
 * platform and channel, which is what a "changes" link diffs against. The rows loaded cannot tell it: a
 * filter (live only, a version range, a share) hides the versions between them, and the lowest row of each
 * platform and channel has its previous on a later page, or in no answer of the query at all.
 *
 * For each platform and channel on a page, one request to the versions endpoint where possible:
 *
 *   platforms/P/channels/C/versions?filter=version<=HIGHEST&order_by=version desc&pageSize=N
 *
 * with N the page's versions there plus some slack for versions a filter hid between them, paging on only
 * until a version below the page's lowest arrives or the list ends. What comes back is a range of versions
 * the service listed in full; ranges are kept per product, platform and channel for the explorer's lifetime,
 * so later pages and queries over known versions ask nothing, and a page that goes lower asks only for what
 * lies below the range already known. One lookup per platform and channel runs at a time, so a page that
 * arrives while an earlier lookup of the same pair is under way waits for it rather than asking twice.
 *
 * A lookup that fails leaves those versions unknown (rows without a link: a guessed one would mislead) and is
 * asked again by the next page that needs it; it is no failure of the list, which loaded fine. No DOM.
 */
import { parseResourceName } from "../../core/catalog.ts";
import type { VersionHistoryClient } from "../../core/client/index.ts";
import { compareVersions, parseVersion } from "../../core/version.ts";
import type { PreviousOf } from "./results-rows.ts";

/** Versions asked for beyond the page's own: room for some a filter hid between them, still a small answer. */
const SLACK = 20;
/** The service's largest page. */
const MAX_PAGE_SIZE = 1000;
/** Pages one lookup may ask for before it settles for what it has (rows below stay without a link). */
const MAX_PAGES = 5;

/** A range of one platform and channel's versions that the service listed in full. */
export interface KnownRange {
  /** Every numeric version the service lists from `low` to `high`, newest first. */
  readonly versions: readonly string[];
  readonly high: string;
  /** The range's lowest version; null when the range reaches the bottom of the list. */
  readonly low: string | null;
}

/**
 * The previous version of `version` by `known`: the next lower version listed (versions equal but for
 * padding, `80` and `80.0`, count as one); null when none is listed below it, or when `version` is not
 * numeric; undefined when `known` does not reach that far.
 */
export function previousIn(known: KnownRange | undefined, version: string): string | null | undefined {
  if (parseVersion(version) === null) return null;
  if (known === undefined || compareVersions(version, known.high) > 0) return undefined;
  if (known.low !== null && compareVersions(version, known.low) <= 0) return undefined;
  return known.versions.find((v) => compareVersions(v, version) < 0) ?? null;
}

/** `a` <= `b`, where a null low is below everything. */
function atOrBelow(a: string | null, b: string): boolean {
  return a === null || compareVersions(a, b) <= 0;
}

/**
 * One range of two that overlap (each lists everything in its span, so their union does too); `next` alone
 * when they do not, since the versions between them are unknown.
 */
export function mergeRanges(known: KnownRange | undefined, next: KnownRange): KnownRange {
  if (known === undefined || !atOrBelow(known.low, next.high) || !atOrBelow(next.low, known.high))
    return next;
  const versions = [...new Set([...known.versions, ...next.versions])].sort((a, b) => compareVersions(b, a));
  return {
    versions,
    high: compareVersions(known.high, next.high) >= 0 ? known.high : next.high,
    low:
      known.low === null || next.low === null ? null : atOrBelow(known.low, next.low) ? known.low : next.low,
  };
}

/** What to ask the versions endpoint for: a filter, and the top of the range its answer lists. */
export interface Ask {
  readonly filter: string;
  readonly high: string;
}

/**
 * The request that finds the previous versions of a page whose numeric versions of one platform and channel
 * run from `lowest` to `highest`, given what is `known`: nothing when it knows them all; only what lies below
 * the known range when it knows the page's highest; else everything from the page's highest down.
 */
export function askFor(known: KnownRange | undefined, lowest: string, highest: string): Ask | null {
  const top = previousIn(known, highest);
  if (top !== undefined && previousIn(known, lowest) !== undefined) return null;
  if (known !== undefined && known.low !== null && top !== undefined) {
    return { filter: `version<${known.low}`, high: known.low };
  }
  return { filter: `version<=${highest}`, high: highest };
}

/** A release or version as listed: its resource name says its platform and channel. */
export interface Listed {
  readonly name: string;
  readonly version: string;
}

export interface PreviousVersions {
  /** What is known now, for rows of `product` (resultRows' `previous`). */
  previousOf(product: string): PreviousOf;
  /**
   * Asks the service what it does not know yet of the previous versions of `items` (a page of releases or
   * versions of `product`): at most one lookup per platform and channel among them. Resolves to whether
   * anything became known; never rejects.
   */
  lookUp(product: string, items: readonly Listed[]): Promise<boolean>;
}

interface Group {
  readonly platform: string;
  readonly channel: string;
  /** The group's numeric versions on the page, each once. */
  readonly versions: readonly string[];
}

/** The numeric versions of `items` by platform and channel, in the order the pairs first appear. */
function groupsOf(items: readonly Listed[]): Group[] {
  const groups = new Map<string, { platform: string; channel: string; versions: Set<string> }>();
  for (const item of items) {
    const parts = parseResourceName(item.name);
    if (parts?.channel === undefined || parseVersion(item.version) === null) continue;
    const key = `${parts.platform}/${parts.channel}`;
    let group = groups.get(key);
    if (!group)
      groups.set(key, (group = { platform: parts.platform, channel: parts.channel, versions: new Set() }));
    group.versions.add(item.version);
  }
  return [...groups.values()].map((g) => ({
    platform: g.platform,
    channel: g.channel,
    versions: [...g.versions],
  }));
}

/** Previous versions looked up with each product's client from `clientFor`, kept for this object's life. */
export function createPreviousVersions(
  clientFor: (product: string) => VersionHistoryClient,
): PreviousVersions {
  const known = new Map<string, KnownRange>();
  /** The lookup under way per product, platform and channel: the next one of the pair waits for it. */
  const running = new Map<string, Promise<boolean>>();
  const keyOf = (product: string, platform: string, channel: string): string =>
    `${product}/${platform}/${channel}`;

  /** Asks what `group`'s page needs, and keeps it; true when something became known. */
  async function fill(product: string, group: Group): Promise<boolean> {
    const key = keyOf(product, group.platform, group.channel);
    const sorted = [...group.versions].sort(compareVersions);
    const lowest = sorted[0] as string;
    const highest = sorted.at(-1) as string;
    const ask = askFor(known.get(key), lowest, highest);
    if (ask === null) return false;
    const needed = sorted.filter((v) => compareVersions(v, ask.high) <= 0).length;
    const pageSize = Math.min(MAX_PAGE_SIZE, needed + 1 + SLACK);
    const listed: string[] = [];
    let pageToken = "";
    try {
      const client = clientFor(product);
      for (let pages = 1; ; pages++) {
        const page = await client.versionsPage({
          platform: group.platform,
          channel: group.channel,
          filter: ask.filter,
          orderBy: "version desc",
          pageSize,
          ...(pageToken ? { pageToken } : {}),
        });
        // Never conditional, so never "not-modified" (the client reports an unasked-for 304 as an HttpError).
        if (page.status !== "ok") return false;
        for (const item of page.items) if (parseVersion(item.version) !== null) listed.push(item.version);
        pageToken = page.nextPageToken;
        listed.sort((a, b) => compareVersions(b, a));
        const low = pageToken ? listed.at(-1) : null;
        // More pages, none numeric yet: nothing is known so far.
        if (low === undefined) {
          if (pages >= MAX_PAGES) return false;
          continue;
        }
        const range = mergeRanges(known.get(key), { versions: [...listed], high: ask.high, low });
        if (previousIn(range, lowest) !== undefined || pages >= MAX_PAGES) {
          known.set(key, range);
          return true;
        }
      }
    } catch {
      // Rows of these versions keep no changes link; the next page that needs them asks again.
      return false;
    }
  }

  return {
    previousOf: (product) => (platform, channel, version) =>
      previousIn(known.get(keyOf(product, platform, channel)), version),
    async lookUp(product, items) {
      const found = await Promise.all(
        groupsOf(items).map((group) => {
          const key = keyOf(product, group.platform, group.channel);
          const before = running.get(key) ?? Promise.resolve(false);
          const run = before.then(() => fill(product, group));
          running.set(key, run);
          void run.then(() => {
            if (running.get(key) === run) running.delete(key);
          });
          return run;
        }),
      );
      return found.includes(true);
    },
  };
}
