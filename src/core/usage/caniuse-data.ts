/**
 * caniuse's data file (`data.json` in its repository, `fulldata-json/data-2.0.json` in caniuse-db), read for
 * what the share of users needs: each browser's versions and current version, the worldwide usage table
 * (`usage_global`), and each feature's statuses per version. One reader for the build (the package's copy)
 * and the worker's monthly update (a download): every count, name and share is bounded before it is used.
 */
import { isServedTimeMs } from "../query/time.ts";
import { isRecord } from "../schema.ts";
import { AGENT_ID, MAX_AGENTS, MAX_VERSIONS, readShares } from "./table.ts";
import { caniuseStatus, packRuns } from "./support.ts";
import { MAX_VERSION_CHARS } from "./versions.ts";

/** What the share of users keeps of caniuse's data file. */
export interface CaniuseUsage {
  /** The day caniuse's data was updated (`2026-09-28`). */
  readonly updated: string;
  readonly versions: Readonly<Record<string, readonly string[]>>;
  readonly current: Readonly<Record<string, string>>;
  readonly global: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** caniuse id -> agent -> statuses in runs, one letter per version of `versions`. */
  readonly caniuse: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** caniuse lists some 560 features; a file with many more is not caniuse's. */
export const MAX_FEATURES = 5000;
const FEATURE_ID = /^[a-z0-9][a-z0-9_.-]{0,99}$/;

/** A caniuse data file refused: why, naming the first value that is wrong. */
export class CaniuseDataError extends Error {
  override name = "CaniuseDataError";
}

const fail = (what: string): never => {
  throw new CaniuseDataError(`caniuse's data: ${what}`);
};

/** An agent's versions, oldest first, and its current one: `version_list` (data 2.0) or `versions` (1.0). */
function versionsOf(
  agent: string,
  a: Readonly<Record<string, unknown>>,
): { versions: string[]; current: string } {
  const list = Array.isArray(a.version_list) ? a.version_list : null;
  const raw: unknown[] =
    list ?? (Array.isArray(a.versions) ? a.versions : fail(`agents.${agent} has no versions`));
  if (raw.length > MAX_VERSIONS) fail(`agents.${agent} has more than ${MAX_VERSIONS} versions`);
  const versions: string[] = [];
  let current: string | undefined = typeof a.current_version === "string" ? a.current_version : undefined;
  // data.json (1.0) has no era: its fixed-length list, padded with nulls at the start, ends with the current
  // version and three to come, so the current one is the fourth slot from the end, nulls counted.
  if (list === null && current === undefined) {
    const slot = raw.at(-4);
    if (typeof slot === "string") current = slot;
  }
  for (const entry of raw) {
    const v = list === null ? entry : isRecord(entry) ? entry.version : undefined;
    if (v === null && list === null) continue; // data 1.0 pads its list with nulls
    if (typeof v !== "string" || v.length === 0 || v.length > MAX_VERSION_CHARS)
      fail(`agents.${agent} has a version that is not a short name`);
    versions.push(v as string);
    if (list !== null && current === undefined && isRecord(entry) && entry.era === 0) current = v as string;
  }
  current ??= versions.at(-1);
  return { versions, current: current ?? "" };
}

/**
 * What the share of users keeps of caniuse's data file `value`: every agent, and the statuses of the features
 * `ids` names (those the web features link to; null for all of them).
 */
export function readCaniuseUsage(value: unknown, ids: ReadonlySet<string> | null): CaniuseUsage {
  if (!isRecord(value)) return fail("not an object");
  const { agents, data, updated } = value;
  // caniuse's data starts in 2008, as the version history does; its `updated` is in seconds.
  if (typeof updated !== "number" || !isServedTimeMs(updated * 1000))
    fail("updated is not a time from 2008 to 2100");
  if (!isRecord(agents)) return fail("agents is not an object");
  if (!isRecord(data)) return fail("data is not an object");
  const names = Object.keys(agents);
  if (names.length === 0 || names.length > MAX_AGENTS) fail(`agents must number 1 to ${MAX_AGENTS}`);
  // No prototype: an agent named `__proto__` is refused below, never taken as the maps' prototype.
  const versions = Object.create(null) as Record<string, string[]>;
  const current = Object.create(null) as Record<string, string>;
  const usage = Object.create(null) as Record<string, unknown>;
  for (const agent of names) {
    if (!AGENT_ID.test(agent))
      fail(`agents has a browser id that is not one: ${JSON.stringify(agent.slice(0, 40))}`);
    const a = agents[agent];
    if (!isRecord(a)) return fail(`agents.${agent.slice(0, 40)} is not an object`);
    const read = versionsOf(agent.slice(0, 40), a);
    versions[agent] = read.versions;
    current[agent] = read.current;
    usage[agent] = a.usage_global;
  }
  let global: Record<string, Record<string, number>>;
  try {
    global = readShares(usage, "agents.*.usage_global", {});
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const features = Object.keys(data);
  if (features.length > MAX_FEATURES) fail(`data has more than ${MAX_FEATURES} features`);
  const caniuse: Record<string, Record<string, string>> = {};
  for (const id of features) {
    if (ids !== null && !ids.has(id)) continue;
    if (!FEATURE_ID.test(id))
      fail(`data has a feature id that is not one: ${JSON.stringify(id.slice(0, 40))}`);
    const stats = isRecord(data[id]) ? data[id].stats : undefined;
    if (!isRecord(stats)) return fail(`data.${id}.stats is not an object`);
    caniuse[id] = Object.fromEntries(
      Object.entries(versions).map(([agent, list]) => {
        const byVersion = isRecord(stats[agent]) ? stats[agent] : {};
        const letter = (v: string) => {
          const text = byVersion[v];
          return caniuseStatus(typeof text === "string" ? text.slice(0, 32) : "u");
        };
        return [agent, packRuns(list.map(letter))];
      }),
    );
  }
  return {
    updated: new Date((updated as number) * 1000).toISOString().slice(0, 10),
    versions,
    current,
    global,
    caniuse,
  };
}
