/**
 * The popup page's behaviour, with what reaches outside the page passed in (page.ts passes extension-api.ts
 * and the parts' modules), so unit tests drive it in a test DOM with fakes. Cache first: main.ts has drawn
 * the glance from the page's own copy (glance/first-paint.ts); on a first open this draws storage's answer
 * as the first paint. Storage's answer is drawn when it comes, kept as the copy; the explorer starts from it.
 *
 *   open ──► the page's copy ──► header ──► next frame: mark "rr:first-meaningful-paint"   (main.ts)
 *        ──► this module ──► listen ──► storage (settings, snapshot, poll state) ──► header, copy ──►
 *   (a first open: storage ──► header ──► frame, mark ──► listen ──► storage again ──► copy, header again
 *            if it differs ──►)  next frame: mark "rr:stored-paint" ──► this browser and pin ──► header
 *                                   └─► the explorer's module and saved filters ──► explorer
 *                                       (restored or release-page filters) ──► query
 *   storage changed (a poll, a settings edit; listened for from the first frame on) ──► header and banners
 *   redrawn; a new watch ──► the popup's list follows it (explorer/explorer-dom.ts)
 *   Check now / Retry ──► runtime message ──► worker polls, stores, answers ──► header redrawn
 *
 * Failures of the worker's check, the release list and the chart are reported here and drawn as one banner
 * per cause (glance/problems.ts); when the worker's check recovers, the parts that failed try again, so a
 * banner goes away when its cause does.
 *
 * The page's own globals (document, animation frames, timers, the clock) are used as they are: a test DOM
 * has them. The parts come through `parts`, each loaded when it is first needed, after storage's answer.
 */
import type { Failure } from "../shared/status/failure.ts";
import type * as Banners from "./glance/banners-dom.ts";
import { createHeader } from "./glance/header-dom.ts";
import { pageMode, showPage } from "./glance/first-paint.ts";
import { glanceCopyOf, headerView } from "./glance/header.ts";
import type { Source } from "./glance/problems.ts";
import type * as Watch from "./glance/watch-dom.ts";
import { sameStored, type Stored } from "./stored.ts";
import type { PopupDeps } from "./popup-api.ts";
import {
  browserKnown,
  checkAnswered,
  checkAsked,
  drawn,
  initialState,
  partReported,
  problemsOf,
  storedRead,
  watchSaved,
  watchSaving,
  type PageState,
} from "./page-state.ts";
import { messageOf } from "../core/errors.ts";

/** Relative times ("3 min ago") are redrawn this often. */
const CLOCK_MS = 30_000;

