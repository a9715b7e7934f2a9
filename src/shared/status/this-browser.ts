/**
 * The browser this extension runs in, by name and version, for the toolbar title and the popup's header
 * ("This browser: Chrome 151.0.7000.0, behind 152.0.7100.2"; "This browser: Firefox 153.0"). Works in the
 * service worker, Firefox's background page and extension pages alike.
 *
 * Chromium-based browsers say it through User-Agent Client Hints (Chrome 90+), whose brand list carries the
 * Chromium version beside the browser's own brand; Firefox has no `navigator.userAgentData` and says it
 * through `runtime.getBrowserInfo()` instead. Only a Chromium version may be compared with the service's
 * Chrome versions: a Firefox 153 is not "behind Chrome 154".
 */
import { compareVersions, milestoneOf } from "../../core/version.ts";

export interface ThisBrowser {
  /** The browser's own name: "Chrome", "Microsoft Edge", "Firefox", "Chromium". */
  readonly name: string;
  /** The version shown with the name. For Chromium-based browsers, the Chromium version. */
  readonly version: string;
  /** True when `version` is a Chromium version, comparable with the service's Chrome versions. */
  readonly chromium: boolean;
}

/** The part of User-Agent Client Hints used here (not in TypeScript's DOM library yet). */
interface UserAgentData {
  getHighEntropyValues(hints: string[]): Promise<{ fullVersionList?: { brand: string; version: string }[] }>;
}

/** Where the answer comes from: `navigator` and the extension's `runtime` (or fakes). */
export interface BrowserSources {
  readonly userAgentData?: UserAgentData;
}
export interface RuntimeInfo {
  /** Firefox only; missing in Chromium. */
  readonly getBrowserInfo?: () => Promise<{ name: string; version: string }>;
}

/** Brands that are not the browser's own name: Chromium itself, and GREASE entries ("Not A(Brand"). */
const NOT_A_NAME = /^Chromium$|Not.?A.?Brand/i;

/** This browser's name and version, or undefined where it says neither. */
export async function thisBrowser(
  sources: Navigator | BrowserSources,
  runtime: RuntimeInfo,
): Promise<ThisBrowser | undefined> {
  const data = (sources as BrowserSources).userAgentData;
  if (data) {
    const { fullVersionList = [] } = await data.getHighEntropyValues(["fullVersionList"]);
    const chromium = fullVersionList.find((b) => b.brand === "Chromium");
    const own = fullVersionList.find((b) => !NOT_A_NAME.test(b.brand));
    const version = chromium?.version ?? own?.version;
    if (version === undefined) return undefined;
    const name = own?.brand === "Google Chrome" ? "Chrome" : (own?.brand ?? "Chromium");
    return { name, version, chromium: true };
  }
  if (typeof runtime.getBrowserInfo === "function") {
    const { name, version } = await runtime.getBrowserInfo();
    return { name, version, chromium: false };
  }
  return undefined;
}

/**
 * How this browser stands against the newest live version of the watched channel: `behind` it, `current`
 * (the same milestone, at or past that build), `ahead` (a later milestone: a Canary or Dev build, or a
 * Chromium that is not Chrome, watched against Stable), `unknown` with nothing live to compare with,
 * `unrelated` for a browser whose versions are not Chrome's.
 */
export type BrowserStanding = "behind" | "current" | "ahead" | "unknown" | "unrelated";

export function browserStanding(browser: ThisBrowser, newest: string | null): BrowserStanding {
  if (!browser.chromium) return "unrelated";
  if (newest === null) return "unknown";
  if (compareVersions(browser.version, newest) < 0) return "behind";
  const mine = milestoneOf(browser.version);
  const theirs = milestoneOf(newest);
  return mine !== null && theirs !== null && mine > theirs ? "ahead" : "current";
}

/** The words after the browser's name for a standing: ", behind 152.0.7100.2", ", ahead of Stable (151)". */
export function standingText(standing: BrowserStanding, newest: string | null, channelLabel: string): string {
  switch (standing) {
    case "behind":
      return `, behind ${newest ?? "the newest"}`;
    case "current":
      return ", up to date";
    case "ahead":
      return `, ahead of ${channelLabel} (${newest ?? ""})`;
    case "unknown":
    case "unrelated":
      return "";
  }
}

/** "Chrome 151.0.7000.0", "Firefox 153.0": the browser as the header and the tooltip name it. */
export function browserName(browser: ThisBrowser): string {
  return `${browser.name} ${browser.version}`;
}

/**
 * The tooltip's line about this browser against the watched channel's newest version: "This browser: Chrome
 * 151.0.7000.0, behind 152.0.7100.2" (", up to date", ", ahead of Stable (151.0.7922.173)"); a browser whose
 * versions are not Chrome's is only named.
 */
export function browserLine(browser: ThisBrowser, newest: string | null, channelLabel: string): string {
  const standing = browserStanding(browser, newest);
  return `This browser: ${browserName(browser)}${standingText(standing, newest, channelLabel)}`;
}
