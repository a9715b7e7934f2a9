// caniuse's data file as the build reads it (data 2.0, in the package) and as the monthly update does (data.json,
// format 1.0, in caniuse's repository): the same browsers, versions and current versions either way.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CaniuseDataError, readCaniuseUsage } from "../../../../src/core/usage/caniuse-data.ts";

const require = createRequire(import.meta.url);

describe("caniuse's data file", () => {
  const v2 = readCaniuseUsage(require("caniuse-db/fulldata-json/data-2.0.json"), new Set(["css-has"]));
  const v1 = readCaniuseUsage(require("caniuse-db/data.json"), new Set(["css-has"]));

  it("gives every browser's current version alike in format 1.0 (padded, three to come) and 2.0 (eras)", () => {
    expect(v1.current).toEqual(v2.current);
    expect(v2.current).toMatchObject({ ie: "11", edge: "154", op_mob: "80", android: "154", samsung: "30" });
  });

  it("gives the same usage and statuses in both formats", () => {
    expect(v1.global).toEqual(v2.global);
    expect(v1.versions).toEqual(v2.versions);
    expect(v1.caniuse).toEqual(v2.caniuse);
  });

  it("refuses a browser id that is not one, `__proto__` among them", () => {
    const hostile: unknown = JSON.parse(
      '{"updated": 1790573363, "agents": {"__proto__": {"usage_global": {}, "version_list": []}}, "data": {}}',
    );
    expect(() => readCaniuseUsage(hostile, null)).toThrow(CaniuseDataError);
  });
});
