/**
 * What the popup page shows, as one value, and the named transitions that change it. Pure: page-store.ts
 * keeps the one current state, applies a transition when something happens (storage answered, a check was
 * asked for, a part failed) and tells the parts, which draw what the state says; unit tests drive the
 * transitions without a page.
 */
import type { Failure } from "../shared/status/failure.ts";
import type { ShownAnswer } from "./ask/ask-dom.ts";
import { headerView } from "./glance/header.ts";
import type { HeaderData } from "./glance/header-data.ts";
import type { Problem, Source } from "./glance/problems.ts";
import type { BrowserFacts } from "./popup-api.ts";
import type { Stored } from "./stored.ts";

export interface PageState {
  /** What the glance is drawn from: storage's answers. */
  readonly stored: Stored;
  readonly browser: BrowserFacts;
  /** A check the person asked for is under way. */
  readonly refreshing: boolean;
  /** Asking the worker for a check failed (the worker could not be reached): said as the check's problem. */
  readonly askFailed: Failure | null;
  /** The release list's and the chart's current failures. */
  readonly reported: ReadonlyMap<Source, Problem>;
  /** The sources trying again now, whose banners say so. */
  readonly retrying: ReadonlySet<Source>;
  /** What the watch switcher says of its last change ("Saving…", "Not saved: …"). */
  readonly watchStatus: string;
  /** Counts the changes of the stored schedules or settings: the schedule section is drawn again on each. */
  readonly scheduleChanges: number;
  /** The answer on screen (its subject, whether it is still being completed), which the Watch control is under. */
  readonly answer: ShownAnswer;
}

export function initialState(stored: Stored): PageState {
  return {
    stored,
    browser: { thisBrowser: undefined, pinned: null },
    refreshing: false,
    askFailed: null,
    reported: new Map(),
    retrying: new Set(),
    watchStatus: "",
    scheduleChanges: 0,
    answer: null,
  };
}

const withSource = (set: ReadonlySet<Source>, source: Source, on: boolean): ReadonlySet<Source> => {
  const next = new Set(set);
  if (on) next.add(source);
  else next.delete(source);
  return next;
};

/** Storage answered. */
export const storedRead = (state: PageState, stored: Stored): PageState => ({ ...state, stored });

/** The browser said its name and whether the button is pinned. */
export const browserKnown = (state: PageState, browser: BrowserFacts): PageState => ({ ...state, browser });

/** The person asked for a check: the header says so, and an earlier failure to ask is forgotten. */
export const checkAsked = (state: PageState): PageState => ({
  ...state,
  refreshing: true,
  askFailed: null,
  retrying: withSource(state.retrying, "check", true),
});

/** The worker answered the check (`failure` null), or could not be asked. */
export const checkAnswered = (state: PageState, failure: Failure | null): PageState => ({
  ...state,
  refreshing: false,
  askFailed: failure,
  retrying: withSource(state.retrying, "check", false),
});

/** A change of what the toolbar watches is being saved. */
export const watchSaving = (state: PageState): PageState => ({ ...state, watchStatus: "Saving…" });

/** The change was saved (`error` null), or refused with `error`'s words. */
export const watchSaved = (state: PageState, error: string | null): PageState => ({
  ...state,
  watchStatus: error === null ? "" : `Not saved: ${error}`,
});

/** A part (the release list, the chart) failed with `failure`, or succeeded (null). */
export function partReported(state: PageState, source: Source, failure: Failure | null): PageState {
  const reported = new Map(state.reported);
  if (failure === null) reported.delete(source);
  else reported.set(source, { source, failure });
  return { ...state, reported };
}

/** The answer on screen changed. */
export const answerShown = (state: PageState, answer: ShownAnswer): PageState => ({ ...state, answer });

/** The worker stored a schedule, or the settings changed. */
export const schedulesStored = (state: PageState): PageState => ({
  ...state,
  scheduleChanges: state.scheduleChanges + 1,
});

/** What the header says of `state` at `now` (the banners say its problem and how stale it is). */
export function glanceOf({ stored, browser }: PageState, now: number): HeaderData {
  const { thisBrowser } = browser;
  return headerView({ ...stored, now, ...(thisBrowser !== undefined ? { thisBrowser } : {}) });
}

/** The check's problem (a failed ask before the service's own), then the parts' problems. */
export function problemsOf(state: PageState, check: Problem | null): Problem[] {
  const asked = state.askFailed ? { source: "check" as const, failure: state.askFailed } : check;
  return [...(asked ? [asked] : []), ...state.reported.values()];
}
