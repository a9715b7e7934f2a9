/**
 * One scenario of `chrome.action` use, as data, and the interpreter that runs it, so the same steps can run
 * against the fake (test/fakes/action.ts, here in Node) and against real Chromium
 * (test/e2e/action-agreement.e2e.test.ts, inside the extension's service worker), and the two lists of
 * observations can be compared.
 *
 * A scenario is a JSON-serialisable list of steps:
 * - `call`: a method call whose success is not recorded (a failure is, so a call that fails on one side only
 *   shows up as a difference);
 * - `observe`: a method call whose outcome is recorded: the value it resolved with, its rejection, or what
 *   it threw synchronously;
 * - `tab`: something that happens to a tab: it closes, navigates to another document, reloads, or navigates
 *   within its document (`#hash`).
 * Tabs are named ("A", "B"); each side maps the names to its own tab ids, and ids in error messages are
 * written back as `{A}`, so observations compare across sides.
 */
import { createFakeAction, type ActionMethod, type FakeActionManifest } from "../fakes/action.ts";

export type TabName = "A" | "B";
export const TAB_NAMES: readonly TabName[] = ["A", "B"];

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export type ActionMethodName = ActionMethod;

export interface CallStep {
  readonly kind: "call" | "observe";
  readonly method: ActionMethodName;
  /** The tab: `details.tabId`, or the `tabId` argument of enable, disable and isEnabled. */
  readonly tab?: TabName;
  /**
   * The details. `{ "$imageData": [w, h] }` stands for a blank ImageData, as a value or inside a size
   * dictionary. Absent: `{}` for methods that take details, nothing otherwise.
   */
  readonly details?: { readonly [key: string]: Json };
  /** The arguments exactly, instead of `tab` and `details` (for signature errors). */
  readonly args?: readonly Json[];
}

export type TabEvent = "close" | "navigate" | "reload" | "same-document";

export interface TabStep {
  readonly kind: "tab";
  readonly event: TabEvent;
  readonly tab: TabName;
}

export type ScenarioStep = CallStep | TabStep;

/** How a call ended. `undefined` results are recorded as null, so both sides serialise alike. */
export type Outcome =
  | { readonly resolved: Json }
  | { readonly rejected: string }
  | { readonly threw: string; readonly type: string };

export interface Observation {
  /** The step's index in the scenario. */
  readonly step: number;
  /** `method tab`, for reading a failure. */
  readonly call: string;
  readonly outcome: Outcome;
}

/** What runActionSteps gets: a run of call steps with their indexes, and the tab ids behind the names. */
export interface StepsInput {
  readonly steps: readonly (CallStep & { readonly index: number })[];
  readonly tabs: Readonly<Record<TabName, number>>;
}

/**
 * Runs call steps against an `action` object and returns the observations. Self-contained on purpose (no
 * imports, no module-level helpers): the e2e test sends its source text to the service worker and runs it
 * there on `chrome.action`, so both sides run this very code.
 */
export async function runActionSteps(action: object, input: StepsInput): Promise<Observation[]> {
  const POSITIONAL = ["disable", "enable", "isEnabled"];
  const observations: Observation[] = [];
  const named = (text: string): string => {
    let out = text;
    for (const [name, id] of Object.entries(input.tabs)) out = out.split(String(id)).join(`{${name}}`);
    return out;
  };
  const toJson = (value: unknown): Json => (value === undefined ? null : (value as Json));
  const blankImage = (spec: unknown): unknown => {
    const [width, height] = spec as [number, number];
    if (typeof ImageData === "function") return new ImageData(width, height);
    return { width, height, data: new Uint8ClampedArray(width * height * 4) };
  };
  const withImages = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    if ("$imageData" in record) return blankImage(record.$imageData);
    return Object.fromEntries(Object.entries(record).map(([key, v]) => [key, withImages(v)]));
  };

  for (const step of input.steps) {
    const tabId = step.tab === undefined ? undefined : input.tabs[step.tab];
    let args: unknown[];
    if (step.args !== undefined) args = [...step.args];
    else if (POSITIONAL.includes(step.method)) args = tabId === undefined ? [] : [tabId];
    else {
      const details = withImages(step.details ?? {}) as Record<string, unknown>;
      args = [tabId === undefined ? details : { ...details, tabId }];
    }
    const method = (action as Record<string, (...a: unknown[]) => unknown>)[step.method];
    if (typeof method !== "function") throw new Error(`action.${step.method} is not a function`);
    let outcome: Outcome;
    try {
      const pending = method.call(action, ...args) as Promise<unknown>;
      try {
        outcome = { resolved: toJson(await pending) };
      } catch (error) {
        outcome = { rejected: named((error as Error).message) };
      }
    } catch (error) {
      const thrown = error as Error;
      outcome = { threw: named(thrown.message), type: thrown.constructor.name };
    }
    if (step.kind === "observe" || !("resolved" in outcome)) {
      observations.push({ step: step.index, call: `${step.method} ${step.tab ?? ""}`.trim(), outcome });
    }
  }
  return observations;
}

