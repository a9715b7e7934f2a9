/**
 * Pure: what the popup's header says (issue 4, "Header"), from the stored settings, snapshot and poll state,
 * this browser's version and the clock. Nothing here reads storage or the DOM, so the header can be drawn
 * from storage before any request and tested with plain values. The badge's own rules are reused (share
 * text, staleness), so the button and the popup never disagree.
 */
import { isStale, shareText } from "../background/share.ts";
import type { Settings } from "../background/model.ts";
import type { PollState } from "../background/poll-state.ts";
import { isFrom, liveOf, type Snapshot } from "../background/snapshot.ts";
import { labelOf } from "../core/catalog.ts";
import { compareVersions } from "../core/version.ts";
import { liveRows, type LiveRow } from "./live-table.ts";
import { relativeTime } from "./relative-time.ts";

export interface HeaderInput {
  readonly settings: Settings;
  /** The watched platform, `auto` already resolved. */
  readonly platform: string;
  /** The stored snapshot, whichever service it came from (a foreign one is not shown). */
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
  readonly now: number;
  /** This browser's own version, when the browser says it. */
  readonly browserVersion?: string;
  /** Epoch ms to a person's date and time (local in the popup, fixed in tests). */
  readonly formatTime: (ms: number) => string;
}

/** One live version of the watched platform and channel. */
export interface LiveVersion {
  readonly version: string;
  /** Largest share among its live releases, 1 = 100%. */
  readonly fraction: number;
  readonly share: string;
  /** Epoch ms its earliest live release started. */
  readonly since: number;
  readonly sinceText: string;
}

/** Why the data on screen may not be current; each kind offers a retry. */
export interface Banner {
  readonly kind: "error" | "stale" | "empty";
  readonly message: string;
  /** The service's (or the network's) own words for the failure, shown as they are. */
  readonly detail?: string;
}

export interface HeaderData {
  readonly product: string;
  readonly platformLabel: string;
  readonly channelLabel: string;
  /** host[:port] of the service. */
  readonly host: string;
  /** The newest live version of the watched platform and channel, or null when none is live. */
  readonly newest: LiveVersion | null;
  /** The other live versions there, newest first. */
  readonly others: readonly LiveVersion[];
  /** Said when there is data but nothing of the watched channel is live. */
  readonly nothingLive: string | null;
  readonly browser: { readonly version: string; readonly status: "behind" | "current" | "unknown" } | null;
  /** When the shown data was fetched; null when there is none. */
  readonly checked: { readonly relative: string; readonly absolute: string } | null;
  readonly banner: Banner | null;
  /** Every live release, one row per platform and channel (the `#live` summary table). */
  readonly live: readonly LiveRow[];
}

/** The header's content. */
export function headerView(input: HeaderInput): HeaderData {
  const { settings, platform, now, poll, formatTime } = input;
  const host = hostOf(settings.baseUrl);
  // A snapshot of another service or product (the settings changed since) is not this one's data.
  const snapshot = isFrom(input.snapshot, settings.baseUrl, settings.product) ? input.snapshot : null;
  const versions = snapshot ? liveVersions(snapshot, platform, settings.channel, formatTime) : [];
  const newest = versions[0] ?? null;
  return {
    product: settings.product,
    platformLabel: labelOf(platform),
    channelLabel: labelOf(settings.channel),
    host,
    newest,
    others: versions.slice(1),
    nothingLive:
      snapshot && !newest ? `No live ${labelOf(settings.channel)} release on ${labelOf(platform)}` : null,
    browser: input.browserVersion === undefined ? null : browserStatus(input.browserVersion, newest),
    checked: snapshot
      ? { relative: relativeTime(snapshot.fetchedAt, now), absolute: formatTime(snapshot.fetchedAt) }
      : null,
    banner: banner(snapshot, poll, settings.pollMinutes, now, host, formatTime),
    live: snapshot ? liveRows(snapshot) : [],
  };
}

function liveVersions(
  snapshot: Snapshot,
  platform: string,
  channel: string,
  formatTime: (ms: number) => string,
): LiveVersion[] {
  const byVersion = new Map<string, { fraction: number; since: number }>();
  for (const release of liveOf(snapshot, platform, channel)) {
    const start = Date.parse(release.serving.startTime);
    const seen = byVersion.get(release.version);
    byVersion.set(release.version, {
      fraction: Math.max(seen?.fraction ?? 0, release.fraction),
      since: Math.min(seen?.since ?? Infinity, start),
    });
  }
  // liveOf sorts newest first and a Map keeps insertion order.
  return [...byVersion].map(([version, { fraction, since }]) => ({
    version,
    fraction,
    share: shareText(fraction),
    since,
    sinceText: formatTime(since),
  }));
}

function browserStatus(version: string, newest: LiveVersion | null): NonNullable<HeaderData["browser"]> {
  if (newest === null) return { version, status: "unknown" };
  return { version, status: compareVersions(version, newest.version) < 0 ? "behind" : "current" };
}

function banner(
  snapshot: Snapshot | null,
  poll: PollState | null,
  pollMinutes: number,
  now: number,
  host: string,
  formatTime: (ms: number) => string,
): Banner | null {
  const since = snapshot
    ? `; showing data from ${formatTime(snapshot.fetchedAt)} (${relativeTime(snapshot.fetchedAt, now)})`
    : "";
  if (poll !== null && poll.failures > 0 && poll.lastError) {
    const next = poll.nextTry > now ? `, next try ${relativeTime(poll.nextTry, now)}` : "";
    const times = poll.failures === 1 ? "" : ` (${poll.failures} times in a row)`;
    return {
      kind: "error",
      message: `The last check at ${host} failed${times}${next}${since}.`,
      detail: poll.lastError,
    };
  }
  if (snapshot === null) {
    return { kind: "empty", message: `No release data from ${host} yet.` };
  }
  if (isStale(snapshot.fetchedAt, pollMinutes, now)) {
    return {
      kind: "stale",
      message: `Stale: no successful check since ${formatTime(snapshot.fetchedAt)} (${relativeTime(snapshot.fetchedAt, now)}).`,
    };
  }
  return null;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
