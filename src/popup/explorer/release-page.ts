/**
 * The release page the popup was opened for (page-context.ts reads it from the popup's own URL), turned
 * into the explorer state that shows that page's releases, and said in words above the results. Pure.
 */
import { labelOf } from "../../core/catalog.ts";
import type { PageContext } from "../../shared/page/page-context.ts";
import type { Watch as WatchValue } from "../../shared/watch/device-platform.ts";
import type { ExplorerState } from "./state.ts";

/** What the toolbar watches, as far as the explorer's list follows it: its platform and channel. */
export type Watch = Pick<WatchValue, "platform" | "channel">;

/**
 * The explorer filtered to a release page's context. A milestone or version page shows that milestone's (or
 * that exact version's) releases on every channel, with the other filters cleared so nothing left over from an
 * earlier visit hides them; order, product and platform are kept. A channel page selects that channel and
 * drops "live only", so its history shows and not just the release serving now.
 */
export function stateFromContext(context: PageContext, base: ExplorerState): ExplorerState {
  if (context.kind === "channel") return { ...base, channel: context.channel, liveOnly: false };
  const bound =
    context.kind === "milestone"
      ? String(context.milestone)
      : context.kind === "versions"
        ? context.prefix
        : context.version;
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
      : context.kind === "versions"
        ? `versions ${context.prefix}.*`
        : `the ${context.channel} channel`;
}

/**
 * The popup's list moved to what the toolbar now watches: its platform, and its channel unless a release page
 * chose the channel (a milestone's releases on every channel, a channel page's own). `state` itself when it
 * shows that already.
 */
export function followWatch(state: ExplorerState, watch: Watch, context: PageContext | null): ExplorerState {
  const channel = context === null ? watch.channel : state.channel;
  return state.platform === watch.platform && state.channel === channel
    ? state
    : { ...state, platform: watch.platform, channel };
}

/**
 * The popup's words on which pair its list shows, when that is not the pair the toolbar watches
 * (`Showing Windows · Beta (the toolbar watches Linux · Stable)`); "" when it is.
 */
export function scopeText(state: ExplorerState, watch: Watch): string {
  if (state.platform === watch.platform && state.channel === watch.channel) return "";
  const platform = state.platform === "all" ? "All platforms" : labelOf(state.platform);
  const channel = state.channel === "all" ? "All channels" : labelOf(state.channel);
  return `Showing ${platform} · ${channel} (the toolbar watches ${labelOf(watch.platform)} · ${labelOf(watch.channel)})`;
}
