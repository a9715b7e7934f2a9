/**
 * Settings: stored in `storage.sync` as a partial object merged over the defaults. Anything may have written
 * that key (an older version, another device through sync, a person in the console), so every stored value
 * is checked; one that fails falls back to its default with a warning and never stops the extension.
 *
 * The checks are pure and the same for the service worker, the popup and the options page, so no page can
 * save what the worker would refuse. Reading and writing go through the storage owner (store.ts).
 */
// Imported from their own modules, not the client's index: the popup's first paint must not wait for the
// whole client (which the explorer loads later).
import * as v from "valibot";
import { describeValue, InvalidBaseUrlError, truncate } from "../../core/client/errors.ts";
import { normalizeBaseUrl, normalizeFetchUrl } from "../../core/client/base-url.ts";
import { ID_PATTERN } from "../../core/catalog.ts";
import { check, isRecord, number, string } from "../../core/schema.ts";
import { ReleaseRadarError } from "../../core/errors.ts";
import {
  BUILD_SCHEDULE_URL,
  CHROMIUM_DASH_URL,
  DEFAULT_BASE_URL,
  DEFAULT_PRODUCT,
  REAL_BASE_URL,
} from "./build-defaults.ts";
import type { ServiceId } from "./snapshot.ts";
import type { KeySpec, Store } from "./store.ts";

/** A store that holds the settings key, as far as reading and writing settings goes. */
export type SettingsStore = Store<{ settings: StoredSettings }>;

/** The outcome of checking one value: the value to use (normalized), or why it cannot be used. */
export type SettingCheck<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/**
 * Poll interval bounds in minutes. Chrome alarms allow periods down to 0.5 min; a 1 min floor keeps the
 * load on the service sane, and a day is the longest wait that still deserves the name "watching".
 */
export const MIN_POLL_MINUTES = 1;
export const MAX_POLL_MINUTES = 1440;

export const CLICK_ACTIONS = ["popup", "refresh", "open-notes"] as const;

export const BADGE_TEXTS = ["milestone", "share"] as const;

const ID_RULE = "a lower-case letter, then letters, digits or _";
const REGION = "must be a region code such as DE or alt-eu";

/** A service id (catalog.ts ID_PATTERN); `must` says what it must be, for every refusal. */
/* @__NO_SIDE_EFFECTS__ */
const id = (must: string) => v.pipe(string(Infinity, false, must), v.regex(ID_PATTERN, must));

/**
 * A URL `normalize` (base-url.ts) takes, stored normalized (no trailing slash), so one service never looks
 * like two; its InvalidBaseUrlError's detail is the reason it refuses one.
 */
/* @__NO_SIDE_EFFECTS__ */
const url = (normalize: (text: string) => string) =>
  v.pipe(
    string(Infinity, false, "must be a URL, as text"),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return normalize(dataset.value);
      } catch (error) {
        if (!(error instanceof InvalidBaseUrlError)) throw error;
        addIssue({ message: error.detail });
        return NEVER;
      }
    }),
  );

/** One of `choices`, said as the settings say it. */
/* @__NO_SIDE_EFFECTS__ */
const choice = <const T extends readonly string[]>(choices: T) =>
  v.picklist(choices, `must be one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`);

const onOff = v.boolean("must be true or false");

/**
 * The settings, described once: each key's shape, which gives its type (Settings) and is the same for the
 * service worker, the popup and the options page. A refusal's words are the reason a person reads.
 */
