/**
 * Options page entry: shows the settings stored in `storage.sync`, checks each field as it is edited, and
 * saves only the fields the person changed. The rules and the form mapping are pure (form.ts,
 * ../shared/settings.ts); this file moves values between them and the DOM. Text from storage goes in
 * through `value` and `textContent` only, never as markup.
 *
 * Saving, with a base URL on another origin than the default service's:
 *
 *   submit -> form valid? --no--> field errors, nothing written
 *               | yes
 *             access held? --yes------------------------------> write -> "Saved."
 *               | no
 *             permissions.request (needs the click's user gesture, so it comes first)
 *               | granted -----------------------------------> write -> "Saved."
 *               | refused -> "Save anyway" (worker uses CORS) -> write
 *                            "Cancel" ------------------------> nothing written
 *
 * A change written elsewhere (another tab, the service worker, the console) refreshes the form when it has
 * no unsaved edits, and otherwise shows a notice instead of overwriting them.
 *
 * "Reset to defaults" acts at once and offers to undo it, which writes back what was stored: a confirmation
 * would stand in the way of every meant reset, and a reset that was not meant (a custom service gone, the
 * badge red at once) is mended with one click.
 *
 * The platform and channel lists are the service's own (watch-lists.ts), for the service the form names.
 */
import browser from "webextension-polyfill";
import { truncate } from "../core/client/errors.ts";
import { productChoices } from "../shared/choices.ts";
import { byId, setChoices } from "../shared/dom.ts";
import { servicePlatform } from "../shared/platform.ts";
import { sharedServiceIds } from "../shared/service-ids.ts";
import {
  DEFAULT_SETTINGS,
  checkSetting,
  loadSettings,
  resetSettings,
  saveSettings,
  SETTINGS_KEY,
  type Settings,
  type StoredSettings,
} from "../shared/settings.ts";
import type { ServiceId, Snapshot } from "../shared/snapshot.ts";
import { SNAPSHOT_KEY } from "../shared/snapshot.ts";
import { createStore } from "../shared/storage.ts";
import { askWatchLists, watchLists, type WatchInput } from "../shared/watch-lists.ts";
import { accessPatternFor, requestAccess } from "./access.ts";
import {
  changedSettings,
  badgeTextChoices,
  clickActionChoices,
  fieldError,
  followedScheduleUrl,
  readForm,
  sameFormValues,
  sameSettings,
  toFormValues,
  type FieldErrors,
  type FormValues,
} from "./form.ts";

// The extension APIs: webextension-polyfill's `browser` (native in Firefox and Chrome 148+).
// The snapshot offers the watch lists what the last check found live, until the service lists its ids.
const store = createStore(browser.storage, { settings: SETTINGS_KEY, snapshot: SNAPSHOT_KEY });

const form = byId("settings", HTMLFormElement);
const fields = byId("fields", HTMLFieldSetElement);
const saveButton = byId("save", HTMLButtonElement);
const resetButton = byId("reset", HTMLButtonElement);
const status = byId("status", HTMLParagraphElement);
const undoButton = byId("undo-reset", HTMLButtonElement);
const elsewhere = byId("elsewhere", HTMLDivElement);
const access = byId("access", HTMLDivElement);
const accessText = byId("access-text", HTMLParagraphElement);
const inputs = {
  baseUrl: byId("baseUrl", HTMLInputElement),
  scheduleUrl: byId("scheduleUrl", HTMLInputElement),
  pollMinutes: byId("pollMinutes", HTMLInputElement),
  focusMode: byId("focusMode", HTMLInputElement),
  notify: byId("notify", HTMLInputElement),
};
const selects = {
  product: byId("product", HTMLSelectElement),
  platform: byId("platform", HTMLSelectElement),
  channel: byId("channel", HTMLSelectElement),
};
/** The radio groups, each filled from its choices in form.ts (so the labels live in one place). */
const radioGroups = {
  clickAction: { fieldset: byId("clickAction", HTMLFieldSetElement), choices: clickActionChoices },
  badgeText: { fieldset: byId("badgeText", HTMLFieldSetElement), choices: badgeTextChoices },
} as const;

