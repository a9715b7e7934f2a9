/**
 * The port of Chromium's colour-string parser. Expected values were read back from Chromium 156 through
 * setBadgeBackgroundColor/getBadgeBackgroundColor (and the agreement test re-checks a set of them).
 */
import { describe, expect, it } from "vitest";
import { parseChromiumColor } from "../../fakes/chromium-color.ts";

describe("parseChromiumColor", () => {
  it("reads #RGB, #RGBA, #RRGGBB and #RRGGBBAA in either case", () => {
    expect(parseChromiumColor("#aBc")).toEqual([170, 187, 204, 255]);
    expect(parseChromiumColor("#f008")).toEqual([255, 0, 0, 136]);
    expect(parseChromiumColor("#ABCDEF")).toEqual([171, 205, 239, 255]);
    expect(parseChromiumColor("#FF000080")).toEqual([255, 0, 0, 128]);
  });

  it("rejects other hex lengths and non-hex digits", () => {
    for (const text of ["#12", "#12345", "#1234567", "#-12", "#ggg"]) {
      expect(parseChromiumColor(text)).toBeUndefined();
    }
  });

  it("knows Skia's lower-case names only: gray and lightgrey, but not grey, lightgray or rebeccapurple", () => {
    expect(parseChromiumColor("gray")).toEqual([128, 128, 128, 255]);
    expect(parseChromiumColor("lightgrey")).toEqual([211, 211, 211, 255]);
    for (const text of ["grey", "lightgray", "rebeccapurple", "transparent", "Red", "currentcolor"]) {
      expect(parseChromiumColor(text)).toBeUndefined();
    }
  });

  it("reads rgb() and rgba() with integer channels, spaces only after commas, alpha truncated", () => {
    expect(parseChromiumColor("rgb(1, 2, 3)")).toEqual([1, 2, 3, 255]);
    expect(parseChromiumColor("rgba(1,2,3,0.999)")).toEqual([1, 2, 3, 254]);
    expect(parseChromiumColor("rgba(1,2,3,.25)")).toEqual([1, 2, 3, 63]);
    for (const text of [
      "rgb( 1,2,3)",
      "rgb(1 2 3)",
      "rgb(1.5,2,3)",
      "rgb(256,0,0)",
      "rgb(10%,0%,0%)",
      "rgba(1,2,3)",
    ]) {
      expect(parseChromiumColor(text)).toBeUndefined();
    }
  });

  it("reads hsl() and hsla() with Chromium's single-precision arithmetic", () => {
    expect(parseChromiumColor("hsl(120, 100%, 25%)")).toEqual([0, 128, 0, 255]);
    expect(parseChromiumColor("hsl(33.9,47.5%,61.3%)")).toEqual([203, 161, 109, 255]);
    expect(parseChromiumColor("hsl(-30,100%,50%)")).toEqual([255, 0, 127, 255]);
    expect(parseChromiumColor("hsl(300,150%,50%)")).toEqual([255, 0, 255, 255]);
    expect(parseChromiumColor("hsla(200,50%,60%,0.25)")).toEqual([102, 170, 204, 63]);
    expect(parseChromiumColor("hsl(120deg,100%,50%)")).toBeUndefined();
  });
});
