/**
 * Stateful fakes of the small browser surfaces the service worker uses besides `action`: a storage area,
 * alarms and tabs. They keep state, so tests assert on outcomes rather than on calls (STYLE.md).
 */

export interface FakeArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  readonly data: Map<string, unknown>;
}

/** Values go through JSON, as chrome.storage serialises them, so a test cannot share objects by accident. */
export function createArea(initial: Record<string, unknown> = {}): FakeArea {
  const data = new Map(
    Object.entries(initial).map(([k, v]) => [k, JSON.parse(JSON.stringify(v)) as unknown]),
  );
  return {
    data,
    get: (key) =>
      Promise.resolve(data.has(key) ? { [key]: JSON.parse(JSON.stringify(data.get(key))) as unknown } : {}),
    set: (items) => {
      for (const [k, v] of Object.entries(items)) data.set(k, JSON.parse(JSON.stringify(v)) as unknown);
      return Promise.resolve();
    },
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
