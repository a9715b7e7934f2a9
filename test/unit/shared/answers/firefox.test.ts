// For the Firefox build: this Firefox against the current Firefox release, by the release days.
import { describe, expect, it } from "vitest";
import { currentFirefox, firefoxAnswer } from "../../../../src/shared/answers/firefox.ts";
import { NOW, realAsset } from "./fixtures.ts";

const firefox = (version: string) => ({ name: "Firefox", version, chromium: false });

describe("firefoxAnswer", () => {
  it("names the current release by its day, not by the package's older status, and how far behind this one is", () => {
    const a = firefoxAnswer(firefox("153.0"), realAsset(), NOW);
    expect(a.lines).toEqual([
      "Firefox 153 · current release 161 since 2026-11-24 · 8 releases behind",
      "Release days from browser-compat-data 8.1.9, data of 2026-11-12",
    ]);
    expect(a.summary).toBe(a.lines[0]);
    expect(a.links).toEqual([
      {
        text: "Firefox 161 for developers",
        url: "https://developer.mozilla.org/docs/Mozilla/Firefox/Releases/161",
      },
    ]);
  });

  it("up to date on the current release, ahead on a Beta or Nightly", () => {
    expect(firefoxAnswer(firefox("161.0.1"), realAsset(), NOW).summary).toMatch(/· up to date$/);
    expect(firefoxAnswer(firefox("162.0"), realAsset(), NOW).summary).toMatch(/· ahead of the release/);
    expect(firefoxAnswer(firefox("160.0"), realAsset(), NOW).summary).toMatch(/· 1 release behind$/);
  });

  it("a day before 161's release, the current one is 160", () => {
    expect(currentFirefox(realAsset(), "2026-11-23")?.version).toBe("160");
  });

  it("a version it cannot read is named as it is, with the current release unknown", () => {
    expect(firefoxAnswer(firefox("nightly"), realAsset(), NOW).summary).toBe(
      "Firefox nightly · the current Firefox release is unknown",
    );
  });
});
