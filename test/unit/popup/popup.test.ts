// @vitest-environment happy-dom
// The popup page's behaviour (createPopup) in index.html's markup, with the extension's side and the parts
// loaded after the first paint faked: what it draws from storage and keeps as the page's copy, which layout and
// explorer it opens, what a storage change redraws, what Check now, a watch change and Open in a tab send,
// and how failures are said.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReleaseResource } from "../../../src/core/types.ts";
import type { OpenOptions } from "../../../src/popup/explorer/open-explorer.ts";
import type { PopupApi, PopupParts } from "../../../src/popup/popup-api.ts";
import { createPopup } from "../../../src/popup/popup.ts";
import { glanceCopyOf } from "../../../src/popup/glance/header.ts";
import type { GlanceCopy } from "../../../src/popup/glance/glance-copy.ts";
import type { Stored } from "../../../src/popup/stored.ts";
import type { PollState } from "../../../src/shared/store/poll-state.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../../src/shared/store/settings.ts";
import type { StoreKey } from "../../../src/shared/store/keys.ts";
import { releaseOf } from "../../fakes/release.ts";
import { freshPopupBody } from "./popup-body.ts";

const NOW = Date.now();
const BASE = "http://127.0.0.1:8787/v1";
const SERVICE = { baseUrl: BASE, product: "chrome" };
const settings: Settings = { ...DEFAULT_SETTINGS, baseUrl: BASE, product: "chrome", platform: "win64" };

const release = (platform: string, channel: string, version: string, startTime: string): ReleaseResource =>
  releaseOf({ platform, channel, version, startTime });
const RELEASES = [
  release("win64", "stable", "152.0.7977.54", "2026-11-18T09:00:00Z"),
  release("linux", "stable", "152.0.7977.60", "2026-11-19T09:00:00Z"),
  release("linux", "dev", "154.0.8013.2", "2026-11-20T09:00:00Z"),
];

const stored = (over: Partial<Settings> = {}, poll: PollState | null = null): Stored => ({
  settings: { ...settings, ...over },
  watch: {
    product: "chrome",
    platform: over.platform ?? settings.platform,
    channel: over.channel ?? "stable",
  },
  snapshot: { ...SERVICE, fetchedAt: NOW - 60_000, releases: RELEASES },
  poll,
});

const FAILING: PollState = {
  service: SERVICE,
  failures: 3,
  lastError: { kind: "http", status: 503, reason: "backend down", details: "GET ... failed with 503" },
  lastAttempt: NOW - 60_000,
  nextTry: NOW + 60_000,
};

/** A promise and what settles it, for an answer the test gives when it chooses. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (e: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fake of the extension's side, whose storage holds `initial` until the test stores something else. */
function fakeApi(initial: Stored) {
  let storage = initial;
  /** The storage listener the page put in place, once it has. */
  let changed: ((keys: readonly StoreKey[]) => void) | null = null;
  const api = {
    saveCopy: vi.fn<(copy: GlanceCopy) => void>(),
    loadStored: vi.fn(() => Promise.resolve(storage)),
    onStoredChange: vi.fn((callback: (keys: readonly StoreKey[]) => void) => {
      changed = callback;
      return Promise.resolve();
    }),
    loadBrowserFacts: vi.fn(() => Promise.resolve({ thisBrowser: undefined, pinned: true })),
    loadSchedules: vi.fn(() => Promise.resolve([])),
    loadVisitors: vi.fn(() => Promise.resolve(null)),
    loadUsageUpdate: vi.fn(() => Promise.resolve(null)),
    loadExplorerState: vi.fn<() => Promise<unknown>>(() => Promise.resolve({ saved: "filters" })),
    saveExplorerState: vi.fn(() => Promise.resolve()),
    checkNow: vi.fn(() => Promise.resolve()),
    askSchedule: vi.fn(() => Promise.resolve()),
    saveWatch: vi.fn(() => Promise.resolve()),
    copyText: vi.fn(() => Promise.resolve()),
    openOptions: vi.fn(() => Promise.resolve()),
    openUpdatePage: vi.fn(() => Promise.resolve()),
    moveToTab: vi.fn(() => Promise.resolve()),
    tracked: {
      load: () =>
        Promise.resolve({ list: [], view: null, beyond: { newer: 0, over: 0, other: 0, notList: false } }),
      edit: () => Promise.resolve(true),
      onChange: () => Promise.resolve(),
    },
  } satisfies PopupApi;
  return {
    api,
    /** Stores `next` and tells the page that `keys` changed, as a poll or a settings edit does. */
    store(next: Stored, keys: readonly StoreKey[]): void {
      storage = next;
      if (changed === null) throw new Error("the page listens to storage only after its first frame");
      changed(keys);
    },
  };
}