/** Fields with an error element: the ones whose value a person can get wrong. */
const CHECKED_FIELDS = ["baseUrl", "scheduleUrl", "product", "platform", "channel", "pollMinutes"] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

/** What the form was last filled with: edits are measured against it and saved as the difference. */
let base: Settings = DEFAULT_SETTINGS;
/** The service's id for this computer, shown beside "Automatic". */
let detectedPlatform: string | null = null;
/** Settings written elsewhere while the form had unsaved edits, until the person chooses. */
let elsewhereSettings: Settings | null = null;
/** Changes waiting for "Save anyway" after host access was refused. */
let unconfirmed: { readonly changes: Partial<Settings>; readonly origin: string } | null = null;
/** What was stored before "Reset to defaults", while its Undo is offered. */
let beforeReset: StoredSettings | null = null;
/** The stored snapshot: the watch lists offer what it has live until the service has listed its own. */
let snapshot: Snapshot | null = null;
/**
 * The service's lists asked for since the form was last filled: each once, and again after a fill (a save
 * may have granted the access a failed list lacked).
 */
let askedLists = new Set<string>();

function radios(values: FormValues): void {
  for (const [name, group] of Object.entries(radioGroups) as [
    keyof typeof radioGroups,
    (typeof radioGroups)[keyof typeof radioGroups],
  ][]) {
    const legend = group.fieldset.querySelector("legend");
    const choices = group.choices().map((choice) => {
      const row = document.createElement("div");
      row.className = "choice";
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = name;
      radio.id = `${name}-${choice.value}`;
      radio.value = choice.value;
      radio.checked = choice.value === values[name];
      const label = document.createElement("label");
      label.htmlFor = radio.id;
      label.textContent = choice.label;
      row.append(radio, label);
      return row;
    });
    group.fieldset.replaceChildren(...(legend ? [legend] : []), ...choices);
  }
}

/** The value of the checked radio of group `name` ("" when none is). */
function radioValue(name: keyof typeof radioGroups): string {
  const list = form.elements.namedItem(name);
  return list instanceof RadioNodeList ? list.value : "";
}

/** Shows `settings` in every control and makes them the base that edits are measured against. */
function fill(settings: Settings): void {
  const values = toFormValues(settings);
  inputs.baseUrl.value = values.baseUrl;
  inputs.scheduleUrl.value = values.scheduleUrl;
  inputs.pollMinutes.value = values.pollMinutes;
  inputs.focusMode.checked = values.focusMode;
  inputs.notify.checked = values.notify;
  setChoices(selects.product, productChoices(values.product, [DEFAULT_SETTINGS.product]), values.product);
  base = settings;
  askedLists = new Set();
  showLists(values.platform, values.channel);
  showFollowedSchedule();
  radios(values);
  elsewhereSettings = null;
  elsewhere.hidden = true;
  hideAccess();
  showErrors({});
}

/** The service the form names: its base URL when that is valid, else the saved one; its product. */
function formService(values: FormValues): ServiceId {
  const baseUrl = checkSetting("baseUrl", values.baseUrl);
  return { baseUrl: baseUrl.ok ? baseUrl.value : base.baseUrl, product: values.product };
}

/**
 * Fills the platform and channel lists for the service the form names, selecting `platform` and `channel`,
 * and asks that service for its lists; their arrival fills them again with what is selected by then.
 */
function showLists(platform: string, channel: string): void {
  const input: WatchInput = {
    service: formService(readValues()),
    platform,
    channel,
    detected: detectedPlatform,
  };
  const ids = sharedServiceIds(input.service.baseUrl);
  const lists = watchLists(input, ids.known, snapshot);
  setChoices(selects.platform, lists.platforms, platform);
  setChoices(selects.channel, lists.channels, channel);
  askWatchLists(ids, input, askedLists, () => showLists(selects.platform.value, selects.channel.value));
}

