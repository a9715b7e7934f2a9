/**
 * caniuse's browsers ("agents"), as its usage tables name them, and where their support comes from when a
 * subject has no caniuse table of its own: browser-compat-data's browser of the same name, Chrome's data by
 * engine version (the Chromium-based browsers, as browser-compat-data itself mirrors them), or nothing, where
 * browser-compat-data has no data for the browser (UC, QQ, Baidu, KaiOS, Opera Mini, BlackBerry, IE Mobile):
 * those users are "unknown", and said.
 */
import { SUPPORT_BROWSERS } from "../features/asset.ts";

/** caniuse's agent ids, in the order its tables list them. */
export const AGENTS = [
  "chrome",
  "and_chr",
  "ios_saf",
  "safari",
  "edge",
  "firefox",
  "and_ff",
  "samsung",
  "opera",
  "op_mob",
  "android",
  "ie",
  "and_uc",
  "and_qq",
  "baidu",
  "kaios",
  "op_mini",
  "bb",
  "ie_mob",
] as const;
export type Agent = (typeof AGENTS)[number];

const NAMES: Readonly<Record<Agent, string>> = {
  chrome: "Chrome",
  and_chr: "Chrome for Android",
  ios_saf: "Safari on iOS",
  safari: "Safari",
  edge: "Edge",
  firefox: "Firefox",
  and_ff: "Firefox for Android",
  samsung: "Samsung Internet",
  opera: "Opera",
  op_mob: "Opera Mobile",
  android: "Android WebView",
  ie: "Internet Explorer",
  and_uc: "UC Browser for Android",
  and_qq: "QQ Browser",
  baidu: "Baidu Browser",
  kaios: "KaiOS Browser",
  op_mini: "Opera Mini",
  bb: "BlackBerry Browser",
  ie_mob: "IE Mobile",
};

/** How answers name an agent; an agent this code does not know (a newer table) is named by its id. */
export function agentName(agent: string): string {
  return isAgent(agent) ? NAMES[agent] : agent;
}

export function isAgent(value: string): value is Agent {
  return Object.hasOwn(NAMES, value);
}

/** The browser-compat-data browser whose own data an agent's versions are read against. */
export const BCD_OF: Readonly<Partial<Record<Agent, string>>> = {
  chrome: "chrome",
  and_chr: "chrome_android",
  ios_saf: "safari_ios",
  safari: "safari",
  edge: "edge",
  firefox: "firefox",
  and_ff: "firefox_android",
  ie: "ie",
};

/**
 * Chromium-based agents read through Chrome's data at their engine version (usage asset `engines`): Samsung
 * Internet 30 is Chromium 130, so it has what Chrome 130 has. Desktop Opera follows desktop Chrome; the
 * Android ones follow Chrome for Android.
 */
export const MIRRORED: Readonly<Partial<Record<Agent, "chrome" | "chrome_android">>> = {
  samsung: "chrome_android",
  opera: "chrome",
  op_mob: "chrome_android",
  android: "chrome_android",
};

/**
 * The browser-compat-data browsers a subject's support is kept for, in this order: the features asset's own
 * browsers, and Internet Explorer, which caniuse still counts users of.
 */
export const BCD_BROWSERS = [...SUPPORT_BROWSERS, "ie"] as const;
export type BcdBrowser = (typeof BCD_BROWSERS)[number];
