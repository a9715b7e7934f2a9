/**
 * The two features assets of this page's extension (features.json, and compat-keys.json for what the first
 * names nothing for), each read once on first need and kept for the page's life (features-file.ts).
 */
import { FEATURES_FILE, type FeatureAsset } from "../../core/features/asset.ts";
import { MORE_KEYS_FILE, type MoreKeysAsset } from "../../core/features/more-keys.ts";
import { createAssetLoader, createMoreKeysLoader } from "../../shared/answers/features-file.ts";

export interface PageAssets {
  readonly asset: () => Promise<FeatureAsset>;
  readonly more: () => Promise<MoreKeysAsset>;
}

export function pageAssets(read: typeof fetch): PageAssets {
  const fileUrl = (name: string): string => new URL(`/${name}`, location.href).href;
  return {
    asset: createAssetLoader({ fetch: read, url: fileUrl(FEATURES_FILE) }),
    more: createMoreKeysLoader({ fetch: read, url: fileUrl(MORE_KEYS_FILE) }),
  };
}
