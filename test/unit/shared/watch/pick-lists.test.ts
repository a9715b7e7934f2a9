// The products, platforms and channels a person picks from: one order and one set of labels for the
// options page and the popup.
import { describe, expect, it } from "vitest";
import { KNOWN_PLATFORMS } from "../../../../src/core/catalog.ts";
import {
  channelChoices,
  choicesFromIds,
  platformChoices,
  productChoices,
  watchPlatformChoices,
  type Choice,
} from "../../../../src/shared/watch/pick-lists.ts";

const ALL: Choice = { value: "all", label: "All" };

describe("products", () => {
  it("offers each product once, by its name", () => {
    expect(productChoices("chrome")).toEqual([
      { value: "chrome", label: "Chrome" },
      { value: "fuchsiawebengine", label: "Fuchsia WebEngine" },
    ]);
  });

  it("lists Chrome once under the spelling in use (the emulator's `browser`)", () => {
    expect(productChoices("browser")).toEqual([
      { value: "browser", label: "Chrome" },
      { value: "fuchsiawebengine", label: "Fuchsia WebEngine" },
    ]);
  });

  it("takes a preferred spelling (the build's default) for the products not in use", () => {
    expect(productChoices("fuchsiawebengine", ["browser"])).toEqual([
      { value: "browser", label: "Chrome" },
      { value: "fuchsiawebengine", label: "Fuchsia WebEngine" },
    ]);
  });

  it("keeps a current product the catalog does not know, last, as it is", () => {
    expect(productChoices("chromium").at(-1)).toEqual({ value: "chromium", label: "chromium" });
    expect(productChoices("chromium")).toHaveLength(3);
  });
});

describe("platforms", () => {
  it("the first choice the page gives, then every known platform in the catalog's order", () => {
    const choices = platformChoices("linux", ALL);
    expect(choices[0]).toEqual(ALL);
    expect(choices.slice(1).map((c) => c.value)).toEqual([...KNOWN_PLATFORMS]);
    expect(choices.find((c) => c.value === "win64")?.label).toBe("Windows");
  });

  it("keeps a current platform the catalog does not know", () => {
    expect(platformChoices("linux_riscv64", ALL).at(-1)).toEqual({
      value: "linux_riscv64",
      label: "linux_riscv64",
    });
  });
});

describe("channels", () => {
  it("offers the six channels in the order people know them", () => {
    expect(channelChoices("stable").map((c) => c.label)).toEqual([
      "Stable",
      "Extended stable",
      "Beta",
      "Dev",
      "Canary",
      "Canary (ASan)",
    ]);
  });

  it("puts the page's first choice (all channels) first when given", () => {
    expect(channelChoices("all", ALL)[0]).toEqual(ALL);
  });

  it("keeps a current channel that is not offered", () => {
    expect(channelChoices("lts").at(-1)).toEqual({ value: "lts", label: "LTS" });
  });
});

describe("choices from the service's own ids", () => {
  it("labels the ids as the catalog does, in the order given, after the page's first choice", () => {
    expect(choicesFromIds(["win64", "linux"], ALL)).toEqual([
      ALL,
      { value: "win64", label: "Windows" },
      { value: "linux", label: "Linux" },
    ]);
    expect(choicesFromIds(["stable", "dev"]).map((c) => c.label)).toEqual(["Stable", "Dev"]);
  });

  it("offers each id once", () => {
    expect(choicesFromIds(["stable", "stable", "dev"]).map((c) => c.value)).toEqual(["stable", "dev"]);
  });

  it("shows an id the catalog does not know as it is", () => {
    expect(choicesFromIds(["linux_riscv64"])).toEqual([{ value: "linux_riscv64", label: "linux_riscv64" }]);
  });

  it("keeps a current id the service does not list, last and marked, so it stays selected", () => {
    expect(choicesFromIds(["win64"], ALL, "linux")).toEqual([
      ALL,
      { value: "win64", label: "Windows" },
      { value: "linux", label: "Linux (not on this service)" },
    ]);
    expect(choicesFromIds([], ALL, "linux_riscv64").at(-1)?.label).toBe(
      "linux_riscv64 (not on this service)",
    );
  });

  it("adds nothing for a current id that is listed or is the first choice", () => {
    expect(choicesFromIds(["win64"], ALL, "win64")).toHaveLength(2);
    expect(choicesFromIds([], ALL, "all")).toEqual([ALL]);
  });
});

describe("platforms the toolbar can watch", () => {
  it("offers auto first, labelled with this device's platform, then every known platform", () => {
    const choices = watchPlatformChoices("auto", "linux");
    expect(choices[0]).toEqual({ value: "auto", label: "Automatic (this device: Linux)" });
    expect(choices.slice(1).map((c) => c.value)).toEqual([...KNOWN_PLATFORMS]);
  });

  it("labels auto plainly when this device's platform is unknown", () => {
    expect(watchPlatformChoices("auto", null)[0]).toEqual({ value: "auto", label: "Automatic" });
  });
});
