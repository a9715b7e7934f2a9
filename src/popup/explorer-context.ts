/**
 * The release page the popup was opened for: read from the popup's own query, and turned into the explorer
 * state that shows that page's releases. Pure.
 */
import { isControlVersion, isFourPart, isId } from "./explorer-values.ts";
import type { ExplorerState, PopupContext } from "./model.ts";

/**
 * The context in the popup's query (`?milestone=M`, `?version=V` or `?channel=C`, as background/tab-status.ts
 * writes it), or null. Exactly one parameter, with a value of the shape tab-context.ts produces: anyone can
 * open the popup page with any query, so anything else is no context rather than a guess.
 */
export function parseContext(search: string): PopupContext | null {
  const entries = [...new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)];
  const [only] = entries;
  if (entries.length !== 1 || only === undefined) return null;
  const [key, value] = only;
  switch (key) {
    case "milestone":
      // Positive, below 1000, no sign or leading zero: the milestones tab-context.ts recognises.
      return /^[1-9]\d{0,2}$/.test(value) ? { kind: "milestone", milestone: Number(value) } : null;
    case "version":
      return isControlVersion(value) && isFourPart(value) ? { kind: "version", version: value } : null;
    case "channel":
      return isId(value) ? { kind: "channel", channel: value } : null;
    default:
      return null;
  }
}

/**
 * The explorer filtered to a release page's context. A milestone or version page shows that milestone's (or
 * that exact version's) releases on every channel, with the other filters cleared so nothing left over from an
 * earlier visit hides them; order, product and platform are kept. A channel page selects that channel and
 * drops "live only", so its history shows and not just the release serving now.
 */
export function stateFromContext(context: PopupContext, base: ExplorerState): ExplorerState {
  if (context.kind === "channel") return { ...base, channel: context.channel, liveOnly: false };
  const bound = context.kind === "milestone" ? String(context.milestone) : context.version;
  return {
    ...base,
    view: "releases",
    channel: "all",
    versionFrom: bound,
    versionTo: bound,
    startFrom: "",
    startTo: "",
    liveOnly: false,
    rollout: { kind: "any" },
    extra: [],
  };
}
