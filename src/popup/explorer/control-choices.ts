/**
 * What the explorer's controls offer and say, apart from binding them (controls-dom.ts): the sort-key
 * choices, the platform and channel lists (the service's own ids when known, else the catalog's), and the
 * note for a platform or channel replaced by `all`. Pure.
 */
import { labelOf, productLabel } from "../../core/catalog.ts";
import type { Field } from "../../core/query/index.ts";
import { choicesFromIds, type Choice } from "../../shared/watch/pick-lists.ts";
import type { ExplorerState } from "./state.ts";

export const ALL_PLATFORMS: Choice = { value: "all", label: "All platforms" };
export const ALL_CHANNELS: Choice = { value: "all", label: "All channels" };

const FIELD_LABELS: Readonly<Record<Field, string>> = {
  version: "Version",
  name: "Name",
  platform: "Platform",
  channel: "Channel",
  starttime: "Start",
  endtime: "End",
  fraction: "Share",
};

/** The sort-key choices of a view: none, then the fields its endpoint can order by. */
export function orderChoices(fields: readonly Field[]): Choice[] {
  return [{ value: "", label: "—" }, ...fields.map((f) => ({ value: f, label: FIELD_LABELS[f] }))];
}

/** Why a platform or channel was replaced by `all`: the new product's (or platform's) lists lack it. */
export function noteText(state: ExplorerState, key: "platform" | "channel"): string {
  const on = key === "channel" && state.platform !== "all" ? ` on ${labelOf(state.platform)}` : "";
  const what = key === "platform" ? "platforms" : "channels";
  return `${labelOf(state[key])} is not on this service for ${productLabel(state.product)}${on}: showing all ${what}.`;
}

/**
 * The service's ids as choices, else (until it has answered) the catalog's list: a pick from that is
 * checked when the answer comes.
 */
export function listed(
  ids: readonly string[] | undefined,
  first: Choice,
  current: string,
  catalog: (current: string, first: Choice) => Choice[],
): Choice[] {
  return ids ? choicesFromIds(ids, first, current) : catalog(current, first);
}
