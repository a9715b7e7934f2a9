import { describe, expect, it } from "vitest";
import type { Settings } from "../../../src/background/model.ts";
import {
  DEFAULT_SETTINGS,
  InvalidSettingsError,
  SETTINGS_KEY,
  loadSettings,
  onSettingsChanged,
  resetSettings,
  saveSettings,
  validateSettings,
  type StorageChangeEvents,
} from "../../../src/background/settings.ts";

type Listener = Parameters<StorageChangeEvents["addListener"]>[0];

/**
 * chrome.storage in memory: areas that keep what is written (copied, as the real API serializes) and one
 * change event that fires for every write with the area's name, as `chrome.storage.onChanged` does.
 */
function fakeStorage(initial: { sync?: Record<string, unknown>; local?: Record<string, unknown> } = {}) {
  const listeners: Listener[] = [];
  const onChanged: StorageChangeEvents = { addListener: (cb) => void listeners.push(cb) };
  const area = (name: string, data: Record<string, unknown>) => {
    const emit = (key: string, oldValue: unknown, newValue: unknown): void => {
      const change: chrome.storage.StorageChange = {};
      if (oldValue !== undefined) change.oldValue = oldValue;
      if (newValue !== undefined) change.newValue = newValue;
      for (const listener of listeners) listener({ [key]: change }, name);
    };
    return {
      data,
      writes: 0,
      get(key: string): Promise<Record<string, unknown>> {
        return Promise.resolve(key in data ? { [key]: structuredClone(data[key]) } : {});
      },
      set(items: Record<string, unknown>): Promise<void> {
        this.writes += 1;
        for (const [key, value] of Object.entries(structuredClone(items))) {
          const old = data[key];
          data[key] = value;
          emit(key, old, value);
        }
        return Promise.resolve();
      },
      remove(key: string): Promise<void> {
        this.writes += 1;
        const old = data[key];
        delete data[key];
        emit(key, old, undefined);
        return Promise.resolve();
      },
    };
  };
  return { sync: area("sync", { ...initial.sync }), local: area("local", { ...initial.local }), onChanged };
}

