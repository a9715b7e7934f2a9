import { describe, expect, expectTypeOf, it } from "vitest";
import type { Watch } from "../../../src/shared/watch/device-platform.ts";
import {
  onNotificationClicked,
  rolloutEvents,
  type ClickDeps,
  type RolloutEvent,
} from "../../../src/background/notices/notify.ts";
import {
  createNotifier,
  type NotificationsLike,
  type NotifiedStore,
} from "../../../src/background/notices/notifier.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";
import { createStore, NOTIFIED_LIMIT } from "../../../src/shared/store/store.ts";
import { EVERY_KEY } from "../../../src/shared/store/keys.ts";
import { createStorage } from "../../fakes/browser.ts";

const NOTIFIED_KEY = "notified";

const watch: Watch = { product: "chrome", platform: "win64", channel: "stable" };
const BASE = "http://127.0.0.1:8787/v1";

function live(platform: string, channel: string, version: string, fraction: number): ReleaseResource {
  return {
    name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}/releases/1`,
    serving: { startTime: "2026-08-19T16:43:28.159000Z" },
    fraction,
    version,
  };
}

const snapshot = (releases: ReleaseResource[], over: Partial<Snapshot> = {}): Snapshot => ({
  baseUrl: BASE,
  product: "chrome",
  fetchedAt: Date.UTC(2026, 7, 21, 10, 0),
  releases,
  ...over,
});

/** A release of the watched platform and channel. */
const stable = (version: string, fraction: number) => live("win64", "stable", version, fraction);
const old = stable("151.0.7922.173", 1);
/** The events of a poll whose answer is `after`, where the last one was `before` (null: none). */
const eventsOf = (before: ReleaseResource[] | null, after: ReleaseResource[]) =>
  rolloutEvents(before && snapshot(before), snapshot(after), watch);

describe("rollout events", () => {
  it("gives none on the first poll, which is the baseline", () => {
    expect(eventsOf(null, [old, stable("152.0.7977.54", 0.25)])).toEqual([]);
  });

  it("5,000 versions new at once: the two newest, and one notification that counts the rest", () => {
    const many = Array.from({ length: 5000 }, (_, i) => stable(`152.0.${i}.1`, 0.5));
    const events = eventsOf([old], [old, ...many]);
    expect(events.map((e) => [e.kind, e.version])).toEqual([
      ["live", "152.0.4999.1"],
      ["live", "152.0.4998.1"],
      ["many", "152.0.4999.1"],
    ]);
    expect(events[2]).toMatchObject({
      id: "many:chrome/win64/stable/152.0.4999.1/4998",
      title: "4,998 more Chrome Stable changes",
      message: "4,998 more versions are new or complete on Stable for Windows; the popup lists them",
    });
    // The same step gives the same ids: shown once, across restarts.
    expect(eventsOf([old], [old, ...many]).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it("gives none when nothing changed", () => {
    const s = snapshot([old, stable("152.0.7977.54", 0.25)]);
    expect(rolloutEvents(s, s, watch)).toEqual([]);
  });

  it("gives a live event with the share when a new version goes live", () => {
    const events = eventsOf([old], [old, stable("152.0.7977.54", 0.25)]);
    expect(events).toEqual([
      {
        id: "live:chrome/win64/stable/152.0.7977.54",
        kind: "live",
        version: "152.0.7977.54",
        title: "New Chrome Stable version",
        message: "Chrome 152.0.7977.54 is rolling out on Stable for Windows: 25% of users",
      },
    ]);
  });

  it("says an older version that replaces the newer one (a rollback) is older, under an id of its own", () => {
    const events = eventsOf([stable("152.0.7977.54", 1)], [stable("151.0.7922.173", 1)]);
    expect(events).toEqual([
      {
        id: "back:chrome/win64/stable/151.0.7922.173/152.0.7977.54",
        kind: "back",
        version: "151.0.7922.173",
        title: "Older Chrome Stable version live",
        message:
          "Chrome 151.0.7922.173 is live on Stable for Windows in place of the newer 152.0.7977.54: 100% of users",
      },
    ]);
    // An update of the previous milestone while the newer one rolls out is a new version, not a rollback.
    const update = eventsOf(
      [stable("152.0.7977.54", 0.05), stable("151.0.7922.173", 0.95)],
      [stable("152.0.7977.54", 0.05), stable("151.0.7922.180", 0.95)],
    );
    expect(update.map((e) => [e.kind, e.title])).toEqual([["live", "New Chrome Stable version"]]);
    // A rollout pulled back from 100% to 50%, the version before it serving the rest again, is said so.
    const pulled = eventsOf(
      [stable("152.0.7977.54", 1)],
      [stable("152.0.7977.54", 0.5), stable("151.0.7922.173", 0.5)],
    );
    expect(pulled.map((e) => [e.id, e.title, e.message])).toEqual([
      [
        "back:chrome/win64/stable/151.0.7922.173/152.0.7977.54",
        "Chrome Stable rollout pulled back",
        "Chrome 151.0.7922.173 serves 50% of users on Stable for Windows again: the newer 152.0.7977.54 is back to 50%",
      ],
    ]);
  });

  it("gives a full event when a rollout reaches 100%", () => {
    const events = eventsOf([stable("152.0.7977.54", 0.5)], [stable("152.0.7977.54", 1)]);
    expect(events).toEqual([
      {
        id: "full:chrome/win64/stable/152.0.7977.54",
        kind: "full",
        version: "152.0.7977.54",
        title: "Chrome Stable rollout complete",
        message: "Chrome 152.0.7977.54 on Stable for Windows now serves 100% of users",
        // The poll's change on that platform: a watched item's crossing of the same poll is told with it.
        cause: `${Date.UTC(2026, 7, 21, 10, 0)}/win64/stable`,
      },
    ]);
  });

  it("takes a version's largest release as its share, so a second fraction group below 100% is no event", () => {
    const full = stable("152.0.7977.54", 1);
    const events = eventsOf([full], [full, stable("152.0.7977.54", 0.1)]);
    expect(events).toEqual([]);
  });

  it("gives one live event saying 100%, not also a full event, for a new version already fully served", () => {
    const events = eventsOf([], [stable("152.0.7977.54", 1)]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "live",
      message: "Chrome 152.0.7977.54 is live on Stable for Windows: 100% of users",
    });
  });

  it("ignores other platforms and channels", () => {
    const events = eventsOf(
      [old],
      [old, live("mac", "stable", "152.0.7977.54", 0.25), live("win64", "beta", "153.0.1.2", 1)],
    );
    expect(events).toEqual([]);
  });

  it("treats a snapshot of another service or product as a new baseline", () => {
    const next = snapshot([old, stable("152.0.7977.54", 1)]);
    expect(
      rolloutEvents(snapshot([], { baseUrl: "https://versionhistory.googleapis.com/v1" }), next, watch),
    ).toEqual([]);
    expect(rolloutEvents(snapshot([], { product: "browser" }), next, watch)).toEqual([]);
  });

  it("lists events newest version first", () => {
    const events = eventsOf(
      [stable("151.0.7922.173", 0.5)],
      [stable("151.0.7922.173", 1), stable("152.0.7977.54", 0.01)],
    );
    expect(events.map((e) => e.id)).toEqual([
      "live:chrome/win64/stable/152.0.7977.54",
      "full:chrome/win64/stable/151.0.7922.173",
    ]);
  });
});

/** The stored ids over in-memory storage, as the service worker wires them; `items` is what storage holds. */
class FakeStore implements NotifiedStore {
  private readonly storage = createStorage();
  private readonly store = createStore(this.storage, EVERY_KEY, () => {});
  readonly items = this.storage.local.data;
  get(): Promise<readonly string[]> {
    return this.store.get("notified");
  }
  set(ids: readonly string[]): Promise<void> {
    return this.store.set("notified", ids);
  }
  /** Writes a raw value, as another version of the extension might have. */
  setRaw(value: unknown): Promise<void> {
    return this.storage.local.set({ [NOTIFIED_KEY]: value });
  }
}

/** The notification centre: what is on screen, by id. Creating an id listed in `failing` rejects. */
class FakeNotifications implements NotificationsLike {
  readonly shown = new Map<string, { title: string; message: string; iconUrl: string }>();
  readonly failing = new Set<string>();
  create(id: string, options: { iconUrl: string; title: string; message: string }): Promise<string> {
    if (this.failing.has(id)) return Promise.reject(new Error(`Unable to download the icon for ${id}`));
    this.shown.set(id, { title: options.title, message: options.message, iconUrl: options.iconUrl });
    return Promise.resolve(id);
  }
}

const event = (id: string): RolloutEvent => ({
  id,
  kind: "live",
  version: id.split("/").pop() ?? id,
  title: `title ${id}`,
  message: `message ${id}`,
});

/** A notifier over fresh fakes unless given its own. */
const notifierOf = (store = new FakeStore(), notifications: NotificationsLike = new FakeNotifications()) =>
  createNotifier({ notifications, store, iconUrl: "i" });

describe("notifier", () => {
  it("shows each new event with the icon and returns the ids shown", async () => {
    const notifications = new FakeNotifications();
    const notifier = createNotifier({ notifications, store: new FakeStore(), iconUrl: "icons/128.png" });
    expect(await notifier.notify([event("live:a/1"), event("full:a/1")])).toEqual(["live:a/1", "full:a/1"]);
    expect(notifications.shown.get("live:a/1")).toEqual({
      title: "title live:a/1",
      message: "message live:a/1",
      iconUrl: "icons/128.png",
    });
  });

  it("does not show an event again after a restart (a new notifier over the same store)", async () => {
    const store = new FakeStore();
    const notifications = new FakeNotifications();
    await notifierOf(store, notifications).notify([event("live:a/1")]);
    notifications.shown.clear();
    const restarted = notifierOf(store, notifications);
    expect(await restarted.notify([event("live:a/1"), event("live:a/2")])).toEqual(["live:a/2"]);
    expect([...notifications.shown.keys()]).toEqual(["live:a/2"]);
  });

  it("tells a rollout complete and a watched item's crossing of one cause in one notification, the item's", async () => {
    const notifications = new FakeNotifications();
    const store = new FakeStore();
    // A minute's bound: only `settled` can end the wait within the test's time.
    const notifier = createNotifier({ notifications, store, iconUrl: "i", mergeMs: 60_000 });
    const full = {
      ...event("full:chrome/linux/stable/120.0.6099.71"),
      kind: "full" as const,
      cause: "1/linux/stable",
    };
    const reached = {
      ...event("reached:milestone:120@95/watched/linux/stable"),
      kind: "reached" as const,
      title: "M120 reached 95% on Linux",
      message: "100% of Linux Stable users have it now. Click for the answer.",
      cause: "1/linux/stable",
    };
    // The poll's notice first, the watched items' after it (worked out from the snapshot it stored), then
    // the watched items say that snapshot (fetched at 1) is worked out.
    const shown = [notifier.notify([full]), notifier.notify([reached])];
    notifier.settled(1);
    expect(await Promise.all(shown)).toEqual([[reached.id], [reached.id]]);
    expect([...notifications.shown.keys()]).toEqual([reached.id]);
    expect(notifications.shown.get(reached.id)?.message).toBe(
      "100% of Linux Stable users have it now. title full:chrome/linux/stable/120.0.6099.71: " +
        "message full:chrome/linux/stable/120.0.6099.71. Click for the answer.",
    );
    // Both are recorded: neither is told again.
    expect(await notifier.notify([full, reached])).toEqual([]);
    expect(await store.get()).toEqual([full.id, reached.id]);
    // Another cause is another notification, shown once its snapshot is settled.
    const next = notifier.notify([
      { ...full, id: "full:chrome/linux/stable/121.0.1.1", cause: "2/linux/stable" },
    ]);
    notifier.settled(2);
    expect(await next).toEqual(["full:chrome/linux/stable/121.0.1.1"]);
  });

  it("shows an id repeated within one call once", async () => {
    const notifier = notifierOf();
    expect(await notifier.notify([event("live:a/1"), event("live:a/1")])).toEqual(["live:a/1"]);
  });

  it("shows an event once when two calls overlap", async () => {
    const notifier = notifierOf();
    const [a, b] = await Promise.all([
      notifier.notify([event("live:a/1")]),
      notifier.notify([event("live:a/1")]),
    ]);
    expect([...a, ...b]).toEqual(["live:a/1"]);
  });

  it(`remembers the most recent ${NOTIFIED_LIMIT} ids`, async () => {
    const store = new FakeStore();
    const notifier = notifierOf(store);
    const ids = Array.from({ length: NOTIFIED_LIMIT + 5 }, (_, i) => `live:a/${i}`);
    for (const id of ids) await notifier.notify([event(id)]);
    expect(store.items.get(NOTIFIED_KEY)).toEqual(ids.slice(5));
    expect(await notifier.notify([event(ids.at(-1) ?? "")])).toEqual([]);
  });

  it("records an id before creating its notification, so a crash between the two never shows it twice", async () => {
    const store = new FakeStore();
    const recordedAtCreate: unknown[] = [];
    const notifications: NotificationsLike = {
      create: (id) => {
        recordedAtCreate.push(store.items.get(NOTIFIED_KEY));
        return Promise.resolve(id);
      },
    };
    await notifierOf(store, notifications).notify([event("live:a/1")]);
    expect(recordedAtCreate).toEqual([["live:a/1"]]);
  });

  it("does not retry a notification that failed to show, and still shows the others", async () => {
    const store = new FakeStore();
    const notifications = new FakeNotifications();
    notifications.failing.add("live:a/1");
    const notifier = notifierOf(store, notifications);
    await expect(notifier.notify([event("live:a/1"), event("live:a/2")])).rejects.toThrow(
      "Could not show notifications live:a/1; they are recorded as shown and will not be retried",
    );
    expect([...notifications.shown.keys()]).toEqual(["live:a/2"]);
    notifications.failing.clear();
    expect(await notifierOf(store, notifications).notify([event("live:a/1")])).toEqual([]);
  });

  it("starts from an empty list when the stored one is not a list of ids", async () => {
    const store = new FakeStore();
    await store.setRaw("garbage");
    const notifier = notifierOf(store);
    expect(await notifier.notify([event("live:a/1")])).toEqual(["live:a/1"]);
    expect(store.items.get(NOTIFIED_KEY)).toEqual(["live:a/1"]);
  });
});

/** A browser: the open popup, the open tabs, the notifications still on screen. */
function browser(openPopup: "works" | "rejects" | "missing") {
  const state = { popupOpen: false, tabs: [] as string[], onScreen: new Set(["live:a/1", "other"]) };
  const deps: ClickDeps = {
    action:
      openPopup === "missing"
        ? {}
        : {
            openPopup: () => {
              if (openPopup === "rejects")
                return Promise.reject(new Error("Could not find an active browser window."));
              state.popupOpen = true;
              return Promise.resolve();
            },
          },
    tabs: {
      create: ({ url }) => {
        state.tabs.push(url);
        return Promise.resolve({ url });
      },
    },
    popupUrl: "chrome-extension://id/src/popup/index.html",
    answerUrl: (q) => `chrome-extension://id/src/popup/index.html?mode=tab&q=${encodeURIComponent(q)}`,
    clear: (id) => Promise.resolve(state.onScreen.delete(id)),
  };
  return { state, deps };
}

