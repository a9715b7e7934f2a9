/**
 * A stateful fake of `chrome.action` (Manifest V3) for unit tests: it remembers global and per-tab values
 * and enforces the rules of the toolbar action API
 * (https://developer.chrome.com/docs/extensions/reference/api/action) the way Chromium 156 does: a fake that
 * keeps state lets a test assert on what the toolbar would show rather than on which calls were made.
 * test/e2e/action-agreement.e2e.test.ts runs one scenario (test/scenarios/action-scenario.ts) against this
 * fake and against real Chromium and requires the same observations from both.
 *
 * Each kind of value (title, badge text, badge background and text colour, popup, enabled, icon) is one
 * `Setting`:
 *
 *   set*({ tabId })  ──> per tab (Map) ──┐
 *   set*({})         ──> global ─────────┴──> get*({ tabId }) = per tab ?? global;  get*({}) = global
 *
 *   closeTab(id)     per-tab values dropped; the id is unknown from then on ("No tab with id: N."), but
 *                    setIcon naming it still resolves (as Chromium's does) and sets nothing
 *   navigateTab(id)  per-tab values dropped: what Chromium does when the tab loads another document,
 *                    reloads included. Same-document navigations (#hash, pushState) keep them, and so
 *                    did a navigation that failed (net::ERR_NAME_NOT_RESOLVED), so those need no control.
 *                    The fake drops the icon too; no getter can show whether Chromium does (assumed, as
 *                    it clears every other per-tab value together).
 *
 * What Chromium does, as observed (and pinned by the agreement test):
 * - Defaults: badge text "", both badge colours [0, 0, 0, 0] (the toolbar paints its own background colour,
 *   but the getters report "unset" as transparent black), enabled, title = `action.default_title` or else
 *   the extension's `name`, popup = `action.default_popup` as a full `chrome-extension://ID/path` URL or "".
 * - getPopup returns URLs: setPopup resolves its path against the extension root ("p.html", "./p.html",
 *   "/p.html" and the full URL all read back as `chrome-extension://ID/p.html`); a URL outside the
 *   extension fails. `popup: ""` is a value: per tab it beats a global popup.
 * - A per-tab value always beats the global one, "" included, and for enabled state too: enable(tab)
 *   after a global disable() leaves that tab enabled.
 * - But enable(tab) / disable(tab) store nothing when the tab already is in that state: enable(tab) while
 *   the action is enabled globally, then a global disable(), leaves the tab disabled.
 * - Only badge text can be unset per tab: setBadgeText({ tabId, text: null }) (or no text) drops the tab's
 *   text, so the global one shows; without tabId it resets the global text to "". Title, popup and the
 *   colours are required properties, so per-tab values of those go only with navigation or closing.
 * - Errors come two ways. Argument errors (schema, and setIcon's own checks) throw synchronously: a
 *   TypeError "Error in invocation of action.M(signature): ..." or setIcon's Error. Errors found by the
 *   browser (unparsable colour, text colour with alpha 0, popup outside the extension, unknown or closed
 *   tab) reject the promise with an Error.
 *
 * Only what the extension uses is faked: the promise form (a callback is refused), the methods
 * src/background/toolbar/action-adapter.ts calls and their getters, and colours as `#hex` or ColorArray (Chromium's
 * own parser also takes names, rgb() and hsl(), which nothing here sends; the fake refuses them rather than
 * guess).
 */

/** What a fresh extension's manifest and identity give the action. */
export interface FakeActionManifest {
  /** `action.default_title`; absent means the extension's name. */
  readonly defaultTitle?: string;
  /** `action.default_popup`, a path inside the extension; absent means no popup. */
  readonly defaultPopup?: string;
  /** The manifest's `name`, the title when there is no `default_title`. */
  readonly name?: string;
  /** `chrome-extension://ID`, against which popup paths resolve. */
  readonly origin?: string;
}

/** RGBA, each an integer in [0, 255], the way the `action` getters return colours. */
type Rgba = [number, number, number, number];

/**
 * An icon as last set: the `path` or the `imageData` given to setIcon (imageData wins when both are), as a
 * dictionary by size: the seed's rule that a single value `foo` is `{16: foo}` is applied when it is set.
 */
export type IconSetting =
  | { readonly path: Readonly<Record<string, string>> }
  | { readonly imageData: Readonly<Record<string, unknown>> };

/** What a user's click on the toolbar button does in a tab: the popup opens, or `onClicked` fires, or nothing. */
export type ClickOutcome =
  | { readonly kind: "popup"; readonly popup: string }
  | { readonly kind: "clicked" }
  | { readonly kind: "none" };

