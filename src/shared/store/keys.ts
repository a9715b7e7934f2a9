/**
 * Every storage key with its spec, for the service worker (which uses them all) and tests. A page hands the
 * store only the keys it uses (store.ts says why).
 */
import { HISTORIES_KEY } from "./histories.ts";
import { POLL_STATE_KEY } from "./poll-state.ts";
import { SCHEDULES_KEY } from "./schedules.ts";
import { SETTINGS_KEY } from "./settings.ts";
import { SNAPSHOT_KEY } from "./snapshot.ts";
import { WAITS_KEY } from "./waits.ts";
import { TRACKED_KEY } from "../tracked/items.ts";
import { TRACKED_MEMORY_KEY } from "../tracked/memory.ts";
import { TRACKED_VIEW_KEY } from "../tracked/view.ts";
import { ROLLOUTS_KEY } from "../tracked/rollouts-store.ts";
import { VISITORS_KEY } from "../usage/visitors.ts";
import { USAGE_UPDATE_KEY } from "../usage/update-store.ts";
import { EXPLORER_KEY, NOTIFIED_KEY, type Store, type ValuesOf } from "./store.ts";

export const EVERY_KEY = {
  settings: SETTINGS_KEY,
  snapshot: SNAPSHOT_KEY,
  pollState: POLL_STATE_KEY,
  notified: NOTIFIED_KEY,
  histories: HISTORIES_KEY,
  schedules: SCHEDULES_KEY,
  waits: WAITS_KEY,
  explorer: EXPLORER_KEY,
  tracked: TRACKED_KEY,
  trackedMemory: TRACKED_MEMORY_KEY,
  trackedView: TRACKED_VIEW_KEY,
  rollouts: ROLLOUTS_KEY,
  visitors: VISITORS_KEY,
  usageUpdate: USAGE_UPDATE_KEY,
} as const;

/** What each key holds once read. */
export type StoredValues = ValuesOf<typeof EVERY_KEY>;
export type StoreKey = keyof StoredValues;

/** The store of every key: the service worker's. */
export type EveryKeyStore = Store<StoredValues>;