const SHAPES = {
  /** The service base URL, ending in `/v1`. https, or http to a loopback address (the emulator). */
  baseUrl: url(normalizeBaseUrl),
  /** `chrome`, `fuchsiawebengine`, or the documentation's `browser`, `webengine` (which the emulator serves). */
  product: id(`must be a product id: ${ID_RULE} (such as "chrome")`),
  /** A service platform id, or `auto` (mapped from `runtime.getPlatformInfo()`), which has an id's shape. */
  platform: id(`must be "auto" or a platform id: ${ID_RULE} (such as "linux")`),
  /** A channel id (`stable`, `beta`, ...). */
  channel: id(`must be a channel id: ${ID_RULE} (such as "stable")`),
  /** Minutes between polls. Whole minutes: the form's box steps by one, and "every 2.5 minutes" is no one's plan. */
  pollMinutes: number(
    `must be a whole number of minutes from ${MIN_POLL_MINUTES} to ${MAX_POLL_MINUTES}`,
    (n) => Number.isInteger(n) && n >= MIN_POLL_MINUTES && n <= MAX_POLL_MINUTES,
  ),
  /** What a click on the button does where no per-tab popup is set. */
  clickAction: choice(CLICK_ACTIONS),
  /** Disabled globally, enabled only on release pages (the action API's page-action emulation). */
  focusMode: onOff,
  /** Notifications for a new live version and for a rollout reaching 100%. */
  notify: onOff,
  /**
   * The person's own address for the milestone schedule (`fetch_milestone_schedule` is asked under it), or
   * null to use the one that goes with the service (scheduleUrlFor). Read it through scheduleUrlOf, never
   * directly: null is not an address. https, or http to a loopback address.
   */
  scheduleUrl: v.nullable(url(normalizeFetchUrl)),
  /**
   * What the toolbar badge's text says of the watched channel: its newest milestone (`152`; the icon's ring
   * shows the share), or the share while a rollout is under way (`25%`, the milestone once it serves all).
   * Where the icon cannot be drawn, the badge shows the share whatever this says.
   */
  badgeText: choice(BADGE_TEXTS),
  /** The region whose usage table answers show beside the worldwide one (`DE`, `alt-eu`), or null. */
  usageRegion: v.nullable(v.pipe(string(16, false, REGION), v.regex(/^(alt-[a-z]{2}|[A-Z]{2})$/, REGION))),
  /** A newer usage table fetched once a month from caniuse's public files (usage-source.ts); off until asked. */
  usageUpdates: onOff,
};

/** Stored in `storage.sync` under `settings`, as a partial object merged over the defaults. */
export type Settings = { readonly [K in keyof typeof SHAPES]: v.InferOutput<(typeof SHAPES)[K]> };

/** The stored partial: only known, valid, normalized fields (what store.ts hands out for `settings`). */
export type StoredSettings = Partial<Settings>;

/** The service the settings name. */
export function serviceOf(settings: Settings): ServiceId {
  return { baseUrl: settings.baseUrl, product: settings.product };
}

/** host[:port] of the service, the one way every surface names it. */
export function serviceHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * The milestone schedule's address that goes with the service at `baseUrl` (a checked base URL): the one the
 * build pairs with its default service, if it names one; Chromium Dash for Google's service; else the
 * service's own origin, where the emulator (and a mirror built like it) serves `fetch_milestone_schedule`.
 */
export function scheduleUrlFor(baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  if (BUILD_SCHEDULE_URL !== undefined && origin === new URL(DEFAULT_BASE_URL).origin)
    return BUILD_SCHEDULE_URL;
  return origin === new URL(REAL_BASE_URL).origin ? CHROMIUM_DASH_URL : origin;
}

/**
 * Where the milestone schedule comes from under `settings`: the person's own address when they set one,
 * else the one that goes with their service. The service worker, the popup and the options page all ask this.
 */
export function scheduleUrlOf(settings: Settings): string {
  return settings.scheduleUrl ?? scheduleUrlFor(settings.baseUrl);
}

/**
 * The defaults. `baseUrl` and `product` come from build-defaults.ts, which a build may point at the local
 * emulator. Frozen: it is handed out as the settings whenever nothing is stored.
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
  // Follows the service: changing only the service's address moves the schedule with it.
  scheduleUrl: null,
  badgeText: "milestone",
  usageRegion: null,
  usageUpdates: false,
});

/** Every setting's key, in the order of the options form. */
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as readonly (keyof Settings)[];

