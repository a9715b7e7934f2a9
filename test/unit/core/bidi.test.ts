import { describe, expect, it } from "vitest";
import { isolate } from "../../../src/core/bidi.ts";

describe("isolate", () => {
  it("leaves plain left-to-right text as it is", () => {
    expect(isolate("151.0.7922.173")).toBe("151.0.7922.173");
    expect(isolate("canary_asan")).toBe("canary_asan");
  });

  it("drops an override, so 'beta\\u202Egnp.exe' reads as written and cannot reverse what follows", () => {
    expect(isolate("beta\u202Egnp.exe")).toBe("betagnp.exe");
    expect(`${isolate("beta\u202Egnp.exe")} at 100%`).toBe("betagnp.exe at 100%");
  });

  it("isolates right-to-left text, and an isolate inside cannot end it early", () => {
    expect(isolate("\u05D1\u05D8\u05D0")).toBe("\u2068\u05D1\u05D8\u05D0\u2069");
    expect(isolate("x\u2069\u05D0")).toBe("\u2068x\u05D0\u2069");
    expect(isolate("\u200F1")).toBe("\u2068\u200F1\u2069");
  });
});

describe("isolate, beyond the basic plane", () => {
  it("isolates right-to-left letters of the supplementary planes too (Adlam)", () => {
    expect(isolate("\u{1E900}")).toBe("\u2068\u{1E900}\u2069");
    expect(isolate("\u{1F600}")).toBe("\u{1F600}");
  });
});