type WatchChanges = { platform?: string; channel?: string };

/** Fakes of the parts loaded after the first paint; the banners are the real ones, drawn in the page. */
function fakeParts() {
  const explorer = { flush: vi.fn(() => Promise.resolve()), follow: vi.fn() };
  const openExplorer = vi.fn<(options: OpenOptions) => typeof explorer>(() => explorer);
  const showSchedule = vi.fn<(entries: unknown, settings: Settings, search: string) => void>();
  const openAsk = vi.fn<(api: unknown, stored: () => Stored, search: string) => Promise<void>>(() =>
    Promise.resolve(),
  );
  /** What the watch switcher was told to say, newest first. */
  const watchStatus: string[] = [];
  let onWatch: ((changes: WatchChanges) => void) | null = null;
  const parts = {
    banners: () => import("../../../src/popup/glance/banners-dom.ts"),
    watch: () =>
      Promise.resolve({
        bindWatch: (callback: (changes: WatchChanges) => void) => {
          onWatch = callback;
          return (_watched: unknown, status: string) => void watchStatus.unshift(status);
        },
      }),
    schedule: () => Promise.resolve({ showSchedule }),
    explorer: () => Promise.resolve({ openExplorer }),
    ask: () => Promise.resolve({ openAsk }),
    tracked: () => Promise.resolve({ bindTracked: () => Promise.resolve() }),
  } satisfies PopupParts;
  return {
    parts,
    explorer,
    openExplorer,
    showSchedule,
    openAsk,
    watchStatus,
    watchBound: (): boolean => onWatch !== null,
    /** A pick in the watch switcher. */
    pick(changes: WatchChanges): void {
      if (onWatch === null) throw new Error("the switcher is not bound yet");
      onWatch(changes);
    },
  };
}

const $ = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`no #${id} in the page`);
  return found;
};
const watchText = (): string | null => $("watch-text").textContent;
const banners = (): string => $("banners").textContent;

/** Runs the page until storage's answer is drawn and the parts after it are asked for. */
async function started(api: PopupApi, parts: PopupParts, search = ""): Promise<void> {
  await createPopup({ api, parts, search });
  await vi.waitFor(() => expect(api.loadBrowserFacts).toHaveBeenCalled());
}

