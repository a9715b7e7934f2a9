/**
 * Bench for the share of users: (1) the usage asset's size in the package (usage.json, read with an answer,
 * never before the first paint) and the regions' tables (one read once chosen), raw and gzipped; (2) one
 * feature's shares: its support read from the asset and summed over the worldwide table, a region's and a
 * visitors' file, with the answer's lines, per feature (target: median within 1 ms), over every 5th web
 * feature and compat key of the features asset.
 */
import { gzipSync } from "node:zlib";
import { buildFeaturesAsset } from "../scripts/features-asset.ts";
import { buildUsageAsset } from "../scripts/usage-asset.ts";
import { compatKeys } from "../src/core/features/compat-keys.ts";
import { readRegionFile } from "../src/core/usage/table.ts";
import { usersLines, type UsageContext } from "../src/shared/answers/users.ts";
import { fmt, median, medianMs } from "./stats.ts";

export const MAX_SHARES_MS = 1;

export interface UsageBench {
  readonly usageBytes: number;
  readonly usageGzipped: number;
  readonly regions: number;
  readonly regionsBytes: number;
  readonly regionsGzipped: number;
  readonly largestRegionBytes: number;
  readonly subjects: number;
  readonly medianMs: number;
  readonly slowest: { subject: string; ms: number };
}

export function benchUsage(): UsageBench {
  const { asset: usage, regions } = buildUsageAsset();
  const features = buildFeaturesAsset();
  const raw = Buffer.from(JSON.stringify(usage));
  const files = [...regions.values()].map((r) => Buffer.from(JSON.stringify(r)));
  const germany = regions.get("DE");
  const context: UsageContext = {
    asset: usage,
    region: germany === undefined ? null : readRegionFile(germany, usage.current),
    visitors: {
      kind: "visitors",
      id: "visitors",
      name: "your visitors",
      month: "",
      agents: { chrome: { "150": 40, "120": 5 }, ios_saf: { "18.0": 20, "16.0": 5 }, and_chr: { "154": 30 } },
    },
  };
  const subjects = [
    ...features.features
      .filter((_, i) => i % 5 === 0)
      .map((feature) => ({ kind: "feature" as const, feature })),
    ...compatKeys(features)
      .filter((_, i) => i % 5 === 0)
      .map((key) => ({ kind: "key" as const, key })),
  ];
  // Each run reads the subject's support afresh, as an answer does for a question asked once.
  const times = subjects.map((s) => ({
    subject: s.kind === "feature" ? s.feature.id : s.key.key,
    ms: medianMs(() => usersLines(context, features, s), 5, 1),
  }));
  return {
    usageBytes: raw.length,
    usageGzipped: gzipSync(raw).length,
    regions: files.length,
    regionsBytes: files.reduce((n, f) => n + f.length, 0),
    regionsGzipped: files.reduce((n, f) => n + gzipSync(f).length, 0),
    largestRegionBytes: Math.max(...files.map((f) => f.length)),
    subjects: subjects.length,
    medianMs: median(times.map((t) => t.ms)),
    slowest: times.reduce((a, b) => (b.ms > a.ms ? b : a)),
  };
}

export function printUsageBench(r: UsageBench): boolean {
  const kb = (bytes: number): string => fmt(bytes / 1024);
  const ok = r.medianMs <= MAX_SHARES_MS;
  console.log("\nShare of users: the usage asset and one feature's shares");
  console.log(`  usage.json ${kb(r.usageBytes)} KB, ${kb(r.usageGzipped)} KB gzipped (read with an answer)`);
  console.log(
    `  ${r.regions} regions' tables ${kb(r.regionsBytes)} KB in all, ${kb(r.regionsGzipped)} KB gzipped;` +
      ` the largest ${kb(r.largestRegionBytes)} KB (one read once chosen)`,
  );
  console.log(
    `  one subject's shares (worldwide, a region, visitors) and lines: median ${fmt(r.medianMs, 3)} ms over` +
      ` ${r.subjects} features and keys, slowest ${fmt(r.slowest.ms, 2)} ms (${r.slowest.subject})  ${ok ? "ok" : "MISSES TARGET"}`,
  );
  console.log(`  target: median <= ${MAX_SHARES_MS} ms`);
  return ok;
}
