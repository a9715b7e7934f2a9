/**
 * The explorer's state as plain JSON for storage, and back. Pure: extension-api.ts moves the values, and the
 * popup restores the filters a person left, or a first-time user's defaults where storage has nothing usable.
 */
import { isServiceId } from "../../core/catalog.ts";
import { InvalidQueryError } from "../../core/errors.ts";
import { FIELDS, parseFilter, serializeFilter, type Field, type Filter } from "../../core/query/index.ts";
import type { Control } from "./filter.ts";
import { isControlVersion, isDay, isPercent, isVersionTo, nextDay } from "./values.ts";
import type { ExplorerState, OrderChoice, Rollout } from "./state.ts";

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

const ALL_FIELDS: readonly string[] = FIELDS.releases;

/**
 * A stored state, checked field by field: storage holds whatever an older version or a person in the console
 * wrote there, so each field that is missing or wrong takes `fallback`'s value and the rest are kept. Fields
 * are checked alone; a valid but inconsistent pair (from after to) is restored and controlErrors reports it.
 */
export function restoreState(value: unknown, fallback: ExplorerState): ExplorerState {
  if (typeof value !== "object" || value === null) return fallback;
  const v = value as Record<string, unknown>;
  const pick = <K extends Control>(key: K, ok: (x: unknown) => boolean): ExplorerState[K] =>
    ok(v[key]) ? (v[key] as ExplorerState[K]) : fallback[key];
  const text = (check: (s: string) => boolean) => (x: unknown) =>
    typeof x === "string" && (x === "" || check(x));
  return {
    view: pick("view", (x) => x === "releases" || x === "versions"),
    product: pick("product", (x) => isServiceId(x)),
    platform: pick("platform", (x) => isServiceId(x)),
    channel: pick("channel", (x) => isServiceId(x)),
    versionFrom: pick("versionFrom", text(isControlVersion)),
    versionTo: pick("versionTo", text(isVersionTo)),
    startFrom: pick("startFrom", text(isDay)),
    startTo: pick(
      "startTo",
      text((s) => nextDay(s) !== null),
    ),
    liveOnly: pick("liveOnly", (x) => typeof x === "boolean"),
    rollout: restoreRollout(v.rollout) ?? fallback.rollout,
    order: restoreOrder(v.order) ?? fallback.order,
    extra: restoreExtra(v.extra) ?? fallback.extra,
  };
}

/**
 * The stored state the popup opens with: the popup has no product, view or order controls, so what the tab
 * last chose for those takes `fallback`'s value there and never applies unseen. Its list opens on what the
 * toolbar watches, `fallback`'s platform and channel, whatever an earlier popup or the tab left (issue 18: a
 * list below the watch that showed another pair read as the watch's own); the filters it shows are kept.
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

function restoreRollout(value: unknown): Rollout | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, percent } = value as Record<string, unknown>;
  if (kind === "any" || kind === "partial" || kind === "full") return { kind };
  if (kind === "atLeast" && isPercent(percent)) return { kind, percent };
  return null;
}

function restoreOrder(value: unknown): readonly OrderChoice[] | null {
  if (!Array.isArray(value)) return null;
  const out: OrderChoice[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) return null;
    const { field, direction } = item as Record<string, unknown>;
    if (typeof field !== "string" || !ALL_FIELDS.includes(field)) return null;
    if (direction !== "asc" && direction !== "desc") return null;
    if (out.some((o) => o.field === field)) return null;
    out.push({ field: field as Field, direction });
  }
  return out;
}

/** Parsed for releases, the endpoint with every field: a versions view keeps its hidden clauses too. */
function restoreExtra(value: unknown): Filter | null {
  if (typeof value !== "string") return null;
  try {
    return parseFilter(value, "releases");
  } catch (e) {
    if (e instanceof InvalidQueryError) return null;
    throw e;
  }
}
