import { describe, expect, it } from "vitest";
import { browserLine, thisBrowser, type ThisBrowser } from "../../../../src/shared/status/this-browser.ts";

/** `navigator` of a Chromium-based browser: User-Agent Client Hints with this brand list. */
const hints = (brands: [string, string][]) => ({
  userAgentData: {
    getHighEntropyValues: () =>
      Promise.resolve({ fullVersionList: brands.map(([brand, version]) => ({ brand, version })) }),
  },
});
const chromiumRuntime = {};
const firefoxRuntime = {
  getBrowserInfo: () => Promise.resolve({ name: "Firefox", version: "153.0.2" }),
};

describe("thisBrowser", () => {
  it("names Chrome, with the Chromium version", async () => {
    const nav = hints([
      ["Not_A Brand", "99.0.0.0"],
      ["Google Chrome", "151.0.7922.173"],
      ["Chromium", "151.0.7922.173"],
    ]);
    expect(await thisBrowser(nav, chromiumRuntime)).toEqual({
      name: "Chrome",
      version: "151.0.7922.173",
      chromium: true,
    });
  });

  it("names Edge by its own brand and keeps the Chromium version, which the service's can be compared with", async () => {
    const nav = hints([
      ["Microsoft Edge", "151.0.3100.12"],
      ["Not)A;Brand", "8.0.0.0"],
      ["Chromium", "151.0.7922.173"],
    ]);
    expect(await thisBrowser(nav, chromiumRuntime)).toEqual({
      name: "Microsoft Edge",
      version: "151.0.7922.173",
      chromium: true,
    });
  });

  it("calls a plain Chromium build Chromium", async () => {
    const nav = hints([
      ["Chromium", "156.0.8078.73"],
      [";Not A Brand", "99.0.0.0"],
    ]);
    expect(await thisBrowser(nav, chromiumRuntime)).toEqual({
      name: "Chromium",
      version: "156.0.8078.73",
      chromium: true,
    });
  });

  it("asks Firefox's runtime.getBrowserInfo when there are no client hints", async () => {
    expect(await thisBrowser({}, firefoxRuntime)).toEqual({
      name: "Firefox",
      version: "153.0.2",
      chromium: false,
    });
  });

  it("says nothing when the browser says neither", async () => {
    expect(await thisBrowser({}, chromiumRuntime)).toBeUndefined();
    expect(await thisBrowser(hints([]), chromiumRuntime)).toBeUndefined();
  });
});

describe("browserLine", () => {
  const chrome: ThisBrowser = { name: "Chrome", version: "151.0.7922.173", chromium: true };
  const firefox: ThisBrowser = { name: "Firefox", version: "153.0", chromium: false };

  it("says whether a Chromium browser is behind the newest version", () => {
    expect(browserLine(chrome, "152.0.7977.54", "Stable")).toBe(
      "This browser: Chrome 151.0.7922.173, behind 152.0.7977.54",
    );
    expect(browserLine(chrome, "151.0.7922.173", "Stable")).toBe(
      "This browser: Chrome 151.0.7922.173, up to date",
    );
    expect(browserLine(chrome, null, "Stable")).toBe("This browser: Chrome 151.0.7922.173");
  });

  it("says a later milestone is ahead of the watched channel, not up to date with it", () => {
    const chromium: ThisBrowser = { name: "Chromium", version: "156.0.8078.108", chromium: true };
    expect(browserLine(chromium, "151.0.7922.173", "Stable")).toBe(
      "This browser: Chromium 156.0.8078.108, ahead of Stable (151.0.7922.173)",
    );
    // A newer build of the same milestone is up to date.
    expect(browserLine(chrome, "151.0.7922.100", "Stable")).toBe(
      "This browser: Chrome 151.0.7922.173, up to date",
    );
  });

  it("only names Firefox, whose 153 says nothing about Chrome's 152", () => {
    expect(browserLine(firefox, "152.0.7977.54", "Stable")).toBe("This browser: Firefox 153.0");
    expect(browserLine(firefox, "154.0.1.0", "Stable")).toBe("This browser: Firefox 153.0");
  });
});
