// The popup's own synchronous copy of what its glance is drawn from: read back whole, and ignored (never half
// used) when it is damaged, of another version's shape, one the header cannot read, or refused by the browser.
import { describe, expect, it } from "vitest";
import {
  COPY_KEY,
  readCopy,
  sameCopy,
  writeCopy,
  type CopyStorage,
  type Stored,
} from "../../../src/popup/stored.ts";
import { drawableCopy } from "../../../src/popup/glance/header.ts";
import type { PollState } from "../../../src/shared/store/poll-state.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../../src/shared/store/settings.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";

const SERVICE = { baseUrl: "http://127.0.0.1:8787/v1", product: "chrome" };

const SNAPSHOT: Snapshot = {
  ...SERVICE,
  fetchedAt: Date.UTC(2026, 7, 21),
  releases: [
    {
      name: "chrome/platforms/linux/channels/stable/versions/151.0.7922.173/releases/1",
      serving: { startTime: "2026-08-20T20:10:00Z" },
      fraction: 1,
      version: "151.0.7922.173",
    },
  ],
};

const POLL: PollState = { service: SERVICE, failures: 2, nextTry: Date.UTC(2026, 7, 21, 12) };

const STORED: Stored = {
  settings: { ...DEFAULT_SETTINGS, ...SERVICE, channel: "beta", pollMinutes: 15 },
  watch: { product: "chrome", platform: "linux", channel: "beta" },
  snapshot: SNAPSHOT,
  poll: POLL,
};

/** `localStorage` as a map. */
function memory(): CopyStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** A copy as written, with `change` applied to its parsed form. */
function tampered(change: (copy: Record<string, unknown>) => void): CopyStorage {
  const storage = memory();
  writeCopy(() => storage, STORED);
  const copy = JSON.parse(storage.items.get(COPY_KEY) ?? "null") as Record<string, unknown>;
  change(copy);
  storage.items.set(COPY_KEY, JSON.stringify(copy));
  return storage;
}

describe("the popup's copy", () => {
  it("reads back what was written, whole", () => {
    const storage = memory();
    writeCopy(() => storage, STORED);
    expect(readCopy(() => storage)).toEqual(STORED);
  });

  it("tells an answer that would make the same copy from one that would not", () => {
    const storage = memory();
    writeCopy(() => storage, STORED);
    const copy = readCopy(() => storage);
    expect(copy).not.toBeNull();
    if (copy === null) return;
    expect(sameCopy(copy, STORED)).toBe(true);
    expect(sameCopy(STORED, STORED)).toBe(true);
    expect(sameCopy(copy, { ...STORED, watch: { ...STORED.watch, platform: "win64" } })).toBe(false);
    expect(sameCopy(copy, { ...STORED, poll: null })).toBe(false);
    const releases = SNAPSHOT.releases.map((r) => ({ ...r, fraction: 0.5 }));
    expect(sameCopy(copy, { ...STORED, snapshot: { ...SNAPSHOT, releases } })).toBe(false);
    expect(sameCopy(copy, { ...STORED, snapshot: { ...SNAPSHOT, releases: [] } })).toBe(false);
    // Built in another key order, or with a key set to undefined: the same copy.
    const { settings, ...rest } = STORED;
    const reordered = Object.fromEntries(Object.entries(settings).reverse()) as unknown as Settings;
    expect(sameCopy(copy, { ...rest, settings: { ...reordered, notes: undefined } as Settings })).toBe(true);
  });

  it("keeps an empty snapshot and poll state as empty", () => {
    const storage = memory();
    const empty: Stored = { ...STORED, snapshot: null, poll: null };
    writeCopy(() => storage, empty);
    expect(readCopy(() => storage)).toEqual(empty);
  });

  it("is absent on a first open", () => {
    expect(readCopy(() => memory())).toBeNull();
  });

  it("the last write wins", () => {
    const storage = memory();
    writeCopy(() => storage, STORED);
    const next: Stored = { ...STORED, watch: { ...STORED.watch, platform: "win64" } };
    writeCopy(() => storage, next);
    expect(readCopy(() => storage)?.watch.platform).toBe("win64");
  });

  it.each<[string, CopyStorage]>([
    ["not JSON", { getItem: () => "{not json", setItem: () => undefined }],
    ["not an object", { getItem: () => "42", setItem: () => undefined }],
    ["of an older version's shape", tampered((c) => (c.version = 2))],
    ["a watch with no platform", tampered((c) => ((c.watch as Record<string, unknown>).platform = ""))],
    ["no watch", tampered((c) => delete c.watch)],
    ["settings that are no object", tampered((c) => (c.settings = "dark"))],
    ["a snapshot that is no object", tampered((c) => (c.snapshot = [1]))],
    ["a poll state that is no object", tampered((c) => (c.poll = 7))],
  ])("is ignored when %s", (_, storage) => {
    expect(readCopy(() => storage)).toBeNull();
  });

  it("is dropped when the header cannot be drawn from it, as the first paint does", () => {
    const now = Date.UTC(2026, 7, 21, 13);
    expect(
      drawableCopy(
        readCopy(() => tampered(() => undefined)),
        now,
      ),
    ).toEqual(STORED);
    const broken = tampered((c) => ((c.snapshot as Record<string, unknown>).releases = "all of them"));
    expect(readCopy(() => broken)).not.toBeNull();
    expect(
      drawableCopy(
        readCopy(() => broken),
        now,
      ),
    ).toBeNull();
  });

  it("is ignored when the browser refuses to read it, and a refused write costs nothing", () => {
    const refusing: CopyStorage = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    };
    expect(readCopy(() => refusing)).toBeNull();
    expect(() => writeCopy(() => refusing, STORED)).not.toThrow();
    // Where storage is disabled, reading the `localStorage` property itself throws.
    const disabled = (): CopyStorage => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    };
    expect(readCopy(disabled)).toBeNull();
    expect(() => writeCopy(disabled, STORED)).not.toThrow();
  });
});
