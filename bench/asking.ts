/**
 * Bench for asking: (1) the features asset's size in the package, raw and gzipped, compat keys included
 * (target: at most 150 KB gzipped), beside the data packages it comes from, and the second asset's
 * (compat-keys.json, read only when the first names nothing: stated, no target); (2) the time of one
 * keystroke's omnibox suggestions, with both assets loaded and indexed as in a warm worker, over every
 * prefix of realistic questions (target: median within 20 ms), against the emulator's live releases.
 */
import { statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildFeaturesAsset, buildMoreKeys, packageDataFiles } from "../scripts/features-asset.ts";
import { readDatasetJson } from "../emulator/dataset.ts";
import { resolve } from "../src/core/features/match.ts";
import type { ReleaseResource } from "../src/core/types.ts";
import { suggest, type AskContext } from "../src/shared/answers/index.ts";
import { fmt, median, medianMs } from "./stats.ts";

export const MAX_ASSET_GZIPPED_KB = 150;
export const MAX_KEYSTROKE_MS = 20;

/** Questions people type, each timed at every prefix, as the omnibox asks at every keystroke. */
const QUESTIONS = [
  "is :has() supported",
  "does chrome support container queries",
  "contaner q",
  "optional chaining",
  "api.Document.exitPictureInPicture",
  "when does chrome 153 ship",
  "151.0.79",
  "mutation events",
  "KeyboardEvent.keyCode",
  "the ??= operator",
  "grid gap firefox",
  "reduce motion media query",
  "latest stable chrome for linux",
];

export interface AskingBench {
  readonly rawBytes: number;
  readonly gzippedBytes: number;
  /** The second asset's size, raw and gzipped. */
  readonly more: { readonly rawBytes: number; readonly gzippedBytes: number };
  readonly packages: readonly { name: string; bytes: number }[];
  readonly keystrokes: number;
  readonly medianMs: number;
  readonly slowest: { input: string; ms: number };
}

export function benchAsking(): AskingBench {
  const asset = buildFeaturesAsset();
  const raw = Buffer.from(JSON.stringify(asset));
  const more = buildMoreKeys();
  const moreRaw = Buffer.from(JSON.stringify(more));
  const dataset = readDatasetJson() as { releases: ReleaseResource[] };
  const ctx: AskContext = {
    asset,
    snapshot: {
      baseUrl: "http://127.0.0.1:8787/v1",
      product: "chrome",
      fetchedAt: Date.now(),
      releases: dataset.releases.filter((r) => r.serving.endTime === undefined),
    },
    failure: null,
    host: "127.0.0.1:8787",
    schedules: [],
    watch: { product: "chrome", platform: "win64", channel: "stable" },
    now: Date.now(),
    more,
  };
  // A warm worker has its indexes already: built on the first question after the assets were loaded.
  resolve(asset, "optional chaining", more);
  resolve(asset, "contaner queries", more);
  resolve(asset, "KeyboardEvent.keyCode", more);
  const inputs = QUESTIONS.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));
  const times = inputs.map((input) => ({ input, ms: medianMs(() => suggest(input, ctx), 11, 3) }));
  const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    rawBytes: raw.length,
    gzippedBytes: gzipSync(raw).length,
    more: { rawBytes: moreRaw.length, gzippedBytes: gzipSync(moreRaw).length },
    packages: packageDataFiles().map((p) => ({ name: p.name, bytes: statSync(p.path).size })),
    keystrokes: inputs.length,
    medianMs: median(times.map((t) => t.ms)),
    slowest,
  };
}

export function printAskingBench(r: AskingBench): boolean {
  const kb = (bytes: number): string => fmt(bytes / 1024);
  const sizeOk = r.gzippedBytes <= MAX_ASSET_GZIPPED_KB * 1024;
  const speedOk = r.medianMs <= MAX_KEYSTROKE_MS;
  console.log("\nAsking: the features asset and a keystroke's suggestions");
  console.log(
    `  features.json ${kb(r.rawBytes)} KB, ${kb(r.gzippedBytes)} KB gzipped  ${sizeOk ? "ok" : "MISSES TARGET"}`,
  );
  console.log(
    `  compat-keys.json (read only when features.json names nothing) ${kb(r.more.rawBytes)} KB, ${kb(r.more.gzippedBytes)} KB gzipped`,
  );
  for (const p of r.packages) console.log(`    from ${p.name} data.json, ${fmt(p.bytes / 1024 / 1024)} MB`);
  console.log(
    `  suggestions per keystroke: median ${fmt(r.medianMs, 2)} ms over ${r.keystrokes} inputs,` +
      ` slowest ${fmt(r.slowest.ms, 2)} ms ('${r.slowest.input}')  ${speedOk ? "ok" : "MISSES TARGET"}`,
  );
  console.log(
    `  target: asset <= ${MAX_ASSET_GZIPPED_KB} KB gzipped, median keystroke <= ${MAX_KEYSTROKE_MS} ms`,
  );
  return sizeOk && speedOk;
}
