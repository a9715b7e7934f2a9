/**
 * The features asset: what the answers need from `web-features`, `@mdn/browser-compat-data` and caniuse's
 * words for features (`caniuse-db`), extracted at build time (scripts/features-extract.ts) into
 * `features.json` at the root of the built extension, so no answer makes a network request for feature data
 * and the package holds a few hundred KB, not 50 MB.
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
export const ASSET_FORMAT = 2;

/** Where MDN's pages are: the asset keeps only the path after it. */
export const MDN_DOCS = "https://developer.mozilla.org/docs/";

export interface AssetFeature {
  readonly id: string;
  readonly name: string;
  /** Other exact names: caniuse ids and titles, and caniuse's keywords of more than one word. */
  readonly aliases: readonly string[];
  /** caniuse's one-word keywords: words a search may use, never an exact name. */
  readonly keywords?: readonly string[];
  /**
   * The first version of each SUPPORT_BROWSERS browser (same order) that supports all of it, or null where
   * none does. web-features writes `≤80` where the data says "this or earlier"; kept as written.
   */
  readonly support: readonly (string | null)[];
  /**
   * Per SUPPORT_BROWSERS browser, where the browser once supported it and no longer does: "1-127" (from
   * version 1, removed in 127), from its compat keys. Absent when no browser removed it.
   */
  readonly removed?: readonly (string | null)[];
  /** Where no Chrome version supports all of it: the earliest Chrome version supporting a part, and how many of its compat keys Chrome supports. */
  readonly chromePart?: { readonly since: string; readonly keys: number; readonly of: number };
  readonly baseline: "high" | "low" | false;
  readonly baselineLow?: string;
  readonly baselineHigh?: string;
  /** Its first specification. */
  readonly spec?: string;
  /** Its first caniuse id. */
  readonly caniuse?: string;
  /** web-features' word that it should not be used: why, and what to use instead (feature ids). */
  readonly discouraged?: { readonly reason: string; readonly alternatives: readonly string[] };
}

/** One release of a browser: its version, its published release day (absent when unplanned) and BCD status. */
export interface AssetRelease {
  readonly version: string;
  readonly date?: string;
  readonly status: string;
}

/**
 * browser-compat-data's keys of the web features (entries and members: `api.Document.startViewTransition`,
 * `css.properties.anchor-name`, `javascript.builtins.Array.findLast`), packed, since they are most of the
 * asset: compat-keys.ts unpacks them.
 *
 * `rows` has one line per feature (in the order of `features`), its keys sorted and separated by spaces; each
 * key is `name[,support[,page[,flags]]]`:
 *   - name: how many leading characters it shares with the key before it on the line, then the rest (after
 *     a `|` when the rest starts with a digit)
 *   - support: the index (base 36) of its support in `supports`; empty when it is the feature's own
 *   - page: its MDN page; empty for the parent's page (the parent key's, else `bases`) and `/` and its last
 *     segment; `-` for none; else a path after MDN_DOCS (always, for the feature's own key)
 *   - flags: `o` when it is the feature itself (its only key, or the entry named as the feature: its page is
 *     the feature's), `d` when browser-compat-data marks it deprecated, `f` when it is a JavaScript builtin's
 *     function (`Array.prototype.toSorted()`), `p` when a member of its instances (`.prototype.`)
 */
export interface PackedCompatKeys {
  readonly rows: string;
  /** Support per SUPPORT_BROWSERS browser, comma-separated: `80`, `≤37`, `1-127` (removed in 127), or empty. */
  readonly supports: readonly string[];
  /** Parent key without a page of its own -> the MDN path its members' pages are under. */
  readonly bases: readonly (readonly [string, string])[];
  /** An operator's symbol as code writes it -> its key (`??=` -> `javascript.operators.nullish_coalescing_assignment`). */
  readonly written?: readonly (readonly [string, string])[];
}

