/**
 * Pure: what the popup's header says, from the stored settings, snapshot and poll state, this browser's
 * version and the clock (header-clock.ts has the clock's part, which the first paint also uses). Nothing here reads storage or the DOM, so the header is drawn from storage before
 * any request and tested with plain values. What is live and how current it is come from the same rules the
 * toolbar uses (live.ts, check-status.ts), so the button and the popup never disagree.
 */
import { compareChannelsForDisplay, comparePlatforms, labelOf, productLabel } from "../../core/catalog.ts";
import { milestoneOf } from "../../core/version.ts";
import { browserName, browserStanding } from "../../shared/status/this-browser.ts";
import { rolloutOf } from "../../shared/watch/early-stable.ts";
import { liveEverywhere, liveOn, type Live, type LiveVersion } from "../../shared/watch/live.ts";
import { listSome, shareText } from "../../shared/status/rollout-wording.ts";
import { formatTime } from "../../shared/status/time.ts";
import { watchedService, type Watched } from "../../shared/watch/watched.ts";
import type { GlanceCopy } from "./glance-copy.ts";
import { withClock } from "./header-clock.ts";
import type {
  CheckInputs,
  HeaderBody,
  HeaderData,
  LiveCell,
  LiveMatrix,
  ShownVersion,
} from "./header-data.ts";

export type HeaderInput = Watched;

/** The most channels the table has columns for. */
export const MATRIX_COLUMNS = 10;

/** The header's content at `input.now`. */
export function headerView(input: HeaderInput): HeaderData {
  const body = headerBody(input);
  const { thisBrowser } = input;
  return {
    ...withClock(body, checkInputs(input), input.now),
    browser:
      thisBrowser === undefined
        ? null
        : {
            name: browserName(thisBrowser),
            status: browserStanding(thisBrowser, body.newest?.version ?? null),
          },
  };
}

/** What the page's copy keeps of the header (glance-copy.ts), from what is stored. */
export function glanceCopyOf(input: Omit<HeaderInput, "now">): GlanceCopy {
  return { body: headerBody(input), check: checkInputs(input) };
}

/** What the header's status line is computed from at a given time: all of it stored. */
export function checkInputs(input: Omit<HeaderInput, "now">): CheckInputs {
  const { snapshot, poll } = watchedService(input);
  return { fetchedAt: snapshot?.fetchedAt ?? null, poll, pollMinutes: input.settings.pollMinutes };
}

/** The header's parts that neither the clock nor this browser change. */
export function headerBody(input: Omit<HeaderInput, "now">): HeaderBody {
  const { platform, channel, product } = input.watch;
  const { host, snapshot } = watchedService(input);
  const live = snapshot ? liveOn(snapshot, platform, channel) : null;
  const newest = live?.newest ? shown(live.newest) : null;
  const mostUsers = live?.mostUsers && live.mostUsers !== live.newest ? shown(live.mostUsers) : null;
  return {
    product: productLabel(product),
    platformLabel: labelOf(platform),
    channelLabel: labelOf(channel),
    host,
    newest,
    mostUsers,
    earlyStable: live !== null && rolloutOf(live).kind === "early-stable",
    alsoLive: alsoLive((live?.versions ?? []).filter((v) => v !== live?.newest && v !== live?.mostUsers)),
    nothingLive: snapshot && !newest ? `No live ${labelOf(channel)} release on ${labelOf(platform)}` : null,
    live: snapshot ? matrix(liveEverywhere(snapshot)) : { channels: [], rows: [], pairs: 0, moreChannels: 0 },
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
