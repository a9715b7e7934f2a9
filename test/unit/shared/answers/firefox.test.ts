// Firefox: in the Firefox build this Firefox against the current release (an ESR named as one); elsewhere
// the current release, the next one and the ESR, all by browser-compat-data's release days.
import { describe, expect, it } from "vitest";
import {
  currentFirefox,
  firefoxAnswer,
  firefoxReleaseAnswer,
} from "../../../../src/shared/answers/firefox.ts";
import { NOW, realAsset } from "./fixtures.ts";

const firefox = (version: string) => ({ name: "Firefox", version, chromium: false });

describe("firefoxAnswer", () => {
  it("names the current release by its day, not by the package's older status, and how far behind this one is", () => {
    const a = firefoxAnswer(firefox("152.0"), realAsset(), NOW);
    expect(a.lines).toEqual([
      "Firefox 152 · current release 161 since 2026-11-24 · 9 releases behind",
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

  it("an Extended Support Release is named as one, not as releases behind: 153.7.0esr, or 153 (an ESR major)", () => {
    const esr =
      "Firefox 153 ESR · current release 161 since 2026-11-24 · an Extended Support Release: it keeps its version and gets security fixes while the release moves on";
    expect(firefoxAnswer(firefox("153.7.0esr"), realAsset(), NOW).summary).toBe(esr);
    expect(firefoxAnswer(firefox("153.7.0"), realAsset(), NOW).title).toBe("Firefox 153 ESR");
  });

  it("asked outside Firefox: the current release, the next one's day and the ESR", () => {
    expect(firefoxReleaseAnswer(realAsset(), NOW).lines).toEqual([
      "Firefox 161 is the current release, since 2026-11-24",
      "Firefox 162 is due on 2026-12-08",
      "The Extended Support Release is Firefox 153",
      "Release days from browser-compat-data 8.1.9, data of 2026-11-12",
    ]);
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
