/**
 * Settings (issue 3): stored in `chrome.storage.sync` under `settings` as a partial object merged over the
 * defaults. Anything may have written that key (an older version, another device through sync, a person
 * in the console), so every stored value is checked; one that fails falls back to its default with a
 * warning and never stops the extension.
 *
 * The checks are pure and shared by the service worker and the options page. The adapters below take the
 * storage area and its change event as parameters (STYLE.md: pass effects in), so tests hand them plain
 * in-memory fakes.
 */
import { InvalidBaseUrlError, describeValue, truncate } from "../core/client/errors.ts";
import { normalizeBaseUrl } from "../core/client/client.ts";
import { ReleaseRadarError } from "../core/errors.ts";
import { DEFAULT_BASE_URL, DEFAULT_PRODUCT } from "./defaults.ts";
import type { Settings } from "./model.ts";
import type { StorageAreaLike } from "./storage.ts";

/** The `storage.sync` key that holds the stored partial settings. */
export const SETTINGS_KEY = "settings";

/**
 * The defaults of issue 3. `baseUrl` and `product` come from defaults.ts, which a build may point at the
 * local emulator. Frozen: it is handed out as the settings whenever nothing is stored.
 */
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  baseUrl: DEFAULT_BASE_URL,
  product: DEFAULT_PRODUCT,
  platform: "auto",
  channel: "stable",
  pollMinutes: 30,
  clickAction: "popup",
  focusMode: false,
  notify: true,
});

/**
 * Poll interval bounds in minutes. Chrome alarms allow periods down to 0.5 min; a 1 min floor keeps the
 * load on the service sane, and a day is the longest wait that still deserves the name "watching".
 */
export const MIN_POLL_MINUTES = 1;
export const MAX_POLL_MINUTES = 1440;

export const CLICK_ACTIONS: readonly Settings["clickAction"][] = ["popup", "refresh", "open-notes"];

/** Every setting's key, in the order of the issue (and of the options form). */
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as readonly (keyof Settings)[];

/** The outcome of checking one value: the value to use (normalized), or why it cannot be used. */
export type SettingCheck<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

type Checks = { readonly [K in keyof Settings]: (value: unknown) => SettingCheck<Settings[K]> };

// Ids as the service spells them (`chrome`, `win_arm64`, `canary_asan`). Ids the catalog does not know are
// allowed on purpose: the service may add platforms and channels before this extension learns their names.
const ID = /^[a-z][a-z0-9_]*$/;

const ok = <T>(value: T): SettingCheck<T> => ({ ok: true, value });
const no = <T>(reason: string): SettingCheck<T> => ({ ok: false, reason });

function id(what: string, example: string): (value: unknown) => SettingCheck<string> {
  return (value) =>
    typeof value === "string" && ID.test(value)
      ? ok(value)
      : no(`must be a ${what} id: a lower-case letter, then letters, digits or _ (such as "${example}")`);
}

function boolean(value: unknown): SettingCheck<boolean> {
  return typeof value === "boolean" ? ok(value) : no("must be true or false");
}

const CHECKS: Checks = {
  baseUrl: (value) => {
    if (typeof value !== "string") return no("must be a URL, as text");
    try {
      // Stored normalized (no trailing slash), so the same service never looks like two.
      return ok(normalizeBaseUrl(value));
    } catch (error) {
      if (error instanceof InvalidBaseUrlError) return no(error.detail);
      throw error;
    }
  },
  product: id("product", "chrome"),
  platform: (value) =>
    value === "auto"
      ? ok("auto")
      : typeof value === "string" && ID.test(value)
        ? ok(value)
        : no(
            `must be "auto" or a platform id: a lower-case letter, then letters, digits or _ (such as "linux")`,
          ),
  channel: id("channel", "stable"),
  pollMinutes: (value) =>
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= MIN_POLL_MINUTES &&
    value <= MAX_POLL_MINUTES
      ? ok(value)
      : no(`must be a number of minutes from ${MIN_POLL_MINUTES} to ${MAX_POLL_MINUTES}`),
  clickAction: (value) => {
    const found = CLICK_ACTIONS.find((action) => action === value);
    return found !== undefined
      ? ok(found)
      : no(`must be one of ${CLICK_ACTIONS.map((a) => JSON.stringify(a)).join(", ")}`);
  },
  focusMode: boolean,
  notify: boolean,
};

/** True when `key` names a setting (own keys only: `__proto__` or `toString` are not settings). */
export function isSettingKey(key: string): key is keyof Settings {
  return Object.hasOwn(CHECKS, key);
}

/** Checks one setting's value; a valid value comes back normalized (a base URL loses its trailing slash). */
export function checkSetting<K extends keyof Settings>(key: K, value: unknown): SettingCheck<Settings[K]> {
  return CHECKS[key](value);
}

export interface SettingsValidation {
  /** The defaults with every valid stored value over them. */
  readonly settings: Settings;
  /** One line per value that was ignored, for the console. */
  readonly warnings: string[];
}

type MutableSettings = { -readonly [K in keyof Settings]: Settings[K] };

