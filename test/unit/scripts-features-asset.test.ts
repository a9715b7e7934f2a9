// The build writes the features asset into every built extension, as features.json at its root.
import { describe, expect, it } from "vitest";
import { featuresAsset } from "../../scripts/features-asset.ts";
import { FEATURES_FILE, readAsset } from "../../src/core/features/asset.ts";

describe("featuresAsset (Vite plugin)", () => {
  it("emits features.json at the root of the bundle, an asset its own reader accepts", () => {
    const emitted = new Map<string, string>();
    const plugin = featuresAsset();
    const context = {
      emitFile(file: { type: string; fileName: string; source: string }) {
        emitted.set(file.fileName, file.source);
        return file.fileName;
      },
    };
    (plugin.generateBundle as (this: typeof context) => void).call(context);
    expect([...emitted.keys()]).toEqual([FEATURES_FILE]);
    expect(FEATURES_FILE).toBe("features.json");
    expect(readAsset(JSON.parse(emitted.get(FEATURES_FILE) ?? "null")).identity.webFeatures).toBe("3.40.0");
  });

  it("runs in builds only: the dev server has no bundle to write into", () => {
    expect(featuresAsset().apply).toBe("build");
  });
});
