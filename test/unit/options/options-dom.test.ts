// The options page in index.html's markup, driven through createOptions with fakes: storage in memory
// (test/fakes/browser.ts), a person answering the permission prompt (test/fakes/permissions.ts), and the
// service's lists from the emulator's handler. What the page decides: what it saves, what it refuses at the
// field, the permission prompt, the watch lists, reset and its undo, and changes written elsewhere.
//
// In Node, with a happy-dom window of its own, as the popup's DOM tests (explorer-dom.test.ts).
import { filesFetch, handUsageAsset } from "../../fakes/usage.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openPageWindow } from "../page-window.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { storedChange } from "../../../src/options/elsewhere.ts";
import { toFormValues } from "../../../src/options/form.ts";
import { createOptions, type OptionsDeps } from "../../../src/options/options.ts";
import { createServiceIds, type ServiceIds } from "../../../src/shared/watch/service-ids.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../../src/shared/store/settings.ts";
import { createStorage, type FakeStorage } from "../../fakes/browser.ts";
import { fakePermissions } from "../../fakes/permissions.ts";
import { serviceFetch } from "../../fakes/service-fetch.ts";

const HTML = readFileSync(join(import.meta.dirname, "../../../src/options/index.html"), "utf8");
/** The page's body without its script: the test starts the page itself. */
const BODY = HTML.slice(HTML.indexOf("<body>"), HTML.indexOf("<script"));
const MIRROR = "https://mirror.example.org/v1";
/** Generous, for a busy machine: every wait ends as soon as its condition holds. */
const WAIT = { timeout: 10_000 } as const;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const text = (id: string) => $(id).textContent;
const value = (id: string) => $<HTMLInputElement>(id).value;
const stored = (): unknown => storage.sync.data.get("settings");
const optionsOf = (id: string) => [...$<HTMLSelectElement>(id).options].map((o) => [o.value, o.text]);

let storage: FakeStorage;
let warnings: string[];
/** The page's asks for the service's lists, so a test ends after their answers are drawn. */
let asks: Promise<unknown>[];

/** Resolves once every list asked for has been answered, and those answers' asks too. */
async function listsAnswered(): Promise<void> {
  let count: number;
  do {
    count = asks.length;
    await Promise.allSettled(asks);
  } while (asks.length !== count);
}

/** Opens the page over `settings` (stored in `storage`) and resolves when it shows them. */
async function open(settings?: Partial<Settings>, deps: Partial<OptionsDeps> = {}): Promise<void> {
  if (settings !== undefined) storage.sync.data.set("settings", structuredClone(settings));
  const service = serviceFetch();
  const ids = new Map<string, ServiceIds>();
  await createOptions({
    storage,
    permissions: fakePermissions([], "deny").permissions,
    platformInfo: () => Promise.resolve({ os: "linux", arch: "x86-64" }),
    serviceIds: (baseUrl) => {
      const made = ids.get(baseUrl) ?? tracked(createServiceIds({ baseUrl, fetch: service.fetch }));
      ids.set(baseUrl, made);
      return made;
    },
    warn: (message) => warnings.push(message),
    fetch: filesFetch({ "usage.json": handUsageAsset() }),
    fileUrl: (path) => `chrome-extension://id/${path}`,
    ...deps,
  });
}

function tracked(ids: ServiceIds): ServiceIds {
  const track = <T>(ask: Promise<T>): Promise<T> => {
    asks.push(ask);
    return ask;
  };
  return {
    ...ids,
    platforms: (product) => track(ids.platforms(product)),
    channels: (product, platform) => track(ids.channels(product, platform)),
  };
}

