// The features asset is fetched from the package: read with checks that name what is wrong.
import { describe, expect, it } from "vitest";
import { identityLine, perAsset, readAsset } from "../../../../src/core/features/asset.ts";
import { realAsset } from "../../shared/answers/fixtures.ts";

const copy = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(realAsset())) as Record<string, unknown>;

describe("readAsset", () => {
  it("refuses what is not an asset, or an asset of another format, saying which", () => {
    expect(() => readAsset(null)).toThrow("features.json is not a features asset of format 2: not an object");
    expect(() => readAsset({ ...copy(), format: 1 })).toThrow("format is 1");
  });

  it("names the first feature of the wrong shape", () => {
    const value = copy();
    const features = value.features as Record<string, unknown>[];
    features[3] = { ...features[3], support: ["105"] };
    expect(() => readAsset(value)).toThrow("features[3] has a support list of the wrong shape");
  });

  it("refuses an asset whose compat keys are not packed as this format packs them", () => {
    expect(() => readAsset({ ...copy(), compat: { rows: [] } })).toThrow(
      "compat keys are not packed as this format packs them",
    );
  });

  it("reads only its own fields: a `format` on Object.prototype's chain is no format", () => {
    const value = Object.create({ format: 2 }) as Record<string, unknown>;
    expect(() => readAsset(value)).toThrow("format is undefined");
  });

  it("refuses an asset without its identity or a browser's releases", () => {
    expect(() => readAsset({ ...copy(), identity: {} })).toThrow("identity is incomplete");
    expect(() => readAsset({ ...copy(), releases: { chrome: [], edge: [] } })).toThrow(
      "releases lacks a browser",
    );
  });
});

describe("identityLine", () => {
  it("says which data answered and how old it is", () => {
    expect(identityLine(realAsset())).toBe(
      "web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12",
    );
  });
});

describe("perAsset", () => {
  it("builds once per asset, and anew for another asset", () => {
    let builds = 0;
    const indexOf = perAsset((asset) => ({ n: ++builds, features: asset.features.length }));
    const asset = realAsset();
    expect(indexOf(asset)).toBe(indexOf(asset));
    expect(builds).toBe(1);
    expect(indexOf({ ...asset }).n).toBe(2);
  });
});
