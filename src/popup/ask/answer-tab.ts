/**
 * What the answer page's tab shows of its question: its title names the answer's subject (or, for a miss,
 * the question), and its URL keeps the question (`q`), so the address bar holds a link to the answer shown.
 */
import type { ParsedQuestion } from "../../core/ask/parse.ts";
import type { Answer } from "../../shared/answers/index.ts";

/** The answer page's title without a question; with one, the question's subject comes first. */
export const TAB_TITLE = "Release Radar";

/** The longest question a tab's title repeats, in code points. */
const TITLE_QUESTION = 60;

/** The tab's title: the answer's subject, or for a miss the question (its start), then the product. */
export function tabTitle(answer: Answer, question: ParsedQuestion): string {
  if (answer.kind === "empty") return TAB_TITLE;
  if (answer.kind !== "miss") return `${answer.title} · ${TAB_TITLE}`;
  // As read: bidi controls dropped, so a right-to-left override in it cannot reorder the title.
  const points = [...question.text];
  const start = points.slice(0, TITLE_QUESTION).join("");
  return `${start}${points.length > TITLE_QUESTION ? "…" : ""} · ${TAB_TITLE}`;
}

/** Keeps the question in the tab's URL (`q`), so the address bar holds a link to the answer shown. */
export function keepInUrl(text: string): void {
  const params = new URLSearchParams(location.search);
  if (text === "") params.delete("q");
  else params.set("q", text);
  history.replaceState(history.state, "", `${location.pathname}?${params.toString()}`);
}