beforeEach(freshPopupBody);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createPopup: what it draws from", () => {
  it("after the first paint drew the copy: draws storage's answer over it, and keeps that as the copy", async () => {
    const { api } = fakeApi(stored({ platform: "linux" }));
    document.documentElement.dataset.mode = "popup";
    performance.clearMarks("rr:first-meaningful-paint");
    await createPopup({ api, parts: fakeParts().parts, search: "", painted: Promise.resolve() });
    expect(watchText()).toBe("Linux · Stable");
    await vi.waitFor(() =>
      expect(api.saveCopy).toHaveBeenCalledWith(glanceCopyOf(stored({ platform: "linux" }))),
    );
    // The first paint's frame was marked by the script that drew it.
    expect(performance.getEntriesByName("rr:first-meaningful-paint")).toHaveLength(0);
    // Storage read once, after the page listens to it: no change falls between the two.
    expect(api.loadStored).toHaveBeenCalledTimes(1);
    const [listened] = api.onStoredChange.mock.invocationCallOrder;
    expect(listened).toBeLessThan(api.loadStored.mock.invocationCallOrder[0] ?? 0);
  });

  it("on a first open, draws storage's answer as the first paint and writes it as the page's copy", async () => {
    const { api } = fakeApi(stored());
    performance.clearMarks("rr:first-meaningful-paint");
    await createPopup({ api, parts: fakeParts().parts, search: "" });
    expect(watchText()).toBe("Windows · Stable");
    expect(document.documentElement.dataset.mode).toBe("popup");
    await vi.waitFor(() => expect(performance.getEntriesByName("rr:first-meaningful-paint")).toHaveLength(1));
    await vi.waitFor(() => expect(api.saveCopy).toHaveBeenCalledWith(glanceCopyOf(stored())));
  });

  it("when storage refuses, asks twice more a second apart, the first paint on screen and its buttons live", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { api } = fakeApi(stored());
    api.loadStored.mockRejectedValue(new Error("storage is disabled"));
    const running = createPopup({ api, parts: fakeParts().parts, search: "", painted: Promise.resolve() });
    $("open-options").click();
    expect(api.openOptions).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    await running;
    expect(api.loadStored).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenCalledWith(
      "Release Radar could not read the extension's storage:",
      new Error("storage is disabled"),
    );
    vi.useRealTimers();
  });

  it("a refusal once costs a second: storage asked again, its answer drawn", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { api } = fakeApi(stored({ platform: "linux" }));
    api.loadStored.mockRejectedValueOnce(new Error("storage is busy"));
    const running = createPopup({ api, parts: fakeParts().parts, search: "", painted: Promise.resolve() });
    await vi.advanceTimersByTimeAsync(1000);
    await running;
    vi.useRealTimers();
    expect(watchText()).toBe("Linux · Stable");
  });
});

describe("createPopup: which explorer it opens", () => {
  it("in the popup: the popup's layout and list, on what storage holds, with the saved filters", async () => {
    const { api } = fakeApi(stored({ platform: "linux", channel: "dev" }));
    const fake = fakeParts();
    await started(api, fake.parts, "?milestone=120");
    expect(document.documentElement.dataset.mode).toBe("popup");
    expect(fake.openExplorer).toHaveBeenCalledTimes(1);
    const options = fake.openExplorer.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      mode: "popup",
      watch: { platform: "linux", channel: "dev" },
      saved: { saved: "filters" },
      search: "milestone=120",
    });
    // Where the service's data ends: the newest live release's start day in what is stored.
    expect(options?.dataEnds?.()).toBe("2026-11-20");
  });

  it("in a tab (?mode=tab): the tab's layout and the full explorer, with the page's context but not the mode", async () => {
    const { api } = fakeApi(stored());
    const fake = fakeParts();
    await createPopup({ api, parts: fake.parts, search: "?mode=tab&milestone=120" });
    expect(document.documentElement.dataset.mode).toBe("tab");
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
    expect(fake.openExplorer.mock.calls[0]?.[0]).toMatchObject({ mode: "tab", search: "milestone=120" });
  });

  it("starts the explorer without saved filters when they cannot be read", async () => {
    const { api } = fakeApi(stored());
    api.loadExplorerState.mockRejectedValue(new Error("quota"));
    const fake = fakeParts();
    await started(api, fake.parts);
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
    expect(fake.openExplorer.mock.calls[0]?.[0].saved).toBeUndefined();
  });

  it("says where the results would be when the explorer cannot start", async () => {
    const { api } = fakeApi(stored());
    const fake = fakeParts();
    fake.openExplorer.mockImplementation(() => {
      // As the explorer does first: its markup is in the page (explorer/markup-dom.ts), then it fails.
      document.body.append(Object.assign(document.createElement("p"), { id: "results-status" }));
      throw new Error("no such control");
    });
    await started(api, fake.parts);
    await vi.waitFor(() =>
      expect($("results-status").textContent).toBe("The explorer could not start: no such control"),
    );
    expect(watchText()).toBe("Windows · Stable");
  });
});

describe("createPopup: the search field", () => {
  it("opens it after storage's answer, with the page's whole query and what is stored as it changes", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    await started(storage.api, fake.parts, "?mode=tab&q=153");
    await vi.waitFor(() => expect(fake.openAsk).toHaveBeenCalledTimes(1));
    const [api, held, search] = fake.openAsk.mock.calls[0] ?? [];
    expect(api).toBe(storage.api);
    expect(search).toBe("?mode=tab&q=153");
    expect(held?.().watch.platform).toBe("win64");
    storage.store(stored({ platform: "linux" }), ["settings"]);
    await vi.waitFor(() => expect(held?.().watch.platform).toBe("linux"));
  });
});

