/**
 * A value asked for on demand and kept: used without a request while younger than `maxAgeMs`, one request in
 * flight per key (a later caller joins it), the last good value kept when a request fails, with the failure
 * beside it until a request succeeds. At most `maxKeys` keys are kept, the least recently used going first.
 * An optional stored copy lets a service worker that just woke start from what an earlier one fetched.
 *
 *   get(key) ──► kept and fresh ──────────────────────────────────────────────► kept
 *      │
 *      ├──► a request for key in flight ──► join it
 *      └──► (nothing kept: the stored copy) ──► fresh? ──► kept
 *                                                 └─ no ──► request ─┬─ ok ────► kept, stored
 *                                                                   └─ fails ─► last good + failure
 *
 * A failed request is remembered with its time and a wait (the service's `Retry-After`, else a backoff that
 * doubles with each failure in a row): no request for the key is sent before the wait is over, however many
 * callers ask meanwhile, and with `waits` a restarted worker remembers it too.
 *
 * The clock is passed in; a value stamped after `now()` (the clock went back) is of unknown age, so stale,
 * and a wait that began after `now()` is over.
 */

/** A value and when the answer it came from was asked for (epoch ms). */
export interface Stamped<V> {
  readonly value: V;
  readonly fetchedAt: number;
}

/** What is known of one key. */
export interface Known<V> {
  /** The last good value, or null while no request (and no stored copy) gave one. */
  readonly last: Stamped<V> | null;
  /** Why the latest request failed, when, and until when no request is sent; null once one succeeds. */
  readonly failure: ({ readonly error: unknown } & Wait) | null;
}

/** A key's failed requests in a row, the latest at `at`, and no request before `until` (epoch ms). */
export interface Wait {
  readonly at: number;
  readonly until: number;
  readonly failures: number;
}

/** Where waits outlive the worker, by key id. Best effort, as StoredCopy. */
export interface StoredWaits {
  read(id: string): Promise<Wait | undefined>;
  /** `null` forgets the key's wait: a request succeeded. */
  write(id: string, wait: Wait | null): Promise<void>;
}

/** Where values outlive the worker (storage). Both are best effort: a failure costs a request, never a value. */
export interface StoredCopy<K, V> {
  read(key: K): Promise<Stamped<V> | undefined>;
  write(key: K, value: Stamped<V>): Promise<void>;
}

export interface CachedResourceOptions<K, V> {
  /** Tells keys apart: keys with the same id share one value and one request. */
  readonly idOf: (key: K) => string;
  /** Asks for the value; a rejection is recorded as the key's failure. */
  readonly fetch: (key: K) => Promise<V>;
  readonly maxAgeMs: number;
  readonly maxKeys: number;
  readonly now: () => number;
  readonly stored?: StoredCopy<K, V>;
  /** How long to send no request after the `failures`-th failure in a row, which `error` was. */
  readonly waitAfter: (error: unknown, failures: number) => number;
  readonly waits?: StoredWaits;
}

export interface CachedResource<K, V> {
  /** The key's value, asking for it only when what is kept is missing or older than maxAgeMs. */
  get(key: K): Promise<Known<V>>;
  /** What is kept of the key (the stored copy when nothing is in memory yet), without asking the service. */
  kept(key: K): Promise<Known<V>>;
  /** What is kept of the key in memory now, synchronously. */
  peek(key: K): Known<V> | undefined;
}

const NOTHING: Known<never> = { last: null, failure: null };

export function createCachedResource<K, V>(options: CachedResourceOptions<K, V>): CachedResource<K, V> {
  const { idOf, maxAgeMs, maxKeys, now, stored, waits } = options;
  /** In least recently used order: a Map iterates in insertion order, and a use re-inserts. */
  const memory = new Map<string, Known<V>>();
  const inFlight = new Map<string, Promise<Known<V>>>();

  function keep(id: string, known: Known<V>): Known<V> {
    memory.delete(id);
    memory.set(id, known);
    for (const oldest of memory.keys()) {
      if (memory.size <= maxKeys) break;
      memory.delete(oldest);
    }
    return known;
  }

  function isFresh(known: Known<V> | undefined): boolean {
    const t = now();
    return known?.last != null && known.last.fetchedAt <= t && t - known.last.fetchedAt < maxAgeMs;
  }

  /** Whether no request is to be sent for a while: the last one failed, and its wait is not over. */
  function isWaiting(known: Known<V> | undefined): boolean {
    const t = now();
    return known?.failure != null && known.failure.at <= t && t < known.failure.until;
  }

  async function kept(key: K): Promise<Known<V>> {
    const id = idOf(key);
    const inMemory = memory.get(id);
    if (inMemory) return keep(id, inMemory);
    const [copy, wait] = await Promise.all([
      stored?.read(key).catch(() => undefined),
      waits?.read(id).catch(() => undefined),
    ]);
    // A request that answered while storage was read is newer than the copy.
    const answered = memory.get(id);
    if (answered) return answered;
    if (!copy && !wait) return NOTHING;
    const failure = wait ? { ...wait, error: new Error("an earlier worker's request failed") } : null;
    return keep(id, { last: copy ?? null, failure });
  }

  async function refresh(key: K, id: string): Promise<Known<V>> {
    const before = await kept(key);
    if (isFresh(before) || isWaiting(before)) return before;
    const fetchedAt = now();
    try {
      const last = { value: await options.fetch(key), fetchedAt };
      await stored?.write(key, last).catch(() => undefined);
      if (before.failure) await waits?.write(id, null).catch(() => undefined);
      return keep(id, { last, failure: null });
    } catch (error) {
      const failures = (before.failure?.failures ?? 0) + 1;
      const wait = { at: fetchedAt, until: fetchedAt + options.waitAfter(error, failures), failures };
      await waits?.write(id, wait).catch(() => undefined);
      return keep(id, { last: (memory.get(id) ?? before).last, failure: { error, ...wait } });
    }
  }

  return {
    get(key) {
      const id = idOf(key);
      const inMemory = memory.get(id);
      if (inMemory && (isFresh(inMemory) || isWaiting(inMemory))) return Promise.resolve(keep(id, inMemory));
      let running = inFlight.get(id);
      if (!running) {
        running = refresh(key, id).finally(() => inFlight.delete(id));
        inFlight.set(id, running);
      }
      return running;
    },
    kept,
    peek(key) {
      return memory.get(idOf(key));
    },
  };
}
