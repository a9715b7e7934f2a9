/**
 * The fake `chrome.action` keeps the rules of the toolbar action API as Chromium 156 applies them. Each test
 * is one rule; test/e2e/action-agreement.e2e.test.ts checks the same rules against real Chromium.
 */
import { describe, expect, it, vi } from "vitest";
import { createFakeAction, type FakeAction, type RuntimeLike } from "../../fakes/action.ts";

const ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const A = 7;
const B = 8;

function fake(): FakeAction {
  return createFakeAction({
    defaultTitle: "Release Radar",
    defaultPopup: "src/popup/index.html",
    origin: ORIGIN,
  });
}

/** Calls `invoke` with a callback and resolves with what the callback got and `lastError` during it. */
function viaCallback(
  runtime: RuntimeLike,
  invoke: (callback: (...args: unknown[]) => void) => unknown,
): Promise<{ args: unknown[]; lastError: string | undefined; returned: unknown }> {
  return new Promise((resolve) => {
    const returned = invoke((...args) => resolve({ args, lastError: runtime.lastError?.message, returned }));
  });
}

/** A stand-in for ImageData, which Node lacks: the fake takes anything shaped like one. */
const image = (size: number) => ({ width: size, height: size, data: new Uint8ClampedArray(size * size * 4) });

describe("initial state", () => {
  it("matches a freshly installed extension: no badge text, transparent colours, enabled, not pinned", async () => {
    const action = fake();
    expect(await action.getBadgeText({})).toBe("");
    expect(await action.getBadgeBackgroundColor({})).toEqual([0, 0, 0, 0]);
    expect(await action.getBadgeTextColor({})).toEqual([0, 0, 0, 0]);
    expect(await action.isEnabled()).toBe(true);
    expect(await action.getUserSettings()).toEqual({ isOnToolbar: false });
  });

  it("takes the title from default_title, else from the extension's name", async () => {
    expect(await fake().getTitle({})).toBe("Release Radar");
    expect(await createFakeAction({ name: "Named" }).getTitle({})).toBe("Named");
  });

  it("reports the default popup as a chrome-extension URL, or '' when the manifest has none", async () => {
    expect(await fake().getPopup({})).toBe(`${ORIGIN}/src/popup/index.html`);
    expect(await createFakeAction({ origin: ORIGIN }).getPopup({})).toBe("");
  });
});

