/**
 * An answer (shared/answers Answer) drawn into the page: its notice, title, lines as a list, links, and the
 * line that says which data answered. Text only, through textContent (dom.ts): a question selected on any
 * page can hold markup, and it comes back inside the answer's title. Each line is isolated for bidi
 * (ask.css), so right-to-left text in one cannot reorder its neighbours.
 */
import type { Answer } from "../../shared/answers/index.ts";
import { el, link, withDays } from "../../shared/page/dom.ts";
import { answerQuery, contextQuery } from "../../shared/page/page-context.ts";
import type { UsersView } from "../../shared/answers/users.ts";

/** The performance mark of the frame the page's first answer is drawn in (bench/answer-page.ts reads it). */
export const ANSWER_MARK = "rr:answer-paint";

/**
 * Whether `url` is an https address; an answer's links come from the asset and the release-notes builder.
 * (Not URL.canParse: Chrome has it from 120, the manifest allows 116.)
 */
function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A link that asks `question` here: a plain click answers it in this page (`onAsk`); a click that opens a
 * new tab or window (middle, Ctrl, Cmd, Shift) opens the answer page for it there.
 */
function askLink(question: string, text: string, onAsk: (question: string) => void): HTMLAnchorElement {
  const a = el("a", { href: `?${answerQuery(question)}`, class: "answer-ask" }, text);
  a.addEventListener("click", (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onAsk(question);
  });
  return a;
}

/**
 * Replaces what `out` shows with `answer`. `identity` (the asset's data, "web-features 3.40.0, …") is said
 * once at the end, whether or not the answer's lines include it. `onAsk` answers a choice's question.
 * `drawUsers` draws the share of users' bars (users-dom.ts): the search field passes it; the first paint's
 * script, which draws the answer page's first answer before the field is loaded, does not carry it (the lines
 * say every figure the bars show, and the field draws the same answer again with them a moment later).
 */
export function drawAnswer(
  out: HTMLElement,
  answer: Answer,
  identity: string | null,
  onAsk: (question: string) => void = () => undefined,
  drawUsers?: (view: UsersView) => HTMLElement,
): void {
  const lines = answer.lines.filter((line) => line !== identity);
  const links = answer.links.filter((l) => isHttps(l.url));
  const choices = (answer.choices ?? []).filter((c) => c.questions.length > 0);
  out.replaceChildren(
    ...(answer.notice !== undefined ? [el("p", { class: "answer-notice" }, answer.notice)] : []),
    el("h2", { class: "answer-title" }, answer.title),
    el("ul", { class: "answer-lines" }, ...lines.map((line) => el("li", {}, ...withDays(line)))),
    ...(answer.users !== undefined && drawUsers !== undefined ? [drawUsers(answer.users)] : []),
    ...choices.map((c) =>
      el(
        "div",
        { class: "answer-choices" },
        el("h3", {}, c.label),
        el("ul", {}, ...c.questions.map((q) => el("li", {}, askLink(q.question, q.text, onAsk)))),
      ),
    ),
    ...(answer.explore !== undefined
      ? [
          el(
            "p",
            {},
            link(`?mode=tab&${contextQuery(answer.explore.context)}`, answer.explore.text, {
              class: "answer-explore",
            }),
          ),
        ]
      : []),
    ...(links.length > 0
      ? [el("ul", { class: "answer-links" }, ...links.map((l) => el("li", {}, link(l.url, l.text))))]
      : []),
    ...(identity !== null ? [el("p", { class: "hint answer-data" }, identity)] : []),
  );
  // What the answer is about (`feature:has`, `milestone:153`), for the page's tests and tools.
  if (answer.subject === undefined) delete out.dataset.subject;
  else out.dataset.subject = answer.subject;
  out.hidden = false;
}

/** Says in `out` why there is no answer (the feature data could not be read). */
export function drawProblem(out: HTMLElement, text: string): void {
  delete out.dataset.subject;
  out.replaceChildren(el("p", { class: "answer-problem" }, text));
  out.hidden = false;
}
