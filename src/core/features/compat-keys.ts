/**
 * The asset's browser-compat-data keys, unpacked (asset.ts PackedCompatKeys says how they are packed): each
 * key with its web feature, its own support per browser, its MDN page, and whether it is the feature itself.
 * A question that names one key (`optional chaining`, `api.Document.exitPictureInPicture`) is answered from
 * the key's own support: web-features folds keys into broad features (`javascript.operators.optional_chaining`
 * is part of "Object", Chrome 1, while the operator came in Chrome 80).
 */
import { MDN_DOCS, perAsset, type AssetFeature, type FeatureAsset, type PackedCompatKeys } from "./asset.ts";

export interface CompatKey {
  /** `javascript.operators.optional_chaining`. */
  readonly key: string;
  /** Its web feature; null for a key of the second asset (more-keys.ts), which no web feature carries. */
  readonly feature: AssetFeature | null;
  /** Per SUPPORT_BROWSERS browser (same order): `80`, `≤37`, `1-127` (removed in 127), or null where it never shipped. */
  readonly support: readonly (string | null)[];
  /** Its MDN page, a full https address, where browser-compat-data names one. */
  readonly page: string | undefined;
  /** It is the feature itself (its only key, or the entry named as it). */
  readonly own: boolean;
  readonly deprecated: boolean;
  /** A JavaScript builtin's function (`Array.prototype.toSorted()`), as far as the build could tell. */
  readonly callable: boolean;
  /** A JavaScript builtin's member of its instances (`Array.prototype.toSorted()`), as far as the build could tell. */
  readonly onInstance: boolean;
}

/** A support text read: added in `added` (maybe `≤`), removed in `removed` where it was. */
export interface KeySupport {
  readonly added: string;
  readonly removed?: string;
}

/** `1-127` -> { added: "1", removed: "127" }; `80` -> { added: "80" }; null stays null. */
export function readSupport(text: string | null): KeySupport | null {
  if (text === null || text === "") return null;
  const dash = text.indexOf("-");
  return dash < 0 ? { added: text } : { added: text.slice(0, dash), removed: text.slice(dash + 1) };
}

/** Every key of the asset, unpacked once per asset. */
export const compatKeys: (asset: FeatureAsset) => readonly CompatKey[] = perAsset(unpack);

const toSupport = (tuple: string): (string | null)[] => tuple.split(",").map((s) => (s === "" ? null : s));

/**
 * A key as unpacked: plain fields, and its page resolved when first read (most answers read none of the ten
 * thousand), so unpacking makes one small object per key and nothing else.
 */
class PackedKey implements CompatKey {
  constructor(
    readonly key: string,
    readonly feature: AssetFeature | null,
    readonly support: readonly (string | null)[],
    readonly own: boolean,
    readonly deprecated: boolean,
    readonly callable: boolean,
    readonly onInstance: boolean,
    private readonly pages: (key: string) => string | undefined,
  ) {}

  get page(): string | undefined {
    const path = this.pages(this.key);
    return path === undefined ? undefined : MDN_DOCS + path;
  }
}

function unpack(asset: FeatureAsset): CompatKey[] {
  return unpackKeys(asset.compat, (line) => asset.features[line]);
}

/**
 * The keys of `packed`, each line's with the feature `featureOf` gives for it (null: no feature, every key's
 * support written); a line whose feature is undefined is skipped.
 */
export function unpackKeys(
  packed: PackedCompatKeys,
  featureOf: (line: number) => AssetFeature | null | undefined,
): CompatKey[] {
  const { rows, supports, bases } = packed;
  const tuples = supports.map(toSupport);
  /** Key -> its page as packed: a path, "-" for none, "" for under its parent's. */
  const codes = new Map<string, string>();
  const pageOf = pagesOf(codes, new Map(bases.map(([parent, base]) => [parent, base])));
  const keys: CompatKey[] = [];
  const lines = rows.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const feature = featureOf(i);
    const line = lines[i] ?? "";
    if (feature === undefined || line === "") continue;
    let previous = "";
    for (const entry of line.split(" ")) {
      const [name = "", support = "", page = "", flags = ""] = entry.split(",");
      const shared = /^(\d+)\|?/.exec(name);
      const key = previous.slice(0, Number(shared?.[1] ?? 0)) + name.slice(shared?.[0].length ?? 0);
      previous = key;
      const tuple = support === "" ? feature?.support : tuples[parseInt(support, 36)];
      if (tuple === undefined) continue;
      codes.set(key, page);
      keys.push(
        new PackedKey(
          key,
          feature,
          tuple,
          flags.includes("o"),
          flags.includes("d"),
          flags.includes("f"),
          flags.includes("p"),
          pageOf,
        ),
      );
    }
  }
  return keys;
}

/**
 * A key's page: its own path, or its parent's page (the parent key's, else the parent's base) and its last
 * segment, `api.Document` -> `Web/API/Document/startViewTransition`. A parent can be on a later line, so
 * pages are resolved once every line is read, each once.
 */
function pagesOf(
  codes: ReadonlyMap<string, string>,
  bases: ReadonlyMap<string, string>,
): (key: string) => string | undefined {
  const resolved = new Map<string, string | undefined>();
  const pageOf = (key: string): string | undefined => {
    if (resolved.has(key)) return resolved.get(key);
    const code = codes.get(key);
    let page: string | undefined;
    if (code !== undefined && code !== "" && code !== "-") page = code;
    else if (code === "") {
      const parent = key.slice(0, key.lastIndexOf("."));
      const base = codes.has(parent) ? pageOf(parent) : bases.get(parent);
      page = base === undefined ? undefined : `${base}/${key.slice(parent.length + 1)}`;
    }
    resolved.set(key, page);
    return page;
  };
  return pageOf;
}

/**
 * The MDN page of the key that is `feature` itself, read from the feature's own line alone (the packing
 * keeps that page in full), so an answer's links do not unpack the asset's ten thousand keys.
 */
export function ownKeyPage(asset: FeatureAsset, feature: AssetFeature): string | undefined {
  const line = asset.compat.rows.split("\n", asset.features.indexOf(feature) + 1).at(-1) ?? "";
  for (const entry of line.split(" ")) {
    const [, , page = "", flags = ""] = entry.split(",");
    if (flags.includes("o")) return page === "" || page === "-" ? undefined : MDN_DOCS + page;
  }
  return undefined;
}