/** What a side must provide to run a scenario: call steps, and tab events. */
export interface ScenarioSide {
  readonly tabs: Readonly<Record<TabName, number>>;
  runSteps(input: StepsInput): Promise<Observation[]>;
  tabEvent(event: TabEvent, tab: TabName): Promise<void> | void;
}

/** Runs a scenario on one side: runs of call steps go to `runSteps`, tab steps to `tabEvent`, in order. */
export async function runScenario(
  scenario: readonly ScenarioStep[],
  side: ScenarioSide,
): Promise<Observation[]> {
  const observations: Observation[] = [];
  let batch: (CallStep & { index: number })[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length > 0) observations.push(...(await side.runSteps({ steps: batch, tabs: side.tabs })));
    batch = [];
  };
  for (const [index, step] of scenario.entries()) {
    if (step.kind === "tab") {
      await flush();
      await side.tabEvent(step.event, step.tab);
    } else {
      batch.push({ ...step, index });
    }
  }
  await flush();
  return observations;
}

/** Fake tab ids: any will do, since observations name tabs, not ids. */
export const FAKE_TABS: Readonly<Record<TabName, number>> = { A: 4101, B: 4102 };

/** Runs a scenario against a fresh fake with the given manifest. */
export async function runScenarioOnFake(
  scenario: readonly ScenarioStep[],
  manifest: FakeActionManifest,
): Promise<Observation[]> {
  const fake = createFakeAction(manifest);
  return runScenario(scenario, {
    tabs: FAKE_TABS,
    runSteps: (input) => runActionSteps(fake, input),
    tabEvent(event, tab) {
      const id = FAKE_TABS[tab];
      if (event === "close") fake.closeTab(id);
      else if (event === "navigate" || event === "reload") fake.navigateTab(id);
      // "same-document": Chromium keeps per-tab values, so there is nothing to do.
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// The scenarios.

const observe = (method: ActionMethodName, tab?: TabName, details?: CallStep["details"]): CallStep => ({
  kind: "observe",
  method,
  ...(tab === undefined ? {} : { tab }),
  ...(details === undefined ? {} : { details }),
});
const call = (method: ActionMethodName, tab?: TabName, details?: CallStep["details"]): CallStep => ({
  ...observe(method, tab, details),
  kind: "call",
});
const tab = (event: TabEvent, name: TabName): TabStep => ({ kind: "tab", event, tab: name });

/** Every getter, for the global state (no tab) or one tab. */
const observeAll = (name?: TabName): CallStep[] => [
  observe("getTitle", name),
  observe("getBadgeText", name),
  observe("getBadgeBackgroundColor", name),
  observe("getBadgeTextColor", name),
  observe("getPopup", name),
  observe("isEnabled", name),
];

/** What a fresh extension reports before anything is set, globally and for a tab. */
export const DEFAULTS_SCENARIO: readonly ScenarioStep[] = [...observeAll(), ...observeAll("A")];

/** Colours as the extension writes them (#hex), the other hex forms, and ColorArrays the schema checks. */
const BACKGROUND_COLORS: readonly Json[] = [
  "#F00",
  "#abcd",
  "#188038",
  "#11223344",
  "#12",
  "#ggg",
  [1, 2, 3, 4],
  [1, 2, 3, 0],
  [1, 2, 3],
  [256, 0, 0, 255],
  [1.5, 0, 0, 255],
  5,
];

const TEXT_COLORS: readonly Json[] = [
  "#00ff0080",
  [9, 8, 7, 6],
  [0, 0, 0, 0],
  [255, 255, 255, 0],
  "#ff000000",
  "#f000",
];

/**
 * The agreement scenario: per-tab precedence for every kind of value, unsetting, enable/disable, popups,
 * colours, errors and their delivery, callbacks, navigation and closing. It sets every global value it
 * observes first, so whatever the extension's own worker showed before does not matter.
 */
export const AGREEMENT_SCENARIO: readonly ScenarioStep[] = [
  // Globals of our own.
  call("setTitle", undefined, { title: "global title" }),
  call("setBadgeText", undefined, { text: "G" }),
  call("setBadgeBackgroundColor", undefined, { color: "#123456" }),
  call("setBadgeTextColor", undefined, { color: [1, 2, 3, 255] }),
  call("setPopup", undefined, { popup: "global.html" }),
  call("enable"),
  ...observeAll(),
  ...observeAll("A"),

  // A per-tab value beats the global one; other tabs and the global read are untouched.
  call("setTitle", "A", { title: "title A" }),
  call("setBadgeText", "A", { text: "a" }),
  call("setBadgeBackgroundColor", "A", { color: "#f00" }),
  call("setBadgeTextColor", "A", { color: "#0000ff" }),
  call("setPopup", "A", { popup: "tab-a.html" }),
  ...observeAll("A"),
  ...observeAll("B"),
  ...observeAll(),
  // The empty string is a value too.
  call("setTitle", "B", { title: "" }),
  call("setBadgeText", "B", { text: "" }),
  call("setPopup", "B", { popup: "" }),
  observe("getTitle", "B"),
  observe("getBadgeText", "B"),
  observe("getPopup", "B"),
  // A later global change shows only where no per-tab value hides it.
  call("setTitle", undefined, { title: "global 2" }),
  call("setPopup", undefined, { popup: "/dir/page.html?x=1#top" }),
  observe("getTitle", "A"),
  observe("getTitle", "B"),
  observe("getPopup"),
  observe("getPopup", "A"),
  observe("getPopup", "B"),

  // Popup paths resolve against the extension root; outside it they fail.
  ...["./p.html", "dir/../q.html", "https://example.com/x.html"].flatMap((popup) => [
    observe("setPopup", "A", { popup }),
    observe("getPopup", "A"),
  ]),

  // Unsetting badge text: per tab, no text (or null) lets the global through; globally it resets to "".
  call("setBadgeText", "A", { text: null }),
  call("setBadgeText", "B", {}),
  observe("getBadgeText", "A"),
  observe("getBadgeText", "B"),
  call("setBadgeText", undefined, { text: null }),
  observe("getBadgeText"),
  call("setBadgeText", undefined, { text: "G2" }),
  observe("getBadgeText", "A"),

  // Enabled state: per tab beats global both ways.
  call("disable", "A"),
  observe("isEnabled", "A"),
  observe("isEnabled", "B"),
  observe("isEnabled"),
  call("disable"),
  observe("isEnabled", "A"),
  observe("isEnabled", "B"),
  observe("isEnabled"),
  call("enable", "B"),
  observe("isEnabled", "B"),
  observe("isEnabled"),
  call("enable"),
  observe("isEnabled", "A"),
  observe("isEnabled", "B"),
  observe("isEnabled"),
  // enable(tab) / disable(tab) matching the tab's current state store nothing, so a later global change
  // wins; once the tab differs from the global state, its own value sticks.
  tab("navigate", "B"),
  call("enable", "B"),
  call("disable"),
  observe("isEnabled", "B"),
  call("enable", "B"),
  observe("isEnabled", "B"),
  call("enable"),
  call("disable", "B"),
  call("disable", "B"),
  call("enable"),
  observe("isEnabled", "B"),
  call("enable", "B"),

  // Colours: #hex strings, and ColorArrays checked by the schema.
  ...BACKGROUND_COLORS.flatMap((color) => [
    observe("setBadgeBackgroundColor", "B", { color }),
    observe("getBadgeBackgroundColor", "B"),
  ]),
  // A text colour with alpha 0 is an error, however it is written.
  ...TEXT_COLORS.flatMap((color) => [
    observe("setBadgeTextColor", "B", { color }),
    observe("getBadgeTextColor", "B"),
  ]),

  // setIcon needs path or imageData; its own checks throw at once.
  observe("setIcon", undefined, {}),
  observe("setIcon", "A", {}),
  observe("setIcon", undefined, { path: {} }),
  observe("setIcon", undefined, { imageData: {} }),
  observe("setIcon", undefined, { path: null }),
  observe("setIcon", "A", { imageData: { $imageData: [16, 16] } }),
  observe("setIcon", undefined, {
    imageData: { "16": { $imageData: [16, 16] }, "32": { $imageData: [32, 32] } },
  }),
  observe("setIcon", undefined, { imageData: 5 }),
  observe("setIcon", undefined, { path: 5 }),
  // The icons Release Radar draws: both toolbar sizes, globally and per tab, and per tab again unchanged.
  observe("setIcon", "B", {
    imageData: { "16": { $imageData: [16, 16] }, "32": { $imageData: [32, 32] } },
  }),
  observe("setIcon", "B", {
    imageData: { "16": { $imageData: [16, 16] }, "32": { $imageData: [32, 32] } },
  }),
  observe("setIcon", undefined, { imageData: { $imageData: [32, 32] } }),
  // And the static icon put back by path (what the extension does when drawing fails).
  observe("setIcon", "A", { path: { "16": "icons/icon-16.png", "32": "icons/icon-32.png" } }),
  observe("setIcon", undefined, { path: "icons/icon-16.png" }),

  // Schema errors throw a TypeError synchronously.
  observe("setTitle", undefined, {}),
  observe("setTitle", undefined, { title: null }),
  observe("setTitle", undefined, { title: 5 }),
  observe("setTitle", undefined, { title: 1.5 }),
  observe("setTitle", undefined, { title: true }),
  observe("setTitle", undefined, { title: [] }),
  observe("setBadgeText", undefined, { text: {} }),
  observe("setPopup", undefined, {}),
  observe("setBadgeBackgroundColor", undefined, {}),
  observe("getTitle", undefined, { foo: 1 }),
  observe("getTitle", undefined, { tabId: -1 }),
  observe("getTitle", undefined, { tabId: "1" }),
  observe("getTitle", undefined, { tabId: 2 ** 31 }),
  observe("getTitle", undefined, { tabId: 0 }),
  observe("setTitle", undefined, { title: "x", tabId: null }),
  observe("getTitle"),
  { kind: "observe", method: "getTitle", args: [] },
  { kind: "observe", method: "getTitle", args: [null] },
  { kind: "observe", method: "setBadgeText", args: ["text"] },
  { kind: "observe", method: "isEnabled", args: [-1] },
  { kind: "observe", method: "isEnabled", args: ["1"] },
  { kind: "observe", method: "disable", args: [1.5] },

  // Navigation: same-document navigations keep per-tab values; a cross-document one or a reload clears
  // every one of them (and only that tab's).
  call("disable", "A"),
  call("setBadgeText", "A", { text: "nav" }),
  call("setBadgeTextColor", "A", { color: "#abcdef" }),
  call("setBadgeBackgroundColor", "A", { color: "#fedcba" }),
  call("setPopup", "A", { popup: "nav.html" }),
  call("setTitle", "A", { title: "before navigation" }),
  call("setTitle", "B", { title: "stays on B" }),
  tab("same-document", "A"),
  ...observeAll("A"),
  tab("navigate", "A"),
  ...observeAll("A"),
  observe("getTitle", "B"),
  call("setTitle", "A", { title: "before reload" }),
  call("disable", "A"),
  tab("reload", "A"),
  observe("getTitle", "A"),
  observe("isEnabled", "A"),

  // Closing: the tab's values go with it, and it is unknown from then on.
  tab("close", "B"),
  observe("getTitle", "B"),
  observe("setTitle", "B", { title: "too late" }),
  observe("setIcon", "B", { imageData: { "16": { $imageData: [16, 16] } } }),
  observe("isEnabled", "B"),
  observe("getBadgeText", "B"),
  observe("getTitle", "A"),
];
