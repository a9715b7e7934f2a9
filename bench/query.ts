/**
 * Bench: the core's filter + order over 100,000 synthetic releases for three queries, against a
 * hand-written loop specialised to each query. Both sides get the same pre-parsed rows (ReleaseRow), so the
 * ratio measures the cost of the general engine, not of parsing. Target: ratio <= 1.5, median < 50 ms.
 */
import { compareParsed } from "../src/core/version.ts";
import { compareRowVersions } from "../src/core/query/evaluate.ts";
import {
  formatRfc3339,
  parseFilter,
  parseOrderBy,
  parseRfc3339,
  releaseRow,
  runQuery,
  type ReleaseRow,
} from "../src/core/query/index.ts";
import type { ReleaseResource } from "../src/core/types.ts";
import { fmt, pairedMedianMs } from "./stats.ts";

const PLATFORMS = ["android", "linux", "mac", "mac_arm64", "win", "win64"];
const CHANNELS = ["stable", "beta", "dev", "canary"];

/** Deterministic PRNG (mulberry32) so every run measures the same data. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticReleases(n: number): ReleaseRow[] {
  const rand = rng(42);
  const base = Date.UTC(2020, 0, 1) * 1000;
  const out: ReleaseRow[] = [];
  for (let i = 0; i < n; i++) {
    const platform = PLATFORMS[Math.floor(rand() * PLATFORMS.length)] as string;
    const channel = CHANNELS[Math.floor(rand() * CHANNELS.length)] as string;
    const major = 80 + Math.floor(rand() * 72);
    const version = `${major}.0.${4000 + Math.floor(rand() * 4000)}.${Math.floor(rand() * 250)}`;
    const start = base + Math.floor(rand() * 6 * 365 * 86400) * 1_000_000;
    const live = rand() < 0.02;
    const fraction = [1, 1, 1, 0.5, 0.25, 0.1, 0.01][Math.floor(rand() * 7)] as number;
    const resource: ReleaseResource = {
      name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}/releases/${start / 1e6 + i}`,
      serving: live
        ? { startTime: formatRfc3339(start) }
        : { startTime: formatRfc3339(start), endTime: formatRfc3339(start + 86400 * 1e6) },
      fraction,
      version,
    };
    out.push(releaseRow(resource));
  }
  return out;
}

const str = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The default tail shared by every specialised comparator: platform, channel, version desc, start desc, name. */
function tail(a: ReleaseRow, b: ReleaseRow, skipStart = false): number {
  return (
    str(a.platform, b.platform) ||
    a.channelRank - b.channelRank ||
    str(a.channel, b.channel) ||
    compareRowVersions(b, a) ||
    (skipStart ? 0 : b.start - a.start) ||
    str(a.name, b.name)
  );
}

interface Case {
  label: string;
  filter: string;
  orderBy: string;
  special: (rows: readonly ReleaseRow[]) => ReleaseRow[];
}

const T0 = parseRfc3339("2023-01-01T00:00:00Z") as number;
const T1 = parseRfc3339("2023-07-01T00:00:00Z") as number;
const V100 = [100];
const V120 = [120];
const lt = (p: readonly number[] | null, q: number[]) => p !== null && compareParsed(p, "", q, "") < 0;

const CASES: Case[] = [
  {
    label: "live only (endtime=none), default order",
    filter: "endtime=none",
    orderBy: "",
    special: (rows) => {
      const out: ReleaseRow[] = [];
      for (const r of rows) if (r.end === 0) out.push(r);
      return out.sort((a, b) => tail(a, b));
    },
  },
  {
    label: "version range, order by version desc",
    filter: "version>=100,version<120",
    orderBy: "version desc",
    special: (rows) => {
      const out: ReleaseRow[] = [];
      for (const r of rows)
        if (r.versionParts !== null && !lt(r.versionParts, V100) && lt(r.versionParts, V120)) out.push(r);
      return out.sort((a, b) => compareRowVersions(b, a) || tail(a, b));
    },
  },
  {
    label: "starttime window, order by fraction, starttime",
    filter: "starttime>=2023-01-01T00:00:00Z,starttime<2023-07-01T00:00:00Z",
    orderBy: "fraction,starttime",
    special: (rows) => {
      const out: ReleaseRow[] = [];
      for (const r of rows) if (r.start >= T0 && r.start < T1) out.push(r);
      return out.sort((a, b) => a.fraction - b.fraction || a.start - b.start || tail(a, b, true));
    },
  },
];

export interface QueryBenchResult {
  label: string;
  matched: number;
  engineMs: number;
  specialMs: number;
  ratio: number;
}

export function benchQueries(n = 100_000, only?: number[]): QueryBenchResult[] {
  const rows = syntheticReleases(n);
  return (only ? only.map((i) => CASES[i] as Case) : CASES).map((c) => {
    const filter = parseFilter(c.filter, "releases");
    const orderBy = parseOrderBy(c.orderBy, "releases");
    const engine = () => runQuery(rows, filter, orderBy, "releases");
    const a = engine().map((r) => r.name);
    const b = c.special(rows).map((r) => r.name);
    // A benchmark of two different answers would be meaningless: check they agree before timing.
    if (a.length !== b.length || a.some((x, i) => x !== b[i]))
      throw new Error(`engine and loop disagree: ${c.label}`);
    const [engineMs, specialMs] = pairedMedianMs(engine, () => c.special(rows));
    return { label: c.label, matched: a.length, engineMs, specialMs, ratio: engineMs / specialMs };
  });
}

export function printQueryBench(results: QueryBenchResult[], n = 100_000): boolean {
  console.log(
    `\nCore filter + order over ${n.toLocaleString("en")} synthetic releases (medians of 31 alternating runs)`,
  );
  let ok = true;
  for (const r of results) {
    const pass = r.ratio <= 1.5 && r.engineMs < 50;
    ok &&= pass;
    console.log(
      `  ${r.label.padEnd(48)} ${String(r.matched).padStart(6)} rows  engine ${fmt(r.engineMs).padStart(6)} ms` +
        `  loop ${fmt(r.specialMs).padStart(6)} ms  ratio ${fmt(r.ratio, 2)}  ${pass ? "ok" : "MISSES TARGET"}`,
    );
  }
  console.log("  target: ratio <= 1.50 and engine < 50 ms per query");
  return ok;
}
