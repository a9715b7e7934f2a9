import { describe, expect, it } from "vitest";
import {
  createCachedResource,
  type Stamped,
  type Wait,
} from "../../../src/background/cache/cached-resource.ts";
import { storedWaits } from "../../../src/background/cache/failure-wait.ts";
import { createStore } from "../../../src/shared/store/store.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { createStorage } from "../../fakes/browser.ts";

const MAX_AGE = 1000;
/** The wait after a first failure; it doubles with each failure in a row. */
const WAIT = 100;

/**
 * A resource of numbers by name over a fake service: `answers` says what a request for a name gives (a value,
 * or an Error it rejects with), `held` holds a name's requests until released; `asked` lists the requests.
 */
function setup(
  options: {
    maxKeys?: number;
    stored?: Map<string, Stamped<number>>;
    storeFails?: boolean;
    waits?: Map<string, Wait>;
  } = {},
) {
  const clock = { now: 10_000 };
  const asked: string[] = [];
  const answers = new Map<string, number | Error>();
  const held = new Map<string, Promise<void>>();
  const resource = createCachedResource<string, number>({
    idOf: (name) => name,
    maxAgeMs: MAX_AGE,
    maxKeys: options.maxKeys ?? 10,
    now: () => clock.now,
    waitAfter: (_, failures) => WAIT * 2 ** (failures - 1),
    ...(options.waits && {
      waits: {
        read: (id: string) => Promise.resolve(options.waits?.get(id)),
        write: (id: string, wait: Wait | null) => {
          if (wait === null) options.waits?.delete(id);
          else options.waits?.set(id, wait);
          return Promise.resolve();
        },
      },
    }),
    async fetch(name) {
      asked.push(name);
      await held.get(name);
      const answer = answers.get(name) ?? name.length;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    ...(options.stored && {
      stored: {
        read: (name: string) =>
          options.storeFails
            ? Promise.reject(new Error("storage gone"))
            : Promise.resolve(options.stored?.get(name)),
        write: (name: string, value: Stamped<number>) => {
          if (options.storeFails) return Promise.reject(new Error("quota"));
          options.stored?.set(name, value);
          return Promise.resolve();
        },
      },
    }),
  });
  /** Holds the requests for `name` until the returned function is called. */
  const hold = (name: string): (() => void) => {
    let release: () => void = () => {};
    held.set(name, new Promise<void>((resolve) => (release = resolve)));
    return release;
  };
  return { resource, clock, asked, answers, hold };
}

describe("createCachedResource", () => {
  it("uses a value younger than the max age without a request, and asks again once it is that old", async () => {
    const t = setup();
    expect(await t.resource.get("abc")).toEqual({ last: { value: 3, fetchedAt: 10_000 }, failure: null });
    t.clock.now += MAX_AGE - 1;
    await t.resource.get("abc");
    expect(t.asked).toEqual(["abc"]);
    t.clock.now += 1;
    await t.resource.get("abc");
    expect(t.asked).toEqual(["abc", "abc"]);
  });

  it("takes a value stamped after now (the clock went back) as of unknown age, and asks again", async () => {
    const t = setup();
    await t.resource.get("abc");
    t.clock.now -= 1;
    await t.resource.get("abc");
    expect(t.asked).toEqual(["abc", "abc"]);
  });

  it("one request in flight per key: later callers join it, another key asks on its own", async () => {
    const t = setup();
    const release = t.hold("abc");
    const first = t.resource.get("abc");
    const second = t.resource.get("abc");
    const other = t.resource.get("de");
    await expect(other).resolves.toMatchObject({ last: { value: 2 } });
    expect(t.asked).toEqual(["abc", "de"]);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    expect(t.asked).toEqual(["abc", "de"]);
  });

  it("keeps the last good value when a request fails, records the failure, and clears it on success", async () => {
    const t = setup();
    await t.resource.get("abc");
    const error = new Error("503");
    t.answers.set("abc", error);
    t.clock.now += MAX_AGE;
    expect(await t.resource.get("abc")).toEqual({
      last: { value: 3, fetchedAt: 10_000 },
      failure: { error, at: 10_000 + MAX_AGE, until: 10_000 + MAX_AGE + WAIT, failures: 1 },
    });
    t.answers.set("abc", 4);
    t.clock.now += WAIT;
    expect(await t.resource.get("abc")).toEqual({
      last: { value: 4, fetchedAt: 10_000 + MAX_AGE + WAIT },
      failure: null,
    });
  });

  it("without a good value a failure leaves none, and no caller asks again before its wait is over", async () => {
    const t = setup();
    t.answers.set("abc", new Error("down"));
    expect(await t.resource.get("abc")).toMatchObject({ last: null, failure: { error: new Error("down") } });
    for (let i = 0; i < 5; i++) await t.resource.get("abc");
    await t.resource.get("abc");
    expect(t.asked).toEqual(["abc"]);
    t.clock.now += WAIT;
    await t.resource.get("abc");
    expect(t.asked).toEqual(["abc", "abc"]);
  });

  it("the wait doubles with each failure in a row, and a success forgets it", async () => {
    const t = setup();
    t.answers.set("abc", new Error("down"));
    const untils: number[] = [];
    for (let i = 0; i < 4; i++) {
      const known = await t.resource.get("abc");
      untils.push((known.failure?.until ?? 0) - t.clock.now);
      t.clock.now = known.failure?.until ?? t.clock.now;
    }
    expect(untils).toEqual([WAIT, 2 * WAIT, 4 * WAIT, 8 * WAIT]);
    t.answers.set("abc", 3);
    expect((await t.resource.get("abc")).failure).toBeNull();
    t.answers.set("abc", new Error("down"));
    t.clock.now += MAX_AGE;
    expect((await t.resource.get("abc")).failure?.failures).toBe(1);
  });

  it("a wait is kept where it outlives the worker: a new one asks nothing until it is over", async () => {
    const waits = new Map<string, Wait>();
    const first = setup({ waits });
    first.answers.set("abc", new Error("down"));
    await first.resource.get("abc");
    expect(waits.get("abc")).toEqual({ at: 10_000, until: 10_000 + WAIT, failures: 1 });
    const restarted = setup({ waits });
    await restarted.resource.get("abc");
    expect(restarted.asked).toEqual([]);
    restarted.clock.now += WAIT;
    await restarted.resource.get("abc");
    expect(restarted.asked).toEqual(["abc"]);
    expect(waits.has("abc")).toBe(false);
  });

  it("keeps at most maxKeys keys, forgetting the least recently used", async () => {
    const t = setup({ maxKeys: 2 });
    await t.resource.get("a");
    await t.resource.get("bb");
    await t.resource.get("a");
    await t.resource.get("ccc");
    expect(t.resource.peek("bb")).toBeUndefined();
    expect(t.resource.peek("a")).toMatchObject({ last: { value: 1 } });
    await t.resource.get("bb");
    expect(t.asked).toEqual(["a", "bb", "ccc", "bb"]);
  });

  it("kept and peek never ask", async () => {
    const t = setup();
    expect(t.resource.peek("abc")).toBeUndefined();
    expect(await t.resource.kept("abc")).toEqual({ last: null, failure: null });
    expect(t.asked).toEqual([]);
  });

  describe("with a stored copy", () => {
    it("starts from a fresh stored copy without a request", async () => {
      const stored = new Map([["abc", { value: 7, fetchedAt: 9_500 }]]);
      const t = setup({ stored });
      expect(await t.resource.get("abc")).toEqual({ last: { value: 7, fetchedAt: 9_500 }, failure: null });
      expect(t.asked).toEqual([]);
    });

    it("shows an old stored copy at once (kept), asks again, and stores the answer", async () => {
      const stored = new Map([["abc", { value: 7, fetchedAt: 1 }]]);
      const t = setup({ stored });
      expect(await t.resource.kept("abc")).toMatchObject({ last: { value: 7 } });
      expect(await t.resource.get("abc")).toMatchObject({ last: { value: 3 } });
      expect(stored.get("abc")).toEqual({ value: 3, fetchedAt: 10_000 });
    });

    it("keeps the old stored copy as the last good value when asking fails", async () => {
      const stored = new Map([["abc", { value: 7, fetchedAt: 1 }]]);
      const t = setup({ stored });
      t.answers.set("abc", new Error("down"));
      expect(await t.resource.get("abc")).toMatchObject({
        last: { value: 7, fetchedAt: 1 },
        failure: { error: new Error("down") },
      });
    });

    it("a storage that fails to read or write costs a request, never the answer", async () => {
      const t = setup({ stored: new Map(), storeFails: true });
      expect(await t.resource.get("abc")).toEqual({ last: { value: 3, fetchedAt: 10_000 }, failure: null });
      expect(t.asked).toEqual(["abc"]);
    });
  });
});

describe("storedWaits", () => {
  it("two failures written at once both stay: the writes go one after another", async () => {
    const store = createStore(createStorage(), EVERY_KEY, () => {});
    const waits = storedWaits(store);
    await Promise.all([
      waits.write("schedule", { at: 1, until: 2, failures: 1 }),
      waits.write("history", { at: 1, until: 3, failures: 1 }),
    ]);
    expect((await store.get("waits")).map((w) => w.id).sort()).toEqual(["history", "schedule"]);
    // And across instances on one store, as the schedules and the histories each make their own.
    await Promise.all([
      storedWaits(store).write("schedule", null),
      storedWaits(store).write("other", { at: 1, until: 4, failures: 2 }),
    ]);
    expect((await store.get("waits")).map((w) => w.id).sort()).toEqual(["history", "other"]);
  });
});
