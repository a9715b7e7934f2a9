// The share of users worldwide of every web feature that carries a caniuse id, computed on the bundled
// worldwide table, against the figures caniuse-db itself publishes for it (`usage_perc_y`, `usage_perc_a`).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { buildUsageAsset } from "../../../../scripts/usage-asset.ts";
import { worldwideTable } from "../../../../src/core/usage/asset.ts";
import { usersShare } from "../../../../src/core/usage/shares.ts";
import { caniuseSupport } from "../../../../src/core/usage/subject-support.ts";
import { realAsset } from "../../shared/answers/fixtures.ts";

const require = createRequire(import.meta.url);
const caniuse = require("caniuse-db/fulldata-json/data-2.0.json") as {
  data: Record<string, { usage_perc_y: number; usage_perc_a: number }>;
};

describe("the worldwide share of a feature with a caniuse id", () => {
  const usage = buildUsageAsset().asset;
  const features = realAsset().features.filter((f) => f.caniuse !== undefined);

  it("is counted for every such feature (339 in web-features 3.40.0)", () => {
    expect(features.length).toBeGreaterThan(300);
    for (const f of features) expect(caniuseSupport(usage, f.caniuse ?? ""), f.id).not.toBeNull();
  });

  it("equals caniuse's own figures, has it and partly, within 0.05 points", () => {
    const off: string[] = [];
    for (const f of features) {
      const id = f.caniuse ?? "";
      const support = caniuseSupport(usage, id);
      if (support === null) continue;
      const share = usersShare(worldwideTable(usage), support);
      const { usage_perc_y: y, usage_perc_a: a } = caniuse.data[id] ?? {
        usage_perc_y: NaN,
        usage_perc_a: NaN,
      };
      if (!(Math.abs(share.has - y) <= 0.05 && Math.abs(share.partly - a) <= 0.05))
        off.push(`${f.id} (${id}): ${share.has.toFixed(2)}/${share.partly.toFixed(2)} against ${y}/${a}`);
    }
    expect(off).toEqual([]);
  });
});
