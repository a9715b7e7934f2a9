/**
 * Pure: what the popup's header says, from the stored settings, snapshot and poll state, this browser's
 * version and the clock. Nothing here reads storage or the DOM, so the header is drawn from storage before
 * any request and tested with plain values. What is live and how current it is come from the same rules the
 * toolbar uses (live.ts, check-status.ts), so the button and the popup never disagree.
 */
import { compareChannelsForDisplay, comparePlatforms, labelOf, productLabel } from "../../core/catalog.ts";
import { milestoneOf } from "../../core/version.ts";
import { browserName, browserStanding, type BrowserStanding } from "../../shared/status/this-browser.ts";
import { checkStatus } from "../../shared/status/check-status.ts";
import { rolloutOf } from "../../shared/watch/early-stable.ts";
import { liveEverywhere, liveOn, type Live, type LiveVersion } from "../../shared/watch/live.ts";
import { listSome, shareText } from "../../shared/status/rollout-wording.ts";
import { formatTime, relativeTime } from "../../shared/status/time.ts";
import { watchedService, type Watched } from "../../shared/watch/watched.ts";
import type { Problem } from "./problems.ts";

export type HeaderInput = Watched;

/** One live version of the watched platform and channel, as shown. */
export interface ShownVersion {
  readonly version: string;
  /** Share of users, 1 = 100%. */
  readonly fraction: number;
  readonly share: string;
  /** `since 2026-08-20 20:10 UTC`: when it started serving. */
  readonly since: string;
}

/** One cell of the matrix of every live platform and channel: that pair's newest live version. */
export interface LiveCell {
  /** The milestone, or the whole version when it has none: what fits a narrow cell. */
  readonly short: string;
  readonly version: string;
  readonly fraction: number;
  readonly share: string;
  /** `2026-08-20 20:10 UTC`: when it started serving. */
  readonly since: string;
}

/** Every live platform (rows) and channel (columns) of the watched service; a cell is null where none is live. */
export interface LiveMatrix {
  readonly channels: readonly { readonly id: string; readonly label: string }[];
  readonly rows: readonly {
    readonly platform: string;
    readonly label: string;
    readonly cells: readonly (LiveCell | null)[];
  }[];
  /** How many platform and channel pairs have a live version. */
  readonly pairs: number;
  /**
   * Channels with something live that the table has no column for (past MATRIX_COLUMNS): a service with
   * thousands would make a table no one reads and no popup can lay out. (Rows, platforms, are cut by the
   * page, which shows all of them when asked.)
   */
  readonly moreChannels: number;
}

/** The most channels the table has columns for. */
export const MATRIX_COLUMNS = 10;

/** How current what the header shows is, said on the version itself. */
export type VersionState = "current" | "stale" | "failing" | "first";

export interface HeaderData {
  readonly product: string;
  readonly platformLabel: string;
  readonly channelLabel: string;
  /** host[:port] of the service. */
  readonly host: string;
  /** The newest live version of the watched platform and channel, or null when none is live. */
  readonly newest: ShownVersion | null;
  /** The version most users run, when it is not the newest (a staged rollout). */
  readonly mostUsers: ShownVersion | null;
  /**
   * The newest is a new milestone's early push to Stable (early-stable.ts, by the shares: the glance paints
   * before any schedule is read), so it is named that rather than "rolling out", as the toolbar's title does.
   */
  readonly earlyStable: boolean;
  /**
   * The other live versions there, newest first, in words: "Also live: 150.0.1 (5%, since …); … and 4,990
   * more" (the first few only), or null when there are none.
   */
  readonly alsoLive: string | null;
  /** Said where the version would be when there is none to show. */
  readonly nothingLive: string | null;
  /** This browser, named ("Chrome 151.0.7000.0"), and how it stands against the newest version. */
  readonly browser: { readonly name: string; readonly status: BrowserStanding } | null;
  /** How current the data is, in a few words, and the exact time for a tooltip. */
  readonly checked: { readonly text: string; readonly title: string };
  /** The latest check's failure, for the banners (problems.ts); null when it succeeded. */
  readonly problem: Problem | null;
  /** A stale-data warning when nothing failed but no check succeeded for a while. */
  readonly stale: string | null;
  /** Every live platform and channel. */
  readonly live: LiveMatrix;
  /** For the tag beside the version (the banners say more). */
  readonly state: VersionState;
}

