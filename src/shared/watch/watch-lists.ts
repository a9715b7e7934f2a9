/**
 * The toolbar's watch lists, a platform and a channel, for the options page and the popup alike. They offer
 * what the service lists for the product (service-ids.ts), with the catalog's labels; until it has answered
 * (the page just opened, offline, a failure) what the stored snapshot of that service has live; without one
 * either, the catalog's lists. `auto` comes first, named with what it stands for on this device. A saved
 * choice the list lacks stays selected, marked, so the person sees why the badge may have nothing to show.
 */
import { compareChannelsForDisplay, comparePlatforms, isServiceId, labelOf } from "../../core/catalog.ts";
import {
  automaticChoice,
  channelChoices,
  choicesFromIds,
  watchPlatformChoices,
  type Choice,
} from "./pick-lists.ts";
import { liveEverywhere } from "./live.ts";
import type { KnownIds, ServiceIds } from "./service-ids.ts";
import { snapshotOf, type ServiceId, type Snapshot } from "../store/snapshot.ts";

export interface WatchInput {
  /** The service whose lists are offered. */
  readonly service: ServiceId;
  /** The watched platform as chosen: `auto` or a platform id. */
  readonly platform: string;
  readonly channel: string;
  /** This device's platform, which `auto` stands for; null when the browser did not say. */
  readonly detected: string | null;
}

export interface WatchLists {
  readonly platforms: Choice[];
  readonly channels: Choice[];
}

/**
 * The platform whose channels the channel list offers: the watched one, `auto` resolved; every platform's
 * (`all`) when `auto` cannot be resolved.
 */
function channelsOf(input: WatchInput): string {
  return input.platform === "auto" ? (input.detected ?? "all") : input.platform;
}

/** The lists for `input`: `known` is what the service has listed so far, `snapshot` the stored one (any service's). */
export function watchLists(input: WatchInput, known: KnownIds, snapshot: Snapshot | null): WatchLists {
  const { product } = input.service;
  const platform = channelsOf(input);
  const watched = snapshotOf(snapshot, input.service);
  // Only ids the settings could hold: a snapshot's odd id (the service's text) is offered by no list.
  const lives = (watched === null ? [] : liveEverywhere(watched)).filter(
    (l) => isServiceId(l.platform) && isServiceId(l.channel),
  );
  const livePlatforms = [...new Set(lives.map((l) => l.platform))].sort(comparePlatforms);
  const liveChannels = [
    ...new Set(lives.filter((l) => platform === "all" || l.platform === platform).map((l) => l.channel)),
  ].sort(compareChannelsForDisplay);
  const auto = automaticChoice(input.detected);
  const platforms = listed(known.platforms(product), livePlatforms, auto, input.platform);
  const channels = listed(known.channels(product, platform), liveChannels, undefined, input.channel);
  return {
    platforms: platforms ?? watchPlatformChoices(input.platform, input.detected),
    channels: channels ?? channelChoices(input.channel),
  };
}

/** The service's ids as choices, else the snapshot's (when it has any); undefined when neither is known. */
function listed(
  service: readonly string[] | undefined,
  live: readonly string[],
  first: Choice | undefined,
  current: string,
): Choice[] | undefined {
  if (service !== undefined) return choicesFromIds(service, first, current);
  if (live.length > 0) return choicesFromIds(live, first, current, nothingLive);
  return undefined;
}

/** The label of a saved id the snapshot has nothing live on (the service may still list it). */
function nothingLive(id: string): string {
  return `${labelOf(id)} (nothing live)`;
}

/**
 * Asks `ids` (the service's) for the lists watchLists offers for `input`, and calls `arrived` when an answer
 * comes. `asked` holds the lists the page has asked for, which are not asked again: a page asks at every
 * redraw, and a failed list is not kept by `ids` (a new Set tries again). Channels are asked only of a
 * platform the product has: another platform would be a 404 for nothing.
 */
export function askWatchLists(
  ids: ServiceIds,
  input: WatchInput,
  asked: Set<string>,
  arrived: () => void,
): void {
  const { baseUrl, product } = input.service;
  const platform = channelsOf(input);
  const once = (key: readonly string[], ask: () => Promise<readonly string[]>): Promise<void> => {
    const name = JSON.stringify([baseUrl, ...key]);
    if (asked.has(name)) return Promise.resolve();
    asked.add(name);
    return ask().then(arrived, () => undefined);
  };
  const channels = (): void => void once([product, platform], () => ids.channels(product, platform));
  if (platform === "all") channels();
  void once([product], () => ids.platforms(product)).then(() => {
    if (ids.known.platforms(product)?.includes(platform)) channels();
  });
}
