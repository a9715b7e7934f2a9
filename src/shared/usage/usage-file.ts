/**
 * The usage asset (usage.json) and a region's table (usage/<code>.json), read from the package, bounded, for
 * the worker's address bar and the pages: the asset once per worker or page life, on the first question; a
 * region's table once chosen. A failed read is not kept: the next question reads again.
 */
import { messageOf } from "../../core/errors.ts";
import { readUsageAsset, type UsageAsset } from "../../core/usage/asset.ts";
import { readRegionFile, type UsageTable } from "../../core/usage/table.ts";

/** usage.json is about 270 KB; a region's table about 3 KB. */
export const MAX_USAGE_BYTES = 2 * 1024 * 1024;
export const MAX_REGION_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

async function readJson(doFetch: typeof fetch, url: string, max: number, what: string): Promise<unknown> {
  const fail = (why: string): never => {
    throw new Error(`Release Radar could not read ${what} (${url}): ${why}`);
  };
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = response.ok ? await response.text() : "";
  } catch (error) {
    return fail(messageOf(error));
  }
  if (!response.ok) fail(`HTTP ${response.status}`);
  if (text.length > max) fail(`more than ${max} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    return fail("not JSON");
  }
}

/** Returns a function resolving to the usage asset, read on its first call; it rejects saying why not. */
export function createUsageLoader(doFetch: typeof fetch, url: string): () => Promise<UsageAsset> {
  let loading: Promise<UsageAsset> | null = null;
  return () => {
    loading ??= readJson(doFetch, url, MAX_USAGE_BYTES, "its usage data")
      .then(readUsageAsset)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}

/** Region `code`'s table from `url`, its `0` versions read as the asset's current ones. */
export async function readRegion(
  doFetch: typeof fetch,
  url: string,
  asset: UsageAsset,
  code: string,
): Promise<UsageTable> {
  const value = await readJson(doFetch, url, MAX_REGION_BYTES, "a region's usage table");
  try {
    return readRegionFile(value, asset.current, code);
  } catch (error) {
    throw new Error(`Release Radar could not read a region's usage table (${url}): ${messageOf(error)}`, {
      cause: error,
    });
  }
}
