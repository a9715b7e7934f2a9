/**
 * How long a resource the worker asks on demand (a milestone's schedule or history) sends no request after
 * it failed, and where that is remembered: the poll's own rule (backoff.ts), so a failing schedule is asked
 * as often as a failing service is polled, not at every poll and every page visit.
 */
import { HttpError } from "../../core/client/index.ts";
import { MINUTE_MS } from "../../core/duration.ts";
import type { EveryKeyStore as Store } from "../../shared/store/keys.ts";
import { MAX_WAIT_MS, withWait } from "../../shared/store/waits.ts";
import type { StoredWaits } from "./cached-resource.ts";
import { backoffMs } from "./backoff.ts";

/**
 * After the `failures`-th failure in a row: the service's `Retry-After` (already bounded to an hour by the
 * client), else 1, 2, 4 … minutes, at most MAX_WAIT_MS.
 */
export function failureWaitMs(error: unknown, failures: number): number {
  const retryAfter = error instanceof HttpError ? (error.retryAfterMs ?? 0) : 0;
  return Math.min(Math.max(backoffMs(failures, MAX_WAIT_MS / MINUTE_MS), retryAfter), MAX_WAIT_MS);
}

/**
 * The writes to each store's `waits` key, one after another: each reads the list and writes it back, and
 * the schedules and the histories write it at once when a service fails for both (one write would undo the
 * other's).
 */
const writing = new WeakMap<Store, Promise<void>>();

/** The waits kept in the store's `waits` key. */
export function storedWaits(store: Store): StoredWaits {
  return {
    async read(id) {
      return (await store.get("waits")).find((w) => w.id === id);
    },
    write(id, wait) {
      const done = (writing.get(store) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => store.set("waits", withWait(await store.get("waits"), id, wait)));
      writing.set(store, done);
      return done;
    },
  };
}
