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

/** Most specific first: "firefox for android" before "firefox", "safari on ios" before "safari". */
const NAMES: readonly (readonly [RegExp, SupportBrowser | null, string])[] = [
  [/\bsamsung(?: internet)?\b/i, null, "Samsung Internet"],
  [/\bopera\b/i, null, "Opera"],
  [/\bfirefox (?:for |on )?android\b/i, "firefox_android", "Firefox for Android"],
  [
    /\b(?:ios safari|mobile safari|safari (?:on |for )?(?:ios|iphone|ipad)|iphones?|ipads?|ios)\b/i,
    "safari_ios",
    "Safari on iOS",
  ],
  [/\b(?:chrome (?:for |on )?android|android chrome|android)\b/i, "chrome_android", "Chrome Android"],
  [/\b(?:mozilla )?firefox\b|\bff\b/i, "firefox", "Firefox"],
  [/\b(?:desktop |macos |mac )?safari\b/i, "safari", "Safari"],
  [/\b(?:microsoft )?edge\b/i, "edge", "Edge"],
];

/** The browser `text` names, and `text` without it; null when it names none or nothing else is left. */
export function browserNamed(text: string): NamedBrowser | null {
  for (const [pattern, browser, label] of NAMES) {
    const rest = text.replace(pattern, " ").replace(/\s+/g, " ").trim();
    if (rest !== text.replace(/\s+/g, " ").trim() && /[\p{L}\p{N}]/u.test(rest))
      return { browser, label, text: rest };
  }
  return null;
}