describe("notification click", () => {
  it("opens the popup with action.openPopup and clears the notification", async () => {
    const { state, deps } = browser("works");
    await onNotificationClicked(deps, "live:a/1");
    expect(state).toEqual({ popupOpen: true, tabs: [], onScreen: new Set(["other"]) });
  });

  it("opens the popup page in a tab where action.openPopup is missing", async () => {
    const { state, deps } = browser("missing");
    await onNotificationClicked(deps, "live:a/1");
    expect(state).toEqual({
      popupOpen: false,
      tabs: ["chrome-extension://id/src/popup/index.html"],
      onScreen: new Set(["other"]),
    });
  });

  it("opens the popup page in a tab when action.openPopup rejects", async () => {
    const { state, deps } = browser("rejects");
    await onNotificationClicked(deps, "full:a/1");
    expect(state.tabs).toEqual(["chrome-extension://id/src/popup/index.html"]);
  });

  it("opens a watched item's answer in a tab, whichever notice of it was clicked", async () => {
    const { state, deps } = browser("works");
    await onNotificationClicked(deps, "reached:feature:has@95/watched/win64/stable");
    await onNotificationClicked(deps, "moved:milestone:154@95/stable/154/2027-01-05");
    await onNotificationClicked(
      deps,
      "reached:key:javascript.builtins.Array.@@iterator@99/watched/win64/stable",
    );
    expect(state.popupOpen).toBe(false);
    expect(state.tabs).toEqual([
      "chrome-extension://id/src/popup/index.html?mode=tab&q=feature%3Ahas",
      "chrome-extension://id/src/popup/index.html?mode=tab&q=M154",
      "chrome-extension://id/src/popup/index.html?mode=tab&q=javascript.builtins.Array.%40%40iterator",
    ]);
  });

  it("ignores notifications that are not ours", async () => {
    const { state, deps } = browser("works");
    await onNotificationClicked(deps, "other");
    expect(state).toEqual({ popupOpen: false, tabs: [], onScreen: new Set(["live:a/1", "other"]) });
  });
});

describe("adapter shapes", () => {
  it("accept the real chrome APIs, so the service worker can pass them as they are", () => {
    expectTypeOf<typeof chrome.notifications>().toExtend<NotificationsLike>();
    expectTypeOf<typeof chrome.action>().toExtend<ClickDeps["action"]>();
    expectTypeOf<typeof chrome.tabs>().toExtend<ClickDeps["tabs"]>();
    expectTypeOf<typeof chrome.notifications.clear>().toExtend<ClickDeps["clear"]>();
  });
});
