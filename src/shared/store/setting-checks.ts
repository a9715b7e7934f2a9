/**
 * The words settings.ts describes each setting with: a check of one value, giving the value to use
 * (normalized) or why it cannot be used. Pure; the same for the service worker, the popup and the options page.
 */
import { InvalidBaseUrlError } from "../../core/client/errors.ts";
import { isServiceId } from "../../core/catalog.ts";

/** The outcome of checking one value: the value to use (normalized), or why it cannot be used. */
export type SettingCheck<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export const ok = <T>(value: T): SettingCheck<T> => ({ ok: true, value });
export const no = <T>(reason: string): SettingCheck<T> => ({ ok: false, reason });

/** A check that `value` is one of `choices`. */
export function oneOf<T extends string>(choices: readonly T[]): (value: unknown) => SettingCheck<T> {
  return (value) => {
    const found = choices.find((choice) => choice === value);
    return found !== undefined
      ? ok(found)
      : no(`must be one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`);
  };
}

export function id(what: string, example: string): (value: unknown) => SettingCheck<string> {
  return (value) =>
    isServiceId(value)
      ? ok(value)
      : no(`must be a ${what} id: a lower-case letter, then letters, digits or _ (such as "${example}")`);
}

export function boolean(value: unknown): SettingCheck<boolean> {
  return typeof value === "boolean" ? ok(value) : no("must be true or false");
}

/** A check by `normalize` (base-url.ts): its InvalidBaseUrlError's detail is the reason. */
export function url(normalize: (text: string) => string): (value: unknown) => SettingCheck<string> {
  return (value) => {
    if (typeof value !== "string") return no("must be a URL, as text");
    try {
      // Stored normalized (no trailing slash), so the same service never looks like two.
      return ok(normalize(value));
    } catch (error) {
      if (error instanceof InvalidBaseUrlError) return no(error.detail);
      throw error;
    }
  };
}
