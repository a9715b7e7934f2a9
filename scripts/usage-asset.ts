/**
 * The usage asset in the build: reads caniuse-db (its `fulldata-json/data-2.0.json` and every
 * `region-usage-json/*.json`), browser-compat-data and web-features, extracts the asset (usage-extract.ts) and
 * writes `usage.json` and one `usage/<code>.json` per region at the root of the built extension. Build output,
 * never committed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { regionFile, USAGE_FILE } from "../src/core/usage/asset.ts";
import { buildFeaturesAsset, readPackages } from "./features-asset.ts";
import { extractUsage, type RegionFile, type UsageBuild } from "./usage-extract.ts";

const require = createRequire(import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** caniuse-db's folder. */
export const caniuseDir = (): string => dirname(require.resolve("caniuse-db/package.json"));

/** Every region file caniuse-db ships. */
export function readRegionFiles(): RegionFile[] {
  const dir = join(caniuseDir(), "region-usage-json");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({
      ...(readJson(join(dir, f)) as Omit<RegionFile, "code">),
      code: f.slice(0, -".json".length),
    }));
}

/** The usage asset and the regions' tables of the installed packages. */
export function buildUsageAsset(): UsageBuild {
  const { webFeatures, compat } = readPackages();
  const caniuse: unknown = require("caniuse-db/fulldata-json/data-2.0.json");
  const version = (readJson(join(caniuseDir(), "package.json")) as { version: string }).version;
  return extractUsage(caniuse, version, readRegionFiles(), buildFeaturesAsset(), compat, webFeatures);
}

/** Vite plugin: emits the usage asset and the regions' tables into every build. */
export function usageAsset(): Plugin {
  return {
    name: "release-radar:usage-asset",
    apply: "build",
    generateBundle() {
      const { asset, regions } = buildUsageAsset();
      this.emitFile({ type: "asset", fileName: USAGE_FILE, source: JSON.stringify(asset) });
      for (const [id, table] of regions)
        this.emitFile({ type: "asset", fileName: regionFile(id), source: JSON.stringify(table) });
    },
  };
}
