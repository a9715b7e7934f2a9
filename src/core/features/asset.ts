/**
 * The features asset: what the answers need from `web-features` and `@mdn/browser-compat-data`, extracted at
 * build time (scripts/features-extract.ts) into `features.json` at the root of the built extension, so no
 * answer makes a network request for feature data and the package holds a few hundred KB, not 25 MB.
 *
 * The file is ours, but it is read with `fetch` from the package, so it is `unknown` until readAsset has
 * checked it: a build from another version of this code would otherwise fail later, somewhere less clear.
 */

/** Where the asset is in the built extension: pages and the worker fetch `runtime.getURL(FEATURES_FILE)`. */
export const FEATURES_FILE = "features.json";

/** The browsers whose versions a feature carries, in this order (web-features' `status.support` keys). */
export const SUPPORT_BROWSERS = [
  "chrome",
  "chrome_android",
  "edge",
  "firefox",
  "firefox_android",
  "safari",
  "safari_ios",
] as const;
export type SupportBrowser = (typeof SUPPORT_BROWSERS)[number];

/** The browsers whose release days are kept (Chrome for milestones without a schedule; the others named). */
export const RELEASE_BROWSERS = ["chrome", "edge", "firefox"] as const;
export type ReleaseBrowser = (typeof RELEASE_BROWSERS)[number];

/** Asset layout version: readAsset refuses another, so an old build's file is never misread. */
export const ASSET_FORMAT = 1;

export interface AssetFeature {
  readonly id: string;
  readonly name: string;
  /** Other words it is known by: caniuse ids and the last segments of its compat keys (`has`, `css-has`). */
  readonly aliases: readonly string[];
  /**
   * The first version of each SUPPORT_BROWSERS browser (same order) that supports all of it, or null where
   * none does. web-features writes `≤80` where the data says "this or earlier"; kept as written.
   */
  readonly support: readonly (string | null)[];
  /** The earliest Chrome version supporting part of it, where no Chrome version supports all of it. */
  readonly chromePart?: string;
  readonly baseline: "high" | "low" | false;
  readonly baselineLow?: string;
  readonly baselineHigh?: string;
  /** MDN page of its first documented compat key, else its first spec. */
  readonly url?: string;
}

/** One release of a browser: its version, its published release day (absent when unplanned) and BCD status. */
export interface AssetRelease {
  readonly version: string;
  readonly date?: string;
  readonly status: string;
}

export interface FeatureAsset {
  readonly format: typeof ASSET_FORMAT;
  /** Which data this is, for the line every answer ends with. */
  readonly identity: {
    readonly webFeatures: string;
    readonly bcd: string;
    /** The day of browser-compat-data's `__meta.timestamp`. */
    readonly dataDate: string;
  };
  readonly features: readonly AssetFeature[];
  /** Moved and split features: old id -> the ids it now lives under. */
  readonly redirects: Readonly<Record<string, readonly string[]>>;
  /** Releases per browser, oldest first. */
  readonly releases: Readonly<Record<ReleaseBrowser, readonly AssetRelease[]>>;
}

/** "web-features 3.40.0, data of 2026-11-12": the line that says which data answered. */
export function identityLine(asset: FeatureAsset): string {
  return `web-features ${asset.identity.webFeatures}, browser-compat-data ${asset.identity.bcd}, data of ${asset.identity.dataDate}`;
}

const isText = (v: unknown): v is string => typeof v === "string";

/**
 * The asset, checked: a clear error naming what is wrong when the value is not an asset of this format. The
 * features are checked field by field because every answer reads them; the releases by shape.
 */
export function readAsset(value: unknown): FeatureAsset {
  const fail = (what: string): never => {
    throw new Error(`features.json is not a features asset of format ${ASSET_FORMAT}: ${what}`);
  };
  if (typeof value !== "object" || value === null) return fail("not an object");
  const v = value as Record<string, unknown>;
  if (v.format !== ASSET_FORMAT) fail(`format is ${JSON.stringify(v.format)}`);
  const identity = v.identity as Record<string, unknown> | undefined;
  if (!identity || !isText(identity.webFeatures) || !isText(identity.bcd) || !isText(identity.dataDate)) {
    fail("identity is incomplete");
  }
  if (!Array.isArray(v.features)) return fail("features is not a list");
  for (const [i, f] of (v.features as unknown[]).entries()) {
    const problem = featureProblem(f);
    if (problem !== null) fail(`features[${i}] ${problem}`);
  }
  if (typeof v.redirects !== "object" || v.redirects === null) fail("redirects is not an object");
  const releases = v.releases as Record<string, unknown> | undefined;
  if (!releases || !RELEASE_BROWSERS.every((b) => Array.isArray(releases[b]))) {
    fail("releases lacks a browser");
  }
  return value as FeatureAsset;
}

function featureProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return "is not an object";
  const f = value as Record<string, unknown>;
  if (!isText(f.id) || !isText(f.name)) return "has no id or name";
  if (!Array.isArray(f.aliases) || !f.aliases.every(isText)) return "has aliases that are not text";
  if (
    !Array.isArray(f.support) ||
    f.support.length !== SUPPORT_BROWSERS.length ||
    !f.support.every((s) => s === null || isText(s))
  ) {
    return "has a support list of the wrong shape";
  }
  if (f.baseline !== "high" && f.baseline !== "low" && f.baseline !== false) return "has no Baseline status";
  return null;
}

/** A feature's version in one browser, or null. */
export function supportIn(feature: AssetFeature, browser: SupportBrowser): string | null {
  return feature.support[SUPPORT_BROWSERS.indexOf(browser)] ?? null;
}
