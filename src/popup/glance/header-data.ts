/**
 * What the popup's header shows, as plain data (header.ts computes it, header-dom.ts draws it): types only.
 */
import type { BrowserStanding } from "../../shared/status/this-browser.ts";
import type { PollState } from "../../shared/store/poll-state.ts";
import type { Problem } from "./problems.ts";

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

/** What HeaderData's clock-free part (HeaderBody) is combined with at a given time (header-clock.ts). */
export interface CheckInputs {
  /** When the watched service's stored snapshot was fetched; null when there is none. */
  readonly fetchedAt: number | null;
  /** The watched service's poll state, or null. */
  readonly poll: PollState | null;
  readonly pollMinutes: number;
}

/**
 * The header's parts that do not change with the clock or this browser: what the page's copy keeps
 * (glance-copy.ts). `nothingLive` here is only the snapshot's ("No live … release"); without one it is the
 * check's, which the clock decides.
 */
export type HeaderBody = Omit<HeaderData, "browser" | "checked" | "problem" | "stale" | "state">;
