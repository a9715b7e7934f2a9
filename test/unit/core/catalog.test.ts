import { describe, expect, it } from "vitest";
import {
  canonicalProduct,
  channelRank,
  isKnownChannel,
  labelOf,
  parseResourceName,
  typeOf,
} from "../../../src/core/catalog.ts";

describe("catalog", () => {
  it("maps the documentation's product ids to the real service's", () => {
    expect(canonicalProduct("browser")).toBe("chrome");
    expect(canonicalProduct("chrome")).toBe("chrome");
    expect(canonicalProduct("webengine")).toBe("fuchsiawebengine");
    expect(canonicalProduct("fuchsiawebengine")).toBe("fuchsiawebengine");
    expect(canonicalProduct("firefox")).toBeNull();
  });

  it("ranks channels by distance from stable, with extended after canary_asan", () => {
    const ids = ["extended", "canary_asan", "dev", "stable", "canary", "beta"];
    expect(ids.sort((a, b) => channelRank(a) - channelRank(b))).toEqual([
      "stable",
      "beta",
      "dev",
      "canary",
      "canary_asan",
      "extended",
    ]);
  });

  it("ranks unknown channels after every known one", () => {
    expect(channelRank("nightly")).toBeGreaterThan(channelRank("ltc"));
  });

  it("shows unknown ids as they are", () => {
    expect(labelOf("lacros_arm64_new")).toBe("lacros_arm64_new");
    expect(labelOf("win64")).toBe("Windows");
    expect(typeOf("mac_arm64")).toBe("MAC_ARM64");
  });

  it("splits resource names into their ids", () => {
    expect(parseResourceName("chrome/platforms/win/channels/stable/versions/1.2.3.4/releases/17")).toEqual({
      product: "chrome",
      platform: "win",
      channel: "stable",
      version: "1.2.3.4",
      release: "17",
    });
    expect(parseResourceName("chrome/platforms/win")).toEqual({ product: "chrome", platform: "win" });
  });

  it("refuses names of another shape", () => {
    for (const n of [
      "",
      "chrome",
      "chrome/platforms",
      "chrome/channels/win",
      "chrome/platforms//channels/x",
      "/platforms/win",
    ]) {
      expect(parseResourceName(n), n).toBeNull();
    }
  });
});

describe("ids named as Object.prototype's properties", () => {
  // The service may send any id of the id rule: `constructor` is one. A table that is a plain object would
  // answer it with Object.prototype's function.
  it.each(Object.getOwnPropertyNames(Object.prototype))("%j is an unknown id like any other", (id) => {
    expect(labelOf(id)).toBe(id);
    expect(channelRank(id)).toBe(channelRank("some_new_channel"));
    expect(isKnownChannel(id)).toBe(false);
    expect(canonicalProduct(id)).toBeNull();
  });

  it("the known ones stay known", () => {
    expect(isKnownChannel("stable")).toBe(true);
    expect(labelOf("win64")).toBe("Windows");
    expect(canonicalProduct("browser")).toBe("chrome");
  });
});
