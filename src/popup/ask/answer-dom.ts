/**
 * An answer (shared/answers Answer) drawn into the page: its notice, title, lines as a list, links, and the
 * line that says which data answered. Text only, through textContent (dom.ts): a question selected on any
 * page can hold markup, and it comes back inside the answer's title. Each line is isolated for bidi
 * (ask.css), so right-to-left text in one cannot reorder its neighbours.
 */
import type { Answer } from "../../shared/answers/index.ts";
import { el, link } from "../../shared/dom.ts";

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
 * Replaces what `out` shows with `answer`. `identity` (the asset's data, "web-features 3.40.0, …") is said
 * once at the end, whether or not the answer's lines include it.
 */
export function drawAnswer(out: HTMLElement, answer: Answer, identity: string | null): void {
  const lines = answer.lines.filter((line) => line !== identity);
  const links = answer.links.filter((l) => isHttps(l.url));
  out.replaceChildren(
    ...(answer.notice !== undefined ? [el("p", { class: "answer-notice" }, answer.notice)] : []),
    el("h2", { class: "answer-title" }, answer.title),
    el("ul", { class: "answer-lines" }, ...lines.map((line) => el("li", {}, line))),
    ...(links.length > 0
      ? [el("ul", { class: "answer-links" }, ...links.map((l) => el("li", {}, link(l.url, l.text))))]
      : []),
    ...(identity !== null ? [el("p", { class: "hint answer-data" }, identity)] : []),
  );
  out.hidden = false;
}

/** Says in `out` why there is no answer (the feature data could not be read). */
export function drawProblem(out: HTMLElement, text: string): void {
  out.replaceChildren(el("p", { class: "answer-problem" }, text));
  out.hidden = false;
}