/**
 * The settings a stored value stands for, and what was wrong with it. Nothing stored (`undefined`) means
 * the defaults, silently. A stored value that is not an object means the defaults, with a warning. Each
 * invalid field falls back to its default with a warning naming the key, the value (truncated) and the
 * rule; unknown keys are ignored with a warning (a newer version may have written them).
 */
export function validateSettings(stored: unknown): SettingsValidation {
  const warnings: string[] = [];
  if (stored === undefined) return { settings: DEFAULT_SETTINGS, warnings };
  if (!isRecord(stored)) {
    warnings.push(`settings: ${describeValue(stored)} is not an object; using the defaults`);
    return { settings: DEFAULT_SETTINGS, warnings };
  }
  const settings: MutableSettings = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    if (!isSettingKey(key)) {
      warnings.push(`settings.${truncate(key)}: unknown setting, ignored`);
      continue;
    }
    const problem = take(settings, key, value);
    if (problem !== null) {
      warnings.push(
        `settings.${key}: ${problem}; using the default ${JSON.stringify(DEFAULT_SETTINGS[key])}`,
      );
    }
  }
  return { settings, warnings };
}

/** Puts a valid value into `into`, or returns what is wrong with it. */
function take<K extends keyof Settings>(into: MutableSettings, key: K, value: unknown): string | null {
  const checked = checkSetting(key, value);
  if (checked.ok) {
    into[key] = checked.value;
    return null;
  }
  return `${describeValue(value)} refused (${checked.reason})`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A storage area as far as reading settings needs: `chrome.storage.sync` or a fake. */
export type SettingsReader = Pick<StorageAreaLike, "get">;

/** A storage area as far as writing settings needs. */
export type SettingsStore = StorageAreaLike;

/** The change event of `chrome.storage` (all areas), or a fake. */
export interface StorageChangeEvents {
  addListener(
    callback: (changes: Record<string, chrome.storage.StorageChange>, areaName: string) => void,
  ): void;
}

/** Refused settings: nothing was written. `problems` has one line per bad key. */
export class InvalidSettingsError extends ReleaseRadarError {
  override name = "InvalidSettingsError";
  constructor(readonly problems: readonly string[]) {
    super(`Settings not saved: ${problems.join("; ")}`);
  }
}

/** The current settings from `area`; each warning about the stored value goes to `warn`. */
export async function loadSettings(
  area: SettingsReader,
  warn: (message: string) => void = console.warn,
): Promise<Settings> {
  const { settings, warnings } = validateSettings((await area.get(SETTINGS_KEY))[SETTINGS_KEY]);
  for (const warning of warnings) warn(warning);
  return settings;
}

/**
 * Checks `partial`, then merges it over the stored partial and writes the result; returns the settings now
 * in effect. Any invalid or unknown key throws InvalidSettingsError listing every problem, and nothing is
 * written. Stored values that are themselves invalid are dropped while merging (they were already falling
 * back to their defaults, so nothing visible changes, and the stored object heals).
 *
 * Read-merge-write is not atomic: storage has no transactions, so two pages saving at the same instant can
 * lose one write. Each page saves only the fields its user changed, which keeps that window small.
 */
export async function saveSettings(area: SettingsStore, partial: Partial<Settings>): Promise<Settings> {
  const problems: string[] = [];
  const changes: Partial<MutableSettings> = {};
  for (const [key, value] of Object.entries(partial)) {
    if (!isSettingKey(key)) problems.push(`${truncate(key)}: unknown setting`);
    else {
      const problem = take(changes as MutableSettings, key, value);
      if (problem !== null) problems.push(`${key}: ${problem}`);
    }
  }
  if (problems.length > 0) throw new InvalidSettingsError(problems);
  const stored = (await area.get(SETTINGS_KEY))[SETTINGS_KEY];
  const next = { ...validStoredPart(stored), ...changes };
  await area.set({ [SETTINGS_KEY]: next });
  return { ...DEFAULT_SETTINGS, ...next };
}

/** The valid, known fields of a stored value, normalized. */
function validStoredPart(stored: unknown): Partial<Settings> {
  const part: Partial<MutableSettings> = {};
  if (!isRecord(stored)) return part;
  for (const [key, value] of Object.entries(stored)) {
    if (isSettingKey(key)) take(part as MutableSettings, key, value);
  }
  return part;
}

/** Forgets every stored setting, so the defaults (of this build) apply again. */
export async function resetSettings(area: { remove(key: string): Promise<void> }): Promise<void> {
  await area.remove(SETTINGS_KEY);
}

/**
 * Calls `callback` with the validated settings whenever the `settings` key of the sync area changes,
 * whoever wrote it; other areas and keys are ignored. The settings are read back from `area` rather than
 * taken from the event, so a burst of writes ends with a callback carrying what is stored now, never an
 * older value delivered late. Warnings and read failures go to `warn`.
 */
export function onSettingsChanged(
  events: StorageChangeEvents,
  area: SettingsReader,
  callback: (settings: Settings) => void,
  warn: (message: string) => void = console.warn,
): void {
  events.addListener((changes, areaName) => {
    if (areaName !== "sync" || !Object.hasOwn(changes, SETTINGS_KEY)) return;
    loadSettings(area, warn).then(callback, (error: unknown) =>
      warn(`settings: could not read the changed settings: ${String(error)}`),
    );
  });
}
