/**
 * What a question asks, from the text a person typed into the address bar, selected on a page or typed into
 * the popup: a milestone (`153`, `M153`, `m 152`, `M-152`, `v152`, `Chromium 152`, `Chrome 153 beta`, `when
 * does chrome 153 ship`), a version (`151.0.7922.173`, `v152.0.7977.54`, a prefix of whole fields such as
 * `151.0.7922`, or the Chrome version in a pasted user-agent string), Firefox, a web feature or compat key
 * (anything else with a letter or digit in it: core/features/match.ts finds which), or nothing.
 *
 * Selected text can be anything, of any length: the question is cut to MAX_QUESTION characters (with a
 * notice), and markup or bidi marks in it stay text. Numbers are bound as src/core/version.ts binds them
 * (milestones 1-999, versions of at most four fields without leading zeros), so `99999999999999999999` is a
 * feature name nobody has, not a milestone.
 */
import { isMilestone, versionProblem } from "../version.ts";
import { ADMIN_WORDS, isOperator, withoutReleaseFiller } from "./words.ts";

/** The longest question read; longer text is cut, and the answer says so. */
export const MAX_QUESTION = 200;

/** Another Chromium browser a pasted user-agent string names (`Edg/151.0.0.0`): its name and version. */
export interface AgentBrowser {
  readonly name: string;
  readonly version: string;
}

export type Question =
  | { readonly kind: "empty" }
  | { readonly kind: "milestone"; readonly milestone: number; readonly agent?: AgentBrowser }
  /** `prefix` when it has fewer than four fields: it names every version that starts with those fields. */
  | {
      readonly kind: "version";
      readonly version: string;
      readonly milestone: number;
      readonly prefix: boolean;
      readonly agent?: AgentBrowser;
      /** The other words asked with it, where there were some: maybe a feature's name. */
      readonly rest?: string;
    }
  /** Firefox itself: this Firefox against its current release, or in Chromium the current release. */
  | { readonly kind: "firefox" }
  /**
   * "the current Chrome stable version", "chrome beta version", "latest stable chrome for linux": whatever is
   * newest on that channel now, on the platform named (a service platform id) or else the watched one.
   */
  | { readonly kind: "channel"; readonly channel: string; readonly platform?: string }
  /** "next chrome version", "when is the next chrome release": the milestone after the newest on Stable. */
  | { readonly kind: "next" }
  | { readonly kind: "feature"; readonly text: string };

export interface ParsedQuestion {
  readonly question: Question;
  /** The text as read: cut, explicit bidi controls dropped, spaces collapsed. */
  readonly text: string;
  /** Set when the text was cut, to be shown with the answer. */
  readonly notice?: string;
}

/** Bidi embeddings, overrides and isolates, and other invisible format characters: never part of a name. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** `153`, `M153`, `m153`, `m-152`, `v152` (the words around it already dropped, `m 152` joined). */
const MILESTONE = /^[mv]?-?(\d{1,3})$/;
/** `151.0.7922.173`, `v151.0.7922`, `151.0.`, `151.` (a version being typed). */
const VERSION = /^v?(\d+(?:\.\d+)+)\.?$|^v?(\d+)\.$/;
/** The Chrome version of a user-agent string: `Chrome/151.0.7922.173`, `CriOS/…` on iOS, `HeadlessChrome/…`. */
const USER_AGENT = /(?:^|[\s(;])(?:Headless)?(?:Chrome|CriOS|Chromium)\/(\d+\.\d+\.\d+\.\d+)(?=[\s);]|$)/;
/** A user-agent string pasted, rather than a question that mentions `Chrome/…`. */
const LOOKS_LIKE_USER_AGENT = /^(?:Mozilla\/\d|Chrome\/|Dalvik\/)|AppleWebKit\//;

/** The question in `input`. */
export function parseQuestion(input: string): ParsedQuestion {
  // Cut by code points, so a surrogate pair is never split into two halves that show as garbage.
  const points = [...input];
  const cut = points.length > MAX_QUESTION;
  const text = (cut ? points.slice(0, MAX_QUESTION).join("") : input)
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim();
  const notice = cut
    ? {
        notice: `The question was ${points.length.toLocaleString("en")} characters long; only its first ${MAX_QUESTION} were read.`,
      }
    : {};
  return { question: classify(text), text, ...notice };
}

