// A browser named in a question about a feature (issue 40, class 1): which one, and the words left.
import { describe, expect, it } from "vitest";
import { browserNamed } from "../../../../src/core/ask/browsers.ts";

describe("browserNamed", () => {
  it.each([
    ["grid gap firefox", "firefox", "grid gap"],
    ["is avif supported on iphone", "safari_ios", "is avif supported on"],
    ["popover in firefox for android", "firefox_android", "popover in"],
    ["view transitions ios safari", "safari_ios", "view transitions"],
    ["has() safari", "safari", "has()"],
    ["dialog element microsoft edge", "edge", "dialog element"],
    ["webp on android", "chrome_android", "webp on"],
    // The browser's version or build goes with it.
    ["is :has supported in safari 15.4", "safari", "is :has supported in"],
    ["popover in safari ios 17", "safari_ios", "popover in"],
    ["webgpu firefox nightly", "firefox", "webgpu"],
    ["dialog element ie11", null, "dialog element"],
  ])("reads %j as %s, leaving %j", (text, browser, rest) => {
    expect(browserNamed(text)).toMatchObject({ browser, text: rest });
  });

  it("names a browser the data does not carry without an id, and nothing when no other word is left", () => {
    expect(browserNamed("container queries samsung internet")).toEqual({
      browser: null,
      label: "Samsung Internet",
      text: "container queries",
    });
    expect(browserNamed("firefox")).toBeNull();
    expect(browserNamed("text-box-edge")).toBeNull();
  });
});
