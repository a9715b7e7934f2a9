/**
 * The release page the popup was opened for (page-context.ts reads it from the popup's own URL), turned
 * into the explorer state that shows that page's releases, and said in words above the results. Pure.
 */
import type { PageContext } from "../shared/page-context.ts";
import type { ExplorerState } from "./explorer-state.ts";

/**
 * The explorer filtered to a release page's context. A milestone or version page shows that milestone's (or
 * that exact version's) releases on every channel, with the other filters cleared so nothing left over from an
 * earlier visit hides them; order, product and platform are kept. A channel page selects that channel and
 * drops "live only", so its history shows and not just the release serving now.
 */
export function stateFromContext(context: PageContext, base: ExplorerState): ExplorerState {
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

/** `milestone 120`, `version 120.0.6099.71`, `the beta channel`: what the popup was opened for. */
export function contextText(context: PageContext): string {
  return context.kind === "milestone"
    ? `milestone ${context.milestone}`
    : context.kind === "version"
      ? `version ${context.version}`
      : `the ${context.channel} channel`;
}
