/**
 * A usage table: how many of all users run each browser version, in percent of all users (caniuse's unit: a
 * table's shares add up to what it tracks, about 97%, not to 100). Three kinds: worldwide (caniuse's
 * `usage_global`, the table its own headline figure is computed on), a region (caniuse's
 * `region-usage-json/XX.json`), and a person's own visitors (a browserslist stats file). Every reader bounds
 * what it takes: a table comes from a package, a download or a file a person picked.
 */
import { isRecord } from "../schema.ts";
import { MAX_VERSION_CHARS } from "./versions.ts";

export type UsageKind = "worldwide" | "region" | "visitors";

export interface UsageTable {
  readonly kind: UsageKind;
  /** `ww`, a region's code (`DE`, `alt-eu`), or `visitors`. */
  readonly id: string;
  /** "worldwide", "Germany", "your visitors". */
  readonly name: string;
  /** The month the shares are of (`2026-08`), or the day the data was updated (`2026-09-28`); "" unknown. */
  readonly month: string;
  /** Agent -> version -> percent of all users; only shares above 0. */
  readonly agents: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Bounds on what a table may hold: caniuse's tables have 19 agents and at most 160 versions each. */
export const MAX_AGENTS = 64;
export const MAX_VERSIONS = 1000;
/** A browser's id as caniuse writes it (`and_chr`). */
export const AGENT_ID = /^[a-z][a-z0-9_]{0,31}$/;
const MONTH = /^\d{4}-\d{2}(-\d{2})?$/;

/** A table refused: `path` is the JSON path of the first value that is wrong, `expected` what it must be. */
export class UsageTableError extends Error {
  override name = "UsageTableError";
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: must be ${expected}`);
  }
}

/**
 * The shares of one table's agents, checked: each agent an id, each version a short name, each share a number
 * from 0 to 100 (null is caniuse's "no data", read as 0). `current`: the agent's current version, which
 * caniuse's region files write as `0` (Chrome, Firefox and UC for Android) and count as that version.
 */
export function readShares(
  value: unknown,
  path: string,
  current: Readonly<Record<string, string>>,
): Record<string, Record<string, number>> {
  if (!isRecord(value)) throw new UsageTableError(path, "an object of browsers");
  const agents = Object.entries(value);
  if (agents.length > MAX_AGENTS) throw new UsageTableError(path, `at most ${MAX_AGENTS} browsers`);
  // No prototype: a name such as `__proto__` is a key like any other, never the object's prototype.
  const out: Record<string, Record<string, number>> = Object.create(null) as Record<
    string,
    Record<string, number>
  >;
  for (const [agent, versions] of agents) {
    const at = `${path}.${agent.slice(0, 40)}`;
    if (!AGENT_ID.test(agent)) throw new UsageTableError(at, "a browser id such as and_chr");
    if (!isRecord(versions)) throw new UsageTableError(at, "an object of versions and shares");
    const entries = Object.entries(versions);
    if (entries.length > MAX_VERSIONS) throw new UsageTableError(at, `at most ${MAX_VERSIONS} versions`);
    const shares: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const [version, share] of entries) {
      const where = `${at}["${version.slice(0, MAX_VERSION_CHARS)}"]`;
      if (version.length === 0 || version.length > MAX_VERSION_CHARS)
        throw new UsageTableError(where, `a version name of 1 to ${MAX_VERSION_CHARS} characters`);
      if (share === null) continue;
      if (typeof share !== "number" || !Number.isFinite(share) || share < 0 || share > 100)
        throw new UsageTableError(where, "a share from 0 to 100, or null");
      if (share === 0) continue;
      const name = version === "0" ? (current[agent] ?? version) : version;
      shares[name] = (shares[name] ?? 0) + share;
    }
    out[agent] = shares;
  }
  const total = Object.values(out).reduce((sum, v) => sum + Object.values(v).reduce((s, x) => s + x, 0), 0);
  // A table is a partition of one set of users: past 100% (and a rounding margin) it counts some twice.
  if (total > 100.5) throw new UsageTableError(path, "shares that add up to at most 100");
  // Within the margin, its rounding is taken out: no share may read 100% while some users lack it.
  if (total > 100)
    for (const v of Object.values(out)) for (const k of Object.keys(v)) v[k] = ((v[k] ?? 0) * 100) / total;
  return out;
}

/**
 * A caniuse region file (`region-usage-json/DE.json`): `{ id, name, month, data }`. `code` is the name it was
 * asked by (`DE`, or `alt-eu` for a continent, whose file says `eu`): a file of another region is refused.
 */
export function readRegionFile(
  value: unknown,
  current: Readonly<Record<string, string>>,
  code?: string,
): UsageTable {
  if (!isRecord(value)) throw new UsageTableError("$", "a caniuse region file (an object)");
  const { id, name, month, data } = value;
  if (typeof id !== "string" || !/^[A-Za-z]{2}$/.test(id))
    throw new UsageTableError("$.id", "a region code of two letters such as DE");
  if (code !== undefined && code !== id && code !== `alt-${id}`)
    throw new UsageTableError("$.id", `${code}, the region asked for (it is ${id}'s table)`);
  if (typeof name !== "string" || name.length === 0 || name.length > 80)
    throw new UsageTableError("$.name", "a region name of 1 to 80 characters");
  if (typeof month !== "string" || !MONTH.test(month))
    throw new UsageTableError("$.month", "a month such as 2026-08");
  return { kind: "region", id: code ?? id, name, month, agents: readShares(data, "$.data", current) };
}

/**
 * A browserslist stats file (`browserslist-stats.json`, what `browserslist --stats` reads and the Google
 * Analytics and Plausible exporters write): `{ agent: { version: share } }`, or caniuse.com's own export,
 * which holds the same under `dataByBrowser`.
 */
export function readStatsFile(value: unknown, current: Readonly<Record<string, string>>): UsageTable {
  const inner = isRecord(value) && Object.hasOwn(value, "dataByBrowser") ? value.dataByBrowser : value;
  const path = inner === value ? "$" : "$.dataByBrowser";
  const agents = readShares(inner, path, current);
  if (Object.values(agents).every((v) => Object.keys(v).length === 0))
    throw new UsageTableError(path, "at least one browser version with a share above 0");
  return { kind: "visitors", id: "visitors", name: "your visitors", month: "", agents };
}

/** The sum of a table's shares: what it tracks, in percent of all users. */
export function trackedShare(table: UsageTable): number {
  let total = 0;
  for (const versions of Object.values(table.agents)) for (const s of Object.values(versions)) total += s;
  return total;
}