/** The schedule an empty schedule box stands for, shown in the box and in its hint. */
function showFollowedSchedule(): void {
  const followed = followedScheduleUrl(readValues(), base);
  inputs.scheduleUrl.placeholder = followed;
  byId("scheduleUrl-followed", HTMLElement).textContent = followed;
}

function readValues(): FormValues {
  return {
    baseUrl: inputs.baseUrl.value,
    scheduleUrl: inputs.scheduleUrl.value,
    product: selects.product.value,
    platform: selects.platform.value,
    channel: selects.channel.value,
    pollMinutes: inputs.pollMinutes.value,
    clickAction: radioValue("clickAction"),
    badgeText: radioValue("badgeText"),
    focusMode: inputs.focusMode.checked,
    notify: inputs.notify.checked,
  };
}

function control(key: CheckedField): HTMLInputElement | HTMLSelectElement {
  return key === "baseUrl" || key === "scheduleUrl" || key === "pollMinutes" ? inputs[key] : selects[key];
}

/** Error text beside the field, `aria-invalid`, and the error joined to the field's description. */
function showError(key: CheckedField, message: string | null): void {
  const field = control(key);
  const error = byId(`${key}-error`, HTMLParagraphElement);
  error.textContent = message ?? "";
  // Only a shown error is referenced: an empty one referenced would still be announced as nothing.
  const describedBy = [`${key}-hint`, ...(message === null ? [] : [error.id])];
  field.setAttribute("aria-describedby", describedBy.join(" "));
  if (message === null) field.removeAttribute("aria-invalid");
  else field.setAttribute("aria-invalid", "true");
}

function showErrors(errors: FieldErrors): void {
  for (const key of CHECKED_FIELDS) showError(key, errors[key] ?? null);
}

function setStatus(text: string, kind: "info" | "error" = "info"): void {
  status.textContent = text;
  status.classList.toggle("error", kind === "error");
}

function setBusy(busy: boolean): void {
  fields.disabled = busy;
  saveButton.disabled = busy;
  resetButton.disabled = busy;
  form.setAttribute("aria-busy", String(busy));
}

function hideAccess(): void {
  unconfirmed = null;
  access.hidden = true;
}

function hideUndo(): void {
  beforeReset = null;
  undoButton.hidden = true;
}

/** An origin as the status line quotes it: a long one cut short, so the line stays a line. */
function quoted(origin: string): string {
  return truncate(origin, 80);
}

function isDirty(): boolean {
  return !sameFormValues(readValues(), toFormValues(base));
}

async function write(changes: Partial<Settings>, done: string): Promise<void> {
  setBusy(true);
  try {
    fill(await saveSettings(store, changes));
    setStatus(done);
  } catch (error) {
    setStatus(`Not saved: ${error instanceof Error ? error.message : String(error)}`, "error");
  } finally {
    setBusy(false);
  }
}

async function save(): Promise<void> {
  hideAccess();
  hideUndo();
  const reading = readForm(readValues());
  if (!reading.ok) {
    showErrors(reading.errors);
    const first = CHECKED_FIELDS.find((key) => reading.errors[key] !== undefined);
    if (first !== undefined) control(first).focus();
    setStatus("Not saved: correct the marked fields.", "error");
    return;
  }
  showErrors({});
  const changes = changedSettings(base, reading.settings);
  if (Object.keys(changes).length === 0) {
    setStatus("No changes to save.");
    return;
  }
  const pattern =
    changes.baseUrl === undefined ? null : accessPatternFor(changes.baseUrl, DEFAULT_SETTINGS.baseUrl);
  if (changes.baseUrl === undefined || pattern === null) {
    await write(changes, "Saved.");
    return;
  }
  const origin = quoted(new URL(changes.baseUrl).origin);
  setBusy(true);
  setStatus(`Asking the browser for access to ${origin}: answer its prompt to continue.`);
  // The first await of this submit: Firefox takes permissions.request only inside the input handler itself.
  const outcome = await requestAccess(browser.permissions, pattern);
  setBusy(false);
  if (outcome.kind === "held") await write(changes, "Saved.");
  else if (outcome.kind === "granted") await write(changes, `Saved. Release Radar may now read ${origin}.`);
  else {
    unconfirmed = { changes, origin };
    accessText.textContent =
      `Release Radar has no access to ${origin} (${outcome.reason}). Saved anyway, the service worker ` +
      `still fetches from it through CORS, which works only if that service allows requests from other ` +
      `sites. Save anyway?`;
    access.hidden = false;
    setStatus("Not saved yet.");
    byId("save-anyway", HTMLButtonElement).focus();
  }
}

