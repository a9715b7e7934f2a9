/**
 * The popup's search field ("Ask about a milestone, version or web feature") and the answer page: the same
 * page with the question in its URL, `?q=<text>` (also with `?mode=tab`), opens with the question in the
 * field and its answer shown, so an answer can be linked. Loaded after the first paint (popup.ts); the
 * field is in index.html from the first paint on, and what was typed before this module came is answered
 * when it comes.
 *
 *   input event ──► the answer from stored data and the asset, drawn at once (it replaces the one before;
 *                   an older answer still on its way is dropped)
 *   Enter, or ?q= on opening ──► the same, and for a version (or, while typing, a complete one) the
 *                   service is asked which releases of it it served, past ones too; a newer question
 *                   aborts that request
 *   ?q= on opening ──► the worker's answer, when it gave one (first-answer.ts): drawn as it is, without
 *                   reading the asset, which only what follows it (a schedule, a version's releases) reads
 *
 * The features asset (features.json) is read the first time a question is asked, not on every popup open:
 * it is a few hundred KB the glance does not need; the second (compat-keys.json) on the first question the
 * first names nothing for. In a tab, the URL follows the field (`q`), so the address
 * bar holds a link to the answer shown.
 */
import { parseQuestion, type ParsedQuestion } from "../../core/ask/parse.ts";
import { messageOf } from "../../core/errors.ts";
import type { ReleaseResource } from "../../core/types.ts";
import { identityLine, type FeatureAsset } from "../../core/features/asset.ts";
import {
  ask,
  firefoxAnswer,
  versionAnswer,
  moreKeysFor,
  type Answer,
  type AskContext,
  type MoreKeys,
} from "../../shared/answers/index.ts";
import type { ThisBrowser } from "../../shared/status/this-browser.ts";
import { byId } from "../../shared/page/dom.ts";
import { pageAssets } from "./page-assets.ts";
import { failureSentence } from "../../shared/status/failure-sentence.ts";
import { failureOf } from "../../shared/status/failure-of-error.ts";
import type { ScheduleEntry } from "../../shared/store/schedules.ts";
import type { WorkerAnswer } from "../../shared/page/messages.ts";
import { servedReleases } from "./served-releases.ts";
import { ANSWER_MARK, drawAnswer, drawProblem } from "./answer-dom.ts";
import { usersFigure } from "./users-dom.ts";
import { askContext, type AskStored } from "./stored-context.ts";
import { keepInUrl, tabTitle, TAB_TITLE } from "./answer-tab.ts";
import { pageUsage, withUsage, type UsageOutcome, type UsageStored } from "./page-usage.ts";

/** What the field asks of the page's side (popup.ts passes its PopupApi). */
export interface AskApi extends UsageStored {
  readonly loadSchedules: () => Promise<readonly ScheduleEntry[]>;
  /** Asks the worker for a milestone's schedule, stored when it resolves. */
  readonly askSchedule: (milestone: number) => Promise<void>;
  /** This browser: asking `firefox` in Firefox compares it with Firefox's current release. */
  readonly loadBrowserFacts: () => Promise<{ readonly thisBrowser: ThisBrowser | undefined }>;
}

/** The performance mark of the page's own question answered in full (its schedule and releases asked too). */
const SETTLED_MARK = "rr:answer-settled";

/** The asset, read once, and the stored schedules, read for each answer (openAsk's `load`). */
interface Loaded {
  readonly asset: FeatureAsset;
  /** The second asset, where the question needed it, or why it could not be read. */
  readonly keys: MoreKeys;
  readonly schedules: readonly ScheduleEntry[] | null;
  readonly later: Promise<readonly ScheduleEntry[]>;
  /** The share of users' data, when read already (as schedules), and the promise of it. */
  readonly usage: UsageOutcome | null;
  readonly usageLater: Promise<UsageOutcome>;
}

/**
 * Binds the field and answers the question the page was opened with, if any. `stored` is read for each
 * answer, so an answer follows the latest poll; `search` is the page's query (`q`, `mode=tab`); `fetchFn`
 * is for tests (the page's own `fetch` otherwise, and the service through the client's shared gate);
 * `early` is the worker's answer to the page's own question (first-answer.ts, main.ts asks it at once).
 * Positional: popup.ts's call is part of the first paint's script (budget 30 KB).
 */