describe("a per-tab value beats the global one", () => {
  const kinds = [
    {
      kind: "title",
      set: (a: FakeAction, v: string, tabId?: number) =>
        a.setTitle({ title: v, ...(tabId ? { tabId } : {}) }),
      get: (a: FakeAction, tabId?: number) => a.getTitle(tabId ? { tabId } : {}),
      values: ["global", "tab"],
      read: ["global", "tab"],
    },
    {
      kind: "badge text",
      set: (a: FakeAction, v: string, tabId?: number) =>
        a.setBadgeText({ text: v, ...(tabId ? { tabId } : {}) }),
      get: (a: FakeAction, tabId?: number) => a.getBadgeText(tabId ? { tabId } : {}),
      values: ["G", "T"],
      read: ["G", "T"],
    },
    {
      kind: "badge background colour",
      set: (a: FakeAction, v: string, tabId?: number) =>
        a.setBadgeBackgroundColor({ color: v, ...(tabId ? { tabId } : {}) }),
      get: (a: FakeAction, tabId?: number) => a.getBadgeBackgroundColor(tabId ? { tabId } : {}),
      values: ["#00f", "red"],
      read: [
        [0, 0, 255, 255],
        [255, 0, 0, 255],
      ],
    },
    {
      kind: "badge text colour",
      set: (a: FakeAction, v: string, tabId?: number) =>
        a.setBadgeTextColor({ color: v, ...(tabId ? { tabId } : {}) }),
      get: (a: FakeAction, tabId?: number) => a.getBadgeTextColor(tabId ? { tabId } : {}),
      values: ["white", "#01020304"],
      read: [
        [255, 255, 255, 255],
        [1, 2, 3, 4],
      ],
    },
    {
      kind: "popup",
      set: (a: FakeAction, v: string, tabId?: number) =>
        a.setPopup({ popup: v, ...(tabId ? { tabId } : {}) }),
      get: (a: FakeAction, tabId?: number) => a.getPopup(tabId ? { tabId } : {}),
      values: ["g.html", "t.html"],
      read: [`${ORIGIN}/g.html`, `${ORIGIN}/t.html`],
    },
  ] as const;

  it.each(kinds)("$kind: the tab reads its own, other tabs and the global read the global", async (k) => {
    const action = fake();
    await k.set(action, k.values[0]);
    await k.set(action, k.values[1], A);
    expect(await k.get(action, A)).toEqual(k.read[1]);
    expect(await k.get(action, B)).toEqual(k.read[0]);
    expect(await k.get(action)).toEqual(k.read[0]);
  });

  it.each(kinds)("$kind: a later global change shows only where no per-tab value hides it", async (k) => {
    const action = fake();
    await k.set(action, k.values[1], A);
    await k.set(action, k.values[0]);
    expect(await k.get(action, A)).toEqual(k.read[1]);
    expect(await k.get(action, B)).toEqual(k.read[0]);
  });

  it("enabled state: disable(tab) disables only that tab", async () => {
    const action = fake();
    await action.disable(A);
    expect([await action.isEnabled(A), await action.isEnabled(B), await action.isEnabled()]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("enabled state: enable(tab) while disabled globally keeps that tab enabled", async () => {
    const action = fake();
    await action.disable();
    await action.enable(A);
    expect([await action.isEnabled(A), await action.isEnabled(B), await action.isEnabled()]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("enabled state: enable(tab) on a tab that is already enabled stores nothing, as in Chromium", async () => {
    const action = fake();
    await action.enable(A);
    await action.disable();
    expect(await action.isEnabled(A)).toBe(false);
  });

  it("the empty string set for a tab is a value that hides the global one", async () => {
    const action = fake();
    await action.setTitle({ title: "global" });
    await action.setTitle({ title: "", tabId: A });
    await action.setPopup({ popup: "", tabId: A });
    expect(await action.getTitle({ tabId: A })).toBe("");
    expect(await action.getPopup({ tabId: A })).toBe("");
    expect(await action.getPopup({})).toBe(`${ORIGIN}/src/popup/index.html`);
  });
});

describe("unsetting badge text", () => {
  it("setBadgeText for a tab without text drops the tab's text, so the global shows", async () => {
    const action = fake();
    await action.setBadgeText({ text: "G" });
    await action.setBadgeText({ text: "T", tabId: A });
    await action.setBadgeText({ tabId: A });
    expect(await action.getBadgeText({ tabId: A })).toBe("G");
  });

  it("setBadgeText for a tab with text null does the same", async () => {
    const action = fake();
    await action.setBadgeText({ text: "G" });
    await action.setBadgeText({ text: "T", tabId: A });
    await action.setBadgeText({ text: null, tabId: A });
    expect(await action.getBadgeText({ tabId: A })).toBe("G");
  });

  it("setBadgeText without text and without a tab resets the global text to ''", async () => {
    const action = fake();
    await action.setBadgeText({ text: "G" });
    await action.setBadgeText({});
    expect(await action.getBadgeText({})).toBe("");
  });
});

describe("tab close", () => {
  it("drops the tab's values, and calls naming the tab fail with Chromium's message", async () => {
    const action = fake();
    await action.setTitle({ title: "tab", tabId: A });
    action.closeTab(A);
    await expect(action.getTitle({ tabId: A })).rejects.toThrow(`No tab with id: ${A}.`);
    await expect(action.setTitle({ title: "again", tabId: A })).rejects.toThrow(`No tab with id: ${A}.`);
    await expect(action.isEnabled(A)).rejects.toThrow(`No tab with id: ${A}.`);
  });

  it("leaves other tabs and the global values alone", async () => {
    const action = fake();
    await action.setTitle({ title: "global" });
    await action.setTitle({ title: "B", tabId: B });
    await action.setTitle({ title: "A", tabId: A });
    action.closeTab(A);
    expect(await action.getTitle({ tabId: B })).toBe("B");
    expect(await action.getTitle({})).toBe("global");
  });

  it("tab id 0 names no tab, as in Chromium", async () => {
    await expect(fake().getTitle({ tabId: 0 })).rejects.toThrow("No tab with id: 0.");
  });
});

describe("navigation", () => {
  it("a cross-document navigation clears every per-tab value of the tab", async () => {
    const action = fake();
    await action.setTitle({ title: "tab", tabId: A });
    await action.setBadgeText({ text: "T", tabId: A });
    await action.setBadgeBackgroundColor({ color: "red", tabId: A });
    await action.setBadgeTextColor({ color: "blue", tabId: A });
    await action.setPopup({ popup: "", tabId: A });
    await action.setIcon({ path: "tab.png", tabId: A });
    await action.disable(A);
    action.navigateTab(A);
    expect([
      await action.getTitle({ tabId: A }),
      await action.getBadgeText({ tabId: A }),
      await action.getBadgeBackgroundColor({ tabId: A }),
      await action.getBadgeTextColor({ tabId: A }),
      await action.getPopup({ tabId: A }),
      await action.isEnabled(A),
      action.iconFor(A),
    ]).toEqual([
      "Release Radar",
      "",
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      `${ORIGIN}/src/popup/index.html`,
      true,
      undefined,
    ]);
  });

  it("leaves other tabs and the global values alone, and the tab stays usable", async () => {
    const action = fake();
    await action.setTitle({ title: "global" });
    await action.setTitle({ title: "B", tabId: B });
    action.navigateTab(A);
    await action.setTitle({ title: "after", tabId: A });
    expect(await action.getTitle({ tabId: B })).toBe("B");
    expect(await action.getTitle({ tabId: A })).toBe("after");
    expect(await action.getTitle({})).toBe("global");
  });
});

describe("click", () => {
  it("with a popup set for the tab opens the popup and does not dispatch onClicked", () => {
    const action = fake();
    const listener = vi.fn();
    action.onClicked.addListener(listener);
    expect(action.click(A)).toEqual({ kind: "popup", popup: `${ORIGIN}/src/popup/index.html` });
    expect(action.openedPopups).toEqual([
      { via: "click", popup: `${ORIGIN}/src/popup/index.html`, tabId: A },
    ]);
    expect(listener).not.toHaveBeenCalled();
  });

  it("with popup '' dispatches onClicked with the tab", async () => {
    const action = fake();
    const listener = vi.fn();
    action.onClicked.addListener(listener);
    await action.setPopup({ popup: "", tabId: A });
    expect(action.click(A)).toEqual({ kind: "clicked" });
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ id: A }));
    expect(action.click(B).kind).toBe("popup");
  });

  it("does nothing where the action is disabled: no popup, no onClicked", async () => {
    const action = fake();
    const listener = vi.fn();
    action.onClicked.addListener(listener);
    await action.disable(A);
    expect(action.click(A)).toEqual({ kind: "none" });
    await action.setPopup({ popup: "" });
    await action.disable();
    expect(action.click(B)).toEqual({ kind: "none" });
    expect(listener).not.toHaveBeenCalled();
    expect(action.openedPopups).toEqual([]);
  });

  it("enable(tab) after a global disable makes clicks work in that tab again", async () => {
    const action = fake();
    await action.disable();
    await action.enable(A);
    expect(action.click(A).kind).toBe("popup");
    expect(action.click(B).kind).toBe("none");
  });

  it("a removed listener is not called, and hasListener says so", async () => {
    const action = fake();
    const listener = vi.fn();
    await action.setPopup({ popup: "" });
    action.onClicked.addListener(listener);
    expect(action.onClicked.hasListener(listener)).toBe(true);
    action.onClicked.removeListener(listener);
    expect(action.onClicked.hasListener(listener)).toBe(false);
    action.click(A);
    expect(listener).not.toHaveBeenCalled();
  });

  it("a closed tab cannot be clicked", () => {
    const action = fake();
    action.closeTab(A);
    expect(() => action.click(A)).toThrow(/closed/);
  });
});

describe("openPopup", () => {
  it("opens the active tab's popup", async () => {
    const action = fake();
    await action.setPopup({ popup: "a.html", tabId: A });
    action.activateTab(A);
    await action.openPopup();
    expect(action.openedPopups).toEqual([{ via: "openPopup", popup: `${ORIGIN}/a.html`, tabId: A }]);
  });

  it("fails with Chromium's message where the active tab is disabled or has no popup", async () => {
    const action = fake();
    action.activateTab(A);
    await action.disable(A);
    await expect(action.openPopup()).rejects.toThrow("Extension does not have a popup on the active tab.");
    await action.enable(A);
    await action.setPopup({ popup: "", tabId: A });
    await expect(action.openPopup()).rejects.toThrow("Extension does not have a popup on the active tab.");
  });
});

describe("colours", () => {
  it.each([
    ["#F00", [255, 0, 0, 255]],
    ["#f008", [255, 0, 0, 136]],
    ["#188038", [0x18, 0x80, 0x38, 255]],
    ["#FF000080", [255, 0, 0, 128]],
    ["red", [255, 0, 0, 255]],
    ["lightgoldenrodyellow", [250, 250, 210, 255]],
    ["gray", [128, 128, 128, 255]],
    ["rgb(1, 2, 3)", [1, 2, 3, 255]],
    ["rgba(1,2,3,0.5)", [1, 2, 3, 127]],
    ["hsl(120, 100%, 25%)", [0, 128, 0, 255]],
    ["hsla(240,100%,50%,0.5)", [0, 0, 255, 127]],
    [
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ],
  ] as const)("a background colour %j reads back as the ColorArray %j", async (color, rgba) => {
    const action = fake();
    await action.setBadgeBackgroundColor({ color: color as string | chrome.extensionTypes.ColorArray });
    expect(await action.getBadgeBackgroundColor({})).toEqual(rgba);
  });

  it.each([
    "RED",
    "grey",
    "rebeccapurple",
    "transparent",
    " red",
    "rgb(10%,0%,0%)",
    "rgb(256,0,0)",
    "#12",
    "",
  ])("rejects %j with Chromium's message and keeps the colour it had", async (color) => {
    const action = fake();
    await action.setBadgeBackgroundColor({ color: "#010203" });
    await expect(action.setBadgeBackgroundColor({ color })).rejects.toThrow(
      "The color specification could not be parsed.",
    );
    expect(await action.getBadgeBackgroundColor({})).toEqual([1, 2, 3, 255]);
  });

  it.each([[[0, 0, 0, 0]], ["#ff000000"], ["rgba(1,2,3,0)"], ["rgba(1,2,3,0.003)"]] as const)(
    "setBadgeTextColor with alpha 0 (%j) is an error, in Chromium's words",
    async (color) => {
      const action = fake();
      await expect(
        action.setBadgeTextColor({ color: color as string | chrome.extensionTypes.ColorArray }),
      ).rejects.toThrow("The color specification could not be parsed.");
      expect(await action.getBadgeTextColor({})).toEqual([0, 0, 0, 0]);
    },
  );

  it("a background colour with alpha 0 is fine", async () => {
    const action = fake();
    await action.setBadgeBackgroundColor({ color: [1, 2, 3, 0] });
    expect(await action.getBadgeBackgroundColor({})).toEqual([1, 2, 3, 0]);
  });

  it("a ColorArray must be four integers in [0, 255]: otherwise a TypeError at once", () => {
    const action = fake();
    for (const color of [
      [1, 2, 3],
      [256, 0, 0, 255],
      [1.5, 0, 0, 255],
    ]) {
      expect(() =>
        action.setBadgeBackgroundColor({ color: color as chrome.extensionTypes.ColorArray }),
      ).toThrow("Error at property 'color': Value did not match any choice.");
    }
  });

  it("getters hand out copies, so changing one changes nothing", async () => {
    const action = fake();
    (await action.getBadgeBackgroundColor({}))[0] = 99;
    expect(await action.getBadgeBackgroundColor({})).toEqual([0, 0, 0, 0]);
  });
});

describe("popup paths", () => {
  it.each(["p.html", "./p.html", "/p.html", "dir/../p.html", `${ORIGIN}/p.html`])(
    "%j resolves against the extension root",
    async (popup) => {
      const action = fake();
      await action.setPopup({ popup });
      expect(await action.getPopup({})).toBe(`${ORIGIN}/p.html`);
    },
  );

  it("a URL outside the extension is rejected with Chromium's message", async () => {
    await expect(fake().setPopup({ popup: "https://example.com/p.html" })).rejects.toThrow(
      "The specified popup path is invalid. Ensure it is a path to a file in this extension.",
    );
  });
});

describe("setIcon", () => {
  it("needs path or imageData: without either it throws at once, as Chromium does", () => {
    const action = fake();
    expect(() => action.setIcon({ tabId: A } as chrome.action.TabIconDetails)).toThrow(
      "Either the path or imageData property must be specified.",
    );
  });

  it("an empty path dictionary, or imageData holding no ImageData, throws at once", () => {
    const action = fake();
    expect(() => action.setIcon({ path: {} })).toThrow("The path property must not be empty.");
    expect(() => action.setIcon({ imageData: {} })).toThrow(
      "The imageData property must contain an ImageData object or dictionary of ImageData objects.",
    );
  });

  it("a per-tab icon beats the global one; undefined stands for the manifest's default_icon", async () => {
    const action = fake();
    expect(action.iconFor()).toBeUndefined();
    await action.setIcon({ path: "global.png" });
    const tabImage = { 16: image(16), 32: image(32) } as unknown as { [size: number]: ImageData };
    await action.setIcon({ imageData: tabImage, tabId: A });
    expect(action.iconFor(A)).toEqual({ imageData: tabImage });
    expect(action.iconFor(B)).toEqual({ path: { 16: "global.png" } });
  });

  it("takes a single image or path as the dictionary {16: it}, as the seed says", async () => {
    const action = fake();
    const one = image(16) as unknown as ImageData;
    await action.setIcon({ imageData: one });
    expect(action.iconFor()).toEqual({ imageData: { 16: one } });
    await action.setIcon({ path: "a.png", tabId: A });
    expect(action.iconFor(A)).toEqual({ path: { 16: "a.png" } });
  });

  it("drops a tab's icon when the tab closes or navigates; the global icon shows again", async () => {
    const action = fake();
    const global = { 16: image(16) } as unknown as { [size: number]: ImageData };
    const own = { 16: image(16), 32: image(32) } as unknown as { [size: number]: ImageData };
    await action.setIcon({ imageData: global });
    await action.setIcon({ imageData: own, tabId: A });
    await action.setIcon({ imageData: own, tabId: B });
    action.navigateTab(A);
    expect(action.iconFor(A)).toEqual({ imageData: global });
    action.closeTab(B);
    expect(action.iconFor(B)).toEqual({ imageData: global });
    // As Chromium does (the agreement test): setIcon for a closed tab resolves and sets nothing.
    await expect(action.setIcon({ imageData: own, tabId: B })).resolves.toBeUndefined();
    expect(action.iconFor(B)).toEqual({ imageData: global });
  });
});

describe("callback or promise, not both", () => {
  it("without a callback a method returns a promise of its result", async () => {
    const result = fake().getTitle({});
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe("Release Radar");
  });

  it("with a callback it returns undefined and calls back later with the getter's value", async () => {
    const action = fake();
    const got = await viaCallback(action.runtime, (cb) => action.getTitle({}, cb));
    expect(got).toEqual({ args: ["Release Radar"], lastError: undefined, returned: undefined });
  });

  it("setters call back with no arguments", async () => {
    const action = fake();
    const got = await viaCallback(action.runtime, (cb) => action.setTitle({ title: "t" }, cb));
    expect(got.args).toEqual([]);
    expect(await action.getTitle({})).toBe("t");
  });

  it("an error reaches the callback as runtime.lastError, which is gone afterwards", async () => {
    const action = fake();
    const got = await viaCallback(action.runtime, (cb) =>
      action.setBadgeTextColor({ color: [0, 0, 0, 0] }, cb),
    );
    expect(got).toEqual({
      args: [],
      lastError: "The color specification could not be parsed.",
      returned: undefined,
    });
    expect(action.runtime.lastError).toBeUndefined();
  });

  it("the runtime option puts lastError on jest-chrome's chrome.runtime", async () => {
    const action = createFakeAction({ runtime: chrome.runtime });
    const got = await viaCallback(chrome.runtime, (cb) => action.setPopup({ popup: "https://x.test/" }, cb));
    expect(got.lastError).toMatch(/popup path is invalid/);
  });

  it("without a callback an error rejects the promise with an Error", async () => {
    await expect(fake().setBadgeBackgroundColor({ color: "nonsense" })).rejects.toBeInstanceOf(Error);
  });

  it("argument errors throw synchronously, even with a callback", () => {
    const action = fake();
    const callback = vi.fn();
    expect(() => action.setTitle({} as chrome.action.TitleDetails, callback)).toThrow(TypeError);
    expect(callback).not.toHaveBeenCalled();
  });
});

describe("argument checks in Chromium's words", () => {
  it("a missing required property", () => {
    expect(() => fake().setTitle({} as chrome.action.TitleDetails)).toThrow(
      "Error in invocation of action.setTitle(object details, optional function callback): " +
        "Error at parameter 'details': Missing required property 'title'.",
    );
  });

  it("a property of the wrong type", () => {
    expect(() => fake().setTitle({ title: 5 } as unknown as chrome.action.TitleDetails)).toThrow(
      "Error at property 'title': Invalid type: expected string, found integer.",
    );
  });

  it("an unexpected property", () => {
    expect(() => fake().getTitle({ foo: 1 } as chrome.action.TabDetails)).toThrow(
      "Error in invocation of action.getTitle(action.TabDetails details, optional function callback): " +
        "Error at parameter 'details': Unexpected property: 'foo'.",
    );
  });

  it("a negative tab id", () => {
    expect(() => fake().isEnabled(-1)).toThrow("Error at parameter 'tabId': Value must be at least 0.");
  });

  it("arguments that fit no signature", () => {
    const action = fake();
    const getTitle = action.getTitle as (...args: unknown[]) => unknown;
    expect(() => getTitle()).toThrow(
      "getTitle(action.TabDetails details, optional function callback): No matching signature.",
    );
    expect(() => action.disable(1.5)).toThrow("No matching signature.");
  });
});

describe("getUserSettings", () => {
  it("reports whether the user pinned the button, and onUserSettingsChanged fires on a change", async () => {
    const action = fake();
    const listener = vi.fn();
    action.onUserSettingsChanged.addListener(listener);
    action.setPinned(true);
    action.setPinned(true);
    expect(await action.getUserSettings()).toEqual({ isOnToolbar: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ isOnToolbar: true });
  });
});

describe("isEnabled", () => {
  it("without a tab is the global state; with one, the tab's (its own, else the global)", async () => {
    const action = fake();
    await action.disable();
    expect(await action.isEnabled()).toBe(false);
    expect(await action.isEnabled(A)).toBe(false);
    await action.enable(A);
    expect(await action.isEnabled(A)).toBe(true);
    expect(await action.isEnabled()).toBe(false);
  });

  it("takes a callback in place of the tab id", async () => {
    const action = fake();
    const got = await viaCallback(action.runtime, (cb) => action.isEnabled(cb));
    expect(got.args).toEqual([true]);
  });
});