/** The methods of `chrome.action` the fake has. */
export type ActionMethod =
  | "disable"
  | "enable"
  | "getBadgeBackgroundColor"
  | "getBadgeText"
  | "getBadgeTextColor"
  | "getPopup"
  | "getTitle"
  | "isEnabled"
  | "setBadgeBackgroundColor"
  | "setBadgeText"
  | "setBadgeTextColor"
  | "setIcon"
  | "setPopup"
  | "setTitle";

/** `setBadgeText`'s details as the seed has them: `text: null` unsets a tab's text (@types/chrome lacks null). */
type BadgeTextDetails = Omit<chrome.action.BadgeTextDetails, "text"> & { text?: string | null };

/** The methods in their promise form, `setBadgeText` taking `text: null` as the seed says. */
type ActionMethods = {
  [M in Exclude<ActionMethod, "setBadgeText">]: Extract<
    (typeof chrome.action)[M],
    (...args: never[]) => Promise<unknown>
  >;
} & { setBadgeText(details: BadgeTextDetails): Promise<void> };

/** The methods, plus the controls a test drives the fake with. */
export interface FakeAction extends ActionMethods {
  /** A user's click on the button in `tabId`: nothing where the action is disabled, else its popup, if any. */
  click(tabId: number): ClickOutcome;
  /** The tab closes: its values go, and calls naming it fail from then on. */
  closeTab(tabId: number): void;
  /** The tab commits a cross-document navigation (or reloads): its values go. */
  navigateTab(tabId: number): void;
  /** The icon the button shows in `tabId` (or globally); undefined means the manifest's default_icon. */
  iconFor(tabId?: number): IconSetting | undefined;
}

const DEFAULT_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const TRANSPARENT: Rgba = [0, 0, 0, 0];
const INT32_MAX = 2 ** 31 - 1;

const MESSAGES = {
  colour: "The color specification could not be parsed.",
  popupPath: "The specified popup path is invalid. Ensure it is a path to a file in this extension.",
  iconMissing: "Either the path or imageData property must be specified.",
  iconEmptyPath: "The path property must not be empty.",
  iconImageData:
    "The imageData property must contain an ImageData object or dictionary of ImageData objects.",
  noTab: (tabId: number) => `No tab with id: ${tabId}.`,
} as const;

