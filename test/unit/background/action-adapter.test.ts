// The action adapter against the stateful fake of chrome.action: outcomes, not calls.
import { describe, expect, it } from "vitest";
import { createActionAdapter, type ActionApi } from "../../../src/background/action-adapter.ts";
import type { ActionView, ToolbarState } from "../../../src/background/toolbar-state.ts";
import { createFakeAction } from "../../fakes/action.ts";

const GLOBAL: ActionView = {
  text: "151",
  color: "#188038",
  textColor: "#FFFFFF",
  title: "global",
  popup: "src/popup/index.html",
  enabled: true,
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
