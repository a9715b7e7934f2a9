/**
 * The options form as plain values: settings to what the controls show, what the controls hold back to
 * settings, per-field error texts, and the choices each select offers. Pure: no DOM, no chrome.*; the rules
 * are the ones the service worker applies to stored values (checkSetting), so the page can never save what
 * the worker would refuse, and the choices are the popup's (shared/watch/pick-lists.ts).
 */
import type { Choice } from "../shared/watch/pick-lists.ts";
import {
  BADGE_TEXTS,
  CLICK_ACTIONS,
  MAX_POLL_MINUTES,
  MIN_POLL_MINUTES,
  SETTING_KEYS,
  checkSetting,
  scheduleUrlFor,
  type Settings,
} from "../shared/store/settings.ts";
import type { ServiceId } from "../shared/store/snapshot.ts";

/** What the controls hold: text boxes, the number box and selects give text; checkboxes give booleans. */
export interface FormValues {
  readonly baseUrl: string;
  readonly product: string;
  readonly platform: string;
  readonly channel: string;
  readonly pollMinutes: string;
  readonly clickAction: string;
  readonly focusMode: boolean;
  readonly notify: boolean;
  /** Empty: the schedule that goes with the service (settings' null). */
  readonly scheduleUrl: string;
  readonly badgeText: string;
  /** Empty: worldwide alone (settings' null). */
  readonly usageRegion: string;
  readonly usageUpdates: boolean;
}

/** One message per invalid field, written for the person at the form. */
export type FieldErrors = { readonly [K in keyof Settings]?: string };

export type FormReading =
  { readonly ok: true; readonly settings: Settings } | { readonly ok: false; readonly errors: FieldErrors };

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The control values that show `settings`. */
export function toFormValues(settings: Settings): FormValues {
  return {
    ...settings,
    pollMinutes: String(settings.pollMinutes),
    scheduleUrl: settings.scheduleUrl ?? "",
    usageRegion: settings.usageRegion ?? "",
  };
}

/**
 * The value a control stands for, before checking: the number box's text becomes a number, and an empty
 * schedule box stands for the schedule that goes with the service.
 */
function candidate(key: keyof Settings, values: FormValues): unknown {
  if (key === "scheduleUrl") return values.scheduleUrl.trim() === "" ? null : values.scheduleUrl;
  if (key === "usageRegion") return values.usageRegion === "" ? null : values.usageRegion;
  if (key !== "pollMinutes") return values[key];
  const text = values.pollMinutes.trim();
  // Number("") is 0, which would read an empty box as "0 minutes" instead of "nothing entered".
  return text === "" ? Number.NaN : Number(text);
}

/**
 * The service the form names: its base URL while that is a valid address, else `saved`'s (the service in
 * effect), so a half-typed address neither empties the watch lists nor the schedule hint; its product.
 */
export function formService(values: FormValues, saved: Settings): ServiceId {
  const checked = checkSetting("baseUrl", values.baseUrl);
  return { baseUrl: checked.ok ? checked.value : saved.baseUrl, product: values.product };
}

/** The schedule an empty schedule box stands for: the one that goes with the service the form names. */
export function followedScheduleUrl(values: FormValues, saved: Settings): string {
  return scheduleUrlFor(formService(values, saved).baseUrl);
}

/** What is wrong with one field's value, or null when it is fine. */
export function fieldError(key: keyof Settings, values: FormValues): string | null {
  if (key === "baseUrl" && values.baseUrl.trim() === "") {
    return "Enter the service's base URL, such as https://versionhistory.googleapis.com/v1.";
  }
  if (key === "pollMinutes" && values.pollMinutes.trim() === "") {
    return `Enter a whole number of minutes from ${MIN_POLL_MINUTES} to ${MAX_POLL_MINUTES}.`;
  }
  const checked = checkSetting(key, candidate(key, values));
  return checked.ok ? null : sentence(checked.reason);
}

/** The error of every invalid field. */
export function formErrors(values: FormValues): FieldErrors {
  const errors: Mutable<FieldErrors> = {};
  for (const key of SETTING_KEYS) {
    const error = fieldError(key, values);
    if (error !== null) errors[key] = error;
  }
  return errors;
}

/** The settings the form holds (normalized as they would be stored), or every field's error. */
export function readForm(values: FormValues): FormReading {
  const errors = formErrors(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const settings = {} as Mutable<Settings>;
  for (const key of SETTING_KEYS) put(settings, key, values);
  return { ok: true, settings };
}

function put<K extends keyof Settings>(into: Mutable<Settings>, key: K, values: FormValues): void {
  const checked = checkSetting(key, candidate(key, values));
  // readForm only calls this after formErrors found nothing, so a failure here is a bug, not input.
  if (!checked.ok) throw new Error(`form: ${key} passed formErrors but not checkSetting`);
  into[key] = checked.value;
}

/**
 * The fields of `next` that differ from `base`: what the person changed since the form was filled. Saving
 * only these merges the person's edits over whatever is stored by then, so a change made elsewhere to
 * another field in the meantime survives.
 */
export function changedSettings(base: Settings, next: Settings): Partial<Settings> {
  const changes: Partial<Mutable<Settings>> = {};
  for (const key of SETTING_KEYS) copyIfChanged(changes, key, base, next);
  return changes;
}

function copyIfChanged<K extends keyof Settings>(
  into: Partial<Mutable<Settings>>,
  key: K,
  base: Settings,
  next: Settings,
): void {
  if (!Object.is(base[key], next[key])) into[key] = next[key];
}

export function sameSettings(a: Settings, b: Settings): boolean {
  return SETTING_KEYS.every((key) => Object.is(a[key], b[key]));
}

export function sameFormValues(a: FormValues, b: FormValues): boolean {
  return SETTING_KEYS.every((key) => a[key] === b[key]);
}

const CLICK_ACTION_LABELS: Readonly<Record<Settings["clickAction"], string>> = {
  popup: "Show the popup",
  refresh: "Check for releases now",
  "open-notes": "Open the release notes",
};

export function clickActionChoices(): Choice[] {
  return CLICK_ACTIONS.map((value) => ({ value, label: CLICK_ACTION_LABELS[value] }));
}

const BADGE_TEXT_LABELS: Readonly<Record<Settings["badgeText"], string>> = {
  milestone: "The milestone (152); the icon's ring shows how far it has rolled out",
  share: "The share while it rolls out (25%), then the milestone",
};

export function badgeTextChoices(): Choice[] {
  return BADGE_TEXTS.map((value) => ({ value, label: BADGE_TEXT_LABELS[value] }));
}

/** "must be ..." (the wording of console warnings) as a sentence for the form. */
function sentence(reason: string): string {
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}