/** Creates a fake `chrome.action` in the state Chromium gives a freshly installed extension. */
export function createFakeAction(manifest: FakeActionManifest = {}): FakeAction {
  const origin = manifest.origin ?? DEFAULT_ORIGIN;
  const defaultPopup =
    manifest.defaultPopup === undefined || manifest.defaultPopup === ""
      ? ""
      : resolvePopup(origin, manifest.defaultPopup);
  if (defaultPopup === undefined)
    throw new Error(`default_popup ${manifest.defaultPopup} is not in the extension`);

  const title = new Setting(manifest.defaultTitle ?? manifest.name ?? "");
  const badgeText = new Setting("");
  const badgeBackgroundColor = new Setting<Rgba>(TRANSPARENT);
  const badgeTextColor = new Setting<Rgba>(TRANSPARENT);
  const popup = new Setting(defaultPopup);
  const enabled = new Setting(true);
  const icon = new Setting<IconSetting | undefined>(undefined);
  const settings = [title, badgeText, badgeBackgroundColor, badgeTextColor, popup, enabled, icon];

  const closedTabs = new Set<number>();

  /** A tab id from arguments that passed the schema: a tab that is open, or undefined for global. */
  const openTab = (tabId: unknown): number | undefined => {
    if (tabId === undefined || tabId === null) return undefined;
    const id = tabId as number;
    // Chromium numbers tabs from 1; 0 passes the schema (minimum 0) but names no tab.
    if (id === 0 || closedTabs.has(id)) throw new BrowserError(MESSAGES.noTab(id));
    return id;
  };
  const requireKnownTab = (control: string, tabId: number): void => {
    if (closedTabs.has(tabId)) throw new Error(`${control}(${tabId}): that tab was closed`);
  };
  const color = (value: unknown, textColor: boolean): Rgba => {
    const rgba = typeof value === "string" ? parseHexColor(value) : (value as Rgba);
    if (rgba === undefined) throw new BrowserError(MESSAGES.colour);
    // The reference (setBadgeTextColor): a colour with alpha 0 is not set and gives an error; Chromium words
    // it as a parse failure.
    if (textColor && rgba[3] === 0) throw new BrowserError(MESSAGES.colour);
    return [...rgba];
  };
  const action = {
    disable: method("disable", TAB_ID_ARGS, [], (d) => {
      const tabId = openTab(d.tabId);
      // Chromium keeps no per-tab value equal to the tab's current state (pinned by the agreement test).
      if (tabId === undefined || enabled.get(tabId)) enabled.set(false, tabId);
    }),
    enable: method("enable", TAB_ID_ARGS, [], (d) => {
      const tabId = openTab(d.tabId);
      if (tabId === undefined || !enabled.get(tabId)) enabled.set(true, tabId);
    }),
    isEnabled: method("isEnabled", TAB_ID_ARGS, [], (d) => ({ value: enabled.get(openTab(d.tabId)) })),
    getBadgeBackgroundColor: getter("getBadgeBackgroundColor", (tabId) => [
      ...badgeBackgroundColor.get(tabId),
    ]),
    getBadgeText: getter("getBadgeText", (tabId) => badgeText.get(tabId)),
    getBadgeTextColor: getter("getBadgeTextColor", (tabId) => [...badgeTextColor.get(tabId)]),
    getPopup: getter("getPopup", (tabId) => popup.get(tabId)),
    getTitle: getter("getTitle", (tabId) => title.get(tabId)),
    setBadgeBackgroundColor: method("setBadgeBackgroundColor", DETAILS_ARGS, [TAB_ID, COLOR], (d) => {
      badgeBackgroundColor.set(color(d.color, false), openTab(d.tabId));
    }),
    setBadgeText: method("setBadgeText", DETAILS_ARGS, [TAB_ID, { name: "text", type: "string" }], (d) => {
      const tabId = openTab(d.tabId);
      // No text (or null) unsets: the tab's text goes, so the global shows; the global goes back to "".
      if (d.text === undefined || d.text === null) badgeText.unset(tabId);
      else badgeText.set(d.text as string, tabId);
    }),
    setBadgeTextColor: method("setBadgeTextColor", DETAILS_ARGS, [TAB_ID, COLOR], (d) => {
      badgeTextColor.set(color(d.color, true), openTab(d.tabId));
    }),
    setIcon: method(
      "setIcon",
      DETAILS_ARGS,
      [TAB_ID, { name: "imageData", type: "imageData" }, { name: "path", type: "path" }],
      (d) => {
        // Chromium resolves setIcon for a closed tab (pinned by the agreement test), unlike every other
        // setter; the icon goes nowhere.
        if (typeof d.tabId === "number" && closedTabs.has(d.tabId)) return;
        icon.set(iconSetting(d), openTab(d.tabId));
      },
      checkIcon,
    ),
    setPopup: method(
      "setPopup",
      DETAILS_ARGS,
      [TAB_ID, { name: "popup", type: "string", required: true }],
      (d) => {
        const path = d.popup as string;
        const url = path === "" ? "" : resolvePopup(origin, path);
        if (url === undefined) throw new BrowserError(MESSAGES.popupPath);
        popup.set(url, openTab(d.tabId));
      },
    ),
    setTitle: method(
      "setTitle",
      DETAILS_ARGS,
      [TAB_ID, { name: "title", type: "string", required: true }],
      (d) => {
        title.set(d.title as string, openTab(d.tabId));
      },
    ),
  };

  /** A `get*(details)` method: the tab's value, or the global one. */
  function getter(
    name: ActionMethod,
    read: (tabId: number | undefined) => unknown,
  ): (...args: unknown[]) => unknown {
    return method(name, DETAILS_ARGS, [TAB_ID], (d) => ({ value: read(openTab(d.tabId)) }));
  }

  /**
   * One method: arguments are checked synchronously the way Chromium's bindings do (throwing), then `run`
   * acts on the state at once and its outcome is delivered as a promise.
   */
  function method(
    name: ActionMethod,
    shape: ArgsShape,
    props: readonly PropSpec[],
    run: (input: Record<string, unknown>) => { value: unknown } | void,
    customCheck?: (input: Record<string, unknown>) => void,
  ): (...args: unknown[]) => unknown {
    return (...args: unknown[]): unknown => {
      const input = parseArgs(name, shape, props, args);
      customCheck?.(input);
      try {
        return Promise.resolve(run(input)?.value);
      } catch (error) {
        if (!(error instanceof BrowserError)) throw error;
        return Promise.reject(new Error(error.message));
      }
    };
  }

  const fake: FakeAction = {
    ...overloaded<ActionMethods>(action),
    click(tabId) {
      requireKnownTab("click", tabId);
      if (!enabled.get(tabId)) return { kind: "none" };
      const shown = popup.get(tabId);
      return shown === "" ? { kind: "clicked" } : { kind: "popup", popup: shown };
    },
    closeTab(tabId) {
      requireKnownTab("closeTab", tabId);
      for (const setting of settings) setting.forgetTab(tabId);
      closedTabs.add(tabId);
    },
    navigateTab(tabId) {
      requireKnownTab("navigateTab", tabId);
      for (const setting of settings) setting.forgetTab(tabId);
    },
    iconFor(tabId) {
      return icon.get(tabId);
    },
  };
  return fake;
}