async function reset(): Promise<void> {
  hideAccess();
  hideUndo();
  setBusy(true);
  try {
    const removed = await resetSettings(store);
    fill(DEFAULT_SETTINGS);
    setStatus("Defaults restored.");
    // Nothing was stored: the defaults were in effect already, and there is nothing to undo.
    if (Object.keys(removed).length > 0) {
      beforeReset = removed;
      undoButton.hidden = false;
    }
  } catch (error) {
    setStatus(`Not reset: ${error instanceof Error ? error.message : String(error)}`, "error");
  } finally {
    setBusy(false);
  }
}

/** Writes back what the reset removed (merged over anything stored since, as any save is). */
async function undoReset(): Promise<void> {
  const previous = beforeReset;
  if (previous === null) return;
  hideUndo();
  await write(previous, "Settings restored.");
}

/** A change of the stored settings, from this page's own save or from anywhere else. */
function changedElsewhere(settings: Settings): void {
  if (sameSettings(settings, base)) return;
  const reading = readForm(readValues());
  if (reading.ok && sameSettings(reading.settings, settings)) {
    // The form already shows these (usually this page's own save arriving back): adopt them quietly.
    fill(settings);
  } else if (!isDirty()) {
    fill(settings);
    setStatus("The settings were changed elsewhere; the form shows them now.");
  } else {
    elsewhereSettings = settings;
    elsewhere.hidden = false;
  }
}

function edited(event: Event): void {
  // An edit makes a pending "Save anyway" stale: it was about the values before this edit. An Undo of a
  // reset goes too: restoring would now overwrite the edit.
  hideAccess();
  hideUndo();
  if (status.textContent !== "") setStatus("");
  const target = event.target;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
  const key = CHECKED_FIELDS.find((k) => k === target.name);
  if (key !== undefined) showError(key, fieldError(key, readValues()));
  if (key === "baseUrl") showFollowedSchedule();
  // The lists follow the service and platform once chosen (a change, not each key typed in the address).
  if (event.type === "change" && (key === "baseUrl" || key === "product" || key === "platform")) {
    showLists(selects.platform.value, selects.channel.value);
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void save();
});
form.addEventListener("input", edited);
form.addEventListener("change", edited);
resetButton.addEventListener("click", () => void reset());
undoButton.addEventListener("click", () => void undoReset());
byId("save-anyway", HTMLButtonElement).addEventListener("click", () => {
  if (unconfirmed === null) return;
  const { changes, origin } = unconfirmed;
  void write(changes, `Saved. Without access to ${origin}, the service worker fetches it through CORS.`);
});
byId("cancel-save", HTMLButtonElement).addEventListener("click", () => {
  hideAccess();
  setStatus("Not saved.");
});
byId("show-elsewhere", HTMLButtonElement).addEventListener("click", () => {
  if (elsewhereSettings !== null) fill(elsewhereSettings);
  setStatus("The form shows the new settings.");
});

byId("baseUrl-default", HTMLElement).textContent = DEFAULT_SETTINGS.baseUrl;
const [stored, storedSnapshot, platformInfo] = await Promise.all([
  loadSettings(store),
  store.get("snapshot").catch((e: unknown) => {
    console.warn("Release Radar: the stored snapshot could not be read:", e);
    return null;
  }),
  browser.runtime.getPlatformInfo().catch(() => null),
]);
detectedPlatform = platformInfo === null ? null : servicePlatform(platformInfo);
snapshot = storedSnapshot;
fill(stored);
setBusy(false);
// Read back from storage rather than taken from the event: a burst of writes ends with what is stored now.
store.onChange(["settings"], () => void loadSettings(store).then(changedElsewhere));