/** The header's content. */
export function headerView(input: HeaderInput): HeaderData {
  const { settings, watch, now } = input;
  const { platform, channel } = watch;
  const { host, snapshot, poll } = watchedService(input);
  const live = snapshot ? liveOn(snapshot, platform, channel) : null;
  const newest = live?.newest ? shown(live.newest) : null;
  const mostUsers = live?.mostUsers && live.mostUsers !== live.newest ? shown(live.mostUsers) : null;
  const check = checkStatus(snapshot, poll, settings.pollMinutes, now);
  return {
    product: productLabel(watch.product),
    platformLabel: labelOf(platform),
    channelLabel: labelOf(channel),
    host,
    newest,
    mostUsers,
    earlyStable: live !== null && rolloutOf(live).kind === "early-stable",
    alsoLive: alsoLive((live?.versions ?? []).filter((v) => v !== live?.newest && v !== live?.mostUsers)),
    nothingLive: snapshot
      ? newest
        ? null
        : `No live ${labelOf(channel)} release on ${labelOf(platform)}`
      : check.kind === "failing"
        ? "No release data yet."
        : `Checking ${host} for the first time…`,
    browser:
      input.thisBrowser === undefined
        ? null
        : {
            name: browserName(input.thisBrowser),
            status: browserStanding(input.thisBrowser, newest?.version ?? null),
          },
    checked: checkedLine(check, now),
    problem:
      check.kind === "failing" ? { source: "check", failure: check.failure, nextTry: check.nextTry } : null,
    stale:
      check.kind === "stale"
        ? `Stale: no successful check since ${formatTime(check.checkedAt)} (${relativeTime(check.checkedAt, now)}).`
        : null,
    live: snapshot ? matrix(liveEverywhere(snapshot)) : { channels: [], rows: [], pairs: 0, moreChannels: 0 },
    state: check.kind,
  };
}

/** Rows of platforms in catalog order, columns of the channels that have something live, in display order. */
function matrix(lives: readonly Live[]): LiveMatrix {
  const allChannels = [...new Set(lives.map((l) => l.channel))].sort(compareChannelsForDisplay);
  const platforms = [...new Set(lives.map((l) => l.platform))].sort(comparePlatforms);
  const channels = allChannels.slice(0, MATRIX_COLUMNS);
  const byPair = new Map(lives.map((l) => [`${l.platform}/${l.channel}`, l.newest]));
  const rows = platforms.map((platform) => ({
    platform,
    label: labelOf(platform),
    cells: channels.map((channel): LiveCell | null => {
      const v = byPair.get(`${platform}/${channel}`);
      if (!v) return null;
      const milestone = milestoneOf(v.version);
      return {
        short: milestone === null ? v.version : String(milestone),
        version: v.version,
        fraction: v.fraction,
        share: shareText(v.fraction),
        since: formatTime(v.since),
      };
    }),
  }));
  return {
    channels: channels.map((id) => ({ id, label: labelOf(id) })),
    rows,
    pairs: lives.filter((l) => l.newest !== null).length,
    moreChannels: allChannels.length - channels.length,
  };
}

function alsoLive(others: readonly LiveVersion[]): string | null {
  if (others.length === 0) return null;
  const text = (v: LiveVersion): string => {
    const { version, share, since } = shown(v);
    return `${version} (${share}, ${since})`;
  };
  return `Also live: ${listSome(others, text, "; ")}`;
}

function shown(v: LiveVersion): ShownVersion {
  return {
    version: v.version,
    fraction: v.fraction,
    share: shareText(v.fraction),
    since: `since ${formatTime(v.since)}`,
  };
}

function checkedLine(check: ReturnType<typeof checkStatus>, now: number): HeaderData["checked"] {
  switch (check.kind) {
    case "first":
      return { text: "first check pending", title: "" };
    case "current":
      return {
        text: `last checked ${relativeTime(check.checkedAt, now)}`,
        title: formatTime(check.checkedAt),
      };
    case "stale":
      return {
        text: `last good check ${relativeTime(check.checkedAt, now)}`,
        title: formatTime(check.checkedAt),
      };
    case "failing":
      return check.checkedAt === null
        ? { text: "no successful check yet", title: "" }
        : {
            text: `last good check ${relativeTime(check.checkedAt, now)}`,
            title: formatTime(check.checkedAt),
          };
  }
}

/**
 * The page's copy (stored.ts) when the header can be drawn from it, else null: the copy is not checked by
 * the shapes before the first paint, so one the header cannot read (another version's shape) is dropped, and
 * the page waits for storage's checked answer instead.
 */
export function drawableCopy<T extends Omit<HeaderInput, "now">>(copy: T | null, now: number): T | null {
  if (copy === null) return null;
  try {
    headerView({ ...copy, now });
    return copy;
  } catch {
    return null;
  }
}