/** One kind of value: a global value and per-tab values that beat it. */
class Setting<T> {
  private global: T;
  private readonly perTab = new Map<number, T>();

  constructor(private readonly initial: T) {
    this.global = initial;
  }

  get(tabId: number | undefined): T {
    if (tabId !== undefined && this.perTab.has(tabId)) return this.perTab.get(tabId) as T;
    return this.global;
  }

  set(value: T, tabId: number | undefined): void {
    if (tabId === undefined) this.global = value;
    else this.perTab.set(tabId, value);
  }

  /** Drops the tab's value, or puts the global one back to its initial value. */
  unset(tabId: number | undefined): void {
    if (tabId === undefined) this.global = this.initial;
    else this.perTab.delete(tabId);
  }

  forgetTab(tabId: number): void {
    this.perTab.delete(tabId);
  }
}

/** An error the browser reports after the call: a rejected promise. */
class BrowserError extends Error {}

/**
 * Resolves a popup path as Chromium does, against the extension's root; undefined when the result is
 * not inside the extension. (Node gives non-special schemes an opaque "null" origin, so compare hosts.)
 */
function resolvePopup(origin: string, path: string): string | undefined {
  const root = new URL(`${origin}/`);
  let url: URL;
  try {
    url = new URL(path, root);
  } catch {
    return undefined;
  }
  return url.protocol === root.protocol && url.host === root.host ? url.href : undefined;
}

/** setIcon's own checks, which Chromium makes in the renderer and throws synchronously. */
function checkIcon(details: Record<string, unknown>): void {
  const { imageData, path } = details;
  if (imageData !== undefined && imageData !== null) {
    if (isImageData(imageData)) return;
    if (Object.values(imageData).some(isImageData)) return;
    throw new Error(MESSAGES.iconImageData);
  }
  if (path === undefined || path === null) throw new Error(MESSAGES.iconMissing);
  if (typeof path === "object" && Object.keys(path).length === 0) throw new Error(MESSAGES.iconEmptyPath);
}

function iconSetting(details: Record<string, unknown>): IconSetting {
  const { imageData, path } = details;
  if (imageData !== undefined && imageData !== null) {
    return { imageData: isImageData(imageData) ? { 16: imageData } : { ...imageData } };
  }
  return { path: typeof path === "string" ? { 16: path } : { ...(path as Record<string, string>) } };
}

/** An ImageData, or in Node (which has none) anything shaped like one. */
function isImageData(value: unknown): boolean {
  if (typeof ImageData === "function" && value instanceof ImageData) return true;
  if (typeof value !== "object" || value === null) return false;
  const { width, height, data } = value as Partial<Record<"width" | "height" | "data", unknown>>;
  return typeof width === "number" && typeof height === "number" && ArrayBuffer.isView(data);
}

/**
 * A `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` colour as Chromium reads it; undefined for a malformed one. Other
 * colour strings throw: Chromium takes some, and the fake does not guess which.
 */
function parseHexColor(text: string): Rgba | undefined {
  if (!text.startsWith("#"))
    throw new Error(`The fake action reads #hex colours only, not ${JSON.stringify(text)}`);
  const digits = text.slice(1);
  if (!/^[0-9a-fA-F]*$/.test(digits)) return undefined;
  let full: string;
  if (digits.length === 3 || digits.length === 4) full = [...digits].map((d) => d + d).join("");
  else if (digits.length === 6 || digits.length === 8) full = digits;
  else return undefined;
  if (full.length === 6) full += "ff";
  const byte = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return [byte(0), byte(1), byte(2), byte(3)];
}

// ---------------------------------------------------------------------------------------------------
// Argument checking, after Chromium's bindings (extensions/renderer/bindings): signature matching, then
// the properties of the details object. Messages are Chromium's, so a test can match on them.

type ArgsShape = {
  /** The signature as Chromium prints it after the method name. */
  readonly signature: string;
  /** The first parameter: its name in messages, whether it is optional, and its kind. */
  readonly first: { readonly name: string; readonly optional: boolean; readonly kind: "integer" | "object" };
};

const TAB_ID_ARGS: ArgsShape = {
  signature: "optional integer tabId, optional function callback",
  first: { name: "tabId", optional: true, kind: "integer" },
};
const DETAILS_ARGS: ArgsShape = {
  signature: "object details, optional function callback",
  first: { name: "details", optional: false, kind: "object" },
};
/** The getters print their details type by name. */
const TAB_DETAILS_SIGNATURE = "action.TabDetails details, optional function callback";

