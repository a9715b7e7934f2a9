// The share of users of 60 browser-compat-data keys against a held-out oracle (test/fixtures/usage-oracle):
// figures computed from the raw packages by a script written from the documented rules alone.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildUsageAsset } from "../../../../scripts/usage-asset.ts";
import { compatOf, type CompatData } from "../../../../scripts/features-sources.ts";
import { BCD_BROWSERS } from "../../../../src/core/usage/agents.ts";
import { worldwideTable } from "../../../../src/core/usage/asset.ts";
import { usersShare } from "../../../../src/core/usage/shares.ts";
import { bcdSupport } from "../../../../src/core/usage/subject-support.ts";
import { bcdSpec, type BcdStatement } from "../../../../src/core/usage/support.ts";

const require = createRequire(import.meta.url);
const bcd = require("@mdn/browser-compat-data") as CompatData;
type Shares = Record<"has" | "prefixed" | "partly" | "not" | "unknown", number>;
const oracle = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../fixtures/usage-oracle/bcd-oracle.json"), "utf8"),
) as Record<string, Shares>;

describe("browser-compat-data mapped onto caniuse's versions", () => {
  it("gives the held-out oracle's figures for each of its 60 keys, to 0.001 points", () => {
    const usage = buildUsageAsset().asset;
    const off: string[] = [];
    for (const [key, want] of Object.entries(oracle)) {
      const support = compatOf(bcd, key)?.support ?? {};
      const spec = BCD_BROWSERS.map((b) =>
        bcdSpec(support[b] as BcdStatement | BcdStatement[] | undefined),
      ).join(";");
      const got = usersShare(worldwideTable(usage), bcdSupport(usage, spec));
      for (const part of ["has", "prefixed", "partly", "not", "unknown"] as const) {
        if (Math.abs(got[part] - want[part]) > 0.001)
          off.push(`${key} ${part}: ${got[part]} against ${want[part]}`);
      }
    }
    expect(Object.keys(oracle)).toHaveLength(60);
    expect(off).toEqual([]);
  });
});
