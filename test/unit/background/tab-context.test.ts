import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PageContext } from "../../../src/shared/page/page-context.ts";
import { tabContext } from "../../../src/background/toolbar/tab-context.ts";

const milestone = (m: number): PageContext => ({ kind: "milestone", milestone: m });
const version = (v: string, m: number): PageContext => ({ kind: "version", version: v, milestone: m });
const channel = (c: string): PageContext => ({ kind: "channel", channel: c });

describe("milestone pages on developer.chrome.com", () => {
  it.each([
    ["https://developer.chrome.com/release-notes/131", 131],
    ["https://developer.chrome.com/release-notes/131/", 131],
    ["https://developer.chrome.com/release-notes/131?hl=es", 131],
    ["https://developer.chrome.com/release-notes/131#css", 131],
    ["https://developer.chrome.com/blog/new-in-chrome-131", 131],
    ["https://developer.chrome.com/blog/new-in-chrome-131/", 131],
    ["https://developer.chrome.com/blog/chrome-132-beta", 132],
    ["https://developer.chrome.com/blog/new-in-devtools-130", 130],
    ["https://developer.chrome.com/es/blog/new-in-chrome-131", 131],
    ["https://developer.chrome.com/pt-br/release-notes/120", 120],
    ["https://developer.chrome.com/zh-CN/blog/chrome-120-beta/", 120],
    ["https://DEVELOPER.chrome.com/release-notes/1", 1],
    ["https://developer.chrome.com:443/release-notes/999", 999],
  ])("%s is about milestone %i", (url, m) => {
    expect(tabContext(url)).toEqual(milestone(m));
  });
});

describe("version pages", () => {
  it.each([
    ["https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.6099.71", "120.0.6099.71"],
    ["https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.6099.71/", "120.0.6099.71"],
    [
      "https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.6099.71/chrome/VERSION",
      "120.0.6099.71",
    ],
    ["https://chromium.googlesource.com/chromium/src.git/+/refs/tags/131.0.6778.85", "131.0.6778.85"],
    ["https://chromium.googlesource.com/chromium/src/+log/120.0.6099.71..120.0.6099.109", "120.0.6099.109"],
    [
      "https://chromium.googlesource.com/chromium/src/+log/120.0.6099.71..120.0.6099.109?pretty=fuller&n=10000",
      "120.0.6099.109",
    ],
    ["https://chromium.googlesource.com/chromium/src/+/120.0.6099.71/chrome/VERSION", "120.0.6099.71"],
    ["https://chromiumdash.appspot.com/fetch_version?version=120.0.6099.71", "120.0.6099.71"],
    ["https://chromiumdash.appspot.com/commits?version=120.0.6099.71&platform=Windows", "120.0.6099.71"],
    ["https://developer.chrome.com/docs/some-page?v=120.0.6099.71", "120.0.6099.71"],
  ])("%s is about version %s", (url, v) => {
    expect(tabContext(url)).toEqual(version(v, Number(v.split(".")[0])));
  });

  it("takes the milestone of the version", () => {
    expect(tabContext("https://chromiumdash.appspot.com/fetch_version?version=9.0.597.107")).toEqual(
      version("9.0.597.107", 9),
    );
  });
});

describe("channel posts on chromereleases.googleblog.com", () => {
  it.each([
    ["https://chromereleases.googleblog.com/2024/11/stable-channel-update-for-desktop.html", "stable"],
    ["https://chromereleases.googleblog.com/2024/11/stable-channel-update-for-desktop_12.html", "stable"],
    ["https://chromereleases.googleblog.com/2024/11/stable-channel-update-for-chromeos.html", "stable"],
    ["https://chromereleases.googleblog.com/2024/11/early-stable-update-for-desktop.html", "stable"],
    ["https://chromereleases.googleblog.com/2024/11/extended-stable-updates-for-desktop.html", "extended"],
    ["https://chromereleases.googleblog.com/2024/11/extended-stable-channel-update-for.html", "extended"],
    ["https://chromereleases.googleblog.com/2024/11/beta-channel-update-for-desktop.html", "beta"],
    ["https://chromereleases.googleblog.com/2024/11/chrome-beta-for-android-update.html", "beta"],
    ["https://chromereleases.googleblog.com/2024/11/dev-channel-update-for-desktop.html", "dev"],
    ["https://chromereleases.googleblog.com/2024/11/chrome-dev-for-android-update.html?m=1", "dev"],
    ["https://chromereleases.googleblog.com/2024/11/canary-channel-update.html", "canary"],
    ["https://chromereleases.googleblog.com/2024/11/long-term-support-channel-update-for.html", "lts"],
  ])("%s is about channel %s", (url, c) => {
    expect(tabContext(url)).toEqual(channel(c));
  });
});

