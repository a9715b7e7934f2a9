/**
 * What `npm start`'s browser sessions (Chromium in start.ts, Firefox in start-firefox.ts) share: what they are
 * given, and the wait for the first poll's outcome on the toolbar, where each browser says how to ask the
 * background for a check and how to read its state back.
 */
import { waitFor, WAIT_TIMEOUT_MS, type ActionState } from "./chromium.ts";

/** A browser session of npm start: `opened` hands over how to close the browser before anything can fail. */
export interface SessionOptions {
  /** The built extension to load. */
  readonly dist: string;
  /** Where screenshots go. */
  readonly artifacts: string;
  /** No display: report and end; with one, stay open until the person closes the browser. */
  readonly headless: boolean;
  readonly opened: (close: () => Promise<void>) => void;
}

/** What the background has stored and what the toolbar shows, read together. */
export interface FirstState {
  readonly pollState?: { failures: number; lastAttempt?: number; nextTry: number; lastError?: string };
  readonly fetchedAt?: number;
  readonly action: ActionState;
}

/** The browser's side of the wait. */
export interface FirstPollProbe {
  /** Sends the background `{type: "refresh"}` from an extension page and returns its answer. */
  readonly ask: () => Promise<unknown>;
  /** Reads `pollState` and the snapshot's `fetchedAt` from storage.local, and the toolbar's badge and title. */
  readonly read: () => Promise<FirstState>;
}

/** `promise`, or a rejection saying what was waited for once `ms` have passed. */
async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited ${ms / 1000} s for ${what}, in vain`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const describeFirstState = (s: FirstState): string =>
  `badge "${s.action.badgeText}", title ${JSON.stringify(s.action.title)}, ` +
  `pollState ${JSON.stringify(s.pollState ?? null)}, ` +
  (s.fetchedAt === undefined ? "no snapshot" : `snapshot fetched at ${new Date(s.fetchedAt).toISOString()}`);

/**
 * Waits for a poll's outcome on the toolbar: real data or an error, never the state the background shows
 * before it has heard from the service. The background stores `pollState` (with `lastAttempt`) when a poll
 * has finished and redraws the toolbar just after, so storage alone could be read a moment before the
 * toolbar follows, and no wording of the title is relied on either. Instead an extension page asks the
 * background to check now, as the popup's "Check now" does: the background joins the check already under way
 * (the one it starts at install), or makes another, and answers once the state is stored and shown. Then
 * storage must show a finished poll, and one read of the toolbar shows its outcome.
 */
export async function waitForFirstPoll({ ask, read }: FirstPollProbe): Promise<FirstState> {
  const what =
    "the background to answer a check (stored and shown) and storage.local to hold a finished poll";
  try {
    const answer = await withDeadline(ask(), WAIT_TIMEOUT_MS, "the background's answer to a check");
    if ((answer as { ok?: unknown } | undefined)?.ok !== true) {
      throw new Error(`the background answered a check with ${JSON.stringify(answer)}`);
    }
    return await waitFor(read, (s) => s.pollState?.lastAttempt !== undefined, {
      what: "a finished poll in storage.local (pollState.lastAttempt)",
      describe: describeFirstState,
    });
  } catch (error) {
    const last = await read().then(describeFirstState, () => "the background could not be read");
    throw new Error(
      `Waited for ${what}, in vain (${error instanceof Error ? error.message : String(error)}). ` +
        `Read just now: ${last}`,
      { cause: error },
    );
  }
}

/** The lines `npm start` prints for the toolbar: the badge, and the title indented under it. */
export function describeToolbar(action: ActionState): string[] {
  return [`badge: "${action.badgeText}"`, `title:\n  ${action.title.split("\n").join("\n  ")}`];
}
