/**
 * The fake `chrome.action` keeps the rules of the toolbar action API as Chromium 156 applies them, one test
 * per rule the agreement test (test/e2e/action-agreement.e2e.test.ts) pins against real Chromium, so a
 * broken rule shows here without a browser.
 */
import { describe, expect, it } from "vitest";
import { createFakeAction, type FakeAction } from "../../fakes/action.ts";

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

/** A stand-in for ImageData, which Node lacks: the fake takes anything shaped like one. */
const image = (size: number) => ({ width: size, height: size, data: new Uint8ClampedArray(size * size * 4) });

/** Everything the getters show for `tabId` (or globally), in one list. */
async function shown(action: FakeAction, tabId?: number): Promise<unknown[]> {
  const details = tabId === undefined ? {} : { tabId };
  return [
    await action.getTitle(details),
    await action.getBadgeText(details),
    await action.getBadgeBackgroundColor(details),
    await action.getBadgeTextColor(details),
    await action.getPopup(details),
    await action.isEnabled(tabId),
  ];
}

it("starts as Chromium installs an extension: title from default_title (else the name), popup as a URL", async () => {
  expect(await shown(fake())).toEqual([
    "Release Radar",
    "",
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    `${ORIGIN}/src/popup/index.html`,
    true,
  ]);
  const bare = createFakeAction({ name: "Named", origin: ORIGIN });
  expect([await bare.getTitle({}), await bare.getPopup({})]).toEqual(["Named", ""]);
});

it("a per-tab value beats the global one, set before or after it, and '' is a value", async () => {
  const action = fake();
  await action.setTitle({ title: "tab", tabId: A });
  await action.setBadgeText({ text: "", tabId: A });
  await action.setBadgeBackgroundColor({ color: "#f00", tabId: A });
  await action.setBadgeTextColor({ color: "#00f", tabId: A });
  await action.setPopup({ popup: "", tabId: A });
  await action.setTitle({ title: "global" });
  await action.setBadgeText({ text: "G" });
  await action.setBadgeBackgroundColor({ color: "#010203" });
  await action.setBadgeTextColor({ color: [4, 5, 6, 255] });
  await action.setPopup({ popup: "g.html" });
  expect(await shown(action, A)).toEqual(["tab", "", [255, 0, 0, 255], [0, 0, 255, 255], "", true]);
  expect(await shown(action, B)).toEqual(await shown(action));
  expect(await shown(action)).toEqual([
    "global",
    "G",
    [1, 2, 3, 255],
    [4, 5, 6, 255],
    `${ORIGIN}/g.html`,
    true,
  ]);
});

it("enabled: per tab beats global both ways, but enable(tab) or disable(tab) matching the tab's state stores nothing", async () => {
  const action = fake();
  await action.disable(A);
  await action.disable();
  await action.enable(B);
  expect([await action.isEnabled(A), await action.isEnabled(B), await action.isEnabled()]).toEqual([
    false,
    true,
    false,
  ]);
  const quirk = fake();
  // Already enabled: nothing stored, so the later global disable() disables the tab too.
  await quirk.enable(A);
  await quirk.disable();
  expect(await quirk.isEnabled(A)).toBe(false);
});

it("badge text unsets: per tab (no text, or null) the global shows; globally it goes back to ''", async () => {
  const action = fake();
  await action.setBadgeText({ text: "G" });
  await action.setBadgeText({ text: "a", tabId: A });
  await action.setBadgeText({ text: "b", tabId: B });
  await action.setBadgeText({ tabId: A });
  await action.setBadgeText({ text: null, tabId: B });
  expect([await action.getBadgeText({ tabId: A }), await action.getBadgeText({ tabId: B })]).toEqual([
    "G",
    "G",
  ]);
  await action.setBadgeText({ text: null });
  expect(await action.getBadgeText({})).toBe("");
});

it("a navigation clears every per-tab value of that tab only; a closed tab is unknown, but setIcon to it resolves", async () => {
  const action = fake();
  await action.setTitle({ title: "B", tabId: B });
  await action.setTitle({ title: "A", tabId: A });
  await action.setBadgeText({ text: "a", tabId: A });
  await action.setIcon({ imageData: image(16), tabId: A });
  await action.disable(A);
  action.navigateTab(A);
  expect(await shown(action, A)).toEqual(await shown(action));
  // The icon too (no getter shows it in Chromium; assumed, as every other value goes).
  expect(action.iconFor(A)).toBeUndefined();
  expect(await action.getTitle({ tabId: B })).toBe("B");

  action.closeTab(B);
  await expect(action.getTitle({ tabId: B })).rejects.toThrow(`No tab with id: ${B}.`);
  await expect(action.setTitle({ title: "late", tabId: B })).rejects.toThrow(`No tab with id: ${B}.`);
  await expect(action.isEnabled(B)).rejects.toThrow(`No tab with id: ${B}.`);
  await expect(action.setIcon({ imageData: image(16), tabId: B })).resolves.toBeUndefined();
  await expect(action.getTitle({ tabId: 0 })).rejects.toThrow("No tab with id: 0.");
});

