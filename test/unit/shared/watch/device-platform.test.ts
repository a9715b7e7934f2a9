import { describe, expect, it } from "vitest";
import { servicePlatform, watchedPlatform } from "../../../../src/shared/watch/device-platform.ts";

describe("platform auto", () => {
  it.each([
    ["win", "x86-64", "win64"],
    ["win", "x86-32", "win"],
    ["win", "arm64", "win_arm64"],
    ["mac", "arm64", "mac_arm64"],
    ["mac", "arm", "mac_arm64"],
    ["mac", "x86-64", "mac"],
    ["linux", "x86-64", "linux"],
    ["android", "arm", "android"],
    ["cros", "x86-64", "chromeos"],
  ])("%s %s maps to %s", (os, arch, id) => {
    expect(servicePlatform({ os, arch })).toBe(id);
  });
});

describe("the watched platform", () => {
  it("is the device's own for `auto`, else the setting as it is", () => {
    expect(watchedPlatform("auto", { os: "mac", arch: "arm64" })).toBe("mac_arm64");
    expect(watchedPlatform("android", { os: "mac", arch: "arm64" })).toBe("android");
  });
});