function classify(text: string): Question {
  // An operator written alone (`??=`, `?.`) is the one question of no letter or digit.
  if (!/[\p{L}\p{N}]/u.test(text)) return isOperator(text) ? { kind: "feature", text } : { kind: "empty" };
  const agent = LOOKS_LIKE_USER_AGENT.test(text) ? USER_AGENT.exec(text)?.[1] : undefined;
  if (agent !== undefined) {
    const other = otherBrowserOf(text);
    const named = other === null ? {} : { agent: other };
    // A reduced user-agent string (`Chrome/151.0.0.0`, as Chrome sends by default) names only the milestone.
    const reduced = /^(\d+)\.0\.0\.0$/.exec(agent)?.[1];
    if (reduced !== undefined && isMilestone(Number(reduced)))
      return { kind: "milestone", milestone: Number(reduced), ...named };
    const question = versionQuestion(agent);
    if (question !== null) return { ...question, ...named };
  }
  // A platform's own version ("latest chrome for windows 11") is no word of the question's.
  const channel = channelAsked(text.replace(PLATFORM_VERSION, "$1"));
  if (channel !== null) return { kind: "channel", ...channel };
  if (nextAsked(text)) return { kind: "next" };
  // A platform's own version ("windows 11", "ios 17", "android 14") is no milestone: a platform word is a
  // release question's only when Chrome (or an `m` milestone) is named too.
  const chromeNamed = /\b(?:chrome|chromium|google)\b|\bm-?\d/i.test(text);
  if (!chromeNamed && PLATFORM_WORD.test(text) && !/\d+\.\d+\.\d+/.test(text))
    return { kind: "feature", text };
  // A platform's own version ("chrome for ios 17", "does chrome support windows 7") is not Chrome's.
  const words = withoutReleaseFiller(text.replace(PLATFORM_VERSION, "$1"));
  // A whole version among other words ("android chrome 152.0.7977.54", "we're pinned to 149.0.7827.200"):
  // that version, with the other words kept, which the answer reads as a feature where they name one for
  // sure ("does chrome 120.0.6099.109 support :has()" asks about :has()).
  const whole = words.find((w) => /^v?\d+\.\d+\.\d+\.\d+$/.test(w));
  const asked = whole === undefined ? null : versionQuestion(whole.replace(/^v/, ""));
  if (asked !== null && asked.kind === "version") {
    const rest = words.filter((w) => w !== whole).join(" ");
    return rest === "" ? asked : { ...asked, rest };
  }
  // "m 152" and "v 152" are one milestone written in two words.
  const core = words.length === 2 && /^[mv]$/.test(words[0] ?? "") ? words.join("") : words.join(" ");
  const m = MILESTONE.exec(core);
  if (m) {
    const milestone = Number(m[1]);
    if (isMilestone(milestone)) return { kind: "milestone", milestone };
  }
  const v = VERSION.exec(core);
  const version = v?.[1] ?? v?.[2];
  if (version !== undefined) {
    const question = versionQuestion(version);
    if (question !== null) return question;
  }
  if (/^(?:mozilla )?firefox(?: esr)?$/.test(core)) return { kind: "firefox" };
  return { kind: "feature", text };
}

/** Platforms as people name them with a version of their own ("ios 17", "windows 11"). */
const PLATFORM_NAMES = "android|ios|iphone|ipad|windows|mac|macos|linux|chromeos";
/** A platform named in a release question ("chrome 151 for android"). */
const PLATFORM_WORD = new RegExp(`\\b(?:${PLATFORM_NAMES})\\b`, "i");
/** A platform and its own version after it ("ios 17", "windows 11", "android 14"). */
const PLATFORM_VERSION = new RegExp(`\\b(${PLATFORM_NAMES})\\s+\\d+(?:\\.\\d+)*\\b`, "gi");