/** True when `key` names a setting (own keys only: `__proto__` or `toString` are not settings). */
function isSettingKey(key: string): key is keyof Settings {
  return Object.hasOwn(SHAPES, key);
}

/** Checks one setting's value; a valid value comes back normalized (a base URL loses its trailing slash). */
export function checkSetting<K extends keyof Settings>(key: K, value: unknown): SettingCheck<Settings[K]> {
  const checked = check(SHAPES[key] as unknown as v.GenericSchema<unknown, Settings[K]>, value);
  return checked.ok ? checked : { ok: false, reason: checked.error.expected };
}

export interface SettingsValidation {
  /** The valid stored fields, normalized; the defaults stand for the rest. */
  readonly settings: StoredSettings;
  /** One line per value that was ignored, for the console. */
  readonly warnings: string[];
}

type MutableSettings = { -readonly [K in keyof Settings]: Settings[K] };

/**
 * The stored fields a stored value stands for, and what was wrong with it. Nothing stored (`undefined`)
 * means no fields, silently. A stored value that is not an object means no fields, with a warning. Each
 * invalid field is dropped (its default applies) with a warning naming the key, the value (truncated) and
 * the rule; unknown keys are dropped with a warning (a newer version may have written them).
 */
export function validateSettings(stored: unknown): SettingsValidation {
  const warnings: string[] = [];
  const settings: Partial<MutableSettings> = {};
  if (stored === undefined) return { settings, warnings };
  if (!isRecord(stored)) {
    warnings.push(`settings: ${describeValue(stored)} is not an object; using the defaults`);
    return { settings, warnings };
  }
  for (const [key, value] of Object.entries(stored)) {
    if (!isSettingKey(key)) {
      warnings.push(`settings.${truncate(key)}: unknown setting, ignored`);
      continue;
    }
    const problem = take(settings as MutableSettings, key, value);
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

/** Refused settings: nothing was written. `problems` has one line per bad key. */
export class InvalidSettingsError extends ReleaseRadarError {
  override name = "InvalidSettingsError";
  constructor(readonly problems: readonly string[]) {
    super(`Settings not saved: ${problems.join("; ")}`);
  }
}

/** The `settings` key (sync): the stored partial, its bad fields dropped with a warning each. */
export const SETTINGS_KEY: KeySpec<StoredSettings> = {
  area: "sync",
  read: (value, warn) => {
    const { settings, warnings } = validateSettings(value);
    for (const warning of warnings) warn(warning);
    return settings;
  },
};

/** The settings in effect: the defaults with the stored valid fields over them. */
export async function loadSettings(store: SettingsStore): Promise<Settings> {
  return { ...DEFAULT_SETTINGS, ...(await store.get("settings")) };
}

/**
 * Checks `partial`, then merges it over the stored partial and writes the result; returns the settings now
 * in effect. Any invalid or unknown key throws InvalidSettingsError listing every problem, and nothing is
 * written. Stored values that are themselves invalid were dropped when read (they were already falling back
 * to their defaults, so nothing visible changes, and the stored object heals).
 *
 * Read-merge-write is not atomic: storage has no transactions, so two pages saving at the same instant can
 * lose one write. Each page saves only the fields its user changed, which keeps that window small.
 */
export async function saveSettings(store: SettingsStore, partial: Partial<Settings>): Promise<Settings> {
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
  const next = { ...(await store.get("settings")), ...changes };
  await store.set("settings", next);
  return { ...DEFAULT_SETTINGS, ...next };
}

/**
 * Forgets every stored setting, so the defaults (of this build) apply again. Returns what was stored (its
 * valid fields), which saveSettings writes back to undo the reset.
 */
export async function resetSettings(store: SettingsStore): Promise<StoredSettings> {
  const removed = await store.get("settings");
  await store.remove("settings");
  return removed;
}
