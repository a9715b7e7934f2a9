/**
 * Bench for the watched items: the worker's work after a poll, 50 items (the most one person may watch) of
 * every kind, each counted on every Stable platform, against the emulator's live releases with the feature
 * data loaded and indexed as in a warm worker, and a past rollout history for every platform (target: median
 * within 5 ms).
 */
import { buildFeaturesAsset } from "../scripts/features-asset.ts";
import { readDatasetJson } from "../emulator/dataset.ts";
import { compatKeys } from "../src/core/features/compat-keys.ts";
import type { ReleaseResource } from "../src/core/types.ts";
import { MAX_TRACKED, THRESHOLDS, type TrackedItem } from "../src/shared/tracked/items.ts";
import { milestoneRollouts } from "../src/shared/tracked/rollout-timing.ts";
import { trackedUpdate, type UpdateInput } from "../src/shared/tracked/view.ts";
import { fmt, medianMs } from "./stats.ts";

export const MAX_TRACKED_MS = 5;

export interface TrackedBench {
  readonly items: number;
  readonly rows: number;
  readonly medianMs: number;
}

export function benchTracked(): TrackedBench {
  const asset = buildFeaturesAsset();
  const { releases } = readDatasetJson() as { releases: ReleaseResource[] };
  const keys = compatKeys(asset);
  const kinds = (i: number): Pick<TrackedItem, "kind" | "id"> =>
    i % 3 === 0
      ? { kind: "feature", id: asset.features[(i * 37) % asset.features.length]?.id ?? "has" }
      : i % 3 === 1
        ? { kind: "key", id: keys[(i * 211) % keys.length]?.key ?? "api" }
        : { kind: "milestone", id: String(140 + (i % 16)) };
  const items: TrackedItem[] = Array.from({ length: MAX_TRACKED }, (_, i) => ({
    ...kinds(i),
    threshold: THRESHOLDS[i % THRESHOLDS.length] ?? 95,
    where: "stable",
  }));
  const byPlatform = new Map<string, ReturnType<typeof milestoneRollouts>>();
  for (const r of releases) {
    const platform = r.name.split("/")[2] ?? "";
    if (!byPlatform.has(platform)) {
      byPlatform.set(
        platform,
        milestoneRollouts(
          releases.filter((x) => x.name.split("/")[2] === platform),
          "stable",
        ),
      );
    }
  }
  const now = Date.now();
  const input: UpdateInput = {
    items,
    memories: [],
    asset,
    watch: { product: "chrome", platform: "win64", channel: "stable" },
    snapshot: {
      baseUrl: "http://127.0.0.1:8787/v1",
      product: "chrome",
      fetchedAt: now,
      releases: releases.filter((r) => r.serving.endTime === undefined),
    },
    schedules: [],
    rollouts: (platform) => byPlatform.get(platform) ?? null,
    today: new Date(now).toISOString().slice(0, 10),
    now,
  };
  // A warm worker: the feature data indexed on an earlier answer or poll.
  const once = trackedUpdate(input);
  const warm = { ...input, memories: once.memories };
  return {
    items: once.view.items.length,
    rows: once.view.items.reduce((n, i) => n + i.rows.length, 0),
    medianMs: medianMs(() => trackedUpdate(warm), 31, 5),
  };
}

export function printTrackedBench(r: TrackedBench): boolean {
  const ok = r.medianMs <= MAX_TRACKED_MS;
  console.log("\nWatched items: the worker's work after a poll");
  console.log(
    `  ${r.items} items, ${r.rows} platform rows: median ${fmt(r.medianMs, 2)} ms  ${ok ? "ok" : "MISSES TARGET"}`,
  );
  console.log(`  target: median <= ${MAX_TRACKED_MS} ms`);
  return ok;
}