/** Runs the page: draws storage's answer (on a first open, as its first paint), then the parts. */
export async function createPopup({ api, parts, search, firstAnswer, painted }: PopupDeps): Promise<void> {
  // The toolbar's popup or, with `?mode=tab`, the full explorer in a tab: the layout follows (popup.css,
  // explorer.css) and the explorer shows what fits. The rest of the query is the release page's context.
  const query = new URLSearchParams(search);
  const mode = pageMode(query);
  query.delete("mode");

  /** Settles once the page has its state and its first frame: changes heard before wait for it. */
  let begin: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => (begin = resolve));
  // Each part is redrawn for its own keys: a schedule the worker stored does not reread the header's keys,
  // nor a poll the schedules. Listened for after the first paint's frame (and on the answer page after its
  // answer's): listening loads the extension APIs' module, which would take the frame's main thread.
  const listenAfter = (frame: Promise<void>): Promise<void> =>
    frame
      .then(() => firstAnswer?.catch(() => undefined))
      .then(() =>
        api.onStoredChange((changed) => {
          const header = changed.some((key) => key !== "schedules");
          const schedule = changed.includes("schedules") || changed.includes("settings");
          void begun
            .then(() => (header ? reload() : undefined))
            .then(() => {
              if (schedule) void showSchedule();
            });
        }),
      );
  /**
   * After the first paint's frame (main.ts drew the copy), the page listens and then reads storage once: no
   * change falls between the two. On a first open storage is read at once, for the first paint, and again
   * once the page listens (below).
   */
  const listened = painted && listenAfter(painted);
  /** How each failed part tries again. */
  const retryers = new Map<Source, () => void>();
  /** Saves what the explorer has not saved yet (before the page becomes a tab). */
  let flushExplorer: () => Promise<void> = () => Promise.resolve();
  /** Tells the explorer what the toolbar watches now (its popup list follows it), once it has started. */
  let followWatch: () => void = () => {};
  /** The watch switcher, once its module has loaded after the first paint. */
  let showWatch: Watch.ShowWatch | null = null;

  const drawHeader = createHeader({
    // Wired from the start: a click before the page has its state waits for it.
    onRefresh: () => void begun.then(refresh),
    onOpenTab: () =>
      void flushExplorer().then(() =>
        api.moveToTab(`?${new URLSearchParams([["mode", "tab"], ...query]).toString()}`),
      ),
    onOptions: () => void api.openOptions(),
    onUpdate: () => void api.openUpdatePage(),
  });
  /** What the page shows: changed only by page-state.ts's transitions, each followed by a draw. */
  let state: PageState;
  for (let tries = 1; ; tries++) {
    try {
      state = initialState(await (listened ? listened.then(api.loadStored) : api.loadStored()));
      break;
    } catch (e) {
      // Only a broken browser gets here (storage itself refused): asked again twice, a second apart, the
      // first paint, if any, staying on screen meanwhile and after.
      console.error("Release Radar could not read the extension's storage:", e);
      if (tries === 3) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  /** The banners, once their module has loaded after the first paint. */
  let drawBanners: ((ui: Banners.BannerUi) => void) | null = null;

  /** Moves to `next` and draws it. */
  function to(next: PageState): void {
    state = next;
    draw();
  }

  function draw(): void {
    const { stored, browser, refreshing, watchStatus, retrying } = state;
    const { thisBrowser, pinned } = browser;
    const now = Date.now();
    const data = headerView({ ...stored, now, ...(thisBrowser !== undefined ? { thisBrowser } : {}) });
    drawHeader(data, { refreshing, pinned });
    showWatch?.(stored, watchStatus);
    const problems = problemsOf(state, data.problem);
    drawBanners?.({ problems, host: data.host, now, stale: data.stale, retrying });
    // The service answers the worker again: the parts that failed try again now rather than on a click.
    // (Noted before retrying: a retry reports back, which draws again.)
    const after = drawn(state, data.problem !== null);
    state = after.state;
    if (after.recovered) for (const source of [...state.reported.keys()]) retryers.get(source)?.();
  }

  /** Loads started so far: an answer is drawn only if no later load started meanwhile (its answer is newer). */
  let loads = 0;

  /**
   * Keeps storage's answer `load` as the page's copy and draws it, unless it is what is drawn already. After
   * the first paint's frame, which is the glance's own: work on storage's answer, when it comes that fast,
   * would otherwise hold that frame back.
   */
  async function apply(load: Promise<Stored>): Promise<void> {
    const ticket = ++loads;
    const answer = await load;
    await firstFrame;
    if (ticket !== loads) return;
    api.saveCopy(glanceCopyOf(answer));
    if (sameStored(state.stored, answer)) return;
    to(storedRead(state, answer));
    followWatch();
  }

  async function reload(): Promise<void> {
    await apply(api.loadStored());
  }

  /** Asks the worker to poll now; the header says so meanwhile and keeps showing what it had. */
  async function refresh(): Promise<void> {
    if (state.refreshing) return;
    to(checkAsked(state));
    let failure: Failure | null = null;
    try {
      await api.checkNow();
    } catch (e) {
      // Not a failure of the service: the worker itself did not answer (it is being updated, say).
      failure = {
        kind: "unexpected",
        details: `Could not ask the service worker for a check: ${messageOf(e)}`,
      };
    }
    // Drawn now: storage's answer may already be drawn (its change event can come before this reply), and
    // then reload() has nothing new to draw, which would leave "Checking…" on the button.
    to(checkAnswered(state, failure));
    await reload();
  }

  /** Changes what the toolbar watches; the worker polls, stores and the page redraws from storage. */
  async function watch(changes: { platform?: string; channel?: string }): Promise<void> {
    to(watchSaving(state));
    let error: string | null = null;
    try {
      await api.saveWatch(changes);
    } catch (e) {
      error = messageOf(e);
    }
    // As in refresh(): the status changed whether or not storage's answer has.
    to(watchSaved(state, error));
    await reload();
  }

  /** What the explorer and the chart call when their request fails (a Failure) or succeeds (null). */
  function report(source: Source, failure: Failure | null, retry: () => void): void {
    retryers.set(source, retry);
    to(partReported(state, source, failure));
  }

  /** The explorer and its chart, loaded after the first paint: the glance above does not wait for them. */
  async function explore(): Promise<void> {
    const [{ openExplorer }, saved] = await Promise.all([
      parts.explorer(),
      api.loadExplorerState().catch(() => undefined),
    ]);
    const explorer = openExplorer({
      mode,
      settings: state.stored.settings,
      watch: state.stored.watch,
      saved,
      save: api.saveExplorerState,
      search: query.toString(),
      copy: api.copyText,
      report,
      // The newest live release's start day in what is stored: where the service's data ends.
      dataEnds: () => {
        const starts = (state.stored.snapshot?.releases ?? []).map((r) => r.serving.startTime).sort();
        return starts.at(-1)?.slice(0, 10) ?? null;
      },
    });
    flushExplorer = () => explorer.flush();
    followWatch = () => explorer.follow(state.stored.watch);
  }

  /** The schedule section, loaded after the first paint. */
  async function showSchedule(): Promise<void> {
    const [{ showSchedule: show }, entries] = await Promise.all([parts.schedule(), api.loadSchedules()]);
    show(entries, state.stored.settings, query.toString());
  }

  /**
   * Everything the glance does not need: started once storage's answer is drawn, and on the answer page once
   * its answer is (they would hold up its one job).
   */
  function afterStored(): void {
    performance.mark("rr:stored-paint");
    if (answering === null) rest();
    else void answering.catch(() => undefined).then(rest);
  }

  function rest(): void {
    void parts.banners().then(({ createBanners }) => {
      drawBanners = createBanners((sources) => {
        for (const source of sources) {
          if (source === "check") void refresh();
          else retryers.get(source)?.();
        }
      });
      draw();
    });
    void showSchedule();
    void parts.tracked().then((t) => t.bindTracked(api.tracked, () => state.stored.watch));
    void api.loadBrowserFacts().then((facts) => to(browserKnown(state, facts)));
    // The answer page (`?q=`) started asking at once; without a question, the field is bound now.
    if (answering === null) void parts.ask().then((ask) => ask.openAsk(api, () => state.stored, search));
    const exploring = explore().catch((e: unknown) => {
      // Said where the results would be; the header above stays.
      const status = document.getElementById("results-status");
      if (status) status.textContent = `The explorer could not start: ${messageOf(e)}`;
    });
    // The watch lists ask the service for its ids once the release list's request is on its way: the list is
    // what a slow service must answer first (the words of the first paint stand for the lists meanwhile).
    void Promise.all([parts.watch(), exploring]).then(([{ bindWatch }]) => {
      showWatch = bindWatch((changes) => void watch(changes));
      draw();
    });
  }

  draw();
  /** Resolves once the first paint's frame is done, this page's own on a first open. */
  const firstFrame = painted ?? showPage(mode);
  /** The answer page's question, asked at once (the answer is what that page is for); null without one. */
  const answering = query.has("q")
    ? parts.ask().then((ask) => ask.openAsk(api, () => state.stored, search))
    : null;
  begin();
  /**
   * Storage's answer kept as the page's copy; on a first open read again one frame or so after the glance,
   * once the listener is in place, so no change falls between the two (a poll stored meanwhile, which a popup
   * opened just after install meets, would otherwise never show).
   */
  const read = listened
    ? Promise.resolve(api.saveCopy(glanceCopyOf(state.stored)))
    : apply(listenAfter(firstFrame).then(api.loadStored));
  void read
    .catch((e: unknown) => {
      // The first paint stays on screen; only a broken browser gets here (storage itself refused).
      console.error("Release Radar could not read the extension's storage:", e);
    })
    .then(() => requestAnimationFrame(afterStored));
  setInterval(draw, CLOCK_MS);
}