/** Lets pending promise callbacks (the change listener's read) run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe("DEFAULT_SETTINGS", () => {
  it("are the defaults of issue 3 (outside a build that points at the emulator)", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      baseUrl: "https://versionhistory.googleapis.com/v1",
      product: "chrome",
      platform: "auto",
      channel: "stable",
      pollMinutes: 30,
      clickAction: "popup",
      focusMode: false,
      notify: true,
    });
  });
});

describe("validateSettings", () => {
  it("gives the defaults, without a warning, when nothing is stored", () => {
    expect(validateSettings(undefined)).toEqual({ settings: DEFAULT_SETTINGS, warnings: [] });
  });

  it.each([
    ["a string", "beta"],
    ["an array", ["beta"]],
    ["null", null],
    ["a number", 7],
  ])("gives the defaults, with a warning, when the stored value is %s", (_what, stored) => {
    const { settings, warnings } = validateSettings(stored);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([expect.stringMatching(/^settings: .* is not an object; using the defaults$/)]);
  });

  it("merges a partial object over the defaults", () => {
    const { settings, warnings } = validateSettings({ channel: "beta", pollMinutes: 5, notify: false });
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
    };
    expect(validateSettings(all)).toEqual({ settings: all, warnings: [] });
  });

  const invalid: [keyof Settings, unknown, RegExp][] = [
    ["baseUrl", "not a url", /not an absolute URL/],
    ["baseUrl", "http://example.com/v1", /plain http is only allowed to a loopback address/],
    ["baseUrl", "http://localhost:8787/v1", /plain http is only allowed to a loopback address/],
    ["baseUrl", "ftp://example.com/v1", /unsupported scheme/],
    ["baseUrl", "https://example.com/v1?key=1", /must not have a query or fragment/],
    ["baseUrl", 42, /must be a URL, as text/],
    ["product", "Chrome", /must be a product id/],
    ["product", "", /must be a product id/],
    ["platform", "../linux", /must be "auto" or a platform id/],
    ["platform", null, /must be "auto" or a platform id/],
    ["channel", "BETA", /must be a channel id/],
    ["pollMinutes", 0, /from 1 to 1440/],
    ["pollMinutes", 0.5, /from 1 to 1440/],
    ["pollMinutes", 1441, /from 1 to 1440/],
    ["pollMinutes", Number.NaN, /from 1 to 1440/],
    ["pollMinutes", Number.POSITIVE_INFINITY, /from 1 to 1440/],
    ["pollMinutes", "30", /from 1 to 1440/],
    ["clickAction", "popover", /must be one of "popup", "refresh", "open-notes"/],
    ["focusMode", "yes", /must be true or false/],
    ["notify", 1, /must be true or false/],
  ];

  it.each(invalid)("falls back to the default %s for %j, with a warning naming it", (key, value, why) => {
    const { settings, warnings } = validateSettings({ [key]: value });
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^settings\\.${key}: .* refused \\(`));
    expect(warnings[0]).toMatch(why);
    expect(warnings[0]).toContain(`using the default ${JSON.stringify(DEFAULT_SETTINGS[key])}`);
  });

  it("quotes the refused value in the warning", () => {
    const { warnings } = validateSettings({ channel: "BETA" });
    expect(warnings[0]).toContain('the string "BETA" refused');
  });

  it("truncates a long refused value in the warning", () => {
    const { warnings } = validateSettings({ product: "X".repeat(10_000) });
    expect(warnings[0]?.length).toBeLessThan(300);
    expect(warnings[0]).toContain("…");
  });

  it("keeps the valid fields beside an invalid one", () => {
    const { settings } = validateSettings({ channel: "dev", pollMinutes: -1 });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, channel: "dev" });
  });

  it("ignores unknown keys, with a warning naming each", () => {
    const { settings, warnings } = validateSettings({ channel: "dev", theme: "dark", __proto__x: 1 });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, channel: "dev" });
    expect(warnings).toEqual([
      "settings.theme: unknown setting, ignored",
      "settings.__proto__x: unknown setting, ignored",
    ]);
  });

  it("does not take inherited names such as toString for settings", () => {
    const { settings, warnings } = validateSettings(
      JSON.parse('{"toString": 1, "__proto__": {"notify": 0}}'),
    );
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toHaveLength(2);
  });

  it("stores a base URL normalized, without its trailing slash", () => {
    expect(validateSettings({ baseUrl: "https://Mirror.Example.org/v1/" }).settings.baseUrl).toBe(
      "https://mirror.example.org/v1",
    );
  });

  it("accepts plain http to a loopback address (the local emulator)", () => {
    expect(validateSettings({ baseUrl: "http://127.0.0.1:8787/v1" }).settings.baseUrl).toBe(
      "http://127.0.0.1:8787/v1",
    );
  });

  it("accepts a platform id the catalog does not know (the service may add platforms)", () => {
    expect(validateSettings({ platform: "linux_riscv64" }).settings.platform).toBe("linux_riscv64");
  });

  it("accepts a fractional poll interval within bounds", () => {
    expect(validateSettings({ pollMinutes: 1.5 }).settings.pollMinutes).toBe(1.5);
  });
});

describe("loadSettings", () => {
  it("reads the settings key of the area it is given", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    expect(await loadSettings(sync, () => undefined)).toEqual({ ...DEFAULT_SETTINGS, channel: "beta" });
  });

  it("passes each warning to warn and still returns usable settings", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { pollMinutes: 0, clickAction: 3 } } });
    const warnings: string[] = [];
    expect(await loadSettings(sync, (w) => warnings.push(w))).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([
      expect.stringMatching(/^settings\.pollMinutes:/),
      expect.stringMatching(/^settings\.clickAction:/),
    ]);
  });
});

describe("saveSettings", () => {
  it("writes the partial into an empty area", async () => {
    const { sync } = fakeStorage();
    await saveSettings(sync, { channel: "beta" });
    expect(sync.data).toEqual({ [SETTINGS_KEY]: { channel: "beta" } });
  });

  it("merges the partial over what is stored", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta", pollMinutes: 5 } } });
    await saveSettings(sync, { pollMinutes: 10, notify: false });
    expect(sync.data[SETTINGS_KEY]).toEqual({ channel: "beta", pollMinutes: 10, notify: false });
  });

  it("returns the settings now in effect", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    expect(await saveSettings(sync, { focusMode: true })).toEqual({
      ...DEFAULT_SETTINGS,
      channel: "beta",
      focusMode: true,
    });
  });

  it("writes a base URL normalized", async () => {
    const { sync } = fakeStorage();
    await saveSettings(sync, { baseUrl: "https://mirror.example.org/v1/" });
    expect(sync.data[SETTINGS_KEY]).toEqual({ baseUrl: "https://mirror.example.org/v1" });
  });

  it("refuses an invalid value without writing anything", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    await expect(saveSettings(sync, { channel: "dev", pollMinutes: 0 })).rejects.toThrow(
      InvalidSettingsError,
    );
    expect(sync.writes).toBe(0);
    expect(sync.data[SETTINGS_KEY]).toEqual({ channel: "beta" });
  });

  it("lists every problem in the error", async () => {
    const { sync } = fakeStorage();
    const error: unknown = await saveSettings(sync, { pollMinutes: 0, baseUrl: "http://example.com" }).catch(
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
    const { sync } = fakeStorage();
    const partial = { theme: "dark" } as unknown as Partial<Settings>;
    await expect(saveSettings(sync, partial)).rejects.toThrow(/theme: unknown setting/);
    expect(sync.writes).toBe(0);
  });

  it("drops stored values that are invalid while merging", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta", pollMinutes: "x", old: 1 } } });
    await saveSettings(sync, { notify: false });
    expect(sync.data[SETTINGS_KEY]).toEqual({ channel: "beta", notify: false });
  });

  it("starts from nothing when the stored value is not an object", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: "garbage" } });
    await saveSettings(sync, { channel: "dev" });
    expect(sync.data[SETTINGS_KEY]).toEqual({ channel: "dev" });
  });
});

describe("resetSettings", () => {
  it("removes the stored settings, so the defaults apply", async () => {
    const { sync } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" }, other: 1 } });
    await resetSettings(sync);
    expect(sync.data).toEqual({ other: 1 });
    expect(await loadSettings(sync)).toEqual(DEFAULT_SETTINGS);
  });
});

describe("onSettingsChanged", () => {
  it("delivers the validated settings when the sync area's settings change", async () => {
    const { sync, onChanged } = fakeStorage();
    const seen: Settings[] = [];
    onSettingsChanged(onChanged, sync, (s) => seen.push(s));
    await sync.set({ [SETTINGS_KEY]: { channel: "beta" } });
    await settle();
    expect(seen).toEqual([{ ...DEFAULT_SETTINGS, channel: "beta" }]);
  });

  it("delivers the defaults for invalid values, and warns", async () => {
    const { sync, onChanged } = fakeStorage();
    const seen: Settings[] = [];
    const warnings: string[] = [];
    onSettingsChanged(
      onChanged,
      sync,
      (s) => seen.push(s),
      (w) => warnings.push(w),
    );
    await sync.set({ [SETTINGS_KEY]: { pollMinutes: 0.1 } });
    await settle();
    expect(seen).toEqual([DEFAULT_SETTINGS]);
    expect(warnings).toEqual([expect.stringMatching(/^settings\.pollMinutes:/)]);
  });

  it("delivers the defaults when the settings are removed", async () => {
    const { sync, onChanged } = fakeStorage({ sync: { [SETTINGS_KEY]: { channel: "beta" } } });
    const seen: Settings[] = [];
    onSettingsChanged(onChanged, sync, (s) => seen.push(s));
    await resetSettings(sync);
    await settle();
    expect(seen).toEqual([DEFAULT_SETTINGS]);
  });

  it("ignores the same key in another area", async () => {
    const { sync, local, onChanged } = fakeStorage();
    const seen: Settings[] = [];
    onSettingsChanged(onChanged, sync, (s) => seen.push(s));
    await local.set({ [SETTINGS_KEY]: { channel: "beta" } });
    await settle();
    expect(seen).toEqual([]);
  });

  it("ignores other keys of the sync area", async () => {
    const { sync, onChanged } = fakeStorage();
    const seen: Settings[] = [];
    onSettingsChanged(onChanged, sync, (s) => seen.push(s));
    await sync.set({ snapshot: {} });
    await settle();
    expect(seen).toEqual([]);
  });

  it("delivers what is stored after a burst of writes last", async () => {
    const { sync, onChanged } = fakeStorage();
    const seen: string[] = [];
    onSettingsChanged(onChanged, sync, (s) => seen.push(s.channel));
    await sync.set({ [SETTINGS_KEY]: { channel: "beta" } });
    await sync.set({ [SETTINGS_KEY]: { channel: "dev" } });
    await settle();
    expect(seen.at(-1)).toBe("dev");
  });
});
