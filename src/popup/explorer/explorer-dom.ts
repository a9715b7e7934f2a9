/**
 * The release explorer: controls, the advanced filter field, the exact request URL, the results list with
 * paging, and the rollout chart. Started after the header's first paint. This module keeps the state and
 * wires the parts; loader.ts fetches.
 *
 *   edit (control / advanced field, or a new watch in the popup) ──► state ──► controls, field text, URL,
 *                                         │                                      saved (debounced)
 *                                         └─ valid? ──no──► errors at the fields; rows (and their URL) stay
 *                                              │ yes
 *                                              ▼
 *            another product whose platforms and channels are not known yet? ──yes──► wait for them
 *              │ no                                                                     │
 *              ▼                                                                        ▼
 *            query first (text edits wait 300 ms; a newer query aborts an older one), then the product's
 *            platforms and channels and the chart: the list's request is the first to go out
 *              ├─ ok ────► rows replaced, nextPageToken kept; a reported failure withdrawn
 *              └─ fails ─► reported (the popup's banners say it once per cause); rows on screen stay
 *
 *   scrolled near the end, or "Load more" ──► next page (same query) ──► rows appended
 */
import type { Failure } from "../../shared/status/failure.ts";
import type { PageContext } from "../../shared/page/page-context.ts";
import { productLabel } from "../../core/catalog.ts";
import { byId } from "../../shared/page/dom.ts";
import { bindChartPanel } from "../chart/panel-dom.ts";
import { bindAdvanced } from "./advanced-dom.ts";
import { followWatch, scopeText, type Watch } from "./release-page.ts";
import { bindControls } from "./controls-dom.ts";
import { stampExplorer } from "./markup-dom.ts";
import { createServiceIds, sharedServiceIds } from "../../shared/watch/service-ids.ts";
import { defaultState, resetFilters, startPreset } from "./filter.ts";
import { createExplorerLoader } from "./loader.ts";
import { bindRequestLine } from "./request-dom.ts";
import { bindResults } from "./results-dom.ts";
import { controlErrors } from "./validation.ts";
import type { ExplorerState } from "./state.ts";
import { requestUrl } from "./request-url.ts";
import { messageOf } from "../../core/errors.ts";

/**
 * Rows per request: in a tab a screenful many times over, and small enough to arrive quickly; in the popup
 * the first few of a list that the page itself scrolls ("Open in a tab" for the rest).
 */
const PAGE_SIZE = { tab: 200, popup: 50 } as const;
/** Typing pauses this long before its query is sent. */
const TYPING_DELAY_MS = 300;
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

/** Where a state change came from: the first show is not saved; typing waits before it queries. */
type Source = "initial" | "control" | "typing" | "advanced";

