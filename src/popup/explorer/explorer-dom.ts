/**
 * The release explorer: controls, the advanced filter field, the exact request URL, the results list with
 * paging, and the rollout chart. Started after the header's first paint. What happens is decided by the
 * model (model.ts: events in, the next model and effects out); this module binds the parts, dispatches what
 * the person and the service did, and runs the effects: the loader's query (loader.ts: a newer query aborts
 * an older one; rows replaced, or a failure reported once per cause while the rows on screen stay), the
 * chart, the service's platforms and channels, and the save (debounced).
 *
 *   scrolled near the end, or "Load more" ──► next page (same query) ──► rows appended
 */
import type { Failure } from "../../shared/status/failure.ts";
import type { PageContext } from "../../shared/page/page-context.ts";
import { byId } from "../../shared/page/dom.ts";
import { bindChartPanel } from "../chart/panel-dom.ts";
import { bindAdvanced } from "./advanced-dom.ts";
import { scopeText, type Watch } from "./release-page.ts";
import { bindControls } from "./controls-dom.ts";
import { stampExplorer } from "./markup-dom.ts";
import { createServiceIds, sharedServiceIds } from "../../shared/watch/service-ids.ts";
import { defaultState, resetFilters, startPreset } from "./filter.ts";
import { createExplorerLoader } from "./loader.ts";
import { bindRequestLine } from "./request-dom.ts";
import { bindResults } from "./results-dom.ts";
import type { ExplorerState } from "./state.ts";
import { requestUrl } from "./request-url.ts";
import {
  initialModel,
  step,
  type EditSource,
  type ExplorerEffect,
  type ExplorerEvent,
  type ModelWorld,
} from "./model.ts";

/**
 * Rows per request: in a tab a screenful many times over, and small enough to arrive quickly; in the popup
 * the first few of a list that the page itself scrolls ("Open in a tab" for the rest).
 */
const PAGE_SIZE = { tab: 200, popup: 50 } as const;
/** State changes are saved this long after the last one. */
const SAVE_DELAY_MS = 400;

/** Where the explorer runs: the toolbar's popup (a short list, no chart) or a tab (everything). */
export type ExplorerMode = "popup" | "tab";

export interface ExplorerOptions {
  /** Default `tab`: every control, the request URL and the chart. */
  readonly mode?: ExplorerMode;
  readonly baseUrl: string;
  readonly initial: ExplorerState;
  /** The release page the popup was opened for, said above its results. */
  readonly context: PageContext | null;
  /**
   * What the toolbar watches, in the popup: its list follows that (follow()) unless the person picks the
   * list's own platform or channel, and says when it shows another pair. The tab keeps its own filters.
   */
  readonly watch?: Watch;
  readonly save: (state: ExplorerState) => Promise<void>;
  readonly copy: (text: string) => Promise<void>;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
  /**
   * The UTC day the service's data ends (its newest live release's start), when known: an empty list for a
   * start-date window after it says so, rather than suggesting nothing happened lately.
   */
  readonly dataEnds?: () => string | null;
  /**
   * Called when the release list or the chart fails (a Failure) or loads again (null), with what retries it:
   * the popup says failures once per cause, above everything.
   */
  readonly report: (source: "results" | "chart", failure: Failure | null, retry: () => void) => void;
}

export interface Explorer {
  /** Saves the filters now (before the page becomes a tab, which opens with them). */
  flush(): Promise<void>;
  /**
   * What the toolbar watches changed: the popup's list shows the new pair, unless this popup's person picked
   * the list's platform or channel, whose pick it keeps (saying what the toolbar watches instead).
   */
  follow(watch: Watch): void;
}

