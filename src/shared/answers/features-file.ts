/**
 * The features asset (features.json, packaged with the extension), read and bounded in one place for the
 * worker's address bar and the popup's field: read once per worker or page life, on the first question, so
 * every later keystroke is answered from memory and no answer makes a network request. A failed read is not
 * kept: the next question reads again (the file is local, a retry is cheap).
 */
import { messageOf } from "../../core/errors.ts";
import { readAsset, type FeatureAsset } from "../../core/features/asset.ts";

/** The asset is about 360 KB: a file several times that is not ours, and is refused rather than parsed. */
export const MAX_ASSET_BYTES = 2 * 1024 * 1024;

/** A packaged file answers in milliseconds; a read still pending after this is given up, and said. */
export const ASSET_TIMEOUT_MS = 10_000;

export interface AssetLoaderDeps {
  readonly fetch: typeof fetch;
  /** The asset's URL in this extension (`runtime.getURL(FEATURES_FILE)`). */
  readonly url: string;
  /** ASSET_TIMEOUT_MS unless a test says less. */
  readonly timeoutMs?: number;
}

/** Returns a function resolving to the asset, read on its first call; it rejects with an Error saying why not. */
export function createAssetLoader(deps: AssetLoaderDeps): () => Promise<FeatureAsset> {
  let loading: Promise<FeatureAsset> | null = null;
  return () => {
    loading ??= readFeaturesFile(deps).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export async function readFeaturesFile({
  fetch: doFetch,
  url,
  timeoutMs = ASSET_TIMEOUT_MS,
}: AssetLoaderDeps): Promise<FeatureAsset> {
  const fail = (why: string): never => {
    throw new Error(`Release Radar could not read its features data (${url}): ${why}`);
  };
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    text = response.ok ? await response.text() : "";
  } catch (error) {
    return fail(messageOf(error));
  }
  // Outside the try: its own failure is said once, not wrapped again by the catch.
  if (!response.ok) fail(`HTTP ${response.status}`);
  if (text.length > MAX_ASSET_BYTES) fail(`more than ${MAX_ASSET_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail("not JSON");
  }
  try {
    return readAsset(value);
  } catch (error) {
    return fail(messageOf(error));
  }
}
