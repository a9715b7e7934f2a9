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
 * The page's state is one value (page-state.ts) in one store (page-store.ts): the glance here and each part
 * (parts.ts: banners, schedule, watched list, explorer, watch switcher, asking) subscribe to it, and what the
 * page does (page-actions.ts) moves it. The parts' modules come through `parts`, each loaded when its part
 * starts. The page's own globals (document, animation frames, timers, the clock) are used as they are.
 */
import { createHeader } from "./glance/header-dom.ts";
import { pageMode, showPage } from "./glance/first-paint.ts";
import { glanceCopyOf } from "./glance/header.ts";
import { createActions, type PageActions } from "./page-actions.ts";
import { glanceOf, initialState, schedulesStored, storedRead } from "./page-state.ts";
import { createPageStore, readStored } from "./page-store.ts";
import { partStarter, popupParts, type PartContext } from "./parts.ts";
import type { PopupDeps } from "./popup-api.ts";
import { sameStored, type Stored } from "./stored.ts";

/** Relative times ("3 min ago") are redrawn this often. */
const CLOCK_MS = 30_000;

/** Runs the page: draws storage's answer (on a first open, as its first paint), then starts the parts. */
export async function createPopup({ api, parts, search, firstAnswer, painted }: PopupDeps): Promise<void> {
  // The toolbar's popup or, with `?mode=tab`, the full explorer in a tab: the layout follows (popup.css,
  // explorer.css) and the explorer shows what fits. The rest of the query is the release page's context.
  const query = new URLSearchParams(search);
  const mode = pageMode(query);
  query.delete("mode");
  const life = new AbortController();
  // Not when the page is kept to come back to (the back/forward cache): it would come back deaf.
  addEventListener("pagehide", (event) => {
    if (!event.persisted) life.abort();
  });

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
            .then(() => schedule && page.apply(schedulesStored));
        }),
      );
  /**
   * After the first paint's frame (main.ts drew the copy), the page listens and then reads storage once: no
   * change falls between the two. On a first open storage is read at once, for the first paint, and again
   * once the page listens (below).
   */
  const listened = painted && listenAfter(painted);
  /** Saves what is not saved yet (the explorer's filters) before the page becomes a tab. */
  const flushes: Array<() => Promise<void>> = [];
  let actions: PageActions | null = null;
  // Wired from the start (the first paint's buttons are live): a click before the page has its state waits.
  const drawHeader = createHeader({
    onRefresh: () => void begun.then(() => actions?.refresh()),
    onOpenTab: () =>
      void Promise.all(flushes.map((flush) => flush())).then(() =>
        api.moveToTab(`?${new URLSearchParams([["mode", "tab"], ...query]).toString()}`),
      ),
    onOptions: () => void api.openOptions(),
    onUpdate: () => void api.openUpdatePage(),
  });
  const first = await readStored(() => (listened ? listened.then(api.loadStored) : api.loadStored()));
  if (first === null) return;
  const page = createPageStore(initialState(first));
  const ctx: PartContext = {
    api,
    page,
    actions: (actions = createActions(api, page, reload)),
    search,
    context: query.toString(),
    mode,
    beforeTab: (flush) => void flushes.push(flush),
  };

  /** Loads started so far: an answer is drawn only if no later load started meanwhile (its answer is newer). */
  let loads = 0;
  /**
   * Keeps storage's answer `load` as the page's copy and draws it, unless it is what is drawn already. After
   * the first paint's frame, which is the glance's own: work on storage's answer, when it comes that fast,
   * would otherwise hold that frame back.
   */
  async function keep(load: Promise<Stored>): Promise<void> {
    const ticket = ++loads;
    const answer = await load;
    await firstFrame;
    if (ticket !== loads) return;
    api.saveCopy(glanceCopyOf(answer));
    if (!sameStored(page.get().stored, answer)) page.apply((state) => storedRead(state, answer));
  }
  async function reload(): Promise<void> {
    await keep(api.loadStored());
  }

  page.subscribe(
    (state) => {
      const data = glanceOf(state, Date.now());
      drawHeader(data, { refreshing: state.refreshing, pinned: state.browser.pinned });
      ctx.actions.serviceFailing(data.problem !== null);
    },
    life.signal,
    (s) => [s.stored, s.browser, s.refreshing],
  );
  /** Resolves once the first paint's frame is done, this page's own on a first open. */
  const firstFrame = painted ?? showPage(mode);

  const startParts = partStarter(popupParts(parts), query, ctx, life.signal);
  /** The answer page's question, asked at once (the answer is what that page is for): the rest waits for it. */
  const answering = startParts("open");
  begin();
  /**
   * Storage's answer kept as the page's copy; on a first open read again one frame or so after the glance,
   * once the listener is in place, so no change falls between the two (a poll stored meanwhile, which a popup
   * opened just after install meets, would otherwise never show).
   */
  const read = listened
    ? Promise.resolve(api.saveCopy(glanceCopyOf(first)))
    : keep(listenAfter(firstFrame).then(api.loadStored));
  void read
    .catch((e: unknown) => {
      // The first paint stays on screen; only a broken browser gets here (storage itself refused).
      console.error("Release Radar could not read the extension's storage:", e);
    })
    .then(() =>
      requestAnimationFrame(() => {
        performance.mark("rr:stored-paint");
        // Everything the glance does not need, and on the answer page once its answer is drawn.
        void answering.catch(() => undefined).then(() => startParts("stored"));
      }),
    );
  setInterval(page.tick, CLOCK_MS);
}