/** Types `text` into the control `id` and leaves it, as a person does: input, then change. */
function edit(id: string, text: string): void {
  const control = $<HTMLInputElement | HTMLSelectElement>(id);
  control.value = text;
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

const click = (id: string): void => $<HTMLButtonElement>(id).click();
const untilStatus = (status: string | RegExp) =>
  vi.waitFor(() => expect(text("status")).toMatch(status), WAIT);

beforeEach(() => {
  const page = openPageWindow({ url: "chrome-extension://test/src/options/index.html", body: BODY });
  storage = createStorage();
  warnings = [];
  asks = [];
  return async () => {
    // The lists the page asked for are drawn into this page, not into the next test's.
    await listsAnswered();
    page.close();
  };
});

describe("the options page", () => {
  it("shows the stored settings over the defaults, and enables the form", async () => {
    await open({ channel: "dev", pollMinutes: 45, notify: false, clickAction: "refresh" });
    expect(value("baseUrl")).toBe(DEFAULT_SETTINGS.baseUrl);
    expect(text("baseUrl-default")).toBe(DEFAULT_SETTINGS.baseUrl);
    expect(value("channel")).toBe("dev");
    expect(value("pollMinutes")).toBe("45");
    expect($<HTMLInputElement>("clickAction-refresh").checked).toBe(true);
    expect($<HTMLInputElement>("notify").checked).toBe(false);
    expect($<HTMLSelectElement>("platform").selectedOptions[0]?.text).toBe("Automatic (this device: Linux)");
    expect($<HTMLFieldSetElement>("fields").disabled).toBe(false);
    expect($("settings").getAttribute("aria-busy")).toBe("false");
    expect(warnings).toEqual([]);
  });

  it("shows the settings when the stored snapshot cannot be read, and says why in the console", async () => {
    storage.local.get = () => Promise.reject(new Error("IO error: .../LOCK: File currently in use."));
    await open({ channel: "dev" });
    expect(value("channel")).toBe("dev");
    expect(warnings).toEqual([
      "Release Radar: the stored snapshot could not be read: Error: IO error: .../LOCK: File currently in use.",
    ]);
  });

  it("saves only the fields the person changed", async () => {
    await open({ pollMinutes: 45 });
    edit("channel", "dev");
    click("save");
    await untilStatus(/^Saved\.$/);
    expect(stored()).toEqual({ pollMinutes: 45, channel: "dev" });
  });

  it("says so when nothing changed, and writes nothing", async () => {
    await open();
    click("save");
    await untilStatus("No changes to save.");
    expect(storage.sync.writes).toBe(0);
  });

  it("says why a save failed, and keeps the edit in the form", async () => {
    await open();
    storage.sync.set = () => Promise.reject(new Error("QUOTA_BYTES_PER_ITEM quota exceeded"));
    edit("channel", "dev");
    click("save");
    await untilStatus("Not saved: QUOTA_BYTES_PER_ITEM quota exceeded");
    expect($("status").classList.contains("error")).toBe(true);
    expect(value("channel")).toBe("dev");
  });

  it("refuses a bad base URL at the field, with the reason, and Save neither writes nor asks for access", async () => {
    const person = fakePermissions([], "grant");
    await open(undefined, { permissions: person.permissions });
    edit("baseUrl", "https://ex ample.com/v1");
    expect(text("baseUrl-error")).toBe("Must not contain spaces.");
    expect($("baseUrl").getAttribute("aria-invalid")).toBe("true");
    expect($("baseUrl").getAttribute("aria-describedby")).toBe("baseUrl-hint baseUrl-error");
    person.inHandler(() => click("save"));
    expect(text("status")).toBe("Not saved: correct the marked fields.");
    expect(document.activeElement?.id).toBe("baseUrl");
    expect(person.asked).toEqual([]);
    expect(storage.sync.writes).toBe(0);
    edit("baseUrl", MIRROR);
    expect(text("baseUrl-error")).toBe("");
    expect($("baseUrl").hasAttribute("aria-invalid")).toBe(false);
  });

  it("the schedule hint follows the base URL as typed, and the saved one while the address is not valid", async () => {
    await open({ baseUrl: "http://127.0.0.1:8787/v1" });
    expect(text("scheduleUrl-followed")).toBe("http://127.0.0.1:8787");
    edit("baseUrl", "http://127.0.0.1:9/v1");
    expect(text("scheduleUrl-followed")).toBe("http://127.0.0.1:9");
    expect($<HTMLInputElement>("scheduleUrl").placeholder).toBe("http://127.0.0.1:9");
    edit("baseUrl", "https://mirror");
    expect(text("scheduleUrl-followed")).toBe("http://127.0.0.1:8787");
  });
});

describe("the share of users", () => {
  it("lists the regions the usage data offers, and saves the one chosen", async () => {
    await open();
    await vi.waitFor(() => expect(optionsOf("usageRegion")).toHaveLength(3), WAIT);
    expect(optionsOf("usageRegion")).toEqual([
      ["", "Worldwide only"],
      ["DE", "Germany"],
      ["alt-eu", "Europe"],
    ]);
    edit("usageRegion", "DE");
    click("save");
    await untilStatus(/^Saved\.$/);
    expect(stored()).toEqual({ usageRegion: "DE" });
  });

  it("keeps a stored region selected when the usage data cannot be read, and says why", async () => {
    await open({ usageRegion: "FR" }, { fetch: filesFetch({}) });
    await vi.waitFor(
      () => expect(text("usageRegion-error")).toMatch(/^The regions could not be listed: .*HTTP 404$/),
      WAIT,
    );
    expect(value("usageRegion")).toBe("FR");
  });

  it("turning the monthly check on asks for caniuse's files' host in the submit handler, and saves", async () => {
    const person = fakePermissions([], "grant");
    await open(undefined, { permissions: person.permissions });
    $<HTMLInputElement>("usageUpdates").checked = true;
    $("usageUpdates").dispatchEvent(new Event("change", { bubbles: true }));
    person.inHandler(() => click("save"));
    await untilStatus(/^Saved\.$/);
    expect(person.asked).toEqual([["https://raw.githubusercontent.com/*"]]);
    expect(stored()).toEqual({ usageUpdates: true });
  });

  it("refused, saves the rest with the check left off, and says so", async () => {
    const person = fakePermissions([], "deny");
    await open(undefined, { permissions: person.permissions });
    $<HTMLInputElement>("usageUpdates").checked = true;
    edit("pollMinutes", "12");
    person.inHandler(() => click("save"));
    await untilStatus(
      "Saved, without monthly usage updates: Release Radar has no access to https://raw.githubusercontent.com (access was not granted).",
    );
    expect(stored()).toEqual({ pollMinutes: 12, usageUpdates: false });
    expect($<HTMLInputElement>("usageUpdates").checked).toBe(false);
  });

  it("refused with a new service, the service still waits for Save anyway, the check left off", async () => {
    const person = fakePermissions([], "deny");
    await open(undefined, { permissions: person.permissions });
    edit("baseUrl", MIRROR);
    $<HTMLInputElement>("usageUpdates").checked = true;
    person.inHandler(() => click("save"));
    await vi.waitFor(() => expect($("access").hidden).toBe(false), WAIT);
    expect(person.asked).toEqual([["https://mirror.example.org/*", "https://raw.githubusercontent.com/*"]]);
    expect(storage.sync.writes).toBe(0);
    click("save-anyway");
    await untilStatus(/^Saved\. Without access to https:\/\/mirror\.example\.org/);
    expect(stored()).toEqual({ baseUrl: MIRROR, usageUpdates: false });
  });

  it("says which stats file is imported, if any", async () => {
    storage.local.data.set("visitors", {
      file: "stats.json",
      importedAt: Date.UTC(2026, 10, 20),
      table: { agents: { chrome: { "154": 60 }, firefox: { "140": 5 } } },
    });
    await open();
    await vi.waitFor(
      () => expect(text("visitors-status")).toBe("Imported stats.json on 2026-11-20: 2 browsers."),
      WAIT,
    );
    expect($("visitors-remove").hidden).toBe(false);
  });
});

describe("the permission prompt for another service", () => {
  /** The form after Save of the mirror's address, whose access the person refused: Save anyway offered. */
  async function refusedMirror(): Promise<void> {
    const person = fakePermissions([], "deny");
    await open(undefined, { permissions: person.permissions });
    edit("baseUrl", MIRROR);
    person.inHandler(() => click("save"));
    await vi.waitFor(() => expect($("access").hidden).toBe(false), WAIT);
  }

  it("asks for the origin from inside the submit handler, and saves once it is granted", async () => {
    const person = fakePermissions([], "grant");
    await open(undefined, { permissions: person.permissions });
    edit("baseUrl", MIRROR);
    // The fake refuses a request made outside the handler, as Firefox does: a grant shows it was inside.
    person.inHandler(() => click("save"));
    expect(text("status")).toBe(
      "Asking the browser for access to https://mirror.example.org: answer its prompt to continue.",
    );
    expect($<HTMLButtonElement>("save").disabled).toBe(true);
    await untilStatus("Saved. Release Radar may now read https://mirror.example.org.");
    expect(person.asked).toEqual([["https://mirror.example.org/*"]]);
    expect(stored()).toEqual({ baseUrl: MIRROR });
  });

  it("saves an origin already granted without asking", async () => {
    const person = fakePermissions(["https://mirror.example.org/*"], "deny");
    await open(undefined, { permissions: person.permissions });
    edit("baseUrl", MIRROR);
    person.inHandler(() => click("save"));
    await untilStatus(/^Saved\.$/);
    expect(person.asked).toEqual([]);
    expect(stored()).toEqual({ baseUrl: MIRROR });
  });

  it("after a refusal offers Save anyway, which writes it for the worker to fetch through CORS", async () => {
    await refusedMirror();
    expect(text("access-text")).toContain("no access to https://mirror.example.org (access was not granted)");
    expect(text("status")).toBe("Not saved yet.");
    expect(document.activeElement?.id).toBe("save-anyway");
    expect(storage.sync.writes).toBe(0);
    click("save-anyway");
    await untilStatus(
      "Saved. Without access to https://mirror.example.org, the service worker fetches it through CORS.",
    );
    expect(stored()).toEqual({ baseUrl: MIRROR });
    expect($("access").hidden).toBe(true);
  });

  it("Cancel after a refusal writes nothing", async () => {
    await refusedMirror();
    click("cancel-save");
    expect(text("status")).toBe("Not saved.");
    expect($("access").hidden).toBe(true);
    expect(storage.sync.writes).toBe(0);
  });

  it("an edit after a refusal withdraws Save anyway: it was about the values before the edit", async () => {
    await refusedMirror();
    edit("pollMinutes", "12");
    expect($("access").hidden).toBe(true);
    expect(text("status")).toBe("");
    click("save-anyway");
    expect(storage.sync.writes).toBe(0);
  });
});

describe("the watch lists", () => {
  it("offer what the service lists, and the channels of the platform chosen", async () => {
    await open();
    await vi.waitFor(
      () =>
        expect(optionsOf("platform")).toEqual([
          ["auto", "Automatic (this device: Linux)"],
          ["win64", "Windows"],
          ["linux", "Linux"],
        ]),
      WAIT,
    );
    await vi.waitFor(
      () =>
        expect(optionsOf("channel")).toEqual([
          ["stable", "Stable"],
          ["dev", "Dev"],
        ]),
      WAIT,
    );
    edit("platform", "win64");
    await vi.waitFor(() => expect(optionsOf("channel")).toEqual([["stable", "Stable"]]), WAIT);
  });

  it("keep a saved platform the service does not list selected, marked as such", async () => {
    await open({ platform: "lacros_arm32" });
    const selected = () => $<HTMLSelectElement>("platform").selectedOptions[0]?.text;
    await vi.waitFor(() => expect(selected()).toBe("lacros_arm32 (not on this service)"), WAIT);
    expect(value("platform")).toBe("lacros_arm32");
    expect(optionsOf("platform")).toContainEqual(["linux", "Linux"]);
  });
});

describe("reset", () => {
  it("removes the stored settings and shows the defaults; Undo writes back exactly what was stored", async () => {
    const before = { baseUrl: "http://127.0.0.1:9/v1", channel: "beta", pollMinutes: 5 };
    await open(before);
    click("reset");
    await untilStatus("Defaults restored.");
    expect(stored()).toBeUndefined();
    expect(value("baseUrl")).toBe(DEFAULT_SETTINGS.baseUrl);
    expect(value("pollMinutes")).toBe("30");
    expect($("undo-reset").hidden).toBe(false);
    click("undo-reset");
    await untilStatus("Settings restored.");
    expect(stored()).toEqual(before);
    expect(value("baseUrl")).toBe(before.baseUrl);
    expect(value("channel")).toBe("beta");
    expect($("undo-reset").hidden).toBe(true);
  });

  it("offers no Undo when nothing was stored: the defaults were in effect already", async () => {
    await open();
    click("reset");
    await untilStatus("Defaults restored.");
    expect($("undo-reset").hidden).toBe(true);
  });

  it("an edit withdraws the Undo: restoring would overwrite the edit", async () => {
    await open({ channel: "beta" });
    click("reset");
    await untilStatus("Defaults restored.");
    edit("pollMinutes", "12");
    expect($("undo-reset").hidden).toBe(true);
  });
});

describe("a change written elsewhere", () => {
  it("redraws a form without unsaved edits, and says so", async () => {
    await open();
    await storage.sync.set({ settings: { channel: "canary" } });
    await untilStatus("The settings were changed elsewhere; the form shows them now.");
    expect(value("channel")).toBe("canary");
  });

  it("does not overwrite unsaved edits: a notice offers it, and Save merges the edit over it", async () => {
    await open();
    edit("pollMinutes", "12");
    await storage.sync.set({ settings: { channel: "canary" } });
    await vi.waitFor(() => expect($("elsewhere").hidden).toBe(false), WAIT);
    expect(value("pollMinutes")).toBe("12");
    expect(value("channel")).toBe("stable");
    click("save");
    await untilStatus(/^Saved\.$/);
    expect(stored()).toEqual({ channel: "canary", pollMinutes: 12 });
    expect($("elsewhere").hidden).toBe(true);
  });

  it("is shown, discarding the edits, when the person asks to see it", async () => {
    await open();
    edit("pollMinutes", "12");
    await storage.sync.set({ settings: { channel: "canary" } });
    await vi.waitFor(() => expect($("elsewhere").hidden).toBe(false), WAIT);
    click("show-elsewhere");
    expect(text("status")).toBe("The form shows the new settings.");
    expect(value("channel")).toBe("canary");
    expect(value("pollMinutes")).toBe("30");
    expect($("elsewhere").hidden).toBe(true);
  });
});

describe("the asking section", () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../../manifest.json"), "utf8")) as {
    omnibox: { keyword: string };
    commands: Record<string, { suggested_key?: { default?: string } }>;
  };
  /** An element's text as it reads: the markup's line breaks and indents as single spaces. */
  const words = (id: string) => text(id).replace(/\s+/g, " ").trim();

  it("names the address bar's keyword, the selection's menu item and the manifest's shortcuts", () => {
    expect(words("asking-heading")).toBe("Asking from anywhere");
    expect(words("asking-keyword")).toContain(`type ${manifest.omnibox.keyword}, a space and the question`);
    expect(words("asking-menu")).toContain(`"Ask Release Radar about '…'"`);
    const key = (command: string) => manifest.commands[command]?.suggested_key?.default;
    expect(Object.keys(manifest.commands)).toEqual(["_execute_action", "open-explorer"]);
    expect(words("asking-shortcuts")).toBe(
      `Keyboard: ${key("_execute_action")} opens the popup and ${key("open-explorer")} the explorer in a ` +
        "tab, unless you changed them.",
    );
    expect(words("asking-shortcuts")).toContain("Alt+Shift+V");
  });

  it("says where each browser changes the shortcuts", () => {
    expect(words("asking-change")).toContain("chrome://extensions/shortcuts");
    expect(words("asking-change")).toContain(
      "in Firefox, open about:addons, click the gear and choose Manage Extension Shortcuts",
    );
  });

  it("is plain text: no control, no link", () => {
    expect($("asking").querySelectorAll("a, button, input, select, textarea")).toHaveLength(0);
  });
});

describe("storedChange", () => {
  const canary: Settings = { ...DEFAULT_SETTINGS, channel: "canary" };
  const shown = toFormValues(DEFAULT_SETTINGS);

  it("does nothing when the form was filled with what is stored (this page's own save)", () => {
    expect(storedChange(canary, canary, toFormValues(canary))).toBe("none");
  });

  it("adopts quietly what the form shows already", () => {
    expect(storedChange(canary, DEFAULT_SETTINGS, toFormValues(canary))).toBe("adopt");
  });

  it("shows the change in a form without edits", () => {
    expect(storedChange(canary, DEFAULT_SETTINGS, shown)).toBe("show");
  });

  it("offers it, keeping the edits, when the form has other edits", () => {
    expect(storedChange(canary, DEFAULT_SETTINGS, { ...shown, pollMinutes: "12" })).toBe("offer");
  });
});
