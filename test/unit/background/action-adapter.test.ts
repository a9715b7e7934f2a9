// The action adapter against the stateful fake of chrome.action: outcomes, not calls.
import { describe, expect, it } from "vitest";
import {
  STATIC_ICON,
  createActionAdapter,
  type ActionApi,
} from "../../../src/background/toolbar/action-adapter.ts";
import { drawIcon } from "../../../src/background/toolbar/icon.ts";
import type { ActionView, ToolbarState } from "../../../src/background/toolbar/toolbar-state.ts";
import { createFakeAction } from "../../fakes/action.ts";
import { shownIcon, testPainter } from "../../fakes/icon-painter.ts";

const GLOBAL: ActionView = {
  text: "151",
  color: "#188038",
  textColor: "#FFFFFF",
  title: "global",
  popup: "src/popup/index.html",
  enabled: true,
  icon: null,
};
const TAB: ActionView = {
  ...GLOBAL,
  text: "STBL",
  title: "tab",
  popup: "src/popup/index.html?milestone=151",
};

const desired = (global: ActionView, tabs: [number, ActionView][] = []): ToolbarState => ({
  global,
  tabs: new Map(tabs),
});

/** Counts the calls that reach the fake, to show that unchanged values are not sent again. */
function counting(action: ReturnType<typeof createFakeAction>): { api: ActionApi; calls: () => number } {
  let calls = 0;
  const api = new Proxy(action, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (
        typeof value !== "function" ||
        (!String(key).startsWith("set") && key !== "enable" && key !== "disable")
      )
        return value;
      return (...args: unknown[]) => {
        calls++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { api: api, calls: () => calls };
}

describe("action adapter", () => {
  it("applies the global view", async () => {
    const action = createFakeAction();
    await createActionAdapter(action).apply(desired(GLOBAL));
    expect(await action.getBadgeText({})).toBe("151");
    expect(await action.getTitle({})).toBe("global");
    expect(await action.getBadgeBackgroundColor({})).toEqual([0x18, 0x80, 0x38, 255]);
    expect(await action.getBadgeTextColor({})).toEqual([255, 255, 255, 255]);
    expect(await action.getPopup({})).toContain("src/popup/index.html");
  });

  it("sends nothing when nothing changed, and only what changed otherwise", async () => {
    const action = createFakeAction();
    const { api, calls } = counting(action);
    const adapter = createActionAdapter(api);
    await adapter.apply(desired(GLOBAL));
    const first = calls();
    await adapter.apply(desired(GLOBAL));
    expect(calls()).toBe(first);
    await adapter.apply(desired({ ...GLOBAL, title: "new" }));
    expect(calls()).toBe(first + 1);
  });

  it("gives tabs with a context their own values over the global ones", async () => {
    const action = createFakeAction();
    await createActionAdapter(action).apply(desired(GLOBAL, [[5, TAB]]));
    expect(await action.getBadgeText({ tabId: 5 })).toBe("STBL");
    expect(await action.getBadgeText({ tabId: 6 })).toBe("151");
  });

  it("a tab that loses its context shows the global values and follows them afterwards", async () => {
    const action = createFakeAction();
    const adapter = createActionAdapter(action);
    await adapter.apply(desired(GLOBAL, [[5, TAB]]));
    await adapter.apply(desired(GLOBAL));
    expect(await action.getBadgeText({ tabId: 5 })).toBe("151");
    expect(await action.getTitle({ tabId: 5 })).toBe("global");
    await adapter.apply(desired({ ...GLOBAL, text: "152", title: "newer" }));
    expect(await action.getBadgeText({ tabId: 5 })).toBe("152");
    expect(await action.getTitle({ tabId: 5 })).toBe("newer");
  });

  it("clears a tab's text with text: null, which Firefox requires (it rejects a call without text)", async () => {
    const action = createFakeAction();
    // Firefox's schema check, in front of the fake: `text` must be present (null unsets).
    const firefoxLike: ActionApi = {
      ...action,
      setBadgeText: (details) =>
        "text" in details
          ? action.setBadgeText(details)
          : Promise.reject(new Error("Property text is required")),
    };
    const adapter = createActionAdapter(firefoxLike);
    await adapter.apply(desired(GLOBAL, [[5, TAB]]));
    await adapter.apply(desired(GLOBAL));
    expect(await action.getBadgeText({ tabId: 5 })).toBe("151");
    await adapter.apply(desired({ ...GLOBAL, text: "152" }));
    expect(await action.getBadgeText({ tabId: 5 })).toBe("152");
  });

  it("disables globally and enables per tab (focus mode)", async () => {
    const action = createFakeAction();
    await createActionAdapter(action).apply(desired({ ...GLOBAL, enabled: false }, [[5, TAB]]));
    expect(await action.isEnabled()).toBe(false);
    expect(await action.isEnabled(5)).toBe(true);
    expect(await action.isEnabled(6)).toBe(false);
  });

  it("re-sends a forgotten tab's values after Chrome cleared them on navigation", async () => {
    const action = createFakeAction();
    const adapter = createActionAdapter(action);
    await adapter.apply(desired(GLOBAL, [[5, TAB]]));
    action.navigateTab(5);
    adapter.forgetTab(5);
    await adapter.apply(desired(GLOBAL, [[5, TAB]]));
    expect(await action.getBadgeText({ tabId: 5 })).toBe("STBL");
  });

  it("skips the text colour where the browser has no setBadgeTextColor", async () => {
    const action = createFakeAction();
    const { setBadgeTextColor: _omitted, ...withoutTextColor } = action;
    await createActionAdapter(withoutTextColor).apply(desired(GLOBAL));
    expect(await action.getBadgeText({})).toBe("151");
  });
});

describe("action adapter: the drawn icon", () => {
  const ROLLING = { ...GLOBAL, icon: { state: "rolling", share: 0.25 } } as const;
  const TAB_ICON = { ...TAB, icon: { state: "full", share: 1 } } as const;

  function withIcons(action: ActionApi) {
    const paint = testPainter();
    const warnings: string[] = [];
    let failed = 0;
    const adapter = createActionAdapter(action, {
      painter: paint.painter,
      warn: (m) => warnings.push(m),
      onIconsFailed: () => failed++,
    });
    return { adapter, paint, warnings, failed: () => failed };
  }

  it("sets the global and per-tab icons as image data of both toolbar sizes, 16 and 32", async () => {
    const action = createFakeAction();
    const { adapter, warnings } = withIcons(action);
    await adapter.apply(desired(ROLLING, [[5, TAB_ICON]]));
    expect(shownIcon(action)).toEqual({
      16: drawIcon({ state: "rolling", share: 0.25 }, 16),
      32: drawIcon({ state: "rolling", share: 0.25 }, 32),
    });
    expect(shownIcon(action, 5)).toEqual({
      16: drawIcon({ state: "full", share: 1 }, 16),
      32: drawIcon({ state: "full", share: 1 }, 32),
    });
    expect(shownIcon(action, 6)).toEqual(shownIcon(action));
    expect(warnings).toEqual([]);
  });

  it("draws and sets the icon again only when the share or state changes", async () => {
    const action = createFakeAction();
    let setIcons = 0;
    const api: ActionApi = {
      ...action,
      setIcon: (details) => {
        setIcons++;
        return action.setIcon(details);
      },
    };
    const { adapter, paint } = withIcons(api);
    await adapter.apply(desired(ROLLING));
    await adapter.apply(desired({ ...ROLLING, title: "other", text: "152" }));
    await adapter.apply(desired({ ...ROLLING, icon: { state: "rolling", share: 0.2502 } }));
    expect([setIcons, paint.painted.length]).toEqual([1, 1]);
    await adapter.apply(desired({ ...ROLLING, icon: { state: "rolling", share: 0.5 } }));
    await adapter.apply(desired({ ...ROLLING, icon: { state: "stale", share: 0.5 } }));
    expect([setIcons, paint.painted.length]).toEqual([3, 3]);
  });

  it("applies one after another: a second apply while the browser still sets the first icon diffs against the first", async () => {
    // The worker's events each apply (a settings change, a poll ending, a tab update) without waiting for one
    // another, and setIcon's image data is slow to arrive in a busy browser.
    const action = createFakeAction();
    const held: (() => void)[] = [];
    const slowIcons: ActionApi = {
      ...action,
      setIcon: (details) => new Promise<void>((done) => held.push(done)).then(() => action.setIcon(details)),
    };
    const { adapter, paint } = withIcons(slowIcons);
    const FULL = { ...ROLLING, color: "#188038", icon: { state: "full", share: 1 } } as const;
    /** Lets each setIcon through in turn, as the browser would answer, until `applied` has settled. */
    const answering = async (applied: Promise<unknown>): Promise<void> => {
      let settled = false;
      void applied.then(() => (settled = true));
      while (!settled) {
        held.shift()?.();
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    await answering(adapter.apply(desired(ROLLING)));
    // Asked for at once, as independent events do; each must diff against what the one before sent.
    await answering(
      Promise.all([
        adapter.apply(desired(FULL)),
        adapter.apply(desired(FULL)),
        adapter.apply(desired(ROLLING)),
      ]),
    );
    // Drawn once per change (quarter, full, quarter), and the icon shown is the last state's.
    expect(paint.painted).toEqual([ROLLING.icon, FULL.icon, ROLLING.icon]);
    expect(shownIcon(action)).toEqual({ 16: drawIcon(ROLLING.icon, 16), 32: drawIcon(ROLLING.icon, 32) });
  });

  it("gives a tab that loses its context the global icon", async () => {
    const action = createFakeAction();
    const { adapter } = withIcons(action);
    await adapter.apply(desired(ROLLING, [[5, TAB_ICON]]));
    await adapter.apply(desired(ROLLING));
    expect(shownIcon(action, 5)).toEqual(shownIcon(action));
  });

  it("when setIcon refuses: says why once, reports it once, puts the static icon back and stops drawing", async () => {
    const action = createFakeAction();
    const refusing: ActionApi = {
      ...action,
      setIcon: (details) =>
        "imageData" in details ? Promise.reject(new Error("Icon invalid.")) : action.setIcon(details),
    };
    const { adapter, warnings, failed, paint } = withIcons(refusing);
    await adapter.apply(desired(ROLLING, [[5, TAB_ICON]]));
    expect(adapter.iconsWork()).toBe(false);
    expect(failed()).toBe(1);
    expect(warnings).toEqual([
      expect.stringMatching(
        /toolbar icon cannot show the rollout \(action\.setIcon refused it: Error: Icon invalid\.\); it keeps its static icon and the badge shows the share/,
      ),
    ]);
    await adapter.apply(desired({ ...ROLLING, icon: null }, [[5, { ...TAB_ICON, icon: null }]]));
    expect(action.iconFor()).toEqual({ path: STATIC_ICON });
    expect(action.iconFor(5)).toEqual({ path: STATIC_ICON });
    const painted = paint.painted.length;
    await adapter.apply(desired({ ...ROLLING, icon: { state: "full", share: 1 } }));
    expect(paint.painted.length).toBe(painted);
    expect(warnings).toHaveLength(1);
  });

  it("when drawing fails, the same: one warning, one report, the static icon", async () => {
    const action = createFakeAction();
    const { adapter, warnings, failed, paint } = withIcons(action);
    paint.fail = "no 2d context";
    await adapter.apply(desired(ROLLING));
    expect([adapter.iconsWork(), failed(), warnings.length]).toEqual([false, 1, 1]);
    expect(warnings[0]).toContain("drawing it failed: Error: no 2d context");
    expect(action.iconFor()).toBeUndefined();
  });

  it("without a canvas (or without setIcon) it says why once at the start and never calls setIcon", async () => {
    const action = createFakeAction();
    const warnings: string[] = [];
    const adapter = createActionAdapter(action, {
      painter: { ok: false, reason: "OffscreenCanvas is not available here" },
      warn: (m) => warnings.push(m),
      onIconsFailed: () => undefined,
    });
    await adapter.apply(desired({ ...GLOBAL, icon: null }));
    expect(adapter.iconsWork()).toBe(false);
    expect(warnings).toEqual([expect.stringContaining("(OffscreenCanvas is not available here)")]);
    expect(action.iconFor()).toBeUndefined();
    const { setIcon: _none, ...noSetIcon } = action;
    expect(
      createActionAdapter(noSetIcon, {
        painter: testPainter().painter,
        warn: (m) => warnings.push(m),
        onIconsFailed: () => undefined,
      }).iconsWork(),
    ).toBe(false);
    expect(warnings[1]).toContain("(action.setIcon is not available)");
  });
});