/** Chromium browsers that name themselves in their user-agent string after Chrome's token. */
const OTHER_AGENTS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:A|iOS)?\/(\d+(?:\.\d+)*)/, "Microsoft Edge"],
  [/\bOPR\/(\d+(?:\.\d+)*)/, "Opera"],
  [/\bSamsungBrowser\/(\d+(?:\.\d+)*)/, "Samsung Internet"],
  [/\bYaBrowser\/(\d+(?:\.\d+)*)/, "Yandex Browser"],
];

/** The other Chromium browser a user-agent string names, or null for Chrome's own. */
function otherBrowserOf(text: string): AgentBrowser | null {
  for (const [pattern, name] of OTHER_AGENTS) {
    const version = pattern.exec(text)?.[1];
    if (version !== undefined) return { name, version };
  }
  return null;
}

/**
 * Words around a question for what a channel serves now: "what is the latest chrome stable version", an IT
 * admin's "the current chrome stable for our fleet".
 */
const NOW_WORDS = new Set([
  ..."what what's whats which is are am we i my our the current latest newest today today's todays now right running using version versions release build number milestone of on in for channel".split(
    " ",
  ),
  ...ADMIN_WORDS,
]);
const CHANNELS = new Set(["stable", "beta", "dev", "canary", "extended"]);
const SAYS_NOW = new Set("current latest newest today now version build".split(" "));

/** "next chrome version", "when is the next chrome release", "upcoming chrome": Chrome named, "next", nothing else. */
function nextAsked(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/[?!.,]/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "");
  const chrome = words.some((w) => w === "chrome" || w === "chromium");
  const next = words.some((w) => w === "next" || w === "upcoming");
  const rest = words.filter(
    (w) =>
      ![
        "chrome",
        "chromium",
        "next",
        "upcoming",
        "when",
        "is",
        "the",
        "what",
        "what's",
        "whats",
        "release",
        "version",
        "milestone",
        "out",
        "due",
        "come",
        "comes",
        "date",
      ].includes(w),
  );
  return chrome && next && rest.length === 0;
}

/** A platform named as people name it -> the service's platform id. */
const PLATFORMS: ReadonlyMap<string, string> = new Map([
  ["windows", "win64"],
  ["win", "win64"],
  ["mac", "mac"],
  ["macos", "mac"],
  ["linux", "linux"],
  ["android", "android"],
  ["ios", "ios"],
  ["iphone", "ios"],
  ["ipad", "ios"],
  ["chromeos", "chromeos"],
]);

/**
 * The channel asked about when the question names Chrome (or Chromium), at most a channel and at most a
 * platform among words that say "now" ("latest chrome", "current chrome stable version", "chrome beta
 * version", "latest stable chrome for linux"), else null.
 */
function channelAsked(text: string): { channel: string; platform?: string } | null {
  const words = text
    .toLowerCase()
    .replace(/[?!.,]/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "");
  const chrome = words.filter((w) => w === "chrome" || w === "chromium" || w === "google").length;
  const platforms = words.filter((w) => PLATFORMS.has(w));
  const rest = words.filter(
    (w) => !NOW_WORDS.has(w) && !PLATFORMS.has(w) && w !== "chrome" && w !== "chromium" && w !== "google",
  );
  // A channel named with a word that says "now" stands for Chrome's without Chrome named: "canary build today".
  const channelNow = rest.length === 1 && CHANNELS.has(rest[0] ?? "") && words.some((w) => SAYS_NOW.has(w));
  if ((chrome === 0 && !channelNow) || rest.length > 1 || platforms.length > 1) return null;
  const where = platforms[0] === undefined ? {} : { platform: PLATFORMS.get(platforms[0]) ?? "" };
  const named = rest[0];
  // "latest chrome", "what chrome version are we on": Stable, the channel people mean by no channel.
  const now = words.some((w) => ["latest", "current", "newest", "running", "using", "today"].includes(w));
  const ours = words.includes("version") && words.some((w) => w === "we" || w === "i");
  if (named === undefined) return now || ours ? { channel: "stable", ...where } : null;
  return CHANNELS.has(named) ? { channel: named, ...where } : null;
}

function versionQuestion(version: string): Question | null {
  if (versionProblem(version) !== null) return null;
  const fields = version.split(".");
  const milestone = Number(fields[0]);
  return isMilestone(milestone) ? { kind: "version", version, milestone, prefix: fields.length < 4 } : null;
}