export function openAsk(
  api: AskApi,
  stored: () => AskStored,
  search: string,
  fetchFn?: typeof fetch,
  early?: Promise<WorkerAnswer | null> | null,
): Promise<void> {
  const form = byId("ask-form", HTMLFormElement);
  const field = byId("ask", HTMLInputElement);
  const out = byId("answer", HTMLElement);
  const status = byId("ask-status", HTMLElement);
  const query = new URLSearchParams(search);
  const tab = query.get("mode") === "tab";
  const read = fetchFn ?? globalThis.fetch.bind(globalThis);
  const files = pageAssets(read);
  const usageOf = pageUsage(read, api);
  /** Questions asked so far: an answer is drawn only if no later question was asked meanwhile. */
  let asked = 0;
  let serving: AbortController | null = null;

  /**
   * The assets (page-assets.ts) and the stored schedules, read for every answer (the worker stores a
   * milestone's schedule when this page asks). An answer does not wait for the schedules beyond the assets
   * (storage's module may still be on its way): `schedules` is null then, and `later` brings them.
   */
  async function load(parsed: ParsedQuestion): Promise<Loaded> {
    const later = api.loadSchedules().catch(() => []);
    const usageLater = usageOf(stored().settings);
    const asset = await files.asset();
    const keys = await moreKeysFor(parsed, askContext(stored(), [], asset, 0), files.more);
    const schedules = await Promise.race([later, Promise.resolve(null)]);
    const usage = await Promise.race([usageLater, Promise.resolve(null)]);
    return { asset, keys, schedules, later, usage, usageLater };
  }

  /** The question being answered, as read (the tab's title names it). */
  let current: ParsedQuestion = parseQuestion("");

  /** Resolves once the first answer is drawn (or cannot be): the answer page's list waits for it. */
  let shown: () => void = () => undefined;
  const firstShown = new Promise<void>((resolve) => (shown = resolve));

  function show(answer: Answer, identity: string): void {
    shown();
    // The frame the first answer is on screen in: what `npm run bench` times from the page's navigation.
    if (performance.getEntriesByName(ANSWER_MARK).length === 0)
      requestAnimationFrame(() => performance.mark(ANSWER_MARK));
    const onAsk = (question: string): void => {
      field.value = question;
      void answerTo(question, true);
    };
    drawAnswer(out, answer, identity, onAsk, usersFigure);
    status.textContent = answer.summary;
    if (tab) document.title = tabTitle(answer, current);
  }

  /** The context of an answer from stored data and the asset, read as `load` reads them. */
  function contextOf(loaded: Loaded, schedules: readonly ScheduleEntry[], usage = loaded.usage) {
    return withUsage({ ...askContext(stored(), schedules, loaded.asset, Date.now()), ...loaded.keys }, usage);
  }

  /**
   * Answers `text` here, from the asset: drawn at once, and drawn again with its other matches (the loose
   * search, indexed on first use) and, when they were not read yet, the stored days; with what it read, for
   * what follows the answer. Null when the asset cannot be read (said in the page) or a later question was
   * asked meanwhile.
   */
  async function answerHere(
    parsed: ParsedQuestion,
    submitted: boolean,
    ticket: number,
  ): Promise<{ first: Answer; loaded: Loaded } | null> {
    let loaded: Loaded;
    try {
      loaded = await load(parsed);
    } catch (e) {
      if (ticket === asked) drawProblem(out, messageOf(e));
      return null;
    }
    const { thisBrowser } =
      parsed.question.kind === "firefox"
        ? await api.loadBrowserFacts().catch(() => ({ thisBrowser: undefined }))
        : { thisBrowser: undefined };
    if (ticket !== asked) return null;
    // In Firefox, "firefox" asks about this browser: the one answer the asset has about it.
    const answerOf = (c: AskContext, related: boolean): Answer =>
      thisBrowser !== undefined && !thisBrowser.chromium
        ? firefoxAnswer(thisBrowser, c.asset, c.now)
        : ask(parsed, c, { typing: !submitted, related });
    let first = answerOf(contextOf(loaded, loaded.schedules ?? []), false);
    show(first, identityLine(loaded.asset));
    if (loaded.schedules === null || first.kind === "feature" || first.kind === "key") {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const schedules = loaded.schedules ?? (await loaded.later);
      const usage = await loaded.usageLater;
      if (ticket !== asked) return null;
      first = answerOf(contextOf(loaded, schedules, usage), true);
      show(first, identityLine(loaded.asset));
    }
    return { first, loaded };
  }

  /**
   * Answers `text`; `submitted` (Enter, a link, or the page's own question) also asks the worker for the
   * schedule of a milestone whose days are not stored, and the service about a version. `early` is the
   * worker's answer to the page's own question (first-answer.ts): drawn as it is when there is one. The
   * answer is `aria-busy` until then: it may be drawn again, taller, and nothing is offered under it
   * meanwhile (tracked-dom.ts), where a click could land after it moved.
   */
  function answerTo(text: string, submitted: boolean, early?: Promise<WorkerAnswer | null> | null) {
    out.setAttribute("aria-busy", "true");
    const ticket = ++asked;
    return answering(ticket, text, submitted, early).finally(() => {
      if (ticket === asked) out.setAttribute("aria-busy", "false");
    });
  }

  /** answerTo's work for question `ticket`: each step stops once a later question was asked. */
  async function answering(
    ticket: number,
    text: string,
    submitted: boolean,
    early?: Promise<WorkerAnswer | null> | null,
  ): Promise<void> {
    serving?.abort();
    serving = null;
    if (tab) keepInUrl(text);
    // Read once: the answer, the tab's title and what is asked next all use this reading.
    const parsed = parseQuestion(text);
    current = parsed;
    if (parsed.question.kind === "empty" && (parsed.text === "" || !submitted)) {
      out.replaceChildren();
      out.hidden = true;
      status.textContent = "";
      if (tab) document.title = TAB_TITLE;
      return;
    }
    const fromWorker = early ? await early.catch(() => null) : null;
    if (ticket !== asked) return;
    if (fromWorker !== null) show(fromWorker.answer, fromWorker.identity);
    const here = fromWorker === null ? await answerHere(parsed, submitted, ticket) : null;
    const first = fromWorker?.answer ?? here?.first;
    if (first === undefined) return;
    const { question, notice } = parsed;
    const milestone = submitted ? first.scheduleOf : undefined;
    // A version is asked of the service on Enter, or while typing once it is complete: a prefix while
    // typing would ask once per keystroke for hundreds of releases.
    const servedAsked = question.kind === "version" && (submitted || !question.prefix);
    if (milestone === undefined && !servedAsked) return;
    // What follows asks the worker or the service, and answers again here, from the asset (read already
    // when the answer was made here).
    let loaded: Loaded;
    try {
      loaded = here?.loaded ?? (await load(parsed));
    } catch {
      return;
    }
    const usage = await loaded.usageLater;
    let ctx = contextOf(loaded, loaded.schedules ?? (await loaded.later), usage);
    if (ticket !== asked) return;
    if (milestone !== undefined && !ctx.schedules.some((s) => s.mstone === milestone)) {
      // Chrome's days come from the schedule service alone: a milestone not stored is asked for once, and the
      // answer drawn again with its days (or as it is, saying none is known, when the schedule fails).
      const asking = api.askSchedule(milestone).then(
        () => true,
        () => false,
      );
      if (!(await asking) || ticket !== asked) return;
      // Storage that cannot be read leaves the answer as drawn.
      const schedules = await api.loadSchedules().catch(() => null);
      if (schedules === null || ticket !== asked) return;
      ctx = contextOf(loaded, schedules, usage);
      show(ask(parsed, ctx, { typing: false, related: true }), identityLine(loaded.asset));
    }

    if (question.kind !== "version" || !servedAsked) return;
    // What the service served in the past is not stored: asked now.
    const controller = new AbortController();
    serving = controller;
    const asking = "Asking the service which releases of it it served…";
    const identity = identityLine(loaded.asset);
    show({ ...first, lines: [...first.lines, asking] }, identity);
    let served: readonly ReleaseResource[];
    try {
      served = await servedReleases(stored(), question, controller.signal, fetchFn);
    } catch (e) {
      if (ticket !== asked) return;
      const why = failureSentence(failureOf(e), ctx.host);
      show(
        { ...first, lines: [...first.lines, `Could not ask the service which releases it served: ${why}.`] },
        identity,
      );
      return;
    }
    if (ticket !== asked) return;
    show(withNotice(versionAnswer(question, ctx, served), notice), identity);
  }

  field.addEventListener("input", () => void answerTo(field.value, false));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void answerTo(field.value, true);
  });
  form.hidden = false;
  const initial = query.get("q");
  if (initial !== null) {
    field.value = initial;
    // Drawn, or given up (no asset, an empty question): either way the page goes on. Settled once the worker
    // and the service have answered what the question asked of them too (tests close the page after that).
    void answerTo(initial, true, early).finally(() => {
      shown();
      performance.mark(SETTLED_MARK);
    });
    return firstShown;
  }
  if (field.value !== "") void answerTo(field.value, false);
  return Promise.resolve();
}

function withNotice(answer: Answer, notice: string | undefined): Answer {
  return notice === undefined ? answer : { ...answer, notice };
}
