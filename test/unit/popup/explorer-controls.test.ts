import { describe, expect, it } from "vitest";
import {
  channelChoices,
  orderChoices,
  platformChoices,
  productChoices,
} from "../../../src/popup/explorer-controls.ts";

describe("control choices", () => {
  it("offers the real service's products and names an alias's product", () => {
    expect(productChoices("chrome").map((c) => c.value)).toEqual(["chrome", "fuchsiawebengine"]);
    expect(productChoices("browser")[0]).toEqual({ value: "browser", label: "browser (Chrome)" });
    expect(productChoices("other")[0]).toEqual({ value: "other", label: "other" });
  });

  it("offers all platforms first, then the known ones, and keeps an unknown current one", () => {
    const choices = platformChoices("riscv");
    expect(choices[0]).toEqual({ value: "all", label: "All platforms" });
    expect(choices).toContainEqual({ value: "win64", label: "Windows" });
    expect(choices.at(-1)).toEqual({ value: "riscv", label: "riscv" });
    expect(platformChoices("linux").filter((c) => c.value === "linux")).toHaveLength(1);
  });

  it("offers channels from stable outwards", () => {
    expect(channelChoices("stable").map((c) => c.value)).toEqual([
      "all",
      "stable",
      "beta",
      "dev",
      "canary",
      "canary_asan",
      "extended",
      "lts",
      "ltc",
    ]);
  });

  it("offers no sort key, then the view's fields", () => {
    expect(orderChoices(["version", "starttime"])).toEqual([
      { value: "", label: "—" },
      { value: "version", label: "Version" },
      { value: "starttime", label: "Start" },
    ]);
  });
});
