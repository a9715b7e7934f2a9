/**
 * Chrome's release notes, where every surface links them: the answers, the popup's result rows and the
 * toolbar's "open the release notes" click.
 */
export const RELEASE_NOTES_BASE = "https://developer.chrome.com/release-notes/";

/** `https://developer.chrome.com/release-notes/153`. */
export function releaseNotesUrl(milestone: number): string {
  return `${RELEASE_NOTES_BASE}${encodeURIComponent(milestone)}`;
}
