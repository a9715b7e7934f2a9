/**
 * The features assets in the build: reads the data packages (devDependencies at exact versions), extracts
 * the asset (features-extract.ts) and the second one (features-more-keys.ts) and writes them as
 * `features.json` and `compat-keys.json` at the root of the built extension, where pages and the service
 * worker fetch them with `runtime.getURL`. It is build output, never
 * committed: a new package version changes it with no hand-made step.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { FEATURES_FILE, type FeatureAsset } from "../src/core/features/asset.ts";
import { extractFeatures } from "./features-extract.ts";
import { extractMoreKeys } from "./features-more-keys.ts";
import { MORE_KEYS_FILE, type MoreKeysAsset } from "../src/core/features/more-keys.ts";
import { FEATURE_ALIASES } from "./feature-aliases.ts";
import type { CaniuseData, CompatData, WebFeaturesData } from "./features-sources.ts";

const require = createRequire(import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** Where a package's files are: web-features exports its data.json, not its package.json. */
const webFeaturesDir = (): string => dirname(require.resolve("web-features/data.json"));

/** The installed packages' data, and web-features' version (browser-compat-data names its own). */
export function readPackages(): {
  webFeatures: WebFeaturesData;
  version: string;
  compat: CompatData;
  caniuse: CaniuseData;
} {
  const dir = webFeaturesDir();
  return {
    webFeatures: readJson(join(dir, "data.json")) as WebFeaturesData,
    version: (readJson(join(dir, "package.json")) as { version: string }).version,
    // browser-compat-data's main export is its data.json.
    compat: require("@mdn/browser-compat-data") as CompatData,
    caniuse: require("caniuse-db/fulldata-json/data-2.0.json") as CaniuseData,
  };
}

/** The asset of the installed packages. */
export function buildFeaturesAsset(): FeatureAsset {
  const { webFeatures, version, compat, caniuse } = readPackages();
  return extractFeatures(webFeatures, version, compat, caniuse, FEATURE_ALIASES);
}

/** The second asset (compat-keys.json) of the installed packages: the keys the first leaves out. */
export function buildMoreKeys(): MoreKeysAsset {
  const { webFeatures, compat } = readPackages();
  return extractMoreKeys(webFeatures, compat);
}

/** The two packages' data files and their sizes in bytes, for the bench's printout. */
export function packageDataFiles(): { name: string; path: string }[] {
  return [
    { name: "web-features", path: join(webFeaturesDir(), "data.json") },
    { name: "@mdn/browser-compat-data", path: require.resolve("@mdn/browser-compat-data") },
    { name: "caniuse-db", path: require.resolve("caniuse-db/fulldata-json/data-2.0.json") },
  ];
}

/** Vite plugin: emits the two assets into every build (Chromium and Firefox alike). */
export function featuresAsset(): Plugin {
  return {
    name: "release-radar:features-asset",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: FEATURES_FILE, source: JSON.stringify(buildFeaturesAsset()) });
      this.emitFile({ type: "asset", fileName: MORE_KEYS_FILE, source: JSON.stringify(buildMoreKeys()) });
    },
  };
}
