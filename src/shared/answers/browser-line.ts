/**
 * The line a question naming a browser gets first ("grid gap firefox"): that browser's support for the
 * subject, from the same data as the rest of the answer.
 */
import type { NamedBrowser } from "../../core/ask/browsers.ts";
import type { Subject } from "../../core/features/exact.ts";
import type { Answer } from "./answer.ts";
import { removedIn, supportedOfFeature, supportedOfKey, versionIn } from "./supported.ts";

/** "Firefox: supported since 66", "Safari on iOS: no version supports it", "Opera: not in the data …". */
export function browserLine(subject: Subject, named: NamedBrowser): string {
  if (named.browser === null) return `${named.label}: not in the browser data Release Radar carries`;
  const s = subject.kind === "feature" ? supportedOfFeature(subject.feature) : supportedOfKey(subject.key);
  const version = versionIn(s, named.browser);
  if (version !== null) return `${named.label}: supported since ${version}`;
  const removed = removedIn(s, named.browser);
  if (removed !== null)
    return `${named.label}: removed in ${removed.removed} (supported from ${removed.added})`;
  return `${named.label}: no version supports it`;
}

/** The answer with the named browser's line first. */
export function withBrowserLine(answer: Answer, subject: Subject, named: NamedBrowser): Answer {
  const line = browserLine(subject, named);
  return { ...answer, lines: [line, ...answer.lines], summary: `${line} · ${answer.summary}` };
}
