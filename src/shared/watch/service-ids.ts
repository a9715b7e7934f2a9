/**
 * The platforms and channels the service itself lists for a product, for the explorer's choices and the
 * toolbar's watch lists (the popup's and the options page's): a product has its own platforms (Fuchsia
 * WebEngine has none of Chrome's), and a query for one it lacks is a 404.
 *
 * Answers are kept in memory for the page's lifetime (a popup's): the lists change with new platforms and
 * channels, far more rarely than a page stays open. Concurrent asks for the same list share one request. A
 * failure is not kept, so the next ask tries again; until then the page offers what it has (watch-lists.ts).
 */
import {
  compareChannelsForDisplay,
  comparePlatforms,
  isServiceId,
  parseResourceName,
  type NameParts,
} from "../../core/catalog.ts";
import { createClient, type VersionHistoryClient } from "../../core/client/index.ts";

export interface ServiceIdsOptions {
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
}

/** What is known so far, read synchronously; undefined until the service has answered. */
export interface KnownIds {
  platforms(product: string): readonly string[] | undefined;
  channels(product: string, platform: string): readonly string[] | undefined;
}

export interface ServiceIds {
  /** The product's platform ids, in the catalog's order. */
  platforms(product: string): Promise<readonly string[]>;
  /** The channel ids of a product's platform (for `all`, of any platform), in the order people read them. */
  channels(product: string, platform: string): Promise<readonly string[]>;
  /** The answers kept so far; `channels` only when a platform is given. */
  cached(product: string, platform?: string): { platforms?: readonly string[]; channels?: readonly string[] };
  /** The same answers in the shape the explorer's controls read (popup/explorer/controls-dom.ts). */
  readonly known: KnownIds;
}

export function createServiceIds(options: ServiceIdsOptions): ServiceIds {
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const clients = new Map<string, VersionHistoryClient>();
  const answers = new Map<string, readonly string[]>();
  const pending = new Map<string, Promise<readonly string[]>>();

  function clientOf(product: string): VersionHistoryClient {
    let client = clients.get(product);
    if (client === undefined) {
      client = createClient({ baseUrl: options.baseUrl, product, ...fetchOption });
      clients.set(product, client);
    }
    return client;
  }

  /**
   * The kept answer, else the request on its way, else a new one (kept only when it succeeds). `load` is
   * async, so a client that cannot be made (a bad base URL) rejects rather than throws.
   */
  function ask(key: string, load: () => Promise<readonly string[]>): Promise<readonly string[]> {
    const kept = answers.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const onItsWay = pending.get(key);
    if (onItsWay !== undefined) return onItsWay;
    const request = load().then(
      (ids) => {
        answers.set(key, ids);
        pending.delete(key);
        return ids;
      },
      (e: unknown) => {
        pending.delete(key);
        throw e;
      },
    );
    pending.set(key, request);
    return request;
  }

  const platformsKey = (product: string): string => JSON.stringify([product]);
  const channelsKey = (product: string, platform: string): string => JSON.stringify([product, platform]);

  const platforms = (product: string): Promise<readonly string[]> =>
    ask(platformsKey(product), async () => {
      const list = await clientOf(product).platforms();
      return idsOf(list.items, (parts) => parts.platform, comparePlatforms);
    });

  const channels = (product: string, platform: string): Promise<readonly string[]> =>
    ask(channelsKey(product, platform), async () => {
      // For `all` the service lists every platform's channels: each channel once.
      const list = await clientOf(product).channels(platform);
      return idsOf(list.items, (parts) => parts.channel, compareChannelsForDisplay);
    });

  const known: KnownIds = {
    platforms: (product) => answers.get(platformsKey(product)),
    channels: (product, platform) => answers.get(channelsKey(product, platform)),
  };

  return {
    platforms,
    channels,
    cached(product, platform) {
      const kept = known.platforms(product);
      const channelIds = platform === undefined ? undefined : known.channels(product, platform);
      return {
        ...(kept !== undefined && { platforms: kept }),
        ...(channelIds !== undefined && { channels: channelIds }),
      };
    },
    known,
  };
}

const shared = new Map<string, ServiceIds>();

/**
 * The page's one ServiceIds for the service at `baseUrl`: the parts of a page that list the service's ids
 * (the explorer, the watch lists) share its answers and its requests under way, so each list is asked once.
 */
export function sharedServiceIds(baseUrl: string): ServiceIds {
  let ids = shared.get(baseUrl);
  if (ids === undefined) {
    ids = createServiceIds({ baseUrl });
    shared.set(baseUrl, ids);
  }
  return ids;
}

/**
 * The distinct ids a list names, sorted. An id not of the service's shape is left out: the explorer could
 * neither query nor store it.
 */
function idsOf(
  items: readonly { readonly name: string }[],
  pick: (parts: NameParts) => string | undefined,
  compare: (a: string, b: string) => number,
): readonly string[] {
  const ids = new Set<string>();
  for (const item of items) {
    const parts = parseResourceName(item.name);
    const id = parts === null ? undefined : pick(parts);
    if (isServiceId(id)) ids.add(id);
  }
  return Object.freeze([...ids].sort(compare));
}