describe("everything else is no release page", () => {
  it.each([
    // Schemes: only https.
    "http://developer.chrome.com/release-notes/131",
    "javascript:alert('https://developer.chrome.com/release-notes/131')",
    "data:text/html,https://developer.chrome.com/release-notes/131",
    "file:///developer.chrome.com/release-notes/131",
    "chrome://version",
    "",
    "not a url",
    // Look-alike hosts, ports, credentials.
    "https://developer.chrome.com.evil.example/release-notes/131",
    "https://evil.example/developer.chrome.com/release-notes/131",
    "https://developer.chrome.com./release-notes/131",
    "https://xn--developer-chrome-com.example/release-notes/131",
    "https://developer.chrome.com:8443/release-notes/131",
    "https://user:pass@developer.chrome.com/release-notes/131",
    "https://chromereleases.googleblog.com.evil.example/2024/11/stable-channel-update-for-desktop.html",
    "https://evil.example/?u=https://chromiumdash.appspot.com/fetch_version?version=120.0.6099.71",
    // Milestones out of range or not plain numbers.
    "https://developer.chrome.com/release-notes/0",
    "https://developer.chrome.com/release-notes/1000",
    "https://developer.chrome.com/release-notes/99999999999999999999999",
    "https://developer.chrome.com/release-notes/0131",
    "https://developer.chrome.com/release-notes/-1",
    "https://developer.chrome.com/release-notes/13.1",
    "https://developer.chrome.com/release-notes/%31%33%31",
    "https://developer.chrome.com/blog/new-in-chrome-%31%33%31",
    "https://developer.chrome.com/release-notes/131/extra",
    "https://developer.chrome.com/release-notes//131",
    "https://developer.chrome.com/release-notes/",
    "https://developer.chrome.com/blog/new-in-chrome-131-beta",
    "https://developer.chrome.com/blog/chrome-132-beta-extra",
    "https://developer.chrome.com/docs/release-notes/131",
    "https://developer.chrome.com/",
    // Versions: four parts, sane, canonical, exactly one.
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.6099",
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.6099.71.5",
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/1000.0.1.1",
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/0.0.1.1",
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.99999999999999999999.71",
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/120.0.6099.071",
    "https://chromium.googlesource.com/chromium/src/+/refs/tags/120%2E0%2E6099%2E71",
    "https://chromium.googlesource.com/chromium/src/+/refs/heads/main",
    "https://chromium.googlesource.com/chromium/src/+log/120.0.6099.71..abcdef0123",
    "https://chromium.googlesource.com/chromium/src/+log/main",
    "https://chromium.googlesource.com/v8/v8/+/refs/tags/12.0.267.8",
    "https://chromium.googlesource.com/chromium/srcfoo/+/refs/tags/120.0.6099.71",
    "https://chromiumdash.appspot.com/releases?platform=Windows",
    "https://chromiumdash.appspot.com/compare?a=120.0.6099.71&b=120.0.6099.109",
    "https://chromiumdash.appspot.com/fetch_version?version=1120.0.6099.71",
    // Posts that name no channel, or several, or are not posts.
    "https://chromereleases.googleblog.com/2024/11/chrome-for-android-update.html",
    "https://chromereleases.googleblog.com/2024/11/stable-and-beta-channel-updates.html",
    "https://chromereleases.googleblog.com/2024/11/devtools-update.html",
    "https://chromereleases.googleblog.com/search/label/Stable%20updates",
    "https://chromereleases.googleblog.com/",
    "https://chromereleases.googleblog.com/2024/11/stable-channel-update-for-desktop.htm",
  ])("%s", (url) => {
    expect(tabContext(url)).toBeNull();
  });
});

/** Random paths and queries on the recognised hosts, where the parsers actually run. */
const onReleaseHost = fc
  .tuple(
    fc.constantFrom(
      "developer.chrome.com",
      "chromium.googlesource.com",
      "chromiumdash.appspot.com",
      "chromereleases.googleblog.com",
    ),
    fc.webPath(),
    fc.webQueryParameters(),
  )
  .map(([host, path, query]) => `https://${host}${path}?${query}`);

describe("robustness", () => {
  it("never throws, and whatever it returns is a valid context", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true }), onReleaseHost), (url) => {
        const context = tabContext(url);
        if (context?.kind === "milestone" || context?.kind === "version") {
          expect(Number.isInteger(context.milestone)).toBe(true);
          expect(context.milestone).toBeGreaterThanOrEqual(1);
          expect(context.milestone).toBeLessThanOrEqual(999);
        }
      }),
    );
  });

  it("finds the milestone of any sane four-part version in a chromiumdash query", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 16_000 }),
        (major, minor, build, patch) => {
          const v = `${major}.${minor}.${build}.${patch}`;
          expect(tabContext(`https://chromiumdash.appspot.com/fetch_version?version=${v}`)).toEqual(
            version(v, major),
          );
        },
      ),
    );
  });
});