describe("colours", () => {
  it.each([
    ["#F00", [255, 0, 0, 255]],
    ["#f008", [255, 0, 0, 136]],
    ["#188038", [0x18, 0x80, 0x38, 255]],
    ["#FF000080", [255, 0, 0, 128]],
    [
      [1, 2, 3, 0],
      [1, 2, 3, 0],
    ],
  ] as const)("a background colour %j reads back as %j", async (color, rgba) => {
    const action = fake();
    await action.setBadgeBackgroundColor({ color: color as string | chrome.extensionTypes.ColorArray });
    expect(await action.getBadgeBackgroundColor({})).toEqual(rgba);
  });

  it("a malformed one, and a text colour with alpha 0, are rejected in Chromium's words and change nothing", async () => {
    const action = fake();
    await action.setBadgeBackgroundColor({ color: "#010203" });
    await expect(action.setBadgeBackgroundColor({ color: "#12" })).rejects.toThrow(
      "The color specification could not be parsed.",
    );
    await expect(action.setBadgeTextColor({ color: "#ff000000" })).rejects.toThrow(
      "The color specification could not be parsed.",
    );
    expect([await action.getBadgeBackgroundColor({}), await action.getBadgeTextColor({})]).toEqual([
      [1, 2, 3, 255],
      [0, 0, 0, 0],
    ]);
  });

  it("a ColorArray that is not four integers in [0, 255] is a TypeError at once", () => {
    expect(() => fake().setBadgeBackgroundColor({ color: [256, 0, 0, 255] })).toThrow(
      "Error at property 'color': Value did not match any choice.",
    );
  });

  it("a colour name is refused by the fake, which does not guess what Chromium's parser takes", () => {
    expect(() => fake().setBadgeBackgroundColor({ color: "red" })).toThrow("#hex colours only");
  });
});

it("popup paths resolve against the extension root; a URL outside it is rejected in Chromium's words", async () => {
  const action = fake();
  for (const popup of ["p.html", "./p.html", "/p.html", "dir/../p.html", `${ORIGIN}/p.html`]) {
    await action.setPopup({ popup });
    expect(await action.getPopup({})).toBe(`${ORIGIN}/p.html`);
  }
  await expect(action.setPopup({ popup: "https://example.com/x.html" })).rejects.toThrow(
    "The specified popup path is invalid. Ensure it is a path to a file in this extension.",
  );
});

it("setIcon needs a path or ImageData, throwing at once otherwise; a single one is the 16 px entry", async () => {
  const action = fake();
  expect(() => action.setIcon({} as chrome.action.TabIconDetails)).toThrow(
    "Either the path or imageData property must be specified.",
  );
  expect(() => action.setIcon({ path: {} })).toThrow("The path property must not be empty.");
  expect(() => action.setIcon({ imageData: {} })).toThrow(
    "The imageData property must contain an ImageData object or dictionary of ImageData objects.",
  );
  await action.setIcon({ path: "icons/icon-16.png" });
  expect(action.iconFor()).toEqual({ path: { 16: "icons/icon-16.png" } });
  await action.setIcon({ imageData: image(32), tabId: A });
  expect(action.iconFor(A)).toEqual({ imageData: { 16: image(32) } });
});

it("argument errors are TypeErrors thrown at once, in Chromium's words", () => {
  const action = fake();
  const invocation = "Error in invocation of action.setTitle(object details, optional function callback): ";
  expect(() => action.setTitle({} as chrome.action.TitleDetails)).toThrow(
    `${invocation}Error at parameter 'details': Missing required property 'title'.`,
  );
  expect(() => action.setTitle({ title: 5 } as unknown as chrome.action.TitleDetails)).toThrow(
    "Error at property 'title': Invalid type: expected string, found integer.",
  );
  expect(() => action.getTitle({ foo: 1 } as chrome.action.TabDetails)).toThrow(
    "Error at parameter 'details': Unexpected property: 'foo'.",
  );
  expect(() => action.isEnabled(-1)).toThrow("Error at parameter 'tabId': Value must be at least 0.");
  expect(() => (action.getTitle as (...a: unknown[]) => unknown)({}, {}, {})).toThrow(TypeError);
});

it("takes no callback: only the promise form is faked", () => {
  expect(() => (fake().getTitle as (...a: unknown[]) => unknown)({}, () => undefined)).toThrow(
    "takes no callback",
  );
});
