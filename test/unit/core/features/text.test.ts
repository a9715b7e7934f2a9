// The text rule matching stands on: one spelling for comparing names with what people type.
import { describe, expect, it } from "vitest";
import { normalize, normalizeName } from "../../../../src/core/features/normalize.ts";

describe("normalize", () => {
  it("lower-cases and turns each run of punctuation or space into one space", () => {
    expect(normalize(":has()")).toBe("has");
    expect(normalize("View  Transitions")).toBe("view transitions");
    expect(normalize("view-transitions")).toBe("view transitions");
    expect(normalize("<dialog>")).toBe("dialog");
  });

  it("keeps letters of every script", () => {
    expect(normalize("Ünïcode שלום")).toBe("ünïcode שלום");
  });
});

describe("normalizeName", () => {
  it("splits camel case into words, an acronym before the next word", () => {
    expect(normalizeName("CSSContainerRule")).toBe("css container rule");
    expect(normalizeName("HTMLDialogElement")).toBe("html dialog element");
    expect(normalizeName("startViewTransition")).toBe("start view transition");
  });
});