describe("createPopup: the answer page", () => {
  it("asks its question at once; the list and the rest start once the answer is drawn", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    let answered: () => void = () => undefined;
    fake.openAsk.mockReturnValue(new Promise<void>((resolve) => (answered = resolve)));
    performance.clearMarks("rr:stored-paint");
    await createPopup({ api: storage.api, parts: fake.parts, search: "?mode=tab&q=has" });
    await vi.waitFor(() => expect(fake.openAsk).toHaveBeenCalledTimes(1));
    // Storage's answer is drawn (the glance is complete), and still nothing else starts before the answer.
    await vi.waitFor(() => expect(performance.getEntriesByName("rr:stored-paint").length).toBeGreaterThan(0));
    expect(fake.openExplorer).not.toHaveBeenCalled();
    expect(storage.api.loadBrowserFacts).not.toHaveBeenCalled();
    answered();
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
    expect(fake.openAsk).toHaveBeenCalledTimes(1);
  });

  it("listens to storage only once the worker's answer is on screen", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    let shown: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => (shown = resolve));
    performance.clearMarks("rr:first-meaningful-paint");
    await createPopup({ api: storage.api, parts: fake.parts, search: "?mode=tab&q=has", firstAnswer });
    await vi.waitFor(() => expect(performance.getEntriesByName("rr:first-meaningful-paint")).toHaveLength(1));
    expect(watchText()).not.toBe("");
    expect(storage.api.onStoredChange).not.toHaveBeenCalled();
    shown();
    await vi.waitFor(() => expect(storage.api.onStoredChange).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(storage.api.loadStored).toHaveBeenCalledTimes(2));
  });

  it("without a question, the field and the list start together", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    fake.openAsk.mockReturnValue(new Promise<void>(() => undefined));
    await started(storage.api, fake.parts, "?mode=tab");
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
  });
});

describe("createPopup: what a storage change redraws", () => {
  it("a new watch redraws the header, the popup's list follows it, and the schedule is drawn again", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    await started(storage.api, fake.parts);
    await vi.waitFor(() => expect(fake.showSchedule).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
    storage.store(stored({ platform: "linux", channel: "dev" }), ["settings"]);
    await vi.waitFor(() =>
      expect(fake.explorer.follow).toHaveBeenCalledWith(
        expect.objectContaining({ platform: "linux", channel: "dev" }),
      ),
    );
    expect(watchText()).toBe("Linux · Dev");
    await vi.waitFor(() => expect(fake.showSchedule).toHaveBeenCalledTimes(2));
    expect(fake.showSchedule.mock.calls[1]?.[1]).toMatchObject({ platform: "linux", channel: "dev" });
  });

  it("a new schedule redraws only the schedule section: the header's keys are not read again", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    await started(storage.api, fake.parts);
    await vi.waitFor(() => expect(fake.showSchedule).toHaveBeenCalledTimes(1));
    const reads = storage.api.loadStored.mock.calls.length;
    storage.store(stored(), ["schedules"]);
    await vi.waitFor(() => expect(fake.showSchedule).toHaveBeenCalledTimes(2));
    expect(storage.api.loadStored).toHaveBeenCalledTimes(reads);
  });

  it("a poll redraws the header and its banners, not the schedule", async () => {
    const storage = fakeApi(stored());
    const fake = fakeParts();
    await started(storage.api, fake.parts);
    await vi.waitFor(() => expect(fake.showSchedule).toHaveBeenCalledTimes(1));
    const reads = storage.api.loadStored.mock.calls.length;
    storage.store(stored({}, FAILING), ["pollState"]);
    await vi.waitFor(() => expect(banners()).toContain("503"));
    expect(storage.api.loadStored).toHaveBeenCalledTimes(reads + 1);
    expect(fake.showSchedule).toHaveBeenCalledTimes(1);
  });

  it("when the worker's check recovers, the parts that failed try again", async () => {
    const storage = fakeApi(stored({}, FAILING));
    const fake = fakeParts();
    await started(storage.api, fake.parts);
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
    const retry = vi.fn();
    fake.openExplorer.mock.calls[0]?.[0].report(
      "results",
      { kind: "unreachable", details: "offline" },
      retry,
    );
    await vi.waitFor(() => expect($("banners").querySelectorAll(".banner.error")).toHaveLength(2));
    // Not while the check still fails: its own Retry is the person's.
    expect(retry).not.toHaveBeenCalled();
    storage.store(stored(), ["pollState"]);
    await vi.waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
  });
});

