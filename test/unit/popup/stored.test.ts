// What the popup reads from storage: two answers that hold the same need no second draw.
import { describe, expect, it } from "vitest";
import { sameStored, type Stored } from "../../../src/popup/stored.ts";
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

describe("what the popup reads from storage", () => {
  it("tells an answer that holds the same from one that does not", () => {
    const read: Stored = JSON.parse(JSON.stringify(STORED)) as Stored;
    expect(sameStored(read, STORED)).toBe(true);
    expect(sameStored(read, { ...STORED, watch: { ...STORED.watch, platform: "win64" } })).toBe(false);
    expect(sameStored(read, { ...STORED, poll: null })).toBe(false);
    const releases = SNAPSHOT.releases.map((r) => ({ ...r, fraction: 0.5 }));
    expect(sameStored(read, { ...STORED, snapshot: { ...SNAPSHOT, releases } })).toBe(false);
    expect(sameStored(read, { ...STORED, snapshot: { ...SNAPSHOT, releases: [] } })).toBe(false);
    // Built in another key order, or with a key set to undefined: the same.
    const { settings, ...rest } = STORED;
    const reordered = Object.fromEntries(Object.entries(settings).reverse()) as unknown as Settings;
    expect(sameStored(read, { ...rest, settings: { ...reordered, notes: undefined } as Settings })).toBe(
      true,
    );
  });
});
