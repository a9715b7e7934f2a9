/**
 * The worker's asking handlers (omnibox, context menu, commands) driven with fakes: what the address bar is
 * given for a typed text, computed from a stored snapshot and the real features asset, escaped for Chromium
 * and not for Firefox; which URL Enter, the menu and the command open, and where; the menu made once.
 */
import { describe, expect, it } from "vitest";
import {
  answerPath,
  ASK_MENU_ID,
  createAsking,
  HINT,
  MAX_CARRIED,
  SUGGESTIONS,
  type AskingDeps,
} from "../../../src/background/ask/ask.ts";
import type { Known } from "../../../src/background/controller.ts";
import type { FeatureAsset } from "../../../src/core/features/asset.ts";
import type { PollState } from "../../../src/shared/store/poll-state.ts";
import { DEFAULT_SETTINGS } from "../../../src/shared/store/settings.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";
import { NOW, realAsset, realMoreKeys, release, snapshot } from "../shared/answers/fixtures.ts";

const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";
const STORED = snapshot([release("win64", "stable", "157.0.7400.120", 1, { group: "1" })]);

function known(stored: Snapshot | null, poll: PollState | null = null): Known {
  return {
    state: {
      settings: { ...DEFAULT_SETTINGS, baseUrl: STORED.baseUrl, product: STORED.product },
      watch: { product: STORED.product, platform: "win64", channel: "stable" },
      snapshot: stored,
      poll,
      refreshing: false,
    },
    schedules: [],
  };
}

function setup(
  options: { browser?: "chrome" | "firefox"; known?: Known; asset?: () => Promise<FeatureAsset> } = {},
) {
  const opened: { how: "update" | "create"; properties: Record<string, unknown> }[] = [];
  const menuCalls: string[] = [];
  const menuItems = new Map<string, Record<string, unknown>>();
  const deps: AskingDeps = {
    known: () => Promise.resolve(options.known ?? known(STORED)),
    asset: options.asset ?? (() => Promise.resolve(realAsset())),
    more: () => Promise.resolve(realMoreKeys()),
    now: () => NOW,
    browser: options.browser ?? "chrome",
    tabs: {
      update: (properties) => {
        opened.push({ how: "update", properties });
        return Promise.resolve();
      },
      create: (properties) => {
        opened.push({ how: "create", properties });
        return Promise.resolve();
      },
    },
    // Chromium's rule: an id already in use is an error ("Cannot create item with duplicate id").
    menus: {
      removeAll: () => {
        menuCalls.push("removeAll");
        menuItems.clear();
        return Promise.resolve();
      },
      create: (properties) => {
        menuCalls.push(`create ${properties.id}`);
        if (menuItems.has(properties.id)) throw new Error(`duplicate id ${properties.id}`);
        menuItems.set(properties.id, properties);
        return properties.id;
      },
    },
    pageUrl: (path) => EXTENSION + path,
  };
  return { asking: createAsking(deps), opened, menuCalls, menuItems };
}

const answerUrl = (q: string) =>
  `${EXTENSION}src/popup/index.html?mode=tab&q=${new URLSearchParams({ q }).toString().slice(2)}`;

const M157 = "Chrome 157 · on Stable · no Stable day in the schedule known";
const VERSION = "157.0.7400.120 · Stable on Windows: 157.0.7400.120 at 100% since 2026-11-20 18:00 UTC";
const CONTAINER_QUERIES =
  "Container queries (size) · Chrome 105 · 100% of Stable on Windows have it · Baseline widely available";
const CONTAINER_IDS = [
  "container-queries",
  "container-name-queries",
  "container-style-queries",
  "container-anchor-position-queries",
  "container-scroll-state-queries",
  "container-timing",
];

