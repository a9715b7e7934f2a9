/**
 * Rebuilds emulator/data/releases.json and emulator/data/schedule.json from the committed Chromium Dash
 * histories in emulator/data/source/ and, for the schedule's Stable days, the installed
 * @mdn/browser-compat-data's Chrome releases. Wiring only: the rules live in emulator/dataset-build.ts and
 * emulator/schedule-build.ts. Run with `npx tsx scripts/build-dataset.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import bcd from "@mdn/browser-compat-data" with { type: "json" };
import { buildDataset, formatDataset, stableDaysOf } from "../emulator/dataset-build.ts";
import { buildSchedule, formatSchedule } from "../emulator/schedule-build.ts";

// Paths are relative to this file, so the script works from any working directory.
const dataDir = new URL("../emulator/data/", import.meta.url);
const outFile = fileURLToPath(new URL("releases.json", dataDir));

function readHistory(fileName: string): unknown[] {
  const path = fileURLToPath(new URL(`source/${fileName}`, dataDir));
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!Array.isArray(parsed)) throw new Error(`${path}: expected a JSON array of release records`);
  return parsed as unknown[];
}

const stable = readHistory("chromiumdash-stable-history.json");
const dev = readHistory("chromiumdash-dev-history.json");
const schedule = buildSchedule(stable, dev, bcd.browsers.chrome.releases);
// The Stable days place the steps of past rollouts (emulator/rollout-steps.ts).
const dataset = buildDataset(stable, dev, stableDaysOf(schedule.mstones));
writeFileSync(outFile, formatDataset(dataset));
const scheduleFile = fileURLToPath(new URL("schedule.json", dataDir));
writeFileSync(scheduleFile, formatSchedule(schedule));
const range = `M${schedule.mstones[0]?.mstone} to M${schedule.mstones.at(-1)?.mstone}`;
const published = schedule.provenance.filter((p) => p.stable_date === "browser-compat-data").length;
console.log(
  `wrote ${schedule.mstones.length} milestones (${range}) to ${scheduleFile}; ${published} Stable days from ` +
    `@mdn/browser-compat-data ${bcd.__meta.version} (data of ${bcd.__meta.timestamp.slice(0, 10)})`,
);

// Releases are in output order (platform, channel, version desc, start desc), so groups come out contiguous.
const counts = new Map<string, { total: number; live: string[] }>();
for (const release of dataset.releases) {
  const [, , platform, , channel] = release.name.split("/");
  const key = `${platform}/${channel}`;
  const entry = counts.get(key) ?? { total: 0, live: [] };
  entry.total++;
  if (release.serving.endTime === undefined)
    entry.live.push(`${release.version} (fraction ${release.fraction})`);
  counts.set(key, entry);
}
console.log(`wrote ${dataset.releases.length} releases to ${outFile}`);
for (const [key, { total, live }] of counts) {
  console.log(`  ${key.padEnd(16)} ${String(total).padStart(5)}   live: ${live.join(", ")}`);
}
