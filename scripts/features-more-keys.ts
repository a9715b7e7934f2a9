/**
 * Build step, pure: the second features asset (src/core/features/more-keys.ts says what it holds and why),
 * every browser-compat-data key the first asset does not keep, but the trees of browser extensions and of
 * WebDriver, which no web page uses.
 */
import { MORE_KEYS_FORMAT, type MoreKeysAsset } from "../src/core/features/more-keys.ts";
import { keptKey, packLines, type KeyLine } from "./features-pack-keys.ts";
import type { CompatData, WebFeaturesData } from "./features-sources.ts";

/** Trees no web page's feature is in: an extension's APIs and a test driver's commands. */
const NOT_WEB = new Set(["webextensions", "webdriver", "browsers", "__meta"]);

/** Every key of browser-compat-data's web trees (an entry with `__compat`), in the data's order. */
export function allKeys(compat: CompatData): string[] {
  const keys: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node !== "object" || node === null) return;
    for (const [name, child] of Object.entries(node)) {
      if (name === "__compat" || typeof child !== "object" || child === null) continue;
      const key = path === "" ? name : `${path}.${name}`;
      if ("__compat" in child) keys.push(key);
      walk(child, key);
    }
  };
  for (const [tree, node] of Object.entries(compat)) if (!NOT_WEB.has(tree)) walk(node, tree);
  return keys;
}

/**
 * The second asset: per web feature (in the first asset's order: the features of web-features' data that
 * are not moved or split), its keys the first asset leaves out; then, per tree, the keys of no feature.
 */
export function extractMoreKeys(webFeatures: WebFeaturesData, compat: CompatData): MoreKeysAsset {
  const web = new Set(allKeys(compat));
  const ofFeatures = new Set<string>();
  const lines: KeyLine[] = [];
  for (const f of Object.values(webFeatures.features)) {
    if (f.kind !== "feature") continue;
    const keys = f.compat_features ?? [];
    for (const k of keys) ofFeatures.add(k);
    lines.push({ keys: keys.filter((k) => !keptKey(k) && web.has(k)).sort() });
  }
  const byTree = new Map<string, string[]>();
  for (const k of web) {
    if (ofFeatures.has(k)) continue;
    const tree = k.split(".")[0] ?? "";
    byTree.set(tree, [...(byTree.get(tree) ?? []), k]);
  }
  for (const [, keys] of [...byTree].sort(([a], [b]) => (a < b ? -1 : 1))) lines.push({ keys: keys.sort() });
  return { format: MORE_KEYS_FORMAT, bcd: compat.__meta.version, compat: packLines(lines, compat) };
}
