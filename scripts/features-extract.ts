/**
 * Build step, pure: the data packages in, the features asset out (src/core/features/asset.ts says what it
 * holds and why). Only the fields the answers read are kept: descriptions, snapshots and the per-key support
 * tables of web-features stay behind; browser-compat-data gives each kept key its own support and page, and
 * caniuse gives the words people use for a feature.
 */
import {
  ASSET_FORMAT,
  MDN_DOCS,
  RELEASE_BROWSERS,
  SUPPORT_BROWSERS,
  type AssetFeature,
  type AssetGroup,
  type AssetRelease,
  type FeatureAsset,
  type PackedCompatKeys,
  type ReleaseBrowser,
} from "../src/core/features/asset.ts";
import { normalize } from "../src/core/features/normalize.ts";
import { compareVersions } from "../src/core/version.ts";

/** The part of web-features' `data.json` read here. */
export interface WebFeaturesData {
  readonly features: Readonly<Record<string, WebFeature>>;
  readonly groups?: Readonly<Record<string, { readonly name: string }>>;
}

type Support = Readonly<Record<string, string>>;

export type WebFeature =
  | {
      readonly kind: "feature";
      readonly name: string;
      readonly caniuse?: readonly string[];
      readonly compat_features?: readonly string[];
      readonly spec?: readonly string[];
      readonly group?: readonly string[];
      readonly discouraged?: { readonly reason: string; readonly alternatives?: readonly string[] };
      readonly status: {
        readonly baseline: "high" | "low" | false;
        readonly baseline_low_date?: string;
        readonly baseline_high_date?: string;
        readonly support: Support;
        readonly by_compat_key?: Readonly<Record<string, { readonly support: Support }>>;
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

/** The part of caniuse-db's `fulldata-json/data-2.0.json` read here: each feature's title and keywords. */
export interface CaniuseData {
  readonly data: Readonly<Record<string, { readonly title?: string; readonly keywords?: string }>>;
}

interface Statement {
  readonly version_added?: string | boolean | null;
  readonly version_removed?: string | boolean | null;
  readonly flags?: unknown;
  readonly prefix?: unknown;
  readonly alternative_name?: unknown;
  readonly partial_implementation?: unknown;
}
interface Compat {
  readonly mdn_url?: string;
  readonly support?: Readonly<Record<string, Statement | readonly Statement[]>>;
  readonly status?: { readonly deprecated?: boolean };
}

/** The asset for web-features `webFeaturesVersion`'s data, browser-compat-data's and caniuse's. */
export function extractFeatures(
  webFeatures: WebFeaturesData,
  webFeaturesVersion: string,
  compat: CompatData,
  caniuse: CaniuseData = { data: {} },
): FeatureAsset {
  const features: AssetFeature[] = [];
  const sources: Extract<WebFeature, { kind: "feature" }>[] = [];
  const redirects: Record<string, readonly string[]> = {};
  for (const [id, f] of Object.entries(webFeatures.features)) {
    if (f.kind === "moved") redirects[id] = [f.redirect_target];
    else if (f.kind === "split") redirects[id] = [...f.redirect_targets];
    else {
      features.push(featureOf(id, f, compat));
      sources.push(f);
    }
  }
  const named = withCaniuseWords(features, sources, caniuse);
  return {
    format: ASSET_FORMAT,
    identity: {
      webFeatures: webFeaturesVersion,
      bcd: compat.__meta.version,
      dataDate: compat.__meta.timestamp.slice(0, 10),
    },
    features: named,
    redirects,
    groups: groupsOf(webFeatures, sources),
    compat: packKeys(named, sources, compat),
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
  const { status } = f;
  const chromePart = status.support.chrome === undefined ? partOf(status.by_compat_key) : undefined;
  const removed = removedOf(keys, compat, status.support);
  return {
    id,
    name: f.name,
    aliases: (f.caniuse ?? []).filter((c) => c !== id),
    support: SUPPORT_BROWSERS.map((b) => status.support[b] ?? null),
    ...(removed !== undefined && { removed }),
    ...(chromePart !== undefined && { chromePart }),
    baseline: status.baseline,
    ...(status.baseline_low_date !== undefined && { baselineLow: status.baseline_low_date }),
    ...(status.baseline_high_date !== undefined && { baselineHigh: status.baseline_high_date }),
    ...(f.spec?.[0] !== undefined && { spec: f.spec[0] }),
    ...(f.caniuse?.[0] !== undefined && { caniuse: f.caniuse[0] }),
    ...(f.discouraged !== undefined && {
      discouraged: { reason: f.discouraged.reason, alternatives: f.discouraged.alternatives ?? [] },
    }),
  };
}

/**
 * caniuse's title and keywords of the caniuse features a web feature links to, as its other names: the title
 * and keywords of more than one word are exact names ("lazy image loading"), unless two features share one;
 * one-word keywords ("parent", "selector") only help a search, they name too much to be exact.
 */
function withCaniuseWords(
  features: readonly AssetFeature[],
  sources: readonly Extract<WebFeature, { kind: "feature" }>[],
  caniuse: CaniuseData,
): AssetFeature[] {
  const words = features.map((_, i) => {
    const exact = new Set<string>();
    const loose = new Set<string>();
    for (const id of sources[i]?.caniuse ?? []) {
      const entry = Object.prototype.hasOwnProperty.call(caniuse.data, id) ? caniuse.data[id] : undefined;
      if (entry?.title !== undefined) exact.add(entry.title);
      for (const k of (entry?.keywords ?? "").split(",")) {
        const word = k.trim();
        if (word === "") continue;
        (normalize(word).includes(" ") ? exact : loose).add(word);
      }
    }
    return { exact, loose };
  });
  const owners = new Map<string, number>();
  for (const { exact } of words)
    for (const w of exact) owners.set(normalize(w), (owners.get(normalize(w)) ?? 0) + 1);
  return features.map((f, i) => {
    const { exact, loose } = words[i] ?? { exact: new Set<string>(), loose: new Set<string>() };
    const shared = [...exact].filter((w) => (owners.get(normalize(w)) ?? 0) > 1);
    const aliases = [...new Set([...f.aliases, ...[...exact].filter((w) => !shared.includes(w))])];
    const keywords = [...new Set([...loose, ...shared])];
    return { ...f, aliases, ...(keywords.length > 0 && { keywords }) };
  });
}

/** Where no Chrome version supports all of a feature: the earliest Chrome version of a part, and how many parts. */
function partOf(
  byKey: Readonly<Record<string, { readonly support: Support }>> | undefined,
): AssetFeature["chromePart"] {
  const versions = Object.values(byKey ?? {})
    .map((k) => k.support.chrome)
    .filter((v): v is string => v !== undefined);
  const since = versions.sort((a, b) => compareVersions(a.replace("≤", ""), b.replace("≤", "")))[0];
  return since === undefined
    ? undefined
    : { since, keys: versions.length, of: Object.keys(byKey ?? {}).length };
}

/** The compat data of `key` (`css.selectors.has`), if the tree has it. */
function compatOf(compat: CompatData, key: string): Compat | undefined {
  let node: unknown = compat;
  for (const part of key.split(".")) {
    node =
      typeof node === "object" && node !== null && Object.prototype.hasOwnProperty.call(node, part)
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return (node as { __compat?: Compat } | undefined)?.__compat;
}

/** A browser's current statement: the first that is not behind a flag, a prefix, another name or partial. */
function statementOf(value: Statement | readonly Statement[] | undefined): Statement | undefined {
  const list: readonly Statement[] =
    value === undefined ? [] : Array.isArray(value) ? value : [value as Statement];
  return list.find((s) => !s.flags && !s.prefix && !s.alternative_name && !s.partial_implementation);
}

/** `80`, `≤37`, `1-127` (supported from 1, removed in 127), or empty where it never shipped. */
function supportText(value: Statement | readonly Statement[] | undefined): string {
  const s = statementOf(value);
  if (typeof s?.version_added !== "string" || s.version_added === "preview") return "";
  return typeof s.version_removed === "string" ? `${s.version_added}-${s.version_removed}` : s.version_added;
}

/**
 * Per browser: where a feature was supported once and is no more. Where web-features gives a browser no
 * version, and every key of the feature that browser ever shipped was removed, it says from where to where.
 */
function removedOf(
  keys: readonly string[],
  compat: CompatData,
  support: Support,
): (string | null)[] | undefined {
  const removed = SUPPORT_BROWSERS.map((b) => {
    if (support[b] !== undefined) return null;
    const spans = keys.map((k) => supportText(compatOf(compat, k)?.support?.[b])).filter((t) => t !== "");
    if (spans.length === 0 || !spans.every((t) => t.includes("-"))) return null;
    const from = spans.map((t) => t.split("-")[0] ?? "").sort(byVersion)[0];
    const until = spans
      .map((t) => t.split("-")[1] ?? "")
      .sort(byVersion)
      .at(-1);
    return `${from}-${until}`;
  });
  return removed.some((r) => r !== null) ? removed : undefined;
}

const byVersion = (a: string, b: string): number => compareVersions(a.replace("≤", ""), b.replace("≤", ""));

/**
 * The key that is the feature itself: its only key, or the entry whose last segment reads as the feature's id
 * or name (`css.selectors.has` for `has`), alone or after its parent (`javascript.builtins.Array.at` for
 * `array-at`). A feature of many keys has no such key, and a link to one of its
 * members (`CSSContainerRule` for container queries) would send people to the wrong page.
 */
function ownKey(id: string, name: string, keys: readonly string[]): string | undefined {
  const names = new Set([normalize(id), normalize(name)]);
  const named = (k: string): boolean => {
    const parts = k.split(".");
    const last = parts.at(-1) ?? "";
    return names.has(normalize(last)) || names.has(normalize(`${parts.at(-2) ?? ""} ${last}`));
  };
  return keys.length === 1 ? keys[0] : keys.find(named);
}

/** Trees of keys nobody asks a page about (WebDriver commands, manifests, MathML's and Wasm's details). */
const SKIPPED_TREES = new Set(["webdriver", "manifests", "mediatypes", "webassembly", "mathml"]);

/**
 * Whether a compat key is kept: entries and their members (`api.Document.startViewTransition`,
 * `html.elements.img.loading`, `javascript.builtins.Array.findLast`), not deeper variants and values
 * (`css.properties.gap.grid_context`, `api.Element.animate.options_composite_parameter`), which no one types
 * and which would take the asset over its budget.
 */
export function keptKey(key: string): boolean {
  const parts = key.split(".");
  if (SKIPPED_TREES.has(parts[0] ?? "")) return false;
  const deep =
    (parts[0] === "html" && parts[1] === "elements") ||
    (parts[0] === "javascript" && parts[1] === "builtins");
  return parts.length <= (deep ? 4 : 3);
}

/** The kept compat keys of every feature, packed (PackedCompatKeys says how). */
function packKeys(
  features: readonly AssetFeature[],
  sources: readonly Extract<WebFeature, { kind: "feature" }>[],
  compat: CompatData,
): PackedCompatKeys {
  const pageOf = (k: string): string => {
    const u = compatOf(compat, k)?.mdn_url;
    return u?.startsWith(MDN_DOCS) ? u.slice(MDN_DOCS.length) : "";
  };
  const keyLists = sources.map((f) => (f.compat_features ?? []).filter(keptKey).sort());
  const kept = new Set(keyLists.flat());
  const bases = basesOf([...kept], pageOf, kept);
  const supports: string[] = [];
  const supportIndex = new Map<string, number>();
  const rows = keyLists.map((keys, f) => {
    const source = sources[f];
    const own = source === undefined ? undefined : ownKey(features[f]?.id ?? "", source.name, keys);
    const featureTuple = (features[f]?.support ?? []).map((s) => s ?? "").join(",");
    let previous = "";
    return keys
      .map((k) => {
        const c = compatOf(compat, k);
        const tuple = SUPPORT_BROWSERS.map((b) => supportText(c?.support?.[b])).join(",");
        let support = "";
        if (tuple !== featureTuple) {
          if (!supportIndex.has(tuple)) {
            supportIndex.set(tuple, supports.length);
            supports.push(tuple);
          }
          support = (supportIndex.get(tuple) ?? 0).toString(36);
        }
        const page = pageOf(k);
        const parent = k.slice(0, k.lastIndexOf("."));
        const base = kept.has(parent) ? pageOf(parent) : bases.get(parent);
        const derived = base !== undefined && base !== "" && `${base}/${k.slice(parent.length + 1)}` === page;
        let shared = 0;
        while (shared < previous.length && shared < k.length && previous[shared] === k[shared]) shared++;
        previous = k;
        return [
          // A rest that starts with a digit is set off, or its digits would read as part of the count.
          `${shared}${/^\d/.test(k.slice(shared)) ? "|" : ""}${k.slice(shared)}`,
          support,
          // The feature's own key keeps its page in full: an answer links it without unpacking every key.
          derived && k !== own ? "" : page === "" ? "-" : page,
          (k === own ? "o" : "") + (c?.status?.deprecated ? "d" : ""),
        ]
          .join(",")
          .replace(/,+$/, "");
      })
      .join(" ");
  });
  return { rows: rows.join("\n"), supports, bases: [...bases] };
}

/**
 * Per parent key that is not itself kept (`css.properties`), the MDN path most of its members' pages are under
 * (`Web/CSS/Reference/Properties`), so a member's page need not be written in full.
 */
function basesOf(
  keys: readonly string[],
  pageOf: (k: string) => string,
  kept: ReadonlySet<string>,
): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const k of keys) {
    const parent = k.slice(0, k.lastIndexOf("."));
    const page = pageOf(k);
    const segment = k.slice(parent.length + 1);
    if (kept.has(parent) || !page.endsWith(`/${segment}`)) continue;
    const base = page.slice(0, -segment.length - 1);
    const seen = counts.get(parent) ?? new Map<string, number>();
    seen.set(base, (seen.get(base) ?? 0) + 1);
    counts.set(parent, seen);
  }
  const bases = new Map<string, string>();
  for (const [parent, seen] of counts) {
    const best = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (best !== undefined && best[1] > 1) bases.set(parent, best[0]);
  }
  return bases;
}

/** web-features' groups with the features in each, for a question that names a group ("web components"). */
function groupsOf(
  webFeatures: WebFeaturesData,
  sources: readonly Extract<WebFeature, { kind: "feature" }>[],
): AssetGroup[] {
  return Object.entries(webFeatures.groups ?? {})
    .map(([id, g]) => ({
      name: g.name,
      features: sources.flatMap((f, i) => ((f.group ?? []).includes(id) ? [i] : [])),
    }))
    .filter((g) => g.features.length > 0);
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
