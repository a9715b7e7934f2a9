/**
 * The usage asset (`usage.json`, built from caniuse-db and browser-compat-data at build time by
 * scripts/usage-extract.ts): the worldwide usage table, the regions offered, and what each subject is
 * supported by per browser version, so an answer can say how many of all users have it. The regions' own
 * tables are files of their own (`usage/<id>.json`), read only once a region is chosen.
 *
 * It is read with `fetch` from the package (or, for a newer month, from caniuse's repository), so it is
 * `unknown` until readUsageAsset has checked it.
 */
import { isRecord } from "../schema.ts";
import { BCD_BROWSERS } from "./agents.ts";
import { readShares, UsageTableError, type UsageTable } from "./table.ts";

export const USAGE_FILE = "usage.json";
/** A region's table in the built extension: `usage/DE.json`. */
export const regionFile = (id: string): string => `usage/${id}.json`;

export const USAGE_FORMAT = 1;

export interface UsageAsset {
  readonly format: typeof USAGE_FORMAT;
  readonly source: {
    /** caniuse-db's version (`1.0.30001813`), or `caniuse` for a table fetched later. */
    readonly caniuse: string;
    /** The day caniuse's data was updated (`2026-09-28`). */
    readonly updated: string;
  };
  /** Per agent: caniuse's versions, oldest first: the order the packed statuses follow. */
  readonly versions: Readonly<Record<string, readonly string[]>>;
  /** Per agent: caniuse's current version (what its region files file under `0`). */
  readonly current: Readonly<Record<string, string>>;
  /** caniuse's `usage_global`: agent -> version -> percent of all users. */
  readonly global: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** caniuse id -> agent -> statuses in runs (support.ts packRuns), one per version of `versions`. */
  readonly caniuse: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Chromium-based agents: version -> the Chrome version of its engine (agents.ts MIRRORED). */
  readonly engines: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly bcd: {
    /** Distinct supports: per BCD_BROWSERS browser a bcdSpec, joined by `;`. */
    readonly specs: readonly string[];
    /** Web feature id (of a feature without a caniuse table) -> index in specs. */
    readonly features: Readonly<Record<string, number>>;
    /** The features asset's compat keys, in compatKeys' order -> index in specs (base 36, space-separated). */
    readonly keys: string;
  };
  /** The regions offered: [code, name], countries by name, then the continents. */
  readonly regions: readonly (readonly [string, string])[];
}

const isText = (v: unknown): v is string => typeof v === "string";

/** The asset, checked by shape; a clear error naming what is wrong when it is not one of this format. */
export function readUsageAsset(value: unknown): UsageAsset {
  const fail = (what: string): never => {
    throw new Error(`usage.json is not a usage asset of format ${USAGE_FORMAT}: ${what}`);
  };
  if (!isRecord(value)) return fail("not an object");
  if (value.format !== USAGE_FORMAT) fail(`format is ${JSON.stringify(value.format)}`);
  const { source, versions, current, global, caniuse, engines, bcd, regions } = value;
  if (!isRecord(source) || !isText(source.caniuse) || !isText(source.updated)) fail("source is incomplete");
  for (const [name, part] of Object.entries({ versions, current, caniuse, engines })) {
    if (!isRecord(part)) fail(`${name} is not an object`);
  }
  try {
    readShares(global, "global", {});
  } catch (error) {
    fail(error instanceof UsageTableError ? error.message : "global is not a usage table");
  }
  if (!isRecord(bcd) || !Array.isArray(bcd.specs) || !bcd.specs.every(isText) || !isRecord(bcd.features))
    fail("bcd is not packed as this format packs it");
  if (!isRecord(bcd) || !isText(bcd.keys)) fail("bcd keys are not text");
  if (!Array.isArray(regions) || !regions.every((r) => Array.isArray(r) && r.length === 2 && r.every(isText)))
    fail("regions is not a list of [code, name]");
  return value as unknown as UsageAsset;
}

/** The worldwide table of an asset. */
export function worldwideTable(asset: UsageAsset): UsageTable {
  return {
    kind: "worldwide",
    id: "ww",
    name: "worldwide",
    month: asset.source.updated,
    agents: asset.global,
  };
}

/** Every version of `agent` the asset knows, oldest first (none for an agent it does not know). */
export function versionsOf(asset: UsageAsset, agent: string): readonly string[] {
  return Object.hasOwn(asset.versions, agent) ? (asset.versions[agent] ?? []) : [];
}

/** A region's name by its code, or null where the asset offers no such region. */
export function regionName(asset: UsageAsset, id: string): string | null {
  return asset.regions.find(([code]) => code === id)?.[1] ?? null;
}

/** The index of each BCD_BROWSERS browser in a spec's `;`-separated parts. */
export const BCD_INDEX: Readonly<Record<string, number>> = Object.fromEntries(
  BCD_BROWSERS.map((b, i) => [b, i]),
);
