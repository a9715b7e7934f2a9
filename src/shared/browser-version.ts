/**
 * This browser's own version from User-Agent Client Hints (Chrome 90+), for "behind N" in the toolbar title
 * and the popup's header. Works in the service worker and in extension pages alike.
 */

/** The part of User-Agent Client Hints used here (not in TypeScript's DOM library yet). */
interface UserAgentData {
  getHighEntropyValues(hints: string[]): Promise<{ fullVersionList?: { brand: string; version: string }[] }>;
}

/** The full version of Chrome or Chromium, or undefined where the browser does not say. */
export async function browserVersion(): Promise<string | undefined> {
  const data = (navigator as { userAgentData?: UserAgentData }).userAgentData;
  if (!data) return undefined;
  const { fullVersionList } = await data.getHighEntropyValues(["fullVersionList"]);
  return fullVersionList?.find((b) => /^(Google Chrome|Chromium)$/.test(b.brand))?.version;
}
