// @vitest-environment happy-dom
// The popup's first paint, from the page's own copy of the glance: drawn as it reads at the time it paints
// (not as it read when the copy was written), and nothing drawn, the page left hidden, from a copy that is
// absent, damaged, of another version's shape, one the header cannot be drawn from, or refused.
import { beforeEach, describe, expect, it } from "vitest";
import { paintCopy } from "../../../../src/popup/glance/first-paint.ts";
import { COPY_KEY, readCopy, writeCopy, type CopyStorage } from "../../../../src/popup/glance/glance-copy.ts";
import { glanceCopyOf, type HeaderInput } from "../../../../src/popup/glance/header.ts";
import { DEFAULT_SETTINGS } from "../../../../src/shared/store/settings.ts";
import { releaseOf } from "../../../fakes/release.ts";
import { freshPopupBody } from "../popup-body.ts";

const SERVICE = { baseUrl: "http://127.0.0.1:8787/v1", product: "chrome" };
const FETCHED = Date.UTC(2026, 10, 21, 12);
const MIN = 60_000;

const STORED: Omit<HeaderInput, "now"> = {
  settings: { ...DEFAULT_SETTINGS, ...SERVICE, channel: "beta", pollMinutes: 15 },
  watch: { product: "chrome", platform: "linux", channel: "beta" },
  snapshot: {
    ...SERVICE,
    fetchedAt: FETCHED,
    releases: [
      releaseOf({
        platform: "linux",
        channel: "beta",
        version: "152.0.7977.54",
        startTime: "2026-11-20T09:00:00Z",
      }),
    ],
  },
  poll: null,
};

/** `localStorage` as a map, holding the copy of `stored` when given. */
function memory(
  stored: Omit<HeaderInput, "now"> | null = STORED,
): CopyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const storage = {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  if (stored !== null) writeCopy(() => storage, glanceCopyOf(stored));
  return storage;
}

/** The copy as written, with `change` applied to its parsed form. */
function tampered(change: (copy: Record<string, unknown>) => void): CopyStorage {
  const storage = memory();
  const copy = JSON.parse(storage.items.get(COPY_KEY) ?? "null") as Record<string, unknown>;
  change(copy);
  storage.items.set(COPY_KEY, JSON.stringify(copy));
  return storage;
}

const text = (id: string): string => document.getElementById(id)?.textContent ?? "";
const mode = (): string | undefined => document.documentElement.dataset.mode;

beforeEach(freshPopupBody);

describe("the popup's first paint", () => {
  it("draws the copy with how current it is at the time it paints, shows the page and marks the frame", async () => {
    performance.clearMarks();
    const painted = paintCopy(() => memory(), "popup", FETCHED + 5 * MIN);
    expect(text("watch-text")).toBe("Linux · Beta");
    expect(text("current")).toMatch(/^Live152\.0\.7977\.54100%since 2026-11-20 09:00 UTC$/);
    expect(text("checked")).toBe("last checked 5 min ago · 127.0.0.1:8787");
    expect(mode()).toBe("popup");
    await painted;
    expect(performance.getEntriesByName("rr:first-meaningful-paint")).toHaveLength(1);
    // The same copy opened hours later: stale, said on the version, whatever it said when written.
    freshPopupBody();
    void paintCopy(() => memory(), "tab", FETCHED + 5 * 60 * MIN);
    expect(document.querySelector("#current .state")?.textContent).toBe("stale");
    expect(text("checked")).toBe("last good check 5 h ago · 127.0.0.1:8787");
    expect(mode()).toBe("tab");
  });

  it("says a first check is pending where nothing was stored yet", () => {
    void paintCopy(() => memory({ ...STORED, snapshot: null }), "popup", FETCHED);
    expect(text("current")).toBe("Checking 127.0.0.1:8787 for the first time…checking…");
  });

  it("reads back what was written, whole", () => {
    expect(readCopy(() => memory())).toEqual(JSON.parse(JSON.stringify(glanceCopyOf(STORED))));
  });

  it.each<[string, CopyStorage]>([
    ["absent, on a first open", memory(null)],
    ["not JSON", { getItem: () => "{not json", setItem: () => undefined }],
    ["not an object", { getItem: () => "42", setItem: () => undefined }],
    ["of an older version's shape", tampered((c) => (c.version = 3))],
    ["without its body", tampered((c) => delete c.body)],
    ["with a check that is no object", tampered((c) => (c.check = 7))],
    [
      "one the header cannot be drawn from",
      tampered((c) => ((c.body as Record<string, unknown>).live = "all")),
    ],
  ])("draws nothing and leaves the page hidden from a copy %s", (_, storage) => {
    expect(paintCopy(() => storage, "popup", FETCHED)).toBeNull();
    expect(mode()).toBeUndefined();
  });

  it("draws nothing when the browser refuses to read the copy, and a refused write costs nothing", () => {
    const refusing: CopyStorage = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    };
    expect(paintCopy(() => refusing, "popup", FETCHED)).toBeNull();
    expect(() => writeCopy(() => refusing, glanceCopyOf(STORED))).not.toThrow();
    // Where storage is disabled, reading the `localStorage` property itself throws.
    const disabled = (): CopyStorage => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    };
    expect(paintCopy(disabled, "popup", FETCHED)).toBeNull();
    expect(() => writeCopy(disabled, glanceCopyOf(STORED))).not.toThrow();
  });
});
