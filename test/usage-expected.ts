// What the share of users must be, summed here from caniuse-db's raw files as caniuse sums them, for the
// real-browser tests of both browsers to compare the answer page with.
import { createRequire } from "node:module";
import { percent } from "../src/shared/answers/users.ts";

const require = createRequire(import.meta.url);
const caniuse = require("caniuse-db/fulldata-json/data-2.0.json") as {
  agents: Record<string, { version_list: { version: string; era: number }[] }>;
  data: Record<string, { stats: Record<string, Record<string, string>> }>;
};
const germany = require("caniuse-db/region-usage-json/DE.json") as {
  month: string;
  data: Record<string, Record<string, number | null>>;
};

/** Germany's share of caniuse feature `id`: the versions whose status starts with `y`, `0` as the current one. */
export function germanyShare(id: string): number {
  let sum = 0;
  for (const [agent, versions] of Object.entries(germany.data)) {
    const current = caniuse.agents[agent]?.version_list.find((v) => v.era === 0)?.version;
    for (const [version, share] of Object.entries(versions)) {
      const v = version === "0" ? current : version;
      if (share !== null && v !== undefined && caniuse.data[id]?.stats[agent]?.[v]?.startsWith("y"))
        sum += share;
    }
  }
  return sum;
}

/** The answer's first line for :has() with Germany chosen: worldwide, then Germany as caniuse sums it. */
export const HAS_WITH_GERMANY = `94.8% of users worldwide have it, caniuse usage of 2026-09-28 · Germany ${percent(germanyShare("css-has"))} (${germany.month})`;

/** A browserslist stats file of which 80% have :has() (Chrome 104 lacks it), and one with a wrong share. */
export const GOOD_STATS = JSON.stringify({ chrome: { "104": 20, "120": 70 }, ios_saf: { "15.4": 10 } });
export const BAD_STATS = JSON.stringify({ chrome: { "120": "70%" } });
export const BAD_STATS_REASON = '$.chrome["120"]: must be a share from 0 to 100, or null';
