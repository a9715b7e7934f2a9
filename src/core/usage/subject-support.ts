/**
 * What one subject (a web feature, a compat key) is supported by, per caniuse agent and version, from the
 * usage asset: the feature's caniuse table where it has one (so the figure equals the one caniuse shows),
 * else browser-compat-data's support mapped onto caniuse's versions (support.ts bcdStatus), Chromium-based
 * agents read through Chrome at their engine version, and agents without data unknown.
 */
import { BCD_OF, isAgent, MIRRORED } from "./agents.ts";
import { BCD_INDEX, versionsOf, type UsageAsset } from "./asset.ts";
import { compileSpec, unpackRuns, type Status } from "./support.ts";

/** A subject's support: the letter for an agent's version. */
export type SupportOf = (agent: string, version: string) => Status;

/** Where a subject's support came from: caniuse's own table, or browser-compat-data's, mapped. */
export type SupportSource = "caniuse" | "bcd";

/** Support from caniuse's table `id`, or null where the asset has none of that id. */
export function caniuseSupport(asset: UsageAsset, id: string): SupportOf | null {
  if (!Object.hasOwn(asset.caniuse, id)) return null;
  const stats = asset.caniuse[id] ?? {};
  const byAgent = new Map<string, Map<string, Status>>();
  const of = (agent: string): Map<string, Status> => {
    let map = byAgent.get(agent);
    if (map === undefined) {
      const versions = versionsOf(asset, agent);
      const runs = Object.hasOwn(stats, agent) ? (stats[agent] ?? "") : "";
      const letters = unpackRuns(runs, versions.length) ?? [];
      map = new Map(versions.map((v, i) => [v, letters[i] ?? "u"]));
      byAgent.set(agent, map);
    }
    return map;
  };
  // A version caniuse's table does not list (a newer usage table's) is unknown, not guessed.
  return (agent, version) => of(agent).get(version) ?? "u";
}

/** Support from a packed browser-compat-data spec (asset.ts `bcd.specs`). */
export function bcdSupport(asset: UsageAsset, spec: string): SupportOf {
  const parts = spec.split(";");
  const compiled = new Map<string, (version: string) => Status>();
  const of = (browser: string): ((version: string) => Status) => {
    let status = compiled.get(browser);
    if (status === undefined) {
      status = compileSpec(parts[BCD_INDEX[browser] ?? -1] ?? "");
      compiled.set(browser, status);
    }
    return status;
  };
  return remembered((agent, version) => {
    if (!isAgent(agent)) return "u";
    const own = BCD_OF[agent];
    if (own !== undefined) return of(own)(version);
    const via = MIRRORED[agent];
    if (via === undefined) return "u";
    const engines = Object.hasOwn(asset.engines, agent) ? asset.engines[agent] : undefined;
    const engine = engines !== undefined && Object.hasOwn(engines, version) ? engines[version] : undefined;
    return engine === undefined ? "u" : of(via)(engine);
  });
}

/** `support`, each agent's version worked out once: the tables of one answer share most of their versions. */
function remembered(support: SupportOf): SupportOf {
  const seen = new Map<string, Status>();
  return (agent, version) => {
    const key = `${agent} ${version}`;
    let status = seen.get(key);
    if (status === undefined) {
      status = support(agent, version);
      seen.set(key, status);
    }
    return status;
  };
}

/** The spec of the feature with `id` (one without a caniuse table), or null. */
export function featureSpec(asset: UsageAsset, id: string): string | null {
  const index = Object.hasOwn(asset.bcd.features, id) ? asset.bcd.features[id] : undefined;
  return index === undefined ? null : (asset.bcd.specs[index] ?? null);
}

/** The specs of the features asset's compat keys, in compatKeys' order, read once per asset. */
const keySpecs = new WeakMap<UsageAsset, readonly string[]>();

/** The spec of the compat key at `index` in compatKeys' order, or null. */
export function keySpec(asset: UsageAsset, index: number): string | null {
  let specs = keySpecs.get(asset);
  if (specs === undefined) {
    specs = asset.bcd.keys.split(" ").map((code) => asset.bcd.specs[parseInt(code, 36)] ?? "");
    keySpecs.set(asset, specs);
  }
  return specs[index] ?? null;
}