describe("omnibox suggestions in Chromium: the answer to the typed text is the default row", () => {
  it("a milestone, from the stored snapshot", async () => {
    expect(await setup().asking.onInputChanged("M157")).toEqual({ description: M157, suggestions: [] });
  });

  it("a version: where the stored snapshot serves it", async () => {
    expect(await setup().asking.onInputChanged("157.0.7400.120")).toEqual({
      description: VERSION,
      suggestions: [],
    });
  });

  it("a feature: the best match is the default row, the next matches are rows with their ids as content", async () => {
    const answer = await setup().asking.onInputChanged("container queries");
    expect(answer?.description).toBe(CONTAINER_QUERIES);
    expect(answer?.suggestions.map((s) => s.content)).toEqual(CONTAINER_IDS.slice(1, SUGGESTIONS));
    expect(answer?.suggestions[1]?.description).toBe(
      "Container style queries · Chrome 111 · 100% of Stable on Windows have it · Baseline newly available",
    );
  });

  it(`gives at most ${SUGGESTIONS} answers, the default row's included`, async () => {
    const answer = await setup().asking.onInputChanged("container");
    expect(answer?.suggestions).toHaveLength(SUGGESTIONS - 1);
  });

  it("a miss says so; nothing typed keeps the hint", async () => {
    const { asking } = setup();
    expect(await asking.onInputChanged("xyzzy")).toEqual({
      description: "No milestone, version or web feature matches &apos;xyzzy&apos;",
      suggestions: [],
    });
    expect(await asking.onInputChanged("  ")).toEqual({ description: HINT, suggestions: [] });
    expect(asking.hint).toBe(HINT);
  });

  it("without a stored snapshot of the watched service, a feature still answers, without a live share", async () => {
    const foreign = { ...STORED, baseUrl: "https://other.example/v1" };
    const answer = await setup({ known: known(foreign) }).asking.onInputChanged(":has()");
    expect(answer?.description).toMatch(/^:has\(\) · Chrome 105 · /);
    expect(answer?.description).not.toContain("have it");
  });

  it("markup and ampersands in the text are escaped, as its XML parser needs", async () => {
    const { asking } = setup();
    expect((await asking.onInputChanged("<img src=x onerror=alert(1)>"))?.description).toBe(
      "No milestone, version or web feature matches &apos;&lt;img src=x onerror=alert(1)&gt;&apos;",
    );
    expect((await asking.onInputChanged("<dialog>"))?.description).toMatch(/^&lt;dialog&gt; · Chrome 37 · /);
    expect((await asking.onInputChanged("xyzzy & plugh"))?.description).toBe(
      "No milestone, version or web feature matches &apos;xyzzy &amp; plugh&apos;",
    );
  });

  it("an answer for an older keystroke that arrives after a newer one's is dropped", async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const { asking } = setup({
      asset: async () => {
        if (calls++ === 0) await slow;
        return realAsset();
      },
    });
    const older = asking.onInputChanged("15");
    const newer = await asking.onInputChanged("157");
    release();
    expect(await older).toBeNull();
    expect(newer?.description).toBe(M157);
  });

  it("when the features data cannot be read, the default row says why", async () => {
    const { asking } = setup({
      asset: () => Promise.reject(new Error("Release Radar could not read its features data: HTTP 404")),
    });
    expect(await asking.onInputChanged("has")).toEqual({
      description: "Release Radar could not read its features data: HTTP 404",
      suggestions: [],
    });
  });
});

describe("omnibox suggestions in Firefox: the default row stays the hint, every answer is a row", () => {
  it("a milestone and a version: one row each, whose content differs from the typed text only by a trailing space", async () => {
    const { asking } = setup({ browser: "firefox" });
    expect(await asking.onInputChanged("M157")).toEqual({
      description: HINT,
      suggestions: [{ content: "M157 ", description: M157 }],
    });
    expect(await asking.onInputChanged("157.0.7400.120")).toEqual({
      description: HINT,
      suggestions: [{ content: "157.0.7400.120 ", description: VERSION }],
    });
  });

  it("a feature: every match a row, by id; one typed by its id keeps its row", async () => {
    const { asking } = setup({ browser: "firefox" });
    const answer = await asking.onInputChanged("container queries");
    expect(answer?.description).toBe(HINT);
    expect(answer?.suggestions.map((s) => s.content)).toEqual(CONTAINER_IDS.slice(0, SUGGESTIONS));
    expect(answer?.suggestions[0]?.description).toBe(CONTAINER_QUERIES);
    expect((await asking.onInputChanged("has"))?.suggestions[0]?.content).toBe("has ");
  });

  it("markup is given as it is, since Firefox shows it as plain text", async () => {
    const { asking } = setup({ browser: "firefox" });
    expect(asking.hint).toBe(HINT);
    expect((await asking.onInputChanged("<img src=x onerror=alert(1)>"))?.suggestions).toEqual([
      {
        content: "<img src=x onerror=alert(1)> ",
        description: "No milestone, version or web feature matches '<img src=x onerror=alert(1)>'",
      },
    ]);
    expect((await asking.onInputChanged("<dialog>"))?.suggestions[0]?.description).toMatch(
      /^<dialog> · Chrome 37 · /,
    );
  });

  it("when the features data cannot be read, a row says why", async () => {
    const { asking } = setup({
      browser: "firefox",
      asset: () => Promise.reject(new Error("Release Radar could not read its features data: HTTP 404")),
    });
    expect(await asking.onInputChanged("has")).toEqual({
      description: HINT,
      suggestions: [
        { content: "has ", description: "Release Radar could not read its features data: HTTP 404" },
      ],
    });
  });
});

