/**
 * The explorer's state as plain JSON for storage, and back. Pure: extension-api.ts moves the values, and the
 * popup restores the filters a person left, or a first-time user's defaults where storage has nothing usable.
 */
import { isServiceId } from "../../core/catalog.ts";
import { InvalidQueryError } from "../../core/errors.ts";
import { FIELDS, parseFilter, serializeFilter } from "../../core/query/index.ts";
import * as v from "valibot";
import {
  array,
  boolean,
  isRecord,
  number,
  object,
  oneOf,
  refine,
  string,
  valueOr,
  type Schema,
} from "../../core/schema.ts";
import { isControlVersion, isDay, isPercent, isVersionTo, nextDay } from "./values.ts";
import type { ExplorerState } from "./state.ts";

/** The state as plain JSON for storage; `extra` as its filter text, which restoreState parses again. */
export function serializeState(state: ExplorerState): unknown {
  return {
    view: state.view,
    product: state.product,
    platform: state.platform,
    channel: state.channel,
    versionFrom: state.versionFrom,
    versionTo: state.versionTo,
    startFrom: state.startFrom,
    startTo: state.startTo,
    liveOnly: state.liveOnly,
    rollout:
      state.rollout.kind === "atLeast" ? { kind: "atLeast", percent: state.rollout.percent } : state.rollout,
    order: state.order.map(({ field, direction }) => ({ field, direction })),
    extra: serializeFilter(state.extra),
  };
}

const id = refine(string(), "an id", isServiceId);

/** A control's text: empty, or what `test` accepts. */
const text = (test: (s: string) => boolean) =>
  refine(string(), "a value the control takes", (s) => s === "" || test(s));

/** Parsed for releases, the endpoint with every field: a versions view keeps its hidden clauses too. */
const filterText = v.pipe(
  string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return parseFilter(dataset.value, "releases");
    } catch (e) {
      if (!(e instanceof InvalidQueryError)) throw e;
      addIssue({ message: "a filter" });
      return NEVER;
    }
  }),
);

/** Each field of the stored state (serializeState's shape), checked alone, as the state's own type. */
const STORED_FIELDS: { readonly [K in keyof ExplorerState]: Schema<ExplorerState[K]> } = {
  view: oneOf("releases", "versions"),
  product: id,
  platform: id,
  channel: id,
  versionFrom: text(isControlVersion),
  versionTo: text(isVersionTo),
  startFrom: text(isDay),
  startTo: text((s) => nextDay(s) !== null),
  liveOnly: boolean(),
  rollout: v.union(
    [
      object({ kind: oneOf("any", "partial", "full") }),
      object({ kind: oneOf("atLeast"), percent: number("a share", isPercent) }),
    ],
    "a rollout choice",
  ),
  order: refine(
    array(object({ field: oneOf(...FIELDS.releases), direction: oneOf("asc", "desc") })),
    "sort keys, each field once",
    (order) => new Set(order.map((o) => o.field)).size === order.length,
  ),
  extra: filterText,
};

/**
 * A stored state, checked field by field: storage holds whatever an older version or a person in the console
 * wrote there, so each field that is missing or wrong takes `fallback`'s value and the rest are kept. Fields
 * are checked alone; a valid but inconsistent pair (from after to) is restored and controlErrors reports it.
 */
export function restoreState(value: unknown, fallback: ExplorerState): ExplorerState {
  if (!isRecord(value)) return fallback;
  const restored: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(STORED_FIELDS) as [keyof ExplorerState, Schema<unknown>][]) {
    restored[key] = valueOr(schema, value[key]) ?? fallback[key];
  }
  return restored as unknown as ExplorerState;
}

/**
 * The stored state the popup opens with: the popup has no product, view or order controls, so what the tab
 * last chose for those takes `fallback`'s value there and never applies unseen. Its list opens on what the
 * toolbar watches, `fallback`'s platform and channel, whatever an earlier popup or the tab left (a
 * list below the watch that showed another pair would read as the watch's own); the filters it shows are kept.
 */
export function forPopup(state: ExplorerState, fallback: ExplorerState): ExplorerState {
  return {
    ...state,
    product: fallback.product,
    view: fallback.view,
    order: fallback.order,
    platform: fallback.platform,
    channel: fallback.channel,
  };
}
