/**
 * The second features asset (`compat-keys.json`): every browser-compat-data key the first asset leaves out,
 * deprecated and removed ones too (`api.KeyboardEvent.keyCode`, `html.elements.marquee`,
 * `http.headers.X-XSS-Protection`), so a question about one is answered from its own support. The first
 * asset stays small enough to read on every first question; this one is read only when the first names
 * nothing for sure, or found something only by a loose name for a question written as code, and by the steps
 * that look a key up by its path (match-more.ts); the surfaces read it where a resolution with a probe reads
 * it (moreKeysProbe, through shared/answers/index.ts moreKeysFor).
 *
 * Its keys are packed as the first asset's (asset.ts PackedCompatKeys): line i holds the deeper keys of the
 * first asset's feature i (`css.properties.gap.grid_context` is Grid's), every key's support written out;
 * the lines after the features hold the keys no web feature carries, one line per tree.
 */
import { perAsset, type FeatureAsset, type PackedCompatKeys } from "./asset.ts";
import { unpackKeys, type CompatKey } from "./compat-keys.ts";

/** Where the second asset is in the built extension, beside features.json. */
export const MORE_KEYS_FILE = "compat-keys.json";

/** Its layout version: readMoreKeys refuses another. */
export const MORE_KEYS_FORMAT = 1;

export interface MoreKeysAsset {
  readonly format: typeof MORE_KEYS_FORMAT;
  /** The browser-compat-data version: the first asset's, or the two are not read together. */
  readonly bcd: string;
  readonly compat: PackedCompatKeys;
}

/** The second asset, checked: a clear error when the value is not one of this format. */
export function readMoreKeys(value: unknown): MoreKeysAsset {
  const fail = (what: string): never => {
    throw new Error(`${MORE_KEYS_FILE} is not a compat keys asset of format ${MORE_KEYS_FORMAT}: ${what}`);
  };
  if (typeof value !== "object" || value === null) return fail("not an object");
  const v = value as Record<string, unknown>;
  if (v.format !== MORE_KEYS_FORMAT) fail(`format is ${JSON.stringify(v.format)}`);
  if (typeof v.bcd !== "string") fail("it names no browser-compat-data version");
  const compat = v.compat as Record<string, unknown> | null | undefined;
  if (
    typeof compat !== "object" ||
    compat === null ||
    typeof compat.rows !== "string" ||
    !Array.isArray(compat.supports) ||
    !compat.supports.every((s) => typeof s === "string") ||
    !Array.isArray(compat.bases)
  ) {
    fail("compat keys are not packed as this format packs them");
  }
  return value as MoreKeysAsset;
}

/**
 * The second asset's keys, each with the first asset's feature it belongs to or none; unpacked once per
 * pair (a worker or a page keeps one of each for its life).
 */
export function moreKeys(asset: FeatureAsset, more: MoreKeysAsset): readonly CompatKey[] {
  const probe = probes.get(more);
  if (probe !== undefined) probe.read = true;
  return unpackedFor(more)(asset);
}

/** The probes handed out, and whether a resolution read each. */
const probes = new WeakMap<MoreKeysAsset, { read: boolean }>();

/**
 * A second asset of no keys that tells whether a resolution read it: a question resolved with it reads the
 * real one exactly where it would (every step that needs the second asset reads it through moreKeys), so a
 * surface reads the real asset only for the questions that need it, and answers as the tests do.
 */
export function moreKeysProbe(): { readonly asset: MoreKeysAsset; readonly wasRead: () => boolean } {
  const asset: MoreKeysAsset = {
    format: MORE_KEYS_FORMAT,
    bcd: "",
    compat: { rows: "", supports: [], bases: [] },
  };
  const state = { read: false };
  probes.set(asset, state);
  return { asset, wasRead: () => state.read };
}

const unpackedFor = perAsset((more: MoreKeysAsset) =>
  perAsset((asset: FeatureAsset) =>
    unpackKeys(more.compat, (line) => (line < asset.features.length ? asset.features[line] : null)),
  ),
);
