/**
 * What a release page is about, from its URL alone. Pure: the tabs adapter passes `tab.url` in and gets a
 * PageContext, or null for every page that is not a release page.
 *
 * Recognised shapes (https only, exact host, default port, no credentials):
 *
 *   developer.chrome.com        [/LOCALE]/release-notes/M
 *                               [/LOCALE]/blog/new-in-chrome-M
 *                               [/LOCALE]/blog/new-in-devtools-M     (DevTools ships with Chrome M)
 *                               [/LOCALE]/blog/chrome-M-beta
 *                               otherwise one four-part version in the path or query
 *   chromium.googlesource.com   /chromium/src[.git]/+/refs/tags/V[/...]
 *                               /chromium/src[.git]/+log/A..B[/...]   (B)
 *                               otherwise one four-part version in the path or query, under /chromium/src only
 *   chromiumdash.appspot.com    one four-part version in the path or query (`/fetch_version?version=V`)
 *   chromereleases.googleblog.com  /YYYY/MM/SLUG[_N].html whose slug names exactly one channel
 *
 * Everything else is null: a wrong badge on an unrelated page is worse than none.
 */
import { milestoneOf } from "../../core/version.ts";
import { liveOn } from "../../shared/watch/live.ts";
import { RELEASE_NOTES_BASE, releaseNotesUrl as notesOf } from "../../shared/page/release-notes.ts";
import { milestoneContext, versionContext, type PageContext } from "../../shared/page/page-context.ts";
import { serviceOf } from "../../shared/store/settings.ts";
import { snapshotOf } from "../../shared/store/snapshot.ts";
import type { Watched } from "../../shared/watch/watched.ts";

/** A milestone as the pages write it: no sign, no leading zero, one to three digits. */
const MILESTONE = "([1-9]\\d{0,2})";

/**
 * An optional locale segment before the path, as developer.chrome.com served translations (`/es/blog/...`,
 * `/pt-br/...`, `/zh-CN/...`). Two or three letters then an optional region, so `/docs/` is not one.
 */
const LOCALE = "(?:/[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?)?";

const DEVELOPER_PAGES: readonly RegExp[] = [
  new RegExp(`^${LOCALE}/release-notes/${MILESTONE}/?$`),
  new RegExp(`^${LOCALE}/blog/new-in-chrome-${MILESTONE}/?$`),
  new RegExp(`^${LOCALE}/blog/new-in-devtools-${MILESTONE}/?$`),
  new RegExp(`^${LOCALE}/blog/chrome-${MILESTONE}-beta/?$`),
];

/**
 * Only the browser's own repository: other repositories on the host (v8, skia, ...) have four-part tags of
 * their own whose first field is not a Chrome milestone.
 */
const CHROMIUM_SRC = "^/chromium/src(?:\\.git)?";
const TAG_PAGE = new RegExp(`${CHROMIUM_SRC}/\\+/refs/tags/([^/]+)(?:/.*)?$`);
const LOG_PAGE = new RegExp(`${CHROMIUM_SRC}/\\+log/([^/]*)\\.\\.([^/]+)(?:/.*)?$`);
const CHROMIUM_SRC_ANY = new RegExp(`${CHROMIUM_SRC}(?:/|$)`);

/**
 * A four-part version standing on its own in a text: not preceded by a digit or dot, not followed by a dot
 * and digit or another digit (so `1.2.3.4.5` and `11.2.3.4` inside `111.2.3.4` are not found). Fields in
 * canonical form (no leading zeros), the way Chrome writes them.
 */
const VERSION_IN_TEXT = /(?<![\d.])((?:0|[1-9]\d*)(?:\.(?:0|[1-9]\d*)){3})(?!\d|\.\d)/g;

/**
 * Blogger post URLs: `/2024/11/stable-channel-update-for-desktop.html`, with `_12` appended when a slug is
 * reused in the same month.
 */
