/**
 * Build step, pure: the two data packages in, the features asset out (src/core/features/asset.ts says what
 * it holds and why). Only the fields the answers read are kept: descriptions, groups, snapshots and the
 * per-key support tables stay behind, which takes 25 MB of package data to a small file.
 */
import {
  ASSET_FORMAT,
  RELEASE_BROWSERS,
  SUPPORT_BROWSERS,
  type AssetFeature,
  type AssetRelease,
  type FeatureAsset,
  type ReleaseBrowser,
} from "../src/core/features/asset.ts";
import { compareVersions } from "../src/core/version.ts";

/** The part of web-features' `data.json` read here. */
export interface WebFeaturesData {
  readonly features: Readonly<Record<string, WebFeature>>;
}

type WebFeature =
  | {
      readonly kind: "feature";
      readonly name: string;
      readonly caniuse?: readonly string[];
      readonly compat_features?: readonly string[];
      readonly spec?: readonly string[];
      readonly status: {
        readonly baseline: "high" | "low" | false;
        readonly baseline_low_date?: string;
        readonly baseline_high_date?: string;
        readonly support: Readonly<Record<string, string>>;
        readonly by_compat_key?: Readonly<
          Record<string, { readonly support: Readonly<Record<string, string>> }>
        >;
      };
    }
  | { readonly kind: "moved"; readonly redirect_target: string }
  | { readonly kind: "split"; readonly redirect_targets: readonly string[] };

/** The part of browser-compat-data's `data.json` read here: its identity, browsers, and compat trees. */
export interface CompatData {
  readonly __meta: { readonly version: string; readonly timestamp: string };
  readonly browsers: Readonly<
    Record<string, { readonly releases: Readonly<Record<string, { release_date?: string; status: string }>> }>
  >;
  readonly [tree: string]: unknown;
}

/** The asset for web-features `webFeaturesVersion`'s data and browser-compat-data's. */
export function extractFeatures(
  webFeatures: WebFeaturesData,
  webFeaturesVersion: string,
  compat: CompatData,
): FeatureAsset {
  const features: AssetFeature[] = [];
  const redirects: Record<string, readonly string[]> = {};
  for (const [id, f] of Object.entries(webFeatures.features)) {
    if (f.kind === "moved") redirects[id] = [f.redirect_target];
    else if (f.kind === "split") redirects[id] = [...f.redirect_targets];
    else features.push(featureOf(id, f, compat));
  }
  return {
    format: ASSET_FORMAT,
    identity: {
      webFeatures: webFeaturesVersion,
      bcd: compat.__meta.version,
      dataDate: compat.__meta.timestamp.slice(0, 10),
    },
    features,
    redirects,
    releases: Object.fromEntries(RELEASE_BROWSERS.map((b) => [b, releasesOf(compat, b)])) as Record<
      ReleaseBrowser,
      AssetRelease[]
    >,
  };
}

function featureOf(
  id: string,
  f: Extract<WebFeature, { kind: "feature" }>,
  compat: CompatData,
): AssetFeature {
  const keys = f.compat_features ?? [];
  const aliases = new Set<string>([...(f.caniuse ?? []), ...keys.filter(isEntryKey).map(lastSegment)]);
  aliases.delete(id);
  const { status } = f;
  const chromePart = status.support.chrome === undefined ? earliestChrome(status.by_compat_key) : undefined;
  const url = keys.map((k) => mdnUrlOf(compat, k)).find((u) => u !== undefined) ?? f.spec?.[0];
  return {
    id,
    name: f.name,
    aliases: [...aliases],
    support: SUPPORT_BROWSERS.map((b) => status.support[b] ?? null),
    ...(chromePart !== undefined && { chromePart }),
    baseline: status.baseline,
    ...(status.baseline_low_date !== undefined && { baselineLow: status.baseline_low_date }),
    ...(status.baseline_high_date !== undefined && { baselineHigh: status.baseline_high_date }),
    ...(url !== undefined && { url }),
  };
}

/**
 * Whether a compat key names a thing people look up by name: an API interface (`api.ViewTransition`) or a
 * top-level entry of the other trees (`css.properties.container-type`, `css.selectors.has`,
 * `javascript.builtins.Temporal`). Deeper keys name members and variants (`api.ViewTransition.finished`,
 * `css.properties.gap.grid_context`): as aliases they would make `height` or `ready` match a dozen features.
 */
function isEntryKey(key: string): boolean {
  const depth = key.split(".").length;
  return key.startsWith("api.") ? depth === 2 : depth === 3;
}

const lastSegment = (key: string): string => key.slice(key.lastIndexOf(".") + 1);

/** The lowest Chrome version among a feature's compat keys (`≤` marks dropped for the comparison). */
function earliestChrome(
  byKey: Readonly<Record<string, { readonly support: Readonly<Record<string, string>> }>> | undefined,
): string | undefined {
  const versions = Object.values(byKey ?? {})
    .map((k) => k.support.chrome)
    .filter((v): v is string => v !== undefined);
  return versions.sort((a, b) => compareVersions(a.replace("≤", ""), b.replace("≤", "")))[0];
}

/** `css.selectors.has` -> its `__compat.mdn_url`, if the tree documents one. */
function mdnUrlOf(compat: CompatData, key: string): string | undefined {
  let node: unknown = compat;
  for (const part of key.split(".")) {
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  const own = (node as { __compat?: { mdn_url?: unknown } } | undefined)?.__compat?.mdn_url;
  return typeof own === "string" ? own : undefined;
}

function releasesOf(compat: CompatData, browser: ReleaseBrowser): AssetRelease[] {
  const releases = compat.browsers[browser]?.releases ?? {};
  return Object.entries(releases)
    .map(([version, r]) => ({
      version,
      ...(r.release_date !== undefined && { date: r.release_date }),
      status: r.status,
    }))
    .sort((a, b) => compareVersions(a.version, b.version));
}
