/**
 * The popup's parts after its first paint, in one list: each says when it starts and how, given the page
 * (its state to subscribe to, its actions, the extension's side) and a signal that ends it with the page.
 * The shell (popup.ts) draws the glance, reads storage and starts these in turn; each part's own module is
 * loaded through `modules` (page.ts passes dynamic imports, tests fakes) when the part starts.
 */
import { messageOf } from "../core/errors.ts";
import type { PageMode } from "./glance/first-paint.ts";
import type { PageActions } from "./page-actions.ts";
import { answerShown, browserKnown, glanceOf, problemsOf } from "./page-state.ts";
import type { PageStore } from "./page-store.ts";
import type { PopupApi, PopupParts } from "./popup-api.ts";

export interface PartContext {
  readonly api: PopupApi;
  readonly page: PageStore;
  readonly actions: PageActions;
  /** The page's query (`location.search`), as the page was opened. */
  readonly search: string;
  /** The release page's context: the query without the layout's `mode`. */
  readonly context: string;
  readonly mode: PageMode;
  /** Has `flush` run (and settle) before the page becomes a tab: what is not saved yet is saved. */
  readonly beforeTab: (flush: () => Promise<void>) => void;
}

/**
 * When a part starts: `open` at once, beside the first paint; `stored` once storage's answer is drawn (on
 * the answer page, once its answer is); `{ after }` once that part has started.
 */
export type Phase = "open" | "stored" | { readonly after: string };

export interface PopupPart {
  readonly id: string;
  /** The phase, or how the page's query chooses it. */
  readonly when: Phase | ((query: URLSearchParams) => Phase);
  readonly start: (ctx: PartContext, signal: AbortSignal) => Promise<unknown>;
}

/**
 * Starts the parts of a phase in their order and resolves once they have started; a part that starts after
 * another waits for that one (a failure of it too). A part that fails is said on the console: the rest go on.
 */
export function partStarter(
  parts: readonly PopupPart[],
  query: URLSearchParams,
  ctx: PartContext,
  signal: AbortSignal,
): (phase: "open" | "stored") => Promise<unknown> {
  const started = new Map<string, Promise<unknown>>();
  return (phase) => {
    const starting: Promise<unknown>[] = [];
    for (const part of parts) {
      const when = typeof part.when === "function" ? part.when(query) : part.when;
      const after = typeof when === "object" ? when.after : null;
      if ((after === null ? when : "stored") !== phase) continue;
      const run = Promise.resolve(after === null ? undefined : started.get(after))
        .catch(() => undefined)
        .then(() => part.start(ctx, signal));
      run.catch((e: unknown) => console.error(`Release Radar's ${part.id} did not start:`, e));
      started.set(part.id, run);
      starting.push(run);
    }
    return Promise.all(starting);
  };
}

/** The parts, each loading its module from `modules`. */
export const popupParts = (modules: PopupParts): readonly PopupPart[] => [
  {
    // The answer page (`?q=`) is opened for its answer: it asks at once and the rest waits for it.
    id: "ask",
    when: (query) => (query.has("q") ? "open" : "stored"),
    start: ({ api, page, search }) =>
      modules.ask().then((ask) =>
        ask.openAsk(api, () => page.get().stored, search, {
          told: (shown) => page.apply((state) => answerShown(state, shown)),
        }),
      ),
  },
  {
    id: "banners",
    when: "stored",
    start: async ({ page, actions }, signal) => {
      const draw = (await modules.banners()).createBanners(actions.retry);
      page.subscribe(
        (state) => {
          const now = Date.now();
          const { problem, host, stale } = glanceOf(state, now);
          draw({ problems: problemsOf(state, problem), host, now, stale, retrying: state.retrying });
        },
        signal,
        (s) => [s.stored, s.browser, s.askFailed, s.reported, s.retrying],
      );
    },
  },
  {
    id: "schedule",
    when: "stored",
    start: ({ api, page, context }, signal) => {
      let drawn = -1;
      page.subscribe(({ scheduleChanges }) => {
        if (scheduleChanges === drawn) return;
        drawn = scheduleChanges;
        void Promise.all([modules.schedule(), api.loadSchedules()]).then(([{ showSchedule }, entries]) =>
          showSchedule(entries, page.get().stored.settings, context),
        );
      }, signal);
      return Promise.resolve();
    },
  },
  {
    id: "watched",
    when: "stored",
    start: ({ api, page }, signal) =>
      modules.tracked().then((t) =>
        t.bindTracked(api.tracked, {
          watch: () => page.get().stored.watch,
          answers: (draw) =>
            page.subscribe(
              ({ answer }) => draw(answer),
              signal,
              (s) => [s.answer],
            ),
        }),
      ),
  },
  {
    id: "browser",
    when: "stored",
    start: ({ api, page }) =>
      api.loadBrowserFacts().then((facts) => page.apply((s) => browserKnown(s, facts))),
  },
  {
    // The release list and its chart: the glance above does not wait for them.
    id: "explorer",
    when: "stored",
    start: (ctx, signal) =>
      startExplorer(ctx, signal, modules).catch((e: unknown) => {
        // Said where the results would be; the header above stays.
        const status = document.getElementById("results-status");
        if (status) status.textContent = `The explorer could not start: ${messageOf(e)}`;
      }),
  },
  {
    // The watch switcher asks the service for its ids once the release list's request is on its way: the
    // list is what a slow service must answer first (the first paint's words stand for the lists meanwhile).
    id: "watch",
    when: { after: "explorer" },
    start: async ({ page, actions }, signal) => {
      const show = (await modules.watch()).bindWatch((changes) => void actions.watch(changes));
      page.subscribe(
        ({ stored, watchStatus }) => show(stored, watchStatus),
        signal,
        (s) => [s.stored, s.watchStatus],
      );
    },
  },
];

/** The explorer on what storage holds and the filters saved; its popup list follows the watch. */
async function startExplorer(
  { api, page, actions, mode, context, beforeTab }: PartContext,
  signal: AbortSignal,
  modules: PopupParts,
): Promise<void> {
  const [{ openExplorer }, saved] = await Promise.all([
    modules.explorer(),
    api.loadExplorerState().catch(() => undefined),
  ]);
  let { stored } = page.get();
  const explorer = openExplorer({
    mode,
    settings: stored.settings,
    watch: stored.watch,
    saved,
    save: api.saveExplorerState,
    search: context,
    copy: api.copyText,
    report: actions.report,
    // The newest live release's start day in what is stored: where the service's data ends.
    dataEnds: () => {
      const starts = (page.get().stored.snapshot?.releases ?? []).map((r) => r.serving.startTime).sort();
      return starts.at(-1)?.slice(0, 10) ?? null;
    },
  });
  beforeTab(() => explorer.flush());
  page.subscribe((state) => {
    if (state.stored === stored) return;
    stored = state.stored;
    explorer.follow(stored.watch);
  }, signal);
}
