/**
 * The build step's compat keys: which browser-compat-data keys of each feature are kept (keptKey), the key
 * that is the feature itself (ownKey), and all of them packed as PackedCompatKeys says (src/core/features/
 * asset.ts), with the pages of parents that have none (basesOf).
 */
import {
  MDN_DOCS,
  SUPPORT_BROWSERS,
  type AssetFeature,
  type PackedCompatKeys,
} from "../src/core/features/asset.ts";
import { normalize } from "../src/core/features/normalize.ts";
import { compatOf, supportText, type CompatData, type WebFeature } from "./features-sources.ts";

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
export function packKeys(
  features: readonly AssetFeature[],
  sources: readonly Extract<WebFeature, { kind: "feature" }>[],
  compat: CompatData,
): PackedCompatKeys {
  const lines = sources.map((source, f): KeyLine => {
    const keys = (source.compat_features ?? []).filter(keptKey).sort();
    const own = ownKey(features[f]?.id ?? "", source.name, keys);
    return {
      keys,
      featureTuple: (features[f]?.support ?? []).map((s) => s ?? "").join(","),
      ...(own !== undefined && { own }),
    };
  });
  return packLines(lines, compat);
}

/** One line of packed keys: its keys, sorted; the support they share unwritten (the feature's); the own key. */
export interface KeyLine {
  readonly keys: readonly string[];
  readonly featureTuple?: string;
  readonly own?: string;
}

/** `lines` packed as PackedCompatKeys says. */
export function packLines(lines: readonly KeyLine[], compat: CompatData): PackedCompatKeys {
  const pageOf = (k: string): string => {
    const u = compatOf(compat, k)?.mdn_url;
    return u?.startsWith(MDN_DOCS) ? u.slice(MDN_DOCS.length) : "";
  };
  const kept = new Set(lines.flatMap((l) => l.keys));
  const bases = basesOf([...kept], pageOf, kept);
  const supports: string[] = [];
  const supportIndex = new Map<string, number>();
  const rows = lines.map(({ keys, featureTuple, own }) => {
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
          (k === own ? "o" : "") + (c?.status?.deprecated ? "d" : "") + memberFlags(k),
        ]
          .join(",")
          .replace(/,+$/, "");
      })
      .join(" ");
  });
  const written = [...kept].flatMap((k) => {
    const symbol = operatorSymbol(compatOf(compat, k)?.description);
    return k.startsWith("javascript.operators.") && symbol !== null ? [[symbol, k] as const] : [];
  });
  return { rows: rows.join("\n"), supports, bases: [...bases], ...(written.length > 0 && { written }) };
}

/**
 * How a JavaScript builtin's member is called (`Array.toSorted` -> "fp", `Array.from` -> "f"): `f` for a
 * function, `p` for a member of its instances (`Array.prototype.…`; none for one of the constructor itself).
 * Asked of the build's own JavaScript through property descriptors, so a getter (`Map.size`) is never
 * called; a member newer than the build's Node is not known, and its title has neither.
 */
export function memberFlags(key: string): string {
  const parts = key.split(".");
  if (parts[0] !== "javascript" || parts[1] !== "builtins" || parts.length < 4) return "";
  const last = parts.at(-1) ?? "";
  const name = last.endsWith("_static") ? last.slice(0, -7) : last;
  let owner: unknown = globalThis;
  for (const part of parts.slice(2, -1)) {
    owner = Object.getOwnPropertyDescriptor(Object(owner), part)?.value;
    if (owner === undefined) return "";
  }
  const property: PropertyKey = name.startsWith("@@")
    ? ((Symbol as unknown as Record<string, symbol | undefined>)[name.slice(2)] ?? name)
    : name;
  const prototype: unknown = Object.getOwnPropertyDescriptor(Object(owner), "prototype")?.value;
  const onInstance = last.endsWith("_static")
    ? undefined
    : Object.getOwnPropertyDescriptor(Object(prototype), property);
  const member = onInstance ?? Object.getOwnPropertyDescriptor(Object(owner), property);
  if (member === undefined) return "";
  // A constructor under a namespace (`Intl.Segmenter`) is a function too, but not called as one by name.
  const called = typeof member.value === "function" && !/^[A-Z]/.test(name);
  return (called ? "f" : "") + (onInstance === undefined ? "" : "p");
}

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };

/**
 * The symbol in an operator's description (`Nullish coalescing assignment (<code>x ??= y</code>)` -> `??=`,
 * `Exponentiation (<code>**</code>)` -> `**`): its code without the operands, where only punctuation is left.
 */
export function operatorSymbol(description: string | undefined): string | null {
  const code = /<code>(.*?)<\/code>/.exec(description ?? "")?.[1];
  if (code === undefined) return null;
  const symbol = code
    .replace(/&(amp|lt|gt);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\b[a-z]\b/g, "")
    .replace(/\s+/g, "");
  return symbol !== "" && !/[\p{L}\p{N}]/u.test(symbol) ? symbol : null;
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