/** Runs the explorer of index.html's `#explorer`, starting from `options.initial`. */
export function startExplorer(options: ExplorerOptions): Explorer {
  stampExplorer();
  const { baseUrl } = options;
  const mode = options.mode ?? "tab";
  const pageSize = PAGE_SIZE[mode];
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  // The platforms and channels the service has for the product in use, asked for when it changes: the
  // page's shared lists (the watch lists ask for some of the same), unless a test hands in its own fetch.
  const serviceIds = options.fetch
    ? createServiceIds({ baseUrl, fetch: options.fetch })
    : sharedServiceIds(baseUrl);
  const world: ModelWorld = {
    idsKnown: (s) => idsKnown(serviceIds.known, s),
    requestUrl: (s) => requestUrl(baseUrl, s, pageSize),
    context: options.context,
  };
  let model = initialModel(options.initial, options.watch ?? null);
  function dispatch(event: ExplorerEvent): void {
    const next = step(model, event, world);
    model = next.model;
    for (const effect of next.effects) run(effect);
  }
  const edit = (filters: ExplorerState, source: EditSource): void =>
    dispatch({ kind: "edited", filters, source });
  const { controls, advanced } = bindEditors({
    filters: () => model.filters,
    edit,
    dispatch,
    serviceIds,
    now: options.now,
  });
  const request = bindRequestLine(options.copy);
  // The chart is the tab's: the popup neither draws it nor asks the service for it.
  const chart =
    mode === "tab"
      ? bindChartPanel({
          baseUrl,
          now: options.now,
          ...fetchOption,
          report: (failure, retry) => options.report("chart", failure, retry),
        })
      : () => undefined;
  const loader = createExplorerLoader({
    baseUrl,
    pageSize,
    ...fetchOption,
    onChange: (snapshot) => results.show(snapshot),
  });
  const results = bindResults(loader, {
    autoLoad: mode === "tab",
    initial: options.initial,
    context: options.context,
    report: (failure, retry) => options.report("results", failure, retry),
    ...(options.dataEnds ? { dataEnds: options.dataEnds } : {}),
  });
  const scope = byId("list-scope", HTMLElement);
  /** Says which pair the popup's list shows when it is not the one the toolbar watches. */
  function showScope(): void {
    scope.textContent = model.watch === null ? "" : scopeText(model.filters, model.watch);
    scope.hidden = scope.textContent === "";
  }
  const saving = debouncedSave(() => options.save(model.filters));
  let queryTimer = 0;

  function run(effect: ExplorerEffect): void {
    switch (effect.kind) {
      case "draw":
        controls.show(model.filters, effect.errors);
        if (effect.advanced) advanced.show(model.filters);
        request.show(effect.url ?? loader.current().loaded?.url ?? "");
        return showScope();
      case "drawScope":
        return showScope();
      case "say":
        return results.say(effect.text);
      case "save":
        return saving.later();
      case "query":
        clearTimeout(queryTimer);
        if (effect.delayMs === 0) dispatch({ kind: "queryDue" });
        else if (effect.delayMs !== null)
          queryTimer = window.setTimeout(() => dispatch({ kind: "queryDue" }), effect.delayMs);
        return;
      case "load":
        void loader.query(effect.filters);
        // Asking again for what is loaded or on its way sends nothing; the status line still says what is shown.
        return results.show(loader.current());
      case "askIds":
        return askIds(serviceIds, effect.filters, {
          arrived: () => {
            controls.refresh();
            advanced.show(model.filters);
            dispatch({ kind: "idsArrived" });
          },
          failed: () => dispatch({ kind: "idsFailed", product: effect.filters.product }),
        });
      case "chart":
        return chart(effect.filters);
    }
  }

  edit(model.filters, "initial");
  return {
    flush: saving.now,
    follow: (watch) => dispatch({ kind: "watched", watch }),
  };
}

type ServiceIds = ReturnType<typeof sharedServiceIds>;

/** Whether the lists the state's product and platform need are known. */
function idsKnown(known: ServiceIds["known"], s: ExplorerState): boolean {
  const platforms = known.platforms(s.product);
  if (platforms === undefined) return false;
  return (
    (s.platform !== "all" && !platforms.includes(s.platform)) ||
    known.channels(s.product, s.platform) !== undefined
  );
}

/**
 * Asks for the lists the state's product and platform need. Only the product shown is ever asked about:
 * other products' lists would be requests the page does not need, taking connections from the one it does.
 * A failure keeps the catalog's lists, which the controls show meanwhile.
 */
function askIds(ids: ServiceIds, s: ExplorerState, told: { arrived: () => void; failed: () => void }): void {
  // Channels are asked only of a platform the product has: another product's platform would be a 404.
  ids.platforms(s.product).then((platforms) => {
    told.arrived();
    if (s.platform === "all" || platforms.includes(s.platform)) {
      ids.channels(s.product, s.platform).then(told.arrived, told.failed);
    }
  }, told.failed);
}

/**
 * Saves after a pause (each edit pushes it back), at once when the page is hidden (a popup closes as soon as
 * it loses focus) and when asked (`now`, before the page becomes a tab).
 */
function debouncedSave(save: () => Promise<void>): { later: () => void; now: () => Promise<void> } {
  let timer = 0;
  const now = (): Promise<void> => {
    clearTimeout(timer);
    timer = 0;
    return save().catch((e: unknown) => console.warn("explorer: could not save the filters", e));
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && timer !== 0) void now();
  });
  return {
    later() {
      clearTimeout(timer);
      timer = window.setTimeout(() => void now(), SAVE_DELAY_MS);
    },
    now,
  };
}

/** The filters' editors: the controls, the advanced field, Reset and the start-day presets. */
function bindEditors({
  filters,
  edit,
  dispatch,
  serviceIds,
  now,
}: {
  filters: () => ExplorerState;
  edit: (filters: ExplorerState, source: EditSource) => void;
  dispatch: (event: ExplorerEvent) => void;
  serviceIds: ServiceIds;
  now: () => number;
}) {
  // Listened to on the lists themselves, which hear an edit before the form's listener (bindControls) does.
  for (const id of ["platform", "channel"]) {
    byId(id, HTMLSelectElement).addEventListener("input", () => dispatch({ kind: "picked" }));
  }
  const controls = bindControls(
    (next) => {
      const active = document.activeElement;
      const typing =
        active instanceof HTMLInputElement && (active.type === "text" || active.type === "number");
      edit(next, typing ? "typing" : "control");
    },
    { ids: serviceIds.known },
  );
  const advanced = bindAdvanced(
    filters,
    (next) => edit(next, "advanced"),
    // The service's own ids, once known, for a hint when a platform= or channel= value matches none of them.
    () => serviceIds.cached(filters().product, filters().platform),
  );
  byId("reset-filters", HTMLButtonElement).addEventListener("click", () =>
    edit(resetFilters(filters(), defaultState(filters().product, filters().platform)), "control"),
  );
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-preset-days]")) {
    const days = Number(button.dataset.presetDays);
    if (days === 7 || days === 30 || days === 90) {
      button.addEventListener("click", () => edit({ ...filters(), ...startPreset(days, now()) }, "control"));
    }
  }
  return { controls, advanced };
}
