import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  InvalidSettingsError,
  loadSettings,
  resetSettings,
  saveSettings,
  scheduleUrlFor,
  scheduleUrlOf,
  validateSettings,
  type Settings,
} from "../../../../src/shared/store/settings.ts";
import { createStore } from "../../../../src/shared/store/store.ts";
import { EVERY_KEY } from "../../../../src/shared/store/keys.ts";
import { createStorage } from "../../../fakes/browser.ts";

const SETTINGS_KEY = "settings";

/** The store over in-memory storage; `warn` collects what it says about stored values. */
function fakeStorage(initial: { sync?: Record<string, unknown> } = {}, warn: (w: string) => void = () => {}) {
  const storage = createStorage(initial);
  return { sync: storage.sync, store: createStore(storage, EVERY_KEY, warn) };
}

/** The settings in effect for a stored value: the valid stored fields over the defaults. */
function validate(stored: unknown): { settings: Settings; warnings: string[] } {
  const { settings, warnings } = validateSettings(stored);
  return { settings: { ...DEFAULT_SETTINGS, ...settings }, warnings };
}

describe("DEFAULT_SETTINGS", () => {
  it("are what a new install watches, as the README says: Google's service, Chrome Stable on this platform, checked every 30 min, with notifications (outside a build that points at the emulator)", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      baseUrl: "https://versionhistory.googleapis.com/v1",
      product: "chrome",
      platform: "auto",
      channel: "stable",
      pollMinutes: 30,
      clickAction: "popup",
      focusMode: false,
      notify: true,
      // Not set: the schedule that goes with the service (scheduleUrlOf).
      scheduleUrl: null,
      badgeText: "milestone",
      // Worldwide alone: no region's table until one is chosen, and no update until asked for.
      usageRegion: null,
      usageUpdates: false,
    });
  });
});

describe("the milestone schedule's address", () => {
  it("is Chromium Dash for Google's service", () => {
    expect(scheduleUrlOf(DEFAULT_SETTINGS)).toBe("https://chromiumdash.appspot.com");
  });

  it.each([
    ["an https mirror", "https://mirror.example.org/api/v1", "https://mirror.example.org"],
    ["the emulator on another port", "http://127.0.0.1:9/v1", "http://127.0.0.1:9"],
  ])("is the service's own origin for %s", (_what, baseUrl, schedule) => {
    expect(scheduleUrlFor(baseUrl)).toBe(schedule);
    expect(scheduleUrlOf({ ...DEFAULT_SETTINGS, baseUrl })).toBe(schedule);
  });

  it("follows the service when only the service's address is saved", async () => {
    const { store } = fakeStorage();
    const saved = await saveSettings(store, { baseUrl: "https://mirror.example.org/v1" });
    expect(scheduleUrlOf(saved)).toBe("https://mirror.example.org");
    expect(scheduleUrlOf(await loadSettings(store))).toBe("https://mirror.example.org");
  });

  it("is the person's own when they stored one, whatever the service", async () => {
    const { store } = fakeStorage({ sync: { [SETTINGS_KEY]: { scheduleUrl: "https://dash.example.org/" } } });
    const saved = await saveSettings(store, { baseUrl: "https://mirror.example.org/v1" });
    expect(scheduleUrlOf(saved)).toBe("https://dash.example.org");
  });

  it("follows the service again once the person's own is cleared (null)", async () => {
    const { store } = fakeStorage({ sync: { [SETTINGS_KEY]: { scheduleUrl: "https://dash.example.org" } } });
    const saved = await saveSettings(store, { baseUrl: "https://mirror.example.org/v1", scheduleUrl: null });
    expect(scheduleUrlOf(saved)).toBe("https://mirror.example.org");
  });
});

