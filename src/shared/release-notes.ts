/**
 * Chrome's release notes for a milestone, where every surface links them. The popup's result rows and the
 * toolbar's "open the release notes" click still hold their own copy of this address (issue 21 left those
 * runtimes alone while they were being restructured); they can import this one.
 */
export const RELEASE_NOTES_BASE = "https://developer.chrome.com/release-notes/";

/** `https://developer.chrome.com/release-notes/153`. */
export function releaseNotesUrl(milestone: number): string {
  return `${RELEASE_NOTES_BASE}${encodeURIComponent(milestone)}`;
}
