/**
 * Stateful fakes of the small browser surfaces the extension uses besides `action`: storage, alarms and
 * tabs. They keep state, so tests assert on outcomes rather than on calls.
 */

/** One area of the fake storage: what it holds, and how many writes it took. */
export interface FakeArea {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
  readonly data: Map<string, unknown>;
  writes: number;
}

type ChangeListener = (
  changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
  area: string,
) => void;

/** `chrome.storage` in memory: two areas and one change event, fired for every write with the area's name. */
export interface FakeStorage {
  readonly sync: FakeArea;
  readonly local: FakeArea;
  readonly onChanged: { addListener(listener: ChangeListener): void };
}

/** Values go through JSON, as chrome.storage serialises them, so a test cannot share objects by accident. */
const copy = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

export function createStorage(
  initial: { sync?: Record<string, unknown>; local?: Record<string, unknown> } = {},
): FakeStorage {
  const listeners: ChangeListener[] = [];
  const area = (name: string, start: Record<string, unknown> = {}): FakeArea => {
    const data = new Map(Object.entries(start).map(([k, v]) => [k, copy(v)]));
    const emit = (key: string, oldValue: unknown, newValue: unknown): void => {
      const change = {
        ...(oldValue !== undefined && { oldValue }),
        ...(newValue !== undefined && { newValue }),
      };
      for (const listener of listeners) listener({ [key]: change }, name);
    };
    const fake: FakeArea = {
      data,
      writes: 0,
      get(keys) {
        const wanted = keys === null ? [...data.keys()] : typeof keys === "string" ? [keys] : keys;
        return Promise.resolve(
          Object.fromEntries(wanted.filter((k) => data.has(k)).map((k) => [k, copy(data.get(k))])),
        );
      },
      set(items) {
        fake.writes++;
        for (const [k, v] of Object.entries(items)) {
          const old = data.get(k);
          data.set(k, copy(v));
          emit(k, old, copy(v));
        }
        return Promise.resolve();
      },
      remove(keys) {
        fake.writes++;
        for (const k of typeof keys === "string" ? [keys] : keys) {
          const old = data.get(k);
          data.delete(k);
          if (old !== undefined) emit(k, old, undefined);
        }
        return Promise.resolve();
      },
    };
    return fake;
  };
  return {
    sync: area("sync", initial.sync),
    local: area("local", initial.local),
    onChanged: { addListener: (listener) => void listeners.push(listener) },
  };
}

export interface FakeAlarm {
  scheduledTime: number;
  periodInMinutes: number;
}

export function createAlarms(): {
  get(name: string): Promise<FakeAlarm | undefined>;
  create(name: string, info: { when: number; periodInMinutes: number }): Promise<void>;
  readonly alarms: Map<string, FakeAlarm>;
  creates: number;
} {
  const alarms = new Map<string, FakeAlarm>();
  const fake = {
    alarms,
    creates: 0,
    get: (name: string) => Promise.resolve(alarms.get(name)),
    create: (name: string, info: { when: number; periodInMinutes: number }) => {
      fake.creates++;
      alarms.set(name, { scheduledTime: info.when, periodInMinutes: info.periodInMinutes });
      return Promise.resolve();
    },
  };
  return fake;
}

export function createTabs(open: { id: number; url: string }[] = []): {
  query(q: Record<string, never>): Promise<{ id: number; url: string }[]>;
  create(p: { url: string }): Promise<{ id: number; url: string }>;
  readonly open: { id: number; url: string }[];
} {
  let next = 1000;
  return {
    open,
    query: () => Promise.resolve(open.map((t) => ({ ...t }))),
    create: (p) => {
      const tab = { id: next++, url: p.url };
      open.push(tab);
      return Promise.resolve(tab);
    },
  };
}
