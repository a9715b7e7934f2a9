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
 * The clock is passed in; a value stamped after `now()` (the clock went back) is of unknown age, so stale.
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
  /** Why the latest request failed, and when; null once one succeeds. */
  readonly failure: { readonly error: unknown; readonly at: number } | null;
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
  const { idOf, maxAgeMs, maxKeys, now, stored } = options;
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

  async function kept(key: K): Promise<Known<V>> {
    const id = idOf(key);
    const inMemory = memory.get(id);
    if (inMemory) return keep(id, inMemory);
    const copy = await stored?.read(key).catch(() => undefined);
    // A request that answered while storage was read is newer than the copy.
    const answered = memory.get(id);
    if (answered) return answered;
    return copy ? keep(id, { last: copy, failure: null }) : NOTHING;
  }

  async function refresh(key: K, id: string): Promise<Known<V>> {
    const before = await kept(key);
    if (isFresh(before)) return before;
    const fetchedAt = now();
    try {
      const last = { value: await options.fetch(key), fetchedAt };
      await stored?.write(key, last).catch(() => undefined);
      return keep(id, { last, failure: null });
    } catch (error) {
      return keep(id, { last: (memory.get(id) ?? before).last, failure: { error, at: fetchedAt } });
    }
  }

  return {
    get(key) {
      const id = idOf(key);
      const inMemory = memory.get(id);
      if (inMemory && isFresh(inMemory)) return Promise.resolve(keep(id, inMemory));
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
