/**
 * Build step, pure: caniuse's usage data and support tables, browser-compat-data's support and web-features'
 * versions in; the usage asset (src/core/usage/asset.ts) and the regions' tables out. Only what the shares
 * read is kept: per caniuse feature its statuses (one letter per version, in runs), per other subject its
 * browser-compat-data statements mapped to bcdSpec strings, deduplicated.
 */
import { compatKeys } from "../src/core/features/compat-keys.ts";
import type { FeatureAsset } from "../src/core/features/asset.ts";
import { BCD_BROWSERS, MIRRORED, type Agent } from "../src/core/usage/agents.ts";
import { USAGE_FORMAT, type UsageAsset } from "../src/core/usage/asset.ts";
import { bcdSpec, type BcdStatement } from "../src/core/usage/support.ts";
import { readCaniuseUsage } from "../src/core/usage/caniuse-data.ts";
import { compareVersions } from "../src/core/version.ts";
import { compatOf, type CompatData, type WebFeaturesData } from "./features-sources.ts";

/** A caniuse region file as read from disk, with the name it goes by (`DE`, `alt-eu`: its file's name). */
export interface RegionFile {
  readonly code: string;
  readonly id: string;
  readonly name: string;
  readonly month: string;
  readonly data: Readonly<Record<string, Readonly<Record<string, number | null>>>>;
}

/** Where a Chromium-based agent's engine version is read in browser-compat-data. */
const ENGINE_BROWSER: Readonly<Partial<Record<Agent, string>>> = {
  samsung: "samsunginternet_android",
  opera: "opera",
  op_mob: "opera_android",
  android: "webview_android",
};

/** A compat key's spec: its statements per BCD_BROWSERS browser, joined by `;`. */
function keySpec(compat: CompatData, key: string): string {
  const support = compatOf(compat, key)?.support ?? {};
  return BCD_BROWSERS.map((b) => bcdSpec(support[b] as BcdStatement | BcdStatement[] | undefined)).join(";");
}

/**
 * A web feature's spec (one without a caniuse table): web-features' version for each browser it has one
 * for (the first version with all of it), the span where every key was removed, else `a` from the first
 * version with some of its keys (partly); Internet Explorer, which web-features does not list, from its keys:
 * has it where every key has, partly where some do.
 */
function featureSpec(
  feature: FeatureAsset["features"][number],
  keys: readonly string[],
  compat: CompatData,
): string {
  return BCD_BROWSERS.map((b, i) => {
    if (b !== "ie") {
      const version = feature.support[i] ?? null;
      if (version !== null) return `y${version}`;
      const removed = feature.removed?.[i] ?? null;
      if (removed !== null) return `y${removed}`;
    }
    const added = keys
      .map((k) => bcdSpec(compatOf(compat, k)?.support?.[b] as BcdStatement | undefined))
      .map((spec) => /^[yx](≤?[\d.]+)(?:$|\+)/.exec(spec)?.[1] ?? null);
    const known = added
      .filter((v): v is string => v !== null)
      .sort((x, y) => compareVersions(x.replace("≤", ""), y.replace("≤", "")));
    if (known.length === 0) return "";
    if (b === "ie" && known.length === added.length) return `y${known.at(-1) ?? ""}`;
    return `a${known[0] ?? ""}`;
  }).join(";");
}

/** Each Chromium-based agent's versions -> the Chrome version of its engine, from browser-compat-data. */
function enginesOf(
  compat: CompatData,
  versions: Readonly<Record<string, readonly string[]>>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const agent of Object.keys(MIRRORED) as Agent[]) {
    const releases = (compat.browsers[ENGINE_BROWSER[agent] ?? ""]?.releases ?? {}) as Readonly<
      Record<string, { engine?: string; engine_version?: string }>
    >;
    const map: Record<string, string> = {};
    for (const v of versions[agent] ?? []) {
      // A range (`11.1-11.2`) by the oldest engine of the releases it names that browser-compat-data lists.
      const engines = v
        .split("-")
        .flatMap((end) => [releases[end], releases[`${end}.0`]])
        .filter((r) => r?.engine === "Blink" && r.engine_version !== undefined)
        .map((r) => Number(r?.engine_version?.split(".")[0]));
      if (engines.length > 0) map[v] = String(Math.min(...engines));
    }
    out[agent] = map;
  }
  return out;
}

export interface UsageBuild {
  readonly asset: UsageAsset;
  /** The regions' tables, shares above 0 only, by code (`DE`, `alt-eu`). */
  readonly regions: ReadonlyMap<string, Omit<RegionFile, "code">>;
}

/** The usage asset for the features asset `features` (its subjects, its compat keys' order). */
export function extractUsage(
  caniuseData: unknown,
  caniuseVersion: string,
  regionFiles: readonly RegionFile[],
  features: FeatureAsset,
  compat: CompatData,
  webFeatures: WebFeaturesData,
): UsageBuild {
  const ids = new Set(features.features.flatMap((f) => (f.caniuse === undefined ? [] : [f.caniuse])));
  const { updated, caniuse: tables, ...usage } = readCaniuseUsage(caniuseData, ids);
  const specs: string[] = [];
  const index = new Map<string, number>();
  const specIndex = (spec: string): number => {
    if (!index.has(spec)) {
      index.set(spec, specs.length);
      specs.push(spec);
    }
    return index.get(spec) ?? 0;
  };
  const bcdFeatures: Record<string, number> = {};
  for (const f of features.features) {
    if (f.caniuse !== undefined && Object.hasOwn(tables, f.caniuse)) continue;
    const source = webFeatures.features[f.id];
    const keys = source?.kind === "feature" ? (source.compat_features ?? []) : [];
    bcdFeatures[f.id] = specIndex(featureSpec(f, keys, compat));
  }
  const keys = compatKeys(features).map((k) => specIndex(keySpec(compat, k.key)).toString(36));
  // caniuse's `alt-ww` is its worldwide table built as a region's; worldwide here is `usage_global`, the table
  // caniuse's own figures are computed on (they differ by about 0.2 points), so alt-ww is not offered.
  const regions = new Map(
    regionFiles
      .filter((r) => r.code !== "alt-ww")
      .map((r) => [
        r.code,
        {
          // Kept as caniuse writes it (a continent's file says `eu`): read back by its code, as a download is.
          id: r.id,
          name: r.name,
          month: r.month,
          data: Object.fromEntries(
            Object.entries(r.data).map(([agent, shares]) => [
              agent,
              Object.fromEntries(
                Object.entries(shares).filter(
                  (e): e is [string, number] => typeof e[1] === "number" && e[1] > 0,
                ),
              ),
            ]),
          ),
        },
      ]),
  );
  const continent = (code: string): boolean => code.startsWith("alt-");
  const offered = [...regions]
    .sort(
      ([a, x], [b, y]) => Number(continent(a)) - Number(continent(b)) || x.name.localeCompare(y.name, "en"),
    )
    .map(([code, r]) => [code, r.name] as const);
  return {
    asset: {
      format: USAGE_FORMAT,
      source: { caniuse: caniuseVersion, updated },
      ...usage,
      caniuse: tables,
      engines: enginesOf(compat, usage.versions),
      bcd: { specs, features: bcdFeatures, keys: keys.join(" ") },
      regions: offered,
    },
    regions,
  };
}