const BLOG_POST = /^\/\d{4}\/\d{2}\/([a-z0-9]+(?:-[a-z0-9]+)*?)(?:_\d+)?\.html$/;

/** What a release page is about, or null when the URL is not one (see the module comment for the shapes). */
export function tabContext(url: string): PageContext | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // https only: every release site is served over it, and an http page could be anyone's. Credentials and
  // ports are never part of these sites' URLs; their presence means someone built the URL to look like one.
  if (parsed.protocol !== "https:" || parsed.username || parsed.password || parsed.port) return null;
  const path = parsed.pathname;
  switch (parsed.hostname) {
    case "developer.chrome.com":
      return developerPage(path) ?? versionIn(parsed);
    case "chromium.googlesource.com":
      return chromiumSourcePage(parsed);
    case "chromiumdash.appspot.com":
      return versionIn(parsed);
    case "chromereleases.googleblog.com":
      return blogPost(path);
    default:
      return null;
  }
}

function developerPage(path: string): PageContext | null {
  for (const shape of DEVELOPER_PAGES) {
    const m = shape.exec(path);
    if (m?.[1]) return milestoneContext(Number(m[1]));
  }
  return null;
}

function chromiumSourcePage(url: URL): PageContext | null {
  const path = url.pathname;
  // The specific shapes decide on their own: a tag or log whose head is not a version (a branch, a commit
  // hash) is not about a version, even when the other end of the range is one.
  const tag = TAG_PAGE.exec(path);
  if (tag) return versionContext(tag[1] ?? "");
  const log = LOG_PAGE.exec(path);
  if (log) return versionContext(log[2] ?? "");
  return CHROMIUM_SRC_ANY.test(path) ? versionIn(url) : null;
}

/**
 * The one four-part version in the path or a query value, or null when there is none or several different
 * ones (a page naming two versions is about neither in particular). The path is matched as the browser
 * sends it, so a percent-encoded path does not count; query values are decoded, as forms encode them.
 */
function versionIn(url: URL): PageContext | null {
  const texts = [url.pathname, ...[...url.searchParams].flat()];
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(VERSION_IN_TEXT)) if (m[1]) found.add(m[1]);
  }
  if (found.size !== 1) return null;
  const [version] = found;
  return versionContext(version ?? "");
}

/**
 * The channel a Chrome Releases post is about, from the words of its slug. `extended` (and the words after it)
 * is one channel, so `extended-stable-updates` is never read as stable; `long-term-support` and `lts` are LTS.
 * A slug that names no channel (`chrome-for-android-update`) or several is not a channel page.
 */
function blogPost(path: string): PageContext | null {
  const slug = BLOG_POST.exec(path)?.[1];
  if (!slug) return null;
  const words = slug.split("-");
  const channels = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === "extended") {
      channels.add("extended");
      if (words[i + 1] === "stable") i++;
    } else if (word === "long" && words[i + 1] === "term" && words[i + 2] === "support") {
      channels.add("lts");
      i += 2;
    } else if (word === "lts") {
      channels.add("lts");
    } else if (word === "stable" || word === "beta" || word === "dev" || word === "canary") {
      channels.add(word);
    }
  }
  if (channels.size !== 1) return null;
  const [channel] = channels;
  return channel ? { kind: "channel", channel } : null;
}

/**
 * Where a click opens the release notes (clickAction "open-notes"): those of the watched channel's newest live
 * milestone on developer.chrome.com, or their index while no snapshot of the watched service says one.
 */
export function releaseNotesUrl(watched: Pick<Watched, "settings" | "watch" | "snapshot">): string {
  const snapshot = snapshotOf(watched.snapshot, serviceOf(watched.settings));
  const newest = snapshot ? liveOn(snapshot, watched.watch.platform, watched.watch.channel).newest : null;
  const milestone = newest ? milestoneOf(newest.version) : null;
  return milestone === null ? RELEASE_NOTES_BASE : notesOf(milestone);
}
