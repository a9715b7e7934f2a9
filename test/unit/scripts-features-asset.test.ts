// The build writes the features assets into every built extension, features.json and compat-keys.json at its root.
import { describe, expect, it } from "vitest";
import { featuresAsset } from "../../scripts/features-asset.ts";
import { FEATURES_FILE, readAsset } from "../../src/core/features/asset.ts";
import { MORE_KEYS_FILE, moreKeys, readMoreKeys } from "../../src/core/features/more-keys.ts";

describe("featuresAsset (Vite plugin)", () => {
  it("emits features.json and compat-keys.json at the root of the bundle, assets their readers accept", () => {
    const emitted = new Map<string, string>();
    const plugin = featuresAsset();
    const context = {
      emitFile(file: { type: string; fileName: string; source: string }) {
        emitted.set(file.fileName, file.source);
        return file.fileName;
      },
    };
    (plugin.generateBundle as (this: typeof context) => void).call(context);
    expect([...emitted.keys()]).toEqual([FEATURES_FILE, MORE_KEYS_FILE]);
    const asset = readAsset(JSON.parse(emitted.get(FEATURES_FILE) ?? "null"));
    expect(asset.identity.webFeatures).toBe("3.40.0");
    const more = readMoreKeys(JSON.parse(emitted.get(MORE_KEYS_FILE) ?? "null"));
    expect(more.bcd).toBe(asset.identity.bcd);
    expect(moreKeys(asset, more).find((k) => k.key === "api.KeyboardEvent.keyCode")?.deprecated).toBe(true);
    // Both extractions read the packages' 50 MB: seconds on a busy machine.
  }, 60_000);

  it("runs in builds only: the dev server has no bundle to write into", () => {
    expect(featuresAsset().apply).toBe("build");
  });
});
