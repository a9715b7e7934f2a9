/**
 * The usage context of an answer (answers/users.ts UsageContext), for the worker and the pages alike: the
 * usage asset, read once; the region chosen in options (settings `usageRegion`), its table read once per
 * region; the person's visitors, read from storage each time (an import in options shows at the next
 * question). A failure is said, never thrown: the answer goes on without the share of users, and says why.
 */
import { messageOf } from "../../core/errors.ts";
import { regionFile, regionName, USAGE_FILE } from "../../core/usage/asset.ts";
import type { UsageTable } from "../../core/usage/table.ts";
import type { UsageContext } from "../answers/users.ts";
import { createUsageLoader, readRegion } from "./usage-file.ts";
import type { StoredVisitors } from "./visitors.ts";
import type { UsageUpdate } from "./update-store.ts";
import type { UsageAsset } from "../../core/usage/asset.ts";

export interface UsageContextDeps {
  readonly fetch: typeof fetch;
  /** A file of this extension as a full URL (`runtime.getURL`, or the page's own origin). */
  readonly fileUrl: (path: string) => string;
  readonly loadVisitors: () => Promise<StoredVisitors | null>;
  /** The bundled usage asset's loader, where the surface shares one; else one is made from fileUrl. */
  readonly asset?: () => Promise<UsageAsset>;
  /** The monthly update as kept (update-store.ts), or null; absent where the surface reads none. */
  readonly loadUpdate?: () => Promise<UsageUpdate | null>;
}

/**
 * The bundled asset with a newer month's tables over it: the worldwide table, the versions and the support
 * tables caniuse keeps for the features. browser-compat-data's mapping and the Chromium engines stay the
 * bundled ones: a browser version newer than those is unknown until the extension itself is updated.
 */
export function withUpdate(bundled: UsageAsset, update: UsageUpdate | null): UsageAsset {
  const usage = update?.usage;
  if (usage === undefined || usage.updated <= bundled.source.updated) return bundled;
  return {
    ...bundled,
    source: { caniuse: "caniuse", updated: usage.updated },
    versions: usage.versions,
    current: usage.current,
    global: usage.global,
    caniuse: { ...bundled.caniuse, ...usage.caniuse },
  };
}

/** The context, or why there is none. */
export type UsageOutcome =
  { readonly ok: true; readonly usage: UsageContext } | { readonly ok: false; readonly problem: string };

/** Returns a function giving the usage context for the region chosen (`null`: none). */
export function createUsageContext(deps: UsageContextDeps): (region: string | null) => Promise<UsageOutcome> {
  const asset = deps.asset ?? createUsageLoader(deps.fetch, deps.fileUrl(USAGE_FILE));
  let regionRead: { code: string; table: Promise<UsageTable> } | null = null;
  /** The asset with the update over it, made again only when the update changes. */
  let merged: { update: UsageUpdate | null; asset: UsageAsset } | null = null;
  return async (region) => {
    let usage;
    let update: UsageUpdate | null;
    try {
      [usage, update] = await Promise.all([asset(), deps.loadUpdate?.().catch(() => null) ?? null]);
    } catch (error) {
      return { ok: false, problem: `Share of users unknown: ${messageOf(error)}` };
    }
    if (merged?.update !== update) merged = { update, asset: withUpdate(usage, update) };
    const bundled = usage;
    usage = merged.asset;
    const visitors = await deps.loadVisitors().catch(() => null);
    let table: UsageTable | null = null;
    let regionProblem: string | undefined;
    if (region !== null) {
      const fetched = update?.region?.code === region ? update.region.table : null;
      if (fetched !== null) table = fetched;
      else if (regionName(bundled, region) === null) {
        regionProblem = `The region chosen in options (${region}) has no usage table here.`;
      } else {
        if (regionRead?.code !== region)
          regionRead = {
            code: region,
            table: readRegion(deps.fetch, deps.fileUrl(regionFile(region)), usage, region),
          };
        const reading = regionRead;
        try {
          table = await reading.table;
        } catch (error) {
          // Not kept: the next question reads it again.
          if (regionRead === reading) regionRead = null;
          regionProblem = `The share in ${regionName(usage, region) ?? region} is unknown: ${messageOf(error)}`;
        }
      }
    }
    return {
      ok: true,
      usage: {
        asset: usage,
        region: table,
        ...(regionProblem !== undefined && { regionProblem }),
        visitors: visitors?.table ?? null,
      },
    };
  };
}