describe("the answer page's question", () => {
  it("is answered in full from the worker's data, with the line naming that data", async () => {
    const { asking } = setup();
    const reply = await asking.answerFor(":has()");
    expect(reply.identity).toMatch(/^web-features \S+, browser-compat-data /);
    expect(reply.answer).toMatchObject({ kind: "feature", subject: "feature:has" });
    // In full: with its other matches, which the address bar's rows leave out.
    const lang = await asking.answerFor("lang");
    expect(lang.answer?.choices?.length).toBeGreaterThan(0);
    // A stored release of the watched service is what the answer says is live.
    expect((await asking.answerFor("157")).answer?.lines[0]).toBe("M157 is on Stable.");
  });

  it("leaves `firefox` to the page, which knows its own browser", async () => {
    const { asking } = setup();
    expect((await asking.answerFor("firefox")).answer).toBeNull();
  });

  it("rejects, saying why, when the features data cannot be read (the page then reads it itself)", async () => {
    const { asking } = setup({ asset: () => Promise.reject(new Error("HTTP 404")) });
    await expect(asking.answerFor(":has()")).rejects.toThrow("HTTP 404");
  });
});

describe("omnibox Enter", () => {
  it.each([
    ["currentTab", { how: "update", properties: { url: answerUrl(":has()") } }],
    ["newForegroundTab", { how: "create", properties: { url: answerUrl(":has()"), active: true } }],
    ["newBackgroundTab", { how: "create", properties: { url: answerUrl(":has()"), active: false } }],
  ] as const)("%s opens the answer page there", async (disposition, expected) => {
    const { asking, opened } = setup();
    await asking.onInputEntered(":has()", disposition);
    expect(opened).toEqual([expected]);
  });

  it("carries the question in the URL, encoded, markup and all", async () => {
    const { asking, opened } = setup();
    await asking.onInputEntered("a&b <i>#x", "currentTab");
    const url = new URL(String(opened[0]?.properties.url));
    expect(url.pathname).toBe("/src/popup/index.html");
    expect(url.searchParams.get("mode")).toBe("tab");
    expect(url.searchParams.get("q")).toBe("a&b <i>#x");
    expect(url.hash).toBe("");
  });
});

describe("context menu", () => {
  it("is made after removeAll on install, and again on update without a duplicate id", async () => {
    const { asking, menuCalls, menuItems } = setup();
    await asking.onInstalled();
    await asking.onInstalled();
    expect(menuCalls).toEqual(["removeAll", `create ${ASK_MENU_ID}`, "removeAll", `create ${ASK_MENU_ID}`]);
    expect([...menuItems.values()]).toEqual([
      { id: "ask", title: "Ask Release Radar about '%s'", contexts: ["selection"] },
    ]);
  });

  it("a click opens the answer page for the selection, beside the page it was selected on", async () => {
    const { asking, opened } = setup();
    await asking.onMenuClicked({ menuItemId: ASK_MENU_ID, selectionText: "view transitions" }, { id: 7 });
    expect(opened).toEqual([
      { how: "create", properties: { url: answerUrl("view transitions"), openerTabId: 7 } },
    ]);
  });

  it("a click outside a tab (id -1) opens it without an opener", async () => {
    const { asking, opened } = setup();
    await asking.onMenuClicked({ menuItemId: ASK_MENU_ID, selectionText: "153" }, { id: -1 });
    expect(opened).toEqual([{ how: "create", properties: { url: answerUrl("153") } }]);
  });

  it(`a selection of any length is carried up to ${MAX_CARRIED} code points, the page cuts and says so`, async () => {
    const { asking, opened } = setup();
    const long = "😀".repeat(MAX_CARRIED + 5);
    await asking.onMenuClicked({ menuItemId: ASK_MENU_ID, selectionText: long });
    const q = new URL(String(opened[0]?.properties.url)).searchParams.get("q") ?? "";
    expect([...q]).toHaveLength(MAX_CARRIED);
    expect(q).toBe("😀".repeat(MAX_CARRIED));
  });

  it("another item's click opens nothing", async () => {
    const { asking, opened } = setup();
    await asking.onMenuClicked({ menuItemId: "other", selectionText: "153" });
    expect(opened).toEqual([]);
  });
});

describe("commands", () => {
  it("open-explorer opens the explorer in a new tab; another command opens nothing", async () => {
    const { asking, opened } = setup();
    await asking.onCommand("something-else");
    expect(opened).toEqual([]);
    await asking.onCommand("open-explorer");
    expect(opened).toEqual([
      { how: "create", properties: { url: `${EXTENSION}src/popup/index.html?mode=tab` } },
    ]);
    expect(answerPath()).toBe("src/popup/index.html?mode=tab");
  });
});
