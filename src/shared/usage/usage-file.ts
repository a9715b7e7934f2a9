/**
 * The usage asset (usage.json) and a region's table (usage/<code>.json), read from the package, bounded, for
 * the worker's address bar and the pages: the asset once per worker or page life, on the first question; a
 * region's table once chosen. A failed read is not kept: the next question reads again.
 */
import { readPackageFile } from "../page/package-file.ts";
import { readUsageAsset, type UsageAsset } from "../../core/usage/asset.ts";
import { readRegionFile, type UsageTable } from "../../core/usage/table.ts";

/** usage.json is about 270 KB; a region's table about 3 KB. */
export const MAX_USAGE_BYTES = 2 * 1024 * 1024;
export const MAX_REGION_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

/** Returns a function resolving to the usage asset, read on its first call; it rejects saying why not. */
export function createUsageLoader(doFetch: typeof fetch, url: string): () => Promise<UsageAsset> {
  let loading: Promise<UsageAsset> | null = null;
  return () => {
    loading ??= readPackageFile(
      doFetch,
      url,
      "its usage data",
      { maxBytes: MAX_USAGE_BYTES, timeoutMs: TIMEOUT_MS },
      readUsageAsset,
    ).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** Region `code`'s table from `url`, its `0` versions read as the asset's current ones. */
export function readRegion(
  doFetch: typeof fetch,
  url: string,
  asset: UsageAsset,
  code: string,
): Promise<UsageTable> {
  return readPackageFile(
    doFetch,
    url,
    "a region's usage table",
    { maxBytes: MAX_REGION_BYTES, timeoutMs: TIMEOUT_MS },
    (value) => readRegionFile(value, asset.current, code),
  );
}
