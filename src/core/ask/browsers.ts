/**
 * A browser named in a question about a feature ("grid gap firefox", "is avif supported on iphone",
 * "container queries samsung internet"): which one, and the question without it, so the feature is found by
 * the rest and the answer can say that browser's line first. Browsers the feature data does not carry
 * (Samsung Internet, Opera) are named with no data id: the answer says so rather than guess.
 */
import type { SupportBrowser } from "../features/asset.ts";

export interface NamedBrowser {
  /** The feature data's id of the browser, or null for one it does not carry. */
  readonly browser: SupportBrowser | null;
  /** How answers name it. */
  readonly label: string;
  /** The question without the browser's words. */
  readonly text: string;
}

/**
 * Whole words only: "edge" in `text-box-edge` or `edge-to-edge` is part of a name, not the browser. With
 * the version or the build people add ("safari 15.4", "safari ios 17", "firefox nightly", "opera gx"),
 * which is the browser's, not the feature's.
 */
const words = (source: string): RegExp =>
  new RegExp(
    `(?<![\\w-])(?:${source})(?:\\s+(?:\\d+(?:\\.\\d+)*|nightly|beta|dev|canary|legacy|gx|tp|technology preview))*(?![\\w-])`,
    "i",
  );

/** Most specific first: "firefox for android" before "firefox", "safari on ios" before "safari". */
const NAMES: readonly (readonly [RegExp, SupportBrowser | null, string])[] = [
  [words("samsung(?: internet)?"), null, "Samsung Internet"],
  [words("opera"), null, "Opera"],
  [words("firefox (?:for |on )?android"), "firefox_android", "Firefox for Android"],
  [
    words("ios safari|mobile safari|safari (?:on |for )?(?:ios|iphone|ipad)|iphones?|ipads?|ios"),
    "safari_ios",
    "Safari on iOS",
  ],
  [words("chrome (?:for |on )?android|android chrome|android"), "chrome_android", "Chrome Android"],
  [words("(?:mozilla )?firefox|ff"), "firefox", "Firefox"],
  [words("(?:desktop |macos |mac )?safari"), "safari", "Safari"],
  [words("(?:microsoft )?edge"), "edge", "Edge"],
  [words("internet explorer|ie ?\\d+|ie"), null, "Internet Explorer"],
];

/** The browser `text` names, and `text` without it; null when it names none or nothing else is left. */
export function browserNamed(text: string): NamedBrowser | null {
  const asked = text.replace(/\s+/g, " ").trim();
  for (const [pattern, browser, label] of NAMES) {
    const rest = asked.replace(pattern, " ").replace(/\s+/g, " ").trim();
    if (rest !== asked && /[\p{L}\p{N}]/u.test(rest)) return { browser, label, text: rest };
  }
  return null;
}