/** Runs the explorer of index.html's `#explorer`, starting from `options.initial`. */
export function startExplorer(options: ExplorerOptions): Explorer {
  stampExplorer();
  const { baseUrl } = options;
  const mode = options.mode ?? "tab";
  const pageSize = PAGE_SIZE[mode];
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  let state = options.initial;
  let queryTimer = 0;
  let saveTimer = 0;
  let watch = options.watch ?? null;
  /** The person picked the list's platform or channel in this popup: the list no longer follows the watch. */
  let picked = false;
  const scope = byId("list-scope", HTMLElement);
  // Listened to on the lists themselves, which hear an edit before the form's listener (bindControls) does.
  for (const id of ["platform", "channel"]) {
    byId(id, HTMLSelectElement).addEventListener("input", () => (picked = true));
  }

  // The platforms and channels the service has for the product in use, asked for when it changes: the
  // page's shared lists (the watch lists ask for some of the same), unless a test hands in its own fetch.
  const serviceIds = options.fetch
    ? createServiceIds({ baseUrl, fetch: options.fetch })
    : sharedServiceIds(baseUrl);
  const controls = bindControls(
    (next) => {
      const active = document.activeElement;
      const typing =
        active instanceof HTMLInputElement && (active.type === "text" || active.type === "number");
      update(next, typing ? "typing" : "control");
    },
    { ids: serviceIds.known },
  );
  /**
   * A product picked before its platforms and channels are known: its list and chart wait for them (or for
   * their failure), so the controls can put `all` where it lacks the platform or channel in use before any
   * request names it (a 404 for nothing). Only the product shown is ever asked about: other products' lists
   * would be requests the page does not need, taking connections from the one it does.
   */
  let waitingFor: string | null = null;
  /** Whether the lists the state's product and platform need are known. */
  const idsKnown = (s: ExplorerState): boolean => {
    const platforms = serviceIds.known.platforms(s.product);
    if (platforms === undefined) return false;
    return (
      (s.platform !== "all" && !platforms.includes(s.platform)) ||
      serviceIds.known.channels(s.product, s.platform) !== undefined
    );
  };
  /** Asks for the lists the state's product and platform need; their arrival checks the picks again. */
  function askIds(s: ExplorerState): void {
    const arrived = (): void => {
      controls.refresh();
      advanced.show(state);
      if (waitingFor !== null && idsKnown(state)) release();
    };
    // A failure keeps the catalog's lists, which the controls show meanwhile; a list waiting for them goes.
    const failed = (): void => {
      // Only the product it was asked for: a failure of one picked before cannot release the list's wait.
      if (waitingFor === s.product) release();
    };
    // Channels are asked only of a platform the product has: another product's platform would be a 404.
    serviceIds.platforms(s.product).then((platforms) => {
      arrived();
      if (s.platform === "all" || platforms.includes(s.platform)) {
        serviceIds.channels(s.product, s.platform).then(arrived, failed);
      }
    }, failed);
  }
  /** Sends what waited for the product's lists, unless a field is wrong (that says so already). */
  function release(): void {
    waitingFor = null;
    if (Object.keys(controlErrors(state)).length > 0) return;
    chart(state);
    query();
  }

  const advanced = bindAdvanced(
    () => state,
    (next) => update(next, "advanced"),
    // The service's own ids, once known, for a hint when a platform= or channel= value matches none of them.
    () => serviceIds.cached(state.product, state.platform),
  );
  const request = bindRequestLine(options.copy);
  byId("reset-filters", HTMLButtonElement).addEventListener("click", () =>
    update(resetFilters(state, defaultState(state.product, state.platform)), "control"),
  );
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-preset-days]")) {
    const days = Number(button.dataset.presetDays);
    if (days === 7 || days === 30 || days === 90) {
      button.addEventListener("click", () =>
        update({ ...state, ...startPreset(days, options.now()) }, "control"),
      );
    }
  }
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

  function update(next: ExplorerState, source: Source): void {
    const before = state;
    state = next;
    if (source !== "initial" && next.product !== before.product && !idsKnown(next)) waitingFor = next.product;
    else if (waitingFor !== null && waitingFor !== next.product) waitingFor = null;
    const errors = controlErrors(state);
    const wrong = Object.keys(errors).length > 0;
    controls.show(state, errors);
    if (source !== "advanced") advanced.show(state);
    let url = "";
    try {
      url = requestUrl(baseUrl, state, pageSize);
    } catch (e) {
      results.say(`The request cannot be built: ${messageOf(e)}`);
    }
    // With a field wrong nothing is sent, and the rows stay: the line shows their request, which Copy URL
    // reproduces, rather than one made of the fields' other values that no rows answer.
    request.show(wrong ? (loader.current().loaded?.url ?? "") : url);
    showScope();
    if (source !== "initial") scheduleSave();
    clearTimeout(queryTimer);
    if (wrong) {
      results.say(
        "Fix the marked fields to update the results; the rows below are from the last good query.",
      );
    } else if (url !== "") {
      // The list's request goes first: the platforms, channels and chart asked below queue after it.
      if (source === "control" || source === "initial") query();
      else queryTimer = window.setTimeout(query, TYPING_DELAY_MS);
    }
    if (source === "initial" || next.product !== before.product || next.platform !== before.platform)
      askIds(next);
    if (waitingFor === null) chart(state);
  }

  function query(): void {
    if (waitingFor !== null) {
      results.say(`Asking the service which platforms and channels ${productLabel(state.product)} has…`);
      return;
    }
    void loader.query(state);
    // Asking again for what is loaded or on its way sends nothing; the status line still says what is shown.
    results.show(loader.current());
  }

  /** Says which pair the popup's list shows when it is not the one the toolbar watches. */
  function showScope(): void {
    scope.textContent = watch === null ? "" : scopeText(state, watch);
    scope.hidden = scope.textContent === "";
  }

  function scheduleSave(): void {
    clearTimeout(saveTimer);
    saveTimer = window.setTimeout(() => void save(), SAVE_DELAY_MS);
  }

  function save(): Promise<void> {
    saveTimer = 0;
    return options.save(state).catch((e: unknown) => console.warn("explorer: could not save the filters", e));
  }

  // A popup closes as soon as it loses focus: a save still waiting for its pause is done at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && saveTimer !== 0) {
      clearTimeout(saveTimer);
      void save();
    }
  });

  update(state, "initial");
  return {
    flush() {
      clearTimeout(saveTimer);
      return save();
    },
    follow(next) {
      // Storage changes for many reasons (a poll, an option): only a new watch moves the list.
      if (watch === null || (next.platform === watch.platform && next.channel === watch.channel)) return;
      watch = next;
      const followed = picked ? state : followWatch(state, next, options.context);
      if (followed !== state) update(followed, "control");
      else showScope();
    },
  };
}
