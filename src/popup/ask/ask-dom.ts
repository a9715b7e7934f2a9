/**
 * The popup's search field ("Ask about a milestone, version or web feature") and the answer page: the same
 * page with the question in its URL, `?q=<text>` (also with `?mode=tab`), opens with the question in the
 * field and its answer shown, so an answer can be linked. Loaded after the first paint (popup.ts); the
 * field is in index.html from the first paint on, and what was typed before this module came is answered
 * when it comes.
 *
 *   input event ──► the question's answers (shared/answers/answer-steps.ts, with this page's sources:
 *                   page-sources.ts), each drawn over the one before; a newer question aborts the older
 *                   one's sequence, and with it any request it made
 *   Enter, or ?q= on opening ──► the same, and the sequence asks what the answer needs (a milestone's
 *                   schedule, a version's past releases)
 *   ?q= on opening ──► the worker's answer, when it gave one (first-answer.ts), is the sequence's first
 *                   step: drawn as it is, without reading the asset, which only what follows it reads
 *
 * The features asset (features.json) is read the first time a question is asked, not on every popup open:
 * it is a few hundred KB the glance does not need; the second (compat-keys.json) on the first question the
 * first names nothing for. In a tab, the URL follows the field (`q`), so the address
 * bar holds a link to the answer shown.
 */
import { parseQuestion, type ParsedQuestion } from "../../core/ask/parse.ts";
import { messageOf } from "../../core/errors.ts";
import { answerSteps, type AnswerStep } from "../../shared/answers/answer-steps.ts";
import { byId } from "../../shared/page/dom.ts";
import type { WorkerAnswer } from "../../shared/page/messages.ts";
import { ANSWER_MARK, drawAnswer, drawProblem } from "./answer-dom.ts";
import { keepInUrl, tabTitle, TAB_TITLE } from "./answer-tab.ts";
import { pageSources, type AskApi } from "./page-sources.ts";
import type { AskStored } from "./stored-context.ts";
import { usersFigure } from "./users-dom.ts";

export type { AskApi };

/** The performance mark of the page's own question answered in full (its schedule and releases asked too). */
const SETTLED_MARK = "rr:answer-settled";

/**
 * The answer on screen, as the page tells what is under it (the Watch control): its subject, and whether it
 * is still being completed (drawn again, it may grow). Null: no answer shown.
 */
export type ShownAnswer = { readonly subject: string; readonly busy: boolean } | null;

export interface AskOptions {
  /** For tests: the page's own `fetch` otherwise. */
  readonly fetch?: typeof fetch;
  /** The worker's answer to the page's own question (first-answer.ts; main.ts asks it at once). */
  readonly early?: Promise<WorkerAnswer | null> | null | undefined;
  /** Told each time the answer shown changes. */
  readonly told?: (shown: ShownAnswer) => void;
}

/**
 * Binds the field and answers the question the page was opened with, if any; resolves once that one's first
 * answer is drawn (or cannot be), at once without one. `stored` is read for each answer, so an answer follows
 * the latest poll; `search` is the page's query (`q`, `mode=tab`).
 */
export function openAsk(
  api: AskApi,
  stored: () => AskStored,
  search: string,
  options: AskOptions = {},
): Promise<void> {
  const form = byId("ask-form", HTMLFormElement);
  const field = byId("ask", HTMLInputElement);
  const out = byId("answer", HTMLElement);
  const status = byId("ask-status", HTMLElement);
  const query = new URLSearchParams(search);
  const tab = query.get("mode") === "tab";
  const sources = pageSources(api, stored, options.fetch);
  const told = options.told ?? (() => undefined);
  /** The question being answered: a newer one aborts it. */
  let asking = new AbortController();
  let subject: string | undefined;

  /** Resolves once the first answer is drawn (or cannot be): the answer page's list waits for it. */
  let shown: () => void = () => undefined;
  const firstShown = new Promise<void>((resolve) => (shown = resolve));

  function show({ answer, identity }: AnswerStep, parsed: ParsedQuestion): void {
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
    if (tab) document.title = tabTitle(answer, parsed);
    subject = answer.subject;
    tell(true);
  }

  /** The answer's `aria-busy`, and what the page is told of the answer shown (nothing while it is hidden). */
  function tell(busy: boolean): void {
    out.setAttribute("aria-busy", String(busy));
    told(out.hidden || subject === undefined ? null : { subject, busy });
  }

  /**
   * Answers `text`; `submitted`: Enter, a link, or the page's own question. The answer is `aria-busy` until
   * its sequence ends: it may be drawn again, taller, and nothing is offered under it meanwhile (the Watch
   * control), where a click could land after it moved.
   */
  async function answerTo(text: string, submitted: boolean, early?: Promise<WorkerAnswer | null> | null) {
    asking.abort();
    const signal = (asking = new AbortController()).signal;
    if (tab) keepInUrl(text);
    // Read once: the answers, the tab's title and what is asked next all use this reading.
    const parsed = parseQuestion(text);
    if (parsed.question.kind === "empty" && (parsed.text === "" || !submitted)) {
      out.replaceChildren();
      out.hidden = true;
      status.textContent = "";
      if (tab) document.title = TAB_TITLE;
      subject = undefined;
      tell(false);
      return;
    }
    tell(true);
    try {
      const given = early ? await early.catch(() => null) : null;
      signal.throwIfAborted();
      for await (const step of answerSteps(parsed, { submitted, given }, sources, signal)) {
        if (!signal.aborted) show(step, parsed);
      }
    } catch (e) {
      if (signal.aborted) return;
      drawProblem(out, messageOf(e));
      subject = undefined;
    }
    tell(false);
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
    void answerTo(initial, true, options.early).finally(() => {
      shown();
      performance.mark(SETTLED_MARK);
    });
    return firstShown;
  }
  if (field.value !== "") void answerTo(field.value, false);
  return Promise.resolve();
}
