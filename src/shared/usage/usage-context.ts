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

export interface UsageContextDeps {
  readonly fetch: typeof fetch;
  /** A file of this extension as a full URL (`runtime.getURL`, or the page's own origin). */
  readonly fileUrl: (path: string) => string;
  readonly loadVisitors: () => Promise<StoredVisitors | null>;
}

/** The context, or why there is none. */
export type UsageOutcome =
  { readonly ok: true; readonly usage: UsageContext } | { readonly ok: false; readonly problem: string };

/** Returns a function giving the usage context for the region chosen (`null`: none). */
export function createUsageContext(deps: UsageContextDeps): (region: string | null) => Promise<UsageOutcome> {
  const asset = createUsageLoader(deps.fetch, deps.fileUrl(USAGE_FILE));
  let regionRead: { code: string; table: Promise<UsageTable> } | null = null;
  return async (region) => {
    let usage;
    try {
      usage = await asset();
    } catch (error) {
      return { ok: false, problem: `Share of users unknown: ${messageOf(error)}` };
    }
    const visitors = await deps.loadVisitors().catch(() => null);
    let table: UsageTable | null = null;
    let regionProblem: string | undefined;
    if (region !== null) {
      if (regionName(usage, region) === null) {
        regionProblem = `The region chosen in options (${region}) has no usage table here.`;
      } else {
        if (regionRead?.code !== region)
          regionRead = {
            code: region,
            table: readRegion(deps.fetch, deps.fileUrl(regionFile(region)), usage),
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
