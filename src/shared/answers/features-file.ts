/**
 * The features assets (features.json and compat-keys.json, packaged with the extension), read and bounded in
 * one place for the worker's address bar and the popup's field: read once per worker or page life, on the
 * first question (the second on the first the first asset names nothing for), so every later keystroke is
 * answered from memory and no answer makes a network request. A failed read is not
 * kept: the next question reads again (the file is local, a retry is cheap).
 */
import { readAsset, type FeatureAsset } from "../../core/features/asset.ts";
import { readMoreKeys, type MoreKeysAsset } from "../../core/features/more-keys.ts";
import { readPackageFile } from "../page/package-file.ts";

/** Each asset is under 700 KB: a file several times that is not ours, and is refused rather than parsed. */
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
  return readOnce(() => readFeaturesFile(deps));
}

/**
 * The same for the second asset (more-keys.ts, `deps.url` its URL): read on the first question the first
 * asset names nothing for, then kept.
 */
export function createMoreKeysLoader(deps: AssetLoaderDeps): () => Promise<MoreKeysAsset> {
  return readOnce(() =>
    readPackageFile(
      deps.fetch,
      deps.url,
      "the rest of its compat keys",
      { maxBytes: MAX_ASSET_BYTES, timeoutMs: deps.timeoutMs ?? ASSET_TIMEOUT_MS },
      readMoreKeys,
    ),
  );
}

/** `read` on the first call, its value kept; a failure is not kept, so the next call reads again. */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= read().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export function readFeaturesFile({
  fetch: doFetch,
  url,
  timeoutMs = ASSET_TIMEOUT_MS,
}: AssetLoaderDeps): Promise<FeatureAsset> {
  return readPackageFile(
    doFetch,
    url,
    "its features data",
    { maxBytes: MAX_ASSET_BYTES, timeoutMs },
    readAsset,
  );
}
