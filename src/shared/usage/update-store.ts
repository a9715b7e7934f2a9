/**
 * The monthly usage update as kept (`storage.local` key `usageUpdate`): when caniuse's files were last asked
 * and how that went, their ETags, and the newer tables taken (worldwide with its support tables, and the chosen
 * region's). Read back through the same bounds as a download: anything may have written the key. A time out
 * of range (2008-2100) reads as never, so a clock or a writer gone wrong makes the next check due, not a year
 * away.
 */
import { isServedTimeMs } from "../../core/query/time.ts";
import { isRecord } from "../../core/schema.ts";
import { readCaniuseUsage, type CaniuseUsage } from "../../core/usage/caniuse-data.ts";
import { readShares, type UsageTable } from "../../core/usage/table.ts";
import type { KeySpec } from "../store/store.ts";

export interface RegionUpdate {
  readonly code: string;
  readonly etag?: string;
  /** The region's table, as fetched. */
  readonly table: UsageTable;
}

export interface UsageUpdate {
  /** The address the files were asked at (usage-source.ts). */
  readonly source: string;
  /** When they were last asked (epoch ms); null where the stored time was out of range. */
  readonly checkedAt: number | null;
  /** Why the last ask failed, said in options; absent when it went well. */
  readonly problem?: string;
  readonly etag?: string;
  /** The newer worldwide table and support tables taken, with when they were fetched. */
  readonly usage?: CaniuseUsage;
  readonly fetchedAt?: number;
  readonly region?: RegionUpdate;
  /** The region last asked for (its table may not have come): a region chosen since is asked at once. */
  readonly regionAsked?: string;
}

/** A time from 2008 to 2099, or null. */
const timeIn = (t: unknown): number | null => (isServedTimeMs(t) ? t : null);

const text = (v: unknown, max: number): string | undefined =>
  typeof v === "string" && v.length <= max ? v : undefined;

/** The stored usage kept as a data file's reader keeps it: its statuses are a data file's own. */
function readUsage(value: unknown): CaniuseUsage | undefined {
  if (!isRecord(value) || !isRecord(value.versions) || !isRecord(value.global) || !isRecord(value.caniuse))
    return undefined;
  const updated = text(value.updated, 10);
  if (updated === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(updated)) return undefined;
  const { global, current } = value;
  // Rebuilt as caniuse's own shape, through the same reader a download goes through.
  const agents = Object.fromEntries(
    Object.entries(value.versions).map(([agent, list]) => [
      agent,
      {
        version_list: Array.isArray(list) ? list.map((v: unknown) => ({ version: v, era: -1 })) : [],
        current_version: isRecord(current) ? current[agent] : undefined,
        usage_global: global[agent],
      },
    ]),
  );
  const read = readCaniuseUsage(
    { updated: Date.parse(`${updated}T00:00:00Z`) / 1000, agents, data: {} },
    new Set<string>(),
  );
  const caniuse: Record<string, Record<string, string>> = {};
  for (const [id, stats] of Object.entries(value.caniuse).slice(0, 5000)) {
    if (!isRecord(stats)) continue;
    caniuse[id] = Object.fromEntries(
      Object.entries(stats).filter(
        (e): e is [string, string] => typeof e[1] === "string" && e[1].length <= 4000,
      ),
    );
  }
  return { ...read, caniuse };
}

function readRegion(value: unknown): RegionUpdate | undefined {
  if (!isRecord(value) || !isRecord(value.table)) return undefined;
  const code = text(value.code, 16);
  const { name, month } = value.table;
  if (code === undefined || typeof name !== "string" || typeof month !== "string") return undefined;
  const etag = text(value.etag, 200);
  return {
    code,
    ...(etag !== undefined && { etag }),
    table: {
      kind: "region",
      id: code,
      name: name.slice(0, 80),
      month: month.slice(0, 10),
      agents: readShares(value.table.agents, "usageUpdate.region.table.agents", {}),
    },
  };
}

export const USAGE_UPDATE_KEY: KeySpec<UsageUpdate | null> = {
  area: "local",
  read: (value, warn) => {
    if (value === undefined || value === null) return null;
    try {
      if (!isRecord(value)) throw new Error("not an object");
      const source = text(value.source, 2048);
      if (source === undefined) throw new Error("no source");
      const problem = text(value.problem, 500);
      const etag = text(value.etag, 200);
      const usage = value.usage === undefined ? undefined : readUsage(value.usage);
      const fetchedAt = timeIn(value.fetchedAt);
      const region = value.region === undefined ? undefined : readRegion(value.region);
      const regionAsked = text(value.regionAsked, 16);
      return {
        source,
        checkedAt: timeIn(value.checkedAt),
        ...(problem !== undefined && { problem }),
        ...(etag !== undefined && { etag }),
        ...(usage !== undefined && fetchedAt !== null && { usage, fetchedAt }),
        ...(region !== undefined && { region }),
        ...(regionAsked !== undefined && { regionAsked }),
      };
    } catch (error) {
      warn(
        `usageUpdate: ignored (${error instanceof Error ? error.message : String(error)}); the next check asks again`,
      );
      return null;
    }
  },
};
