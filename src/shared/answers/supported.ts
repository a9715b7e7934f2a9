/**
 * What a feature or one compat key is supported by, in one shape, so one set of answer lines serves both: its
 * current version per browser, where a browser removed it, and where Chrome supports only parts of it.
 */
import { SUPPORT_BROWSERS, type AssetFeature, type SupportBrowser } from "../../core/features/asset.ts";
import { readSupport, type CompatKey } from "../../core/features/compat-keys.ts";
import { milestoneOf } from "../../core/version.ts";

export interface Supported {
  /** How answers name it: the feature's name, or the key (`javascript.operators.optional_chaining`). */
  readonly name: string;
  /** Per SUPPORT_BROWSERS browser: the first version with it (maybe `≤80`), null where no current one has it. */
  readonly support: readonly (string | null)[];
  /** Per SUPPORT_BROWSERS browser: `{ added, removed }` where it was supported once and removed. */
  readonly removed: readonly ({ readonly added: string; readonly removed: string } | null)[];
  /** Where no Chrome version supports all of it: since when Chrome supports a part, and how many parts. */
  readonly chromePart?: AssetFeature["chromePart"];
}

export function supportedOfFeature(f: AssetFeature): Supported {
  return {
    name: f.name,
    support: f.support,
    removed: SUPPORT_BROWSERS.map((_, i) => {
      const r = readSupport(f.removed?.[i] ?? null);
      return r?.removed === undefined ? null : { added: r.added, removed: r.removed };
    }),
    ...(f.chromePart !== undefined && { chromePart: f.chromePart }),
  };
}

export function supportedOfKey(k: CompatKey): Supported {
  const read = k.support.map(readSupport);
  return {
    name: k.key,
    support: read.map((r) => (r === null || r.removed !== undefined ? null : r.added)),
    removed: read.map((r) => (r?.removed === undefined ? null : { added: r.added, removed: r.removed })),
  };
}

export function versionIn(s: Supported, browser: SupportBrowser): string | null {
  return s.support[SUPPORT_BROWSERS.indexOf(browser)] ?? null;
}

export function removedIn(s: Supported, browser: SupportBrowser): Supported["removed"][number] {
  return s.removed[SUPPORT_BROWSERS.indexOf(browser)] ?? null;
}

/** A support version as a milestone: `105` -> 105, `≤80` -> 80 ("80 or earlier"). */
export function versionMilestone(version: string): number | null {
  return milestoneOf(version.replace(/^≤/, ""));
}

/** `≤80` -> "80 or earlier". */
export const versionText = (version: string): string =>
  version.startsWith("≤") ? `${version.slice(1)} or earlier` : version;

const OTHER_BROWSERS: readonly [SupportBrowser, string][] = [
  ["edge", "Edge"],
  ["firefox", "Firefox"],
  ["safari", "Safari"],
  ["chrome_android", "Chrome Android"],
  ["firefox_android", "Firefox for Android"],
  ["safari_ios", "Safari on iOS"],
];

/** "Edge 105 · Firefox 121 · Safari 15.4 · …", with "not yet" or "removed in 140" where a browser lacks it. */
export function otherBrowsersLine(s: Supported): string {
  return OTHER_BROWSERS.map(([b, name]) => {
    const version = versionIn(s, b);
    if (version !== null) return `${name} ${version}`;
    const removed = removedIn(s, b);
    return removed === null ? `${name} not yet` : `${name} removed in ${removed.removed}`;
  }).join(" · ");
}
