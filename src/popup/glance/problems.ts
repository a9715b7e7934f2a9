/**
 * Pure: the popup's banners from what is failing right now. Three parts of the popup talk to the service
 * (the worker's latest check, the release list, the chart), and a service that is down fails them all; a
 * person should read that once, not three times. So each part reports its current failure (or none), and
 * failures with one cause make one banner naming every part it stopped. A part that recovers withdraws its
 * report, and a banner goes when its last report does.
 *
 * The message is a sentence; the technical details of every report go behind a "details" disclosure.
 */
import { sameCause, type Failure } from "../../shared/status/failure.ts";
import {
  endSentence,
  failureMessage,
  failureSentence,
  nextTryText,
} from "../../shared/status/failure-sentence.ts";

/** The parts of the popup that can fail, in the order banners name them. */
export const SOURCES = ["check", "results", "chart"] as const;
export type Source = (typeof SOURCES)[number];

export interface Problem {
  readonly source: Source;
  readonly failure: Failure;
  /** When the part tries again by itself (the worker's next poll), if it does. */
  readonly nextTry?: number;
}

export interface Banner {
  /** The sources it stands for, in SOURCES order; Retry retries each. */
  readonly sources: readonly Source[];
  readonly message: string;
  readonly details: string;
}

/** What a failure of one part stopped, for a banner's first words. */
const LEAD: Readonly<Record<Source, string>> = {
  check: "The latest check failed",
  results: "The release list could not load",
  chart: "The chart could not load",
};

/** The same, as an object of "This stopped ...". */
const STOPPED: Readonly<Record<Source, string>> = {
  check: "the latest check",
  results: "the release list",
  chart: "the chart",
};

/** One banner per cause, in the order of the first source each cause stopped. */
export function banners(problems: readonly Problem[], host: string, now: number): Banner[] {
  const groups: Problem[][] = [];
  for (const source of SOURCES) {
    for (const p of problems.filter((q) => q.source === source)) {
      const group = groups.find((g) => g[0] !== undefined && sameCause(g[0].failure, p.failure));
      if (group) group.push(p);
      else groups.push([p]);
    }
  }
  return groups.map((group) => {
    const first = group[0] as Problem;
    const sources = group.map((p) => p.source);
    const nextTry = group.find((p) => p.nextTry !== undefined)?.nextTry;
    const message =
      group.length === 1
        ? `${LEAD[first.source]}: ${failureMessage(first.failure, host, nextTry, now)}`
        : `${endSentence(`${failureSentence(first.failure, host)}${nextTry === undefined ? "" : joinNext(nextTryText(nextTry, now))}`)} ` +
          `This stopped ${list(sources.map((s) => STOPPED[s]))}.`;
    return {
      sources,
      message,
      details: group.map((p) => `${LEAD[p.source]}: ${p.failure.details}`).join("\n"),
    };
  });
}

function joinNext(next: string): string {
  return next ? `; ${next}` : "";
}

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1] ?? ""}`;
}