type PropType = "string" | "tabId" | "color" | "path" | "imageData";
interface PropSpec {
  readonly name: string;
  readonly type: PropType;
  readonly required?: boolean;
}

const TAB_ID: PropSpec = { name: "tabId", type: "tabId" };
const COLOR: PropSpec = { name: "color", type: "color", required: true };

const GETTERS: ReadonlySet<ActionMethod> = new Set([
  "getBadgeBackgroundColor",
  "getBadgeText",
  "getBadgeTextColor",
  "getPopup",
  "getTitle",
]);

/** Chromium's name for a value's type in "Invalid type" messages. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return isInteger(value) ? "integer" : "number";
  return typeof value;
}

function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= INT32_MAX;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseArgs(
  name: ActionMethod,
  shape: ArgsShape,
  props: readonly PropSpec[],
  args: readonly unknown[],
): Record<string, unknown> {
  const signature = GETTERS.has(name) ? TAB_DETAILS_SIGNATURE : shape.signature;
  const fail = (detail: string): never => {
    throw new TypeError(`Error in invocation of action.${name}(${signature}): ${detail}`);
  };
  const noMatch = (): never => fail("No matching signature.");
  if (args.some((arg) => typeof arg === "function")) {
    throw new Error(`The fake action.${name} takes no callback: use the promise it returns`);
  }

  // Signature matching: an optional parameter whose type does not fit is skipped, null and undefined
  // count as omitted, and an argument left over means no signature matched.
  let at = 0;
  let first: unknown;
  const arg = args[0];
  if (args.length > 0 && (arg === undefined || arg === null)) {
    if (!shape.first.optional) noMatch();
    at += 1;
  } else if (args.length > 0 && (shape.first.kind === "integer" ? isInteger(arg) : isPlainObject(arg))) {
    first = arg;
    at += 1;
  } else if (!shape.first.optional) {
    noMatch();
  }
  // The callback's place: null and undefined count as omitted.
  if (at < args.length && (args[at] === undefined || args[at] === null)) at += 1;
  if (at < args.length) noMatch();

  if (shape.first.kind === "integer") {
    if (first !== undefined && (first as number) < 0) {
      fail(`Error at parameter '${shape.first.name}': Value must be at least 0.`);
    }
    return { tabId: first };
  }
  const input = (first ?? {}) as Record<string, unknown>;
  const propError = (detail: string): never => fail(`Error at parameter '${shape.first.name}': ${detail}`);
  for (const prop of props) {
    const value = input[prop.name];
    if (value === undefined || value === null) {
      if (prop.required === true) propError(`Missing required property '${prop.name}'.`);
      continue;
    }
    const problem = propProblem(prop.type, value);
    if (problem !== undefined) propError(`Error at property '${prop.name}': ${problem}`);
  }
  const known = new Set(props.map((p) => p.name));
  const unexpected = Object.keys(input).find((key) => !known.has(key) && input[key] !== undefined);
  if (unexpected !== undefined) propError(`Unexpected property: '${unexpected}'.`);
  return input;
}

/** What is wrong with a property's value by the schema, in Chromium's words; undefined when nothing. */
function propProblem(type: PropType, value: unknown): string | undefined {
  const invalid = (expected: string): string =>
    `Invalid type: expected ${expected}, found ${typeName(value)}.`;
  switch (type) {
    case "string":
      return typeof value === "string" ? undefined : invalid("string");
    case "tabId":
      if (!isInteger(value)) return invalid("integer");
      return value < 0 ? "Value must be at least 0." : undefined;
    case "color":
      if (typeof value === "string") return undefined;
      if (!Array.isArray(value)) return invalid("[string|extensionTypes.ColorArray]");
      return value.length === 4 && value.every((c) => isInteger(c) && c >= 0 && c <= 255)
        ? undefined
        : "Value did not match any choice.";
    case "path":
      return typeof value === "string" || isPlainObject(value) ? undefined : invalid("[string|object]");
    case "imageData":
      return isPlainObject(value) ? undefined : invalid("[extensionTypes.ImageDataType|object]");
  }
}

/**
 * The one cast in the fake: every method takes `...args: unknown[]` and checks them at run time as
 * Chromium's bindings do, which is what lets one implementation stand for all of a method's overloads
 * in `typeof chrome.action`.
 */
function overloaded<T>(methods: Record<keyof T, (...args: unknown[]) => unknown>): T {
  return methods as unknown as T;
}
