/**
 * What a release page is about, and the popup's URL that carries it. The service worker reads the context
 * from a tab's URL (tab-context.ts) and sets the tab's popup to `POPUP_PATH?milestone=120` (or `?version=`,
 * `?channel=`); the popup reads it back from its own URL and opens filtered to it. The answer page links a
 * version prefix's releases the same way (`?versions=151.0.7922`).
 */
import { isServiceId } from "../../core/catalog.ts";
import { isMilestone, milestoneOf, parseVersion, versionSortKey } from "../../core/version.ts";

export type PageContext =
  | { readonly kind: "milestone"; readonly milestone: number }
  | { readonly kind: "version"; readonly version: string; readonly milestone: number }
  /** Every version starting with these whole fields (`151.0.7922`): an answer's "and 59 more releases". */
  | { readonly kind: "versions"; readonly prefix: string; readonly milestone: number }
  | { readonly kind: "channel"; readonly channel: string };

/** The popup page, relative to the extension's root (as the manifest and `action.setPopup` take it). */
export const POPUP_PATH = "src/popup/index.html";

/** The popup's path, with the context in its query when there is one. */
export function popupPath(context: PageContext | null = null): string {
  return context === null ? POPUP_PATH : `${POPUP_PATH}?${contextQuery(context)}`;
}

/** The context as the popup's query carries it: `milestone=120`, `versions=151.0.7922`. */
export function contextQuery(context: PageContext): string {
  const [name, value] =
    context.kind === "milestone"
      ? ["milestone", String(context.milestone)]
      : context.kind === "version"
        ? ["version", context.version]
        : context.kind === "versions"
          ? ["versions", context.prefix]
          : ["channel", context.channel];
  return `${name}=${encodeURIComponent(value)}`;
}

/**
 * The context in a popup URL's query (`?milestone=M`, `?version=V` or `?channel=C`), or null. Exactly one
 * parameter, with a value of the shape the worker writes: anyone can open the popup page with any query, so
 * anything else is no context rather than a guess.
 */
export function parseContext(search: string): PageContext | null {
  const entries = [...new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)];
  const [only] = entries;
  if (entries.length !== 1 || only === undefined) return null;
  const [key, value] = only;
  switch (key) {
    case "milestone":
      // No sign and no leading zero, as the release pages write milestones.
      return /^[1-9]\d{0,2}$/.test(value) ? milestoneContext(Number(value)) : null;
    case "version":
      return versionContext(value);
    case "versions":
      return versionsContext(value);
    case "channel":
      return isServiceId(value) ? { kind: "channel", channel: value } : null;
    default:
      return null;
  }
}

/** A milestone context, or null outside the sane range (core/version.ts isMilestone). */
export function milestoneContext(milestone: number): PageContext | null {
  return isMilestone(milestone) ? { kind: "milestone", milestone } : null;
}

/**
 * A version context for a four-part version in canonical form (no leading zeros, as Chrome writes them)
 * whose fields fit the core's sort key and whose milestone is sane; else null.
 */
export function versionContext(text: string): PageContext | null {
  if (!/^(?:0|[1-9]\d*)(?:\.(?:0|[1-9]\d*)){3}$/.test(text)) return null;
  const parts = parseVersion(text);
  if (parts === null || versionSortKey(parts) < 0) return null;
  const milestone = milestoneOf(text);
  if (!isMilestone(milestone)) return null;
  return { kind: "version", version: text, milestone };
}

/** A version prefix context: one to three whole fields in canonical form (`151.0.7922`), its milestone sane. */
export function versionsContext(text: string): PageContext | null {
  if (!/^(?:0|[1-9]\d{0,9})(?:\.(?:0|[1-9]\d{0,9})){0,2}$/.test(text)) return null;
  const milestone = milestoneOf(text);
  return isMilestone(milestone) ? { kind: "versions", prefix: text, milestone } : null;
}

/**
 * The most of a question carried to the answer page, in code points. The page reads the first 200
 * (core/ask/parse.ts) and says how long the question was; this only bounds the URL a selection of any length
 * would make. 10,000 is the longest hostile input the answers are tested with.
 */
export const MAX_CARRIED = 10_000;

/** The answer page's query: the explorer in a tab, with `question` asked when given (`mode=tab&q=153`). */
export function answerQuery(question?: string): string {
  const query = new URLSearchParams({ mode: "tab" });
  if (question !== undefined) query.set("q", [...question].slice(0, MAX_CARRIED).join(""));
  return query.toString();
}