/** A web-features group ("Web components") and the indices of its features. */
export interface AssetGroup {
  readonly name: string;
  readonly features: readonly number[];
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
  readonly groups: readonly AssetGroup[];
  readonly compat: PackedCompatKeys;
  /** Releases per browser, oldest first. */
  readonly releases: Readonly<Record<ReleaseBrowser, readonly AssetRelease[]>>;
}

/**
 * `build`, run once per asset and kept for as long as the asset is: the unpacked keys and the indexes are
 * built on first use (a worker keeps one asset for its life; a test or a reload brings another).
 */
export function perAsset<T, A extends object = FeatureAsset>(build: (asset: A) => T): (asset: A) => T {
  const built = new WeakMap<A, T>();
  return (asset) => {
    if (built.has(asset)) return built.get(asset) as T;
    const value = build(asset);
    built.set(asset, value);
    return value;
  };
}

/** "web-features 3.40.0, data of 2026-11-12": the line that says which data answered. */
export function identityLine(asset: FeatureAsset): string {
  return `web-features ${asset.identity.webFeatures}, browser-compat-data ${asset.identity.bcd}, data of ${asset.identity.dataDate}`;
}

const isText = (v: unknown): v is string => typeof v === "string";
const isTextList = (v: unknown): boolean => Array.isArray(v) && v.every(isText);
const own = (v: object, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined;

/**
 * The asset, checked: a clear error naming what is wrong when the value is not an asset of this format. The
 * features are checked field by field because every answer reads them; the rest by shape.
 */
export function readAsset(value: unknown): FeatureAsset {
  const fail = (what: string): never => {
    throw new Error(`features.json is not a features asset of format ${ASSET_FORMAT}: ${what}`);
  };
  if (typeof value !== "object" || value === null) return fail("not an object");
  if (own(value, "format") !== ASSET_FORMAT) fail(`format is ${JSON.stringify(own(value, "format"))}`);
  const identity = own(value, "identity");
  if (
    typeof identity !== "object" ||
    identity === null ||
    !["webFeatures", "bcd", "dataDate"].every((k) => isText(own(identity, k)))
  ) {
    fail("identity is incomplete");
  }
  const features = own(value, "features");
  if (!Array.isArray(features)) return fail("features is not a list");
  for (const [i, f] of (features as unknown[]).entries()) {
    const problem = featureProblem(f);
    if (problem !== null) fail(`features[${i}] ${problem}`);
  }
  const redirects = own(value, "redirects");
  if (typeof redirects !== "object" || redirects === null) fail("redirects is not an object");
  const groups = own(value, "groups");
  if (!Array.isArray(groups)) fail("groups is not a list");
  const compat = own(value, "compat");
  if (
    typeof compat !== "object" ||
    compat === null ||
    !isText(own(compat, "rows")) ||
    !isTextList(own(compat, "supports")) ||
    !Array.isArray(own(compat, "bases"))
  ) {
    fail("compat keys are not packed as this format packs them");
  }
  const releases = own(value, "releases");
  if (
    typeof releases !== "object" ||
    releases === null ||
    !RELEASE_BROWSERS.every((b) => Array.isArray(own(releases, b)))
  ) {
    fail("releases lacks a browser");
  }
  return value as FeatureAsset;
}

function featureProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return "is not an object";
  const f = value as Record<string, unknown>;
  if (!isText(f.id) || !isText(f.name)) return "has no id or name";
  if (!isTextList(f.aliases)) return "has aliases that are not text";
  const versions = (list: unknown): boolean =>
    Array.isArray(list) &&
    list.length === SUPPORT_BROWSERS.length &&
    list.every((s) => s === null || isText(s));
  if (!versions(f.support)) return "has a support list of the wrong shape";
  if (f.removed !== undefined && !versions(f.removed)) return "has a removed list of the wrong shape";
  if (f.baseline !== "high" && f.baseline !== "low" && f.baseline !== false) return "has no Baseline status";
  return null;
}

/** A feature's version in one browser, or null. */
export function supportIn(feature: AssetFeature, browser: SupportBrowser): string | null {
  return feature.support[SUPPORT_BROWSERS.indexOf(browser)] ?? null;
}