describe("validateSettings", () => {
  it("keeps only the valid, known fields of what is stored", () => {
    expect(validateSettings({ channel: "dev", pollMinutes: -1, theme: "dark" }).settings).toEqual({
      channel: "dev",
    });
  });

  it("gives the defaults, without a warning, when nothing is stored", () => {
    expect(validate(undefined)).toEqual({ settings: DEFAULT_SETTINGS, warnings: [] });
  });

  it.each([
    ["a string", "beta"],
    ["an array", ["beta"]],
    ["null", null],
    ["a number", 7],
  ])("gives the defaults, with a warning, when the stored value is %s", (_what, stored) => {
    const { settings, warnings } = validate(stored);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([expect.stringMatching(/^settings: .* is not an object; using the defaults$/)]);
  });

  it("merges a partial object over the defaults", () => {
    const { settings, warnings } = validate({ channel: "beta", pollMinutes: 5, notify: false });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, channel: "beta", pollMinutes: 5, notify: false });
    expect(warnings).toEqual([]);
  });

  it("takes every field when all are valid", () => {
    const all: Settings = {
      baseUrl: "https://mirror.example.org/v1",
      product: "fuchsiawebengine",
      platform: "win_arm64",
      channel: "canary_asan",
      pollMinutes: 1440,
      clickAction: "open-notes",
      focusMode: true,
      notify: false,
      scheduleUrl: "https://dash.example.org",
      badgeText: "share",
      usageRegion: "DE",
      usageUpdates: true,
    };
    expect(validate(all)).toEqual({ settings: all, warnings: [] });
  });

  const invalid: [keyof Settings, unknown, RegExp][] = [
    ["baseUrl", "notaurl", /not an absolute URL/],
    ["baseUrl", "https://ex ample.com/v1", /must not contain spaces/],
    ["baseUrl", "https://versionhistory.googleapis.com", /must end in \/v1/],
    ["baseUrl", `https://example.com/${"a".repeat(5000)}/v1`, /characters long, more than the 256/],
    ["baseUrl", "http://example.com/v1", /plain http is only allowed to a loopback address/],
    ["baseUrl", "http://localhost:8787/v1", /plain http is only allowed to a loopback address/],
    ["baseUrl", "ftp://example.com/v1", /unsupported scheme/],
    ["baseUrl", "https://example.com/v1?key=1", /must not have a query or fragment/],
    ["baseUrl", 42, /must be a URL, as text/],
    ["scheduleUrl", "http://chromiumdash.appspot.com", /plain http is only allowed to a loopback address/],
    ["scheduleUrl", "chromiumdash", /not an absolute URL/],
    ["scheduleUrl", "", /not an absolute URL/],
    ["product", "Chrome", /must be a product id/],
    ["product", "", /must be a product id/],
    ["platform", "../linux", /must be "auto" or a platform id/],
    ["platform", null, /must be "auto" or a platform id/],
    ["channel", "BETA", /must be a channel id/],
    ["pollMinutes", 0, /from 1 to 1440/],
    ["pollMinutes", 0.5, /from 1 to 1440/],
    ["pollMinutes", 2.5, /must be a whole number of minutes/],
    ["pollMinutes", 1441, /from 1 to 1440/],
    ["pollMinutes", Number.NaN, /from 1 to 1440/],
    ["pollMinutes", Number.POSITIVE_INFINITY, /from 1 to 1440/],
    ["pollMinutes", "30", /from 1 to 1440/],
    ["clickAction", "popover", /must be one of "popup", "refresh", "open-notes"/],
    ["badgeText", "percent", /must be one of "milestone", "share"/],
    ["focusMode", "yes", /must be true or false/],
    ["notify", 1, /must be true or false/],
  ];

  it.each(invalid)("falls back to the default %s for %j, with a warning naming it", (key, value, why) => {
    const { settings, warnings } = validate({ [key]: value });
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^settings\\.${key}: .* refused \\(`));
    expect(warnings[0]).toMatch(why);
    expect(warnings[0]).toContain(`using the default ${JSON.stringify(DEFAULT_SETTINGS[key])}`);
  });

  it("quotes the refused value in the warning", () => {
    const { warnings } = validate({ channel: "BETA" });
    expect(warnings[0]).toContain('the string "BETA" refused');
  });

  it("truncates a long refused value in the warning", () => {
    const { warnings } = validate({ product: "X".repeat(10_000) });
    expect(warnings[0]?.length).toBeLessThan(300);
    expect(warnings[0]).toContain("…");
  });

  it("ignores unknown keys, with a warning naming each", () => {
    const { settings, warnings } = validate({ channel: "dev", theme: "dark", __proto__x: 1 });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, channel: "dev" });
    expect(warnings).toEqual([
      "settings.theme: unknown setting, ignored",
      "settings.__proto__x: unknown setting, ignored",
    ]);
  });

  it("does not take inherited names such as toString for settings", () => {
    const { settings, warnings } = validate(JSON.parse('{"toString": 1, "__proto__": {"notify": 0}}'));
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toHaveLength(2);
  });

  it("stores a base URL normalized, without its trailing slash", () => {
    expect(validate({ baseUrl: "https://Mirror.Example.org/v1/" }).settings.baseUrl).toBe(
      "https://mirror.example.org/v1",
    );
  });

  it("accepts plain http to a loopback address (the local emulator)", () => {
    expect(validate({ baseUrl: "http://127.0.0.1:8787/v1" }).settings.baseUrl).toBe(
      "http://127.0.0.1:8787/v1",
    );
  });

  it("accepts a platform id the catalog does not know (the service may add platforms)", () => {
    expect(validate({ platform: "linux_riscv64" }).settings.platform).toBe("linux_riscv64");
  });

  it("accepts a schedule address without /v1 (it is Chromium Dash's, not the service's)", () => {
    expect(validate({ scheduleUrl: "https://dash.example.org" }).settings.scheduleUrl).toBe(
      "https://dash.example.org",
    );
  });
});

describe("loadSettings", () => {
  it("reads the settings key of the area it is given", async () => {
    const { store } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    expect(await loadSettings(store)).toEqual({ ...DEFAULT_SETTINGS, channel: "beta" });
  });

  it("passes each warning to warn and still returns usable settings", async () => {
    const warnings: string[] = [];
    const { store } = fakeStorage({ sync: { [SETTINGS_KEY]: { pollMinutes: 0, clickAction: 3 } } }, (w) =>
      warnings.push(w),
    );
    expect(await loadSettings(store)).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([
      expect.stringMatching(/^settings\.pollMinutes:/),
      expect.stringMatching(/^settings\.clickAction:/),
    ]);
  });
});

describe("saveSettings", () => {
  it("writes the partial into an empty area", async () => {
    const { sync, store } = fakeStorage();
    await saveSettings(store, { channel: "beta" });
    expect(Object.fromEntries(sync.data)).toEqual({ [SETTINGS_KEY]: { channel: "beta" } });
  });

  it("merges the partial over what is stored", async () => {
    const { sync, store } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta", pollMinutes: 5 } } });
    await saveSettings(store, { pollMinutes: 10, notify: false });
    expect(sync.data.get(SETTINGS_KEY)).toEqual({ channel: "beta", pollMinutes: 10, notify: false });
  });

  it("returns the settings now in effect", async () => {
    const { store } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    expect(await saveSettings(store, { focusMode: true })).toEqual({
      ...DEFAULT_SETTINGS,
      channel: "beta",
      focusMode: true,
    });
  });

  it("writes a base URL normalized", async () => {
    const { sync, store } = fakeStorage();
    await saveSettings(store, { baseUrl: "https://mirror.example.org/v1/" });
    expect(sync.data.get(SETTINGS_KEY)).toEqual({ baseUrl: "https://mirror.example.org/v1" });
  });

  it("refuses an invalid value without writing anything", async () => {
    const { sync, store } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    await expect(saveSettings(store, { channel: "dev", pollMinutes: 0 })).rejects.toThrow(
      InvalidSettingsError,
    );
    expect(sync.writes).toBe(0);
    expect(sync.data.get(SETTINGS_KEY)).toEqual({ channel: "beta" });
  });

  it("lists every problem in the error", async () => {
    const { store } = fakeStorage();
    const error: unknown = await saveSettings(store, { pollMinutes: 0, baseUrl: "http://example.com" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidSettingsError);
    expect((error as InvalidSettingsError).problems).toEqual([
      expect.stringMatching(/^pollMinutes: the number 0 refused/),
      expect.stringMatching(/^baseUrl: the string "http:\/\/example.com" refused/),
    ]);
    expect((error as Error).message).toMatch(/^Settings not saved: pollMinutes: .*; baseUrl: /);
  });

  it("refuses an unknown key without writing anything", async () => {
    const { sync, store } = fakeStorage();
    const partial = { theme: "dark" } as unknown as Partial<Settings>;
    await expect(saveSettings(store, partial)).rejects.toThrow(/theme: unknown setting/);
    expect(sync.writes).toBe(0);
  });

  it("drops stored values that are invalid while merging", async () => {
    const { sync, store } = fakeStorage({
      sync: { [SETTINGS_KEY]: { channel: "beta", pollMinutes: "x", old: 1 } },
    });
    await saveSettings(store, { notify: false });
    expect(sync.data.get(SETTINGS_KEY)).toEqual({ channel: "beta", notify: false });
  });

  it("starts from nothing when the stored value is not an object", async () => {
    const { sync, store } = fakeStorage({ sync: { [SETTINGS_KEY]: "garbage" } });
    await saveSettings(store, { channel: "dev" });
    expect(sync.data.get(SETTINGS_KEY)).toEqual({ channel: "dev" });
  });
});

describe("resetSettings", () => {
  it("removes the stored settings, so the defaults apply", async () => {
    const { sync, store } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" }, other: 1 } });
    await resetSettings(store);
    expect(Object.fromEntries(sync.data)).toEqual({ other: 1 });
    expect(await loadSettings(store)).toEqual(DEFAULT_SETTINGS);
  });

  it("returns what was stored, which saveSettings writes back to undo the reset", async () => {
    const stored = { baseUrl: "https://mirror.example.org/v1", channel: "beta" };
    const { sync, store } = fakeStorage({ sync: { [SETTINGS_KEY]: stored } });
    const removed = await resetSettings(store);
    expect(removed).toEqual(stored);
    await saveSettings(store, removed);
    expect(sync.data.get(SETTINGS_KEY)).toEqual(stored);
  });
});