describe("createPopup: what it sends", () => {
  it("Check now asks the worker for a check, says Checking… until it answers, then reads storage", async () => {
    const { api } = fakeApi(stored());
    await started(api, fakeParts().parts);
    const reads = api.loadStored.mock.calls.length;
    const answer = deferred<void>();
    api.checkNow.mockReturnValue(answer.promise);
    const button = $("check-now") as HTMLButtonElement;
    button.click();
    await vi.waitFor(() => expect(api.checkNow).toHaveBeenCalledTimes(1));
    expect([button.textContent, button.disabled]).toEqual(["Checking…", true]);
    // A second click meanwhile asks nothing more.
    $("check-now").dispatchEvent(new Event("click"));
    await Promise.resolve();
    expect(api.checkNow).toHaveBeenCalledTimes(1);
    answer.resolve();
    await vi.waitFor(() => expect(api.loadStored).toHaveBeenCalledTimes(reads + 1));
    expect([button.textContent, button.disabled]).toEqual(["Check now", false]);
  });

  it("says in a banner when the worker cannot be asked, and its Retry asks again", async () => {
    const { api } = fakeApi(stored());
    await started(api, fakeParts().parts);
    await vi.waitFor(() => expect($("banners").children.length).toBe(0));
    api.checkNow.mockRejectedValueOnce(new Error("Receiving end does not exist."));
    $("check-now").click();
    await vi.waitFor(() =>
      expect(banners()).toContain(
        "Could not ask the service worker for a check: Receiving end does not exist.",
      ),
    );
    $("banners").querySelector("button")?.click();
    expect(api.checkNow).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(banners()).toBe(""));
  });

  it("a pick in the watch switcher is saved, with Saving… meanwhile and the reason when it is not", async () => {
    const { api } = fakeApi(stored());
    const fake = fakeParts();
    await started(api, fake.parts);
    await vi.waitFor(() => expect(fake.watchBound()).toBe(true));
    const saving = deferred<void>();
    api.saveWatch.mockReturnValue(saving.promise);
    fake.pick({ channel: "beta" });
    expect(api.saveWatch).toHaveBeenCalledWith({ channel: "beta" });
    expect(fake.watchStatus[0]).toBe("Saving…");
    saving.reject(new Error("channel must be one of the service's"));
    await vi.waitFor(() =>
      expect(fake.watchStatus[0]).toBe("Not saved: channel must be one of the service's"),
    );
    api.saveWatch.mockResolvedValue();
    fake.pick({ platform: "linux" });
    await vi.waitFor(() => expect(fake.watchStatus[0]).toBe(""));
  });

  it("Open in a tab saves the explorer's filters first, then moves to a tab with the mode and the page's context", async () => {
    const { api } = fakeApi(stored());
    const fake = fakeParts();
    await started(api, fake.parts, "?milestone=120");
    await vi.waitFor(() => expect(fake.openExplorer).toHaveBeenCalledTimes(1));
    const flushed = deferred<void>();
    fake.explorer.flush.mockReturnValue(flushed.promise);
    $("open-tab").click();
    expect(fake.explorer.flush).toHaveBeenCalledTimes(1);
    expect(api.moveToTab).not.toHaveBeenCalled();
    flushed.resolve();
    await vi.waitFor(() => expect(api.moveToTab).toHaveBeenCalledWith("?mode=tab&milestone=120"));
  });

  it("Options opens the options page", async () => {
    const { api } = fakeApi(stored());
    await started(api, fakeParts().parts);
    $("open-options").click();
    expect(api.openOptions).toHaveBeenCalledTimes(1);
  });
});
