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

/** What of the settings the usage context follows: the region chosen, and whether monthly updates are on. */
export interface UsageChoice {
  readonly usageRegion: string | null;
  readonly usageUpdates: boolean;
}

/**
 * Returns a function giving the usage context for the settings' choice. A month the update fetched is used
 * only while updates are on, and only where it is newer than what the extension ships (an update of the
 * extension may bring a newer one than a month fetched before it).
 */
export function createUsageContext(deps: UsageContextDeps): (choice: UsageChoice) => Promise<UsageOutcome> {
  const asset = deps.asset ?? createUsageLoader(deps.fetch, deps.fileUrl(USAGE_FILE));
  let regionRead: { code: string; table: Promise<UsageTable> } | null = null;

  /** The bundled table of region `code`, read once per code (a failed read is read again next time). */
  async function bundledRegion(code: string, bundled: UsageAsset): Promise<UsageTable> {
    if (regionRead?.code !== code)
      regionRead = { code, table: readRegion(deps.fetch, deps.fileUrl(regionFile(code)), bundled, code) };
    const reading = regionRead;
    try {
      return await reading.table;
    } catch (error) {
      if (regionRead === reading) regionRead = null;
      throw error;
    }
  }

  return async ({ usageRegion: region, usageUpdates }) => {
    let bundled: UsageAsset;
    let update: UsageUpdate | null;
    try {
      [bundled, update] = await Promise.all([
        asset(),
        usageUpdates ? (deps.loadUpdate?.().catch(() => null) ?? null) : null,
      ]);
    } catch (error) {
      return { ok: false, problem: `Share of users unknown: ${messageOf(error)}` };
    }
    const usage = withUpdate(bundled, update);
    const visitors = await deps.loadVisitors().catch(() => null);
    let table: UsageTable | null = null;
    let regionProblem: string | undefined;
    if (region !== null) {
      const fetched = update?.region?.code === region ? update.region.table : null;
      if (regionName(bundled, region) === null) {
        if (fetched !== null) table = fetched;
        else regionProblem = `The region chosen in options (${region}) has no usage table here.`;
      } else {
        try {
          const own = await bundledRegion(region, bundled);
          table = fetched !== null && fetched.month >= own.month ? fetched : own;
        } catch (error) {
          table = fetched;
          if (fetched === null)
            regionProblem = `The share in ${regionName(bundled, region) ?? region} is unknown: ${messageOf(error)}`;
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
