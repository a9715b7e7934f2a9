/**
 * Build step, pure: the data packages in, the features asset out (src/core/features/asset.ts says what it
 * holds and why). Only the fields the answers read are kept: descriptions, snapshots and the per-key support
 * tables of web-features stay behind; browser-compat-data gives each kept key its own support and page, and
 * caniuse gives the words people use for a feature.
 */
import {
  ASSET_FORMAT,
  RELEASE_BROWSERS,
  SUPPORT_BROWSERS,
  type AssetFeature,
  type AssetGroup,
  type AssetRelease,
  type FeatureAsset,
  type ReleaseBrowser,
} from "../src/core/features/asset.ts";
import { normalize } from "../src/core/features/normalize.ts";
import {
  compatOf,
  supportText,
  type CaniuseData,
  type CompatData,
  type Support,
  type WebFeature,
  type WebFeaturesData,
} from "./features-sources.ts";
import { packKeys } from "./features-pack-keys.ts";
import type { FeatureAlias } from "./feature-aliases.ts";
import { compareVersions } from "../src/core/version.ts";

/**
 * The asset for web-features `webFeaturesVersion`'s data, browser-compat-data's and caniuse's, with our own
 * `aliases` (scripts/feature-aliases.ts for the real data).
 */
export function extractFeatures(
  webFeatures: WebFeaturesData,
  webFeaturesVersion: string,
  compat: CompatData,
  caniuse: CaniuseData = { data: {} },
  aliases: readonly FeatureAlias[] = [],
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
  const named = withOwnAliases(withCaniuseWords(features, sources, caniuse), aliases);
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
    aliases: [...(f.caniuse ?? []).filter((c) => c !== id), ...knownAs(f.description)],
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
 * The other names a feature's description gives it ("Also known as the Battery API.", "also known as
 * high-contrast mode", "Also known as zero round-trip time resumption (0-RTT)", "Also known as ECMAScript
 * modules or ESM in service workers"): web-features' own words for what people call it.
 */
export function knownAs(description: string | undefined): string[] {
  const names: string[] = [];
  for (const m of (description ?? "").matchAll(/(\(?)\balso known as ((?:[^.;:()]|\([^()]*\))+)/gi)) {
    // "(also known as MIME types)" names a word of the sentence, not the feature.
    if (m[1] === "(") continue;
    const clause = (m[2] ?? "").split(/,\s*(?:and|which|that|or)\b|,(?=\s)/)[0] ?? "";
    for (const part of clause.split(/\s+or\s+|\s*,\s*/)) {
      const abbreviation = /\(([^()]+)\)\s*$/.exec(part)?.[1];
      const name = part
        .replace(/\([^()]*\)\s*$/, "")
        .replace(/^(?:the|a|an)\s+/i, "")
        .trim();
      for (const n of [name, abbreviation])
        if (n !== undefined && n.length > 1 && n.split(" ").length <= 6 && !/[()]/.test(n))
          names.push(n.trim());
    }
  }
  return names;
}

/** Our aliases added to their features' exact names; an alias of an id not in the data stops the build. */
function withOwnAliases(features: readonly AssetFeature[], aliases: readonly FeatureAlias[]): AssetFeature[] {
  const ids = new Set(features.map((f) => f.id));
  const unknown = aliases.filter((a) => !ids.has(a.id));
  if (unknown.length > 0) {
    throw new Error(
      `feature-aliases.ts names ids web-features does not have: ${unknown.map((a) => a.id).join(", ")}`,
    );
  }
  return features.map((f) => {
    const own = aliases.filter((a) => a.id === f.id).map((a) => a.alias);
    return own.length === 0 ? f : { ...f, aliases: [...new Set([...f.aliases, ...own])] };
  });
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
