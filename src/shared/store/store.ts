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
 *   waits       local  service worker             when a failed schedule or history may be asked again
 *   explorer    local  popup                      the explorer's last filters
 *   tracked     sync   popup                      the items watched until a share (tracked/items.ts)
 *   trackedMemory local service worker           each watched item's reached days (tracked/memory.ts)
 *   trackedView local  service worker             the watched items as the popup lists them (tracked/view.ts)
 *   rollouts    local  service worker             past Stable rollouts per platform (tracked/rollouts-store.ts)
 *   visitors    local  options page               the person's own visitors, an imported stats file (usage/visitors.ts)
 *   usageUpdate local  service worker             the monthly usage update: when asked, ETags, newer tables (usage/update-store.ts)
 *
 * Reads never throw on bad data: an older version, another device through sync or a person in the console
 * may have written anything, so a value that fails its check reads as the key's fallback, with a warning.
 * `browser.storage` is passed in, so tests hand in an in-memory fake.
 *
 * Each model owns its key's spec (SETTINGS_KEY in settings.ts, SNAPSHOT_KEY in snapshot.ts, ...) and each
 * runtime hands the store the keys it uses (keys.ts has them all): the store is typed by the specs it
 * is given, so this module imports no model, not even a type. The popup's first paint carries only the
 * checks of what it reads, and no model imports back into a cycle.
 */
import { string, validItems } from "../../core/schema.ts";

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

/** Where a key lives and the check its stored value passes. */
export interface KeySpec<T> {
  readonly area: "sync" | "local";
  /** The stored value as the key's type; anything else gives the fallback, saying why through `warn`. */
  readonly read: (value: unknown, warn: (message: string) => void) => T;
}

/** The keys a runtime uses, each with its spec. */
export type KeySpecs = Readonly<Record<string, KeySpec<unknown>>>;

/** What each key of `S` holds once read. */
export type ValuesOf<S extends KeySpecs> = { [K in keyof S]: S[K] extends KeySpec<infer T> ? T : never };

/** How many notification ids are remembered: months of releases, while keeping the list small. */
export const NOTIFIED_LIMIT = 200;

/** Ids of notifications already shown (the worker's notifier). */
export const NOTIFIED_KEY: KeySpec<readonly string[]> = {
  area: "local",
  read: (value) => validItems(string(), value).slice(-NOTIFIED_LIMIT),
};

/** The explorer's filters, checked by the popup against its own fallback state (which needs the settings). */
export const EXPLORER_KEY: KeySpec<unknown> = { area: "local", read: (value) => value };

/** Keys earlier versions wrote that nothing reads any more: one milestone history per key. */
const LEGACY_KEY = /^history:/;

/** The store of the keys `V` holds values of (ValuesOf the specs it was made with). */
export interface Store<V> {
  /** The key's value, checked; the fallback when nothing valid is stored. */
  get<K extends keyof V & string>(key: K): Promise<V[K]>;
  set<K extends keyof V & string>(key: K, value: V[K]): Promise<void>;
  /**
   * The key's value as it is stored, unchecked, and a write of one: for an edit that must keep what this
   * version does not understand (the watched list, which another device's newer version may have written).
   */
  raw(key: keyof V & string): Promise<unknown>;
  setRaw(key: keyof V & string, value: unknown): Promise<void>;
  remove(key: keyof V & string): Promise<void>;
  /**
   * Calls `callback` with the keys among `keys` that changed, whoever wrote them (this page, another page,
   * the service worker). Read the new values with `get`: a burst of writes then ends with what is stored now,
   * never an older value delivered late.
   */
  onChange<K extends keyof V & string>(keys: readonly K[], callback: (changed: K[]) => void): void;
  /** Removes what earlier versions stored under keys nothing reads any more. */
  sweep(): Promise<void>;
}

/**
 * The store over `storage`, for the keys in `keys` (asking for another is a bug, and throws); warnings about
 * stored values go to `warn`.
 */
export function createStore<S extends KeySpecs>(
  storage: StorageLike,
  keys: S,
  warn: (message: string) => void = console.warn,
): Store<ValuesOf<S>> {
  type V = ValuesOf<S>;
  const specOf = <K extends keyof V & string>(key: K): KeySpec<V[K]> => {
    // A key outside the specs is only reachable past the types (a cast, plain JavaScript).
    if (!Object.hasOwn(keys, key)) throw new Error(`the storage key "${key}" is not one this page uses`);
    return keys[key] as KeySpec<V[K]>;
  };
  const areaOf = (key: keyof V & string): StorageAreaLike => storage[specOf(key).area];
  return {
    async get(key) {
      return specOf(key).read((await areaOf(key).get(key))[key], warn);
    },
    async set(key, value) {
      await areaOf(key).set({ [key]: value });
    },
    async raw(key) {
      return (await areaOf(key).get(key))[key];
    },
    async setRaw(key, value) {
      await areaOf(key).set({ [key]: value });
    },
    async remove(key) {
      await areaOf(key).remove(key);
    },
    onChange(watched, callback) {
      storage.onChanged.addListener((changes, areaName) => {
        const changed = watched.filter((key) => specOf(key).area === areaName && Object.hasOwn(changes, key));
        if (changed.length > 0) callback(changed);
      });
    },
    async sweep() {
      const legacy = Object.keys(await storage.local.get(null)).filter((key) => LEGACY_KEY.test(key));
      if (legacy.length > 0) await storage.local.remove(legacy);
    },
  };
}
