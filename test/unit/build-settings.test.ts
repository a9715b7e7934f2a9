// Build-time defaults (manifest.config.ts): what `npm start`, the tests and the store packages bake in.
import { describe, expect, it } from "vitest";
import { buildManifest, readBuildSettings } from "../../manifest.config.ts";

describe("readBuildSettings", () => {
  it("keeps the real services when nothing is set", () => {
    expect(readBuildSettings({})).toEqual({ baseUrl: undefined, product: undefined, scheduleUrl: undefined });
  });

  it("points the schedule at the emulator too when the service is the local emulator", () => {
    expect(readBuildSettings({ RR_DEFAULT_BASE_URL: "http://127.0.0.1:8787/v1" }).scheduleUrl).toBe(
      "http://127.0.0.1:8787",
    );
    // An https service elsewhere leaves the schedule at Chromium Dash.
    expect(
      readBuildSettings({ RR_DEFAULT_BASE_URL: "https://mirror.example.org/v1" }).scheduleUrl,
    ).toBeUndefined();
  });

  it("takes an explicit schedule, and refuses one the extension could not use", () => {
    expect(readBuildSettings({ RR_DEFAULT_SCHEDULE_URL: "https://dash.example.org" }).scheduleUrl).toBe(
      "https://dash.example.org",
    );
    expect(() => readBuildSettings({ RR_DEFAULT_SCHEDULE_URL: "http://dash.example.org" })).toThrow(
      /RR_DEFAULT_SCHEDULE_URL must be https/,
    );
    expect(() => readBuildSettings({ RR_DEFAULT_SCHEDULE_URL: "nope" })).toThrow(/is not a URL/);
  });

  it("gives the Firefox manifest its background page and gecko settings, and the Chromium one its minimum", () => {
    const settings = readBuildSettings({});
    const chrome = buildManifest(settings, "chrome") as unknown as Record<string, unknown>;
    const firefox = buildManifest(settings, "firefox") as unknown as Record<string, unknown>;
    expect(chrome.background).toEqual({ service_worker: "src/background/index.ts", type: "module" });
    expect(chrome.minimum_chrome_version).toBe("116");
    expect(firefox.background).toEqual({ scripts: ["src/background/index.ts"], type: "module" });
    expect(firefox.minimum_chrome_version).toBeUndefined();
    expect(firefox.browser_specific_settings).toEqual({
      gecko: {
        id: "release-radar@release-radar.dev",
        strict_min_version: "142.0",
        data_collection_permissions: { required: ["none"] },
      },
    });
    const { background: _a, minimum_chrome_version: _b, ...chromeRest } = chrome;
    const { background: _c, browser_specific_settings: _d, ...firefoxRest } = firefox;
    expect(firefoxRest).toEqual(chromeRest);
  });

  it("describes every keyboard command, for the browsers' shortcut pages", () => {
    for (const browser of ["chrome", "firefox"] as const) {
      const { commands } = buildManifest(readBuildSettings({}), browser) as {
        commands?: Record<string, { description?: unknown }>;
      };
      const entries = Object.entries(commands ?? {});
      expect(entries.length).toBeGreaterThan(0);
      const undescribed = entries
        .filter(([, { description }]) => typeof description !== "string" || description.trim() === "")
        .map(([name]) => name);
      expect(undescribed, browser).toEqual([]);
    }
  });
});
