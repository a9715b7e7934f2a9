/**
 * The one owner of the extension's storage. Every key lives here with its area and the check its stored
 * value passes before anyone sees it; nothing else calls `storage.*`.
 *
 *   key         area   written by                 holds
 *   settings    sync   options page, popup        the person's settings (a partial, over the defaults)
 *   snapshot    local  service worker             the last good answer of the service
 *   pollState   local  service worker             how polling that service goes (failures, next try)
 *   notified    local  service worker             ids of the notifications already shown
 *   histories   local  service worker             milestone histories for release pages (bounded, LRU)
 *   schedules   local  service worker             milestone schedules for release pages (bounded)
 *   explorer    local  popup                      the explorer's last filters
 *
 * Reads never throw on bad data: an older version, another device through sync or a person in the console
 * may have written anything, so a value that fails its check reads as the key's fallback, with a warning.
 * `browser.storage` is passed in, so tests hand in an in-memory fake.
 */
import { readHistories, type HistoryEntry } from "./history.ts";
import { readPollState, type PollState } from "./poll-state.ts";
import { readSchedules, type ScheduleEntry } from "./schedules.ts";
import { validateSettings, type StoredSettings } from "./settings.ts";
import { readSnapshot, type Snapshot } from "./snapshot.ts";

/** A `storage` area (`browser.storage.sync`, `.local`), as far as the store uses it. */
export interface StorageAreaLike {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/** `storage.onChanged`, as far as the store uses it. */
export interface StorageChangeEventLike {
  addListener(callback: (changes: Record<string, unknown>, areaName: string) => void): void;
}

/** `browser.storage`, or a fake. */
export interface StorageLike {
  readonly sync: StorageAreaLike;
  readonly local: StorageAreaLike;
  readonly onChanged: StorageChangeEventLike;
}

/** What each key holds once read. */
export interface StoredValues {
  settings: StoredSettings;
  snapshot: Snapshot | null;
  pollState: PollState | null;
  notified: readonly string[];
  histories: readonly HistoryEntry[];
  schedules: readonly ScheduleEntry[];
  /** Checked by the popup against its own fallback state (which depends on the settings), so unknown here. */
  explorer: unknown;
}

export type StoreKey = keyof StoredValues;

interface KeySpec<T> {
  readonly area: "sync" | "local";
  /** The stored value as the key's type; anything else gives the fallback, saying why through `warn`. */
  readonly read: (value: unknown, warn: (message: string) => void) => T;
}

/** How many notification ids are remembered: months of releases, while keeping the list small. */
export const NOTIFIED_LIMIT = 200;

const KEYS: { readonly [K in StoreKey]: KeySpec<StoredValues[K]> } = {
  settings: {
    area: "sync",
    read: (value, warn) => {
      const { settings, warnings } = validateSettings(value);
      for (const warning of warnings) warn(warning);
      return settings;
    },
  },
  snapshot: {
    area: "local",
    read: (value, warn) => {
      if (value === undefined) return null;
      const read = readSnapshot(value);
      if (!read.ok) warn(`snapshot: ignored (${read.reason}); the next poll replaces it`);
      return read.ok ? read.value : null;
    },
  },
  pollState: {
    area: "local",
    read: (value) => readPollState(value),
  },
  notified: {
    area: "local",
    read: (value) =>
      Array.isArray(value)
        ? (value as unknown[]).filter((v): v is string => typeof v === "string").slice(-NOTIFIED_LIMIT)
        : [],
  },
  histories: {
    area: "local",
    read: (value) => readHistories(value),
  },
  schedules: {
    area: "local",
    read: (value) => readSchedules(value),
  },
  explorer: {
    area: "local",
    read: (value) => value,
  },
};

/** Keys earlier versions wrote that nothing reads any more: one milestone history per key. */
const LEGACY_KEY = /^history:/;

export interface Store {
  /** The key's value, checked; the fallback when nothing valid is stored. */
  get<K extends StoreKey>(key: K): Promise<StoredValues[K]>;
  set<K extends StoreKey>(key: K, value: StoredValues[K]): Promise<void>;
  remove(key: StoreKey): Promise<void>;
  /**
   * Calls `callback` with the keys among `keys` that changed, whoever wrote them (this page, another page,
   * the service worker). Read the new values with `get`: a burst of writes then ends with what is stored now,
   * never an older value delivered late.
   */
  onChange(keys: readonly StoreKey[], callback: (changed: StoreKey[]) => void): void;
  /** Removes what earlier versions stored under keys nothing reads any more. */
  sweep(): Promise<void>;
}

/**
 * A value of `key` as read from anywhere (storage, or a page's own copy of it), passed through the key's
 * check: the fallback when it fails, saying why through `warn`.
 */
export function readStoredValue<K extends StoreKey>(
  key: K,
  value: unknown,
  warn: (message: string) => void,
): StoredValues[K] {
  return KEYS[key].read(value, warn);
}

/** The store over `storage`; warnings about stored values go to `warn`. */
export function createStore(storage: StorageLike, warn: (message: string) => void = console.warn): Store {
  const areaOf = (key: StoreKey): StorageAreaLike => storage[KEYS[key].area];
  return {
    async get(key) {
      return readStoredValue(key, (await areaOf(key).get(key))[key], warn);
    },
    async set(key, value) {
      await areaOf(key).set({ [key]: value });
    },
    async remove(key) {
      await areaOf(key).remove(key);
    },
    onChange(keys, callback) {
      storage.onChanged.addListener((changes, areaName) => {
        const changed = keys.filter((key) => KEYS[key].area === areaName && Object.hasOwn(changes, key));
        if (changed.length > 0) callback(changed);
      });
    },
    async sweep() {
      const legacy = Object.keys(await storage.local.get(null)).filter((key) => LEGACY_KEY.test(key));
      if (legacy.length > 0) await storage.local.remove(legacy);
    },
  };
}
