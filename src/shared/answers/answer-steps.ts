/**
 * One question's answers in the order they are drawn, as an async sequence: the popup's field, the answer
 * page and the worker's reply to the answer page all run this one sequence, each with its own sources (what
 * it can read, ask and fetch); a surface draws what it yields and stops when its signal aborts (a newer
 * question): the sequence then ends at its next step without asking anything more.
 *
 *   the answer from what is at hand (quick: without the other close matches)
 *     └─► the same in full (the close matches, the schedules and the share of users read meanwhile), when
 *         the quick one lacked any of them and the surface drew it first (`pause`)
 *   Enter, or the page's own question:
 *     a milestone whose days are not stored ──► its schedule asked for once ──► the answer with its days
 *     a version (or, while typing, a whole one) ──► "Asking the service…" ──► every release it served
 *
 * An answer given already (the worker's, on the answer page) is the first step, taken as it is: the
 * question is answered once per page, and what follows it reads the asset only if it asks something.
 */
import type { ParsedQuestion } from "../../core/ask/parse.ts";
import { identityLine, type FeatureAsset } from "../../core/features/asset.ts";
import type { ReleaseResource } from "../../core/types.ts";
import type { UsageOutcome } from "../usage/usage-context.ts";
import type { ThisBrowser } from "../status/this-browser.ts";
import type { Answer, AskContext } from "./answer.ts";
import { firefoxAnswer } from "./firefox.ts";
import { ask } from "./index.ts";
import { versionAnswer } from "./version.ts";

/** An answer and the line that says which data made it. */
export interface AnswerStep {
  readonly answer: Answer;
  readonly identity: string;
}

/**
 * What a surface has read for a question: its answers' context once the schedules (`S`: as the surface
 * keeps them) and the share of users' data are given.
 */
export interface AnswerInputs<S> {
  readonly asset: FeatureAsset;
  readonly contextOf: (schedules: readonly S[], usage: UsageOutcome | null) => AskContext;
  /** The stored schedules, when read already; `later` brings them. */
  readonly schedules: readonly S[] | null;
  readonly later: Promise<readonly S[]>;
  /** The share of users' data, when read already; `usageLater` brings it. */
  readonly usage: UsageOutcome | null;
  /** Null where the surface has no usage data. */
  readonly usageLater: Promise<UsageOutcome | null>;
}

/** What a surface can do for a question; what it cannot is left out. */
export interface AnswerSources<S> {
  /** Reads what the answer is made from; rejects saying why it cannot (the asset cannot be read). */
  readonly load: (parsed: ParsedQuestion) => Promise<AnswerInputs<S>>;
  /** This browser: in Firefox, `firefox` is answered about it. */
  readonly thisBrowser?: () => Promise<ThisBrowser | undefined>;
  /** Asks for a milestone's schedule; the schedules read again after it, or null when it could not be had. */
  readonly askSchedule?: (milestone: number) => Promise<readonly S[] | null>;
  /** What the service served of a version, past releases too (not stored). */
  readonly served?: (
    question: Extract<ParsedQuestion["question"], { kind: "version" }>,
    signal: AbortSignal,
  ) => Promise<readonly ReleaseResource[]>;
  /** Why asking the service failed, in a few words. */
  readonly whyFailed?: (error: unknown, ctx: AskContext) => string;
  /** Settles once the quick answer is drawn: without it the answer is given in full at once. */
  readonly pause?: () => Promise<void>;
}

export interface AskedHow {
  /** Enter, a link, or the page's own question (not a keystroke). */
  readonly submitted: boolean;
  /** An answer given already (the worker's), taken as the first step. */
  readonly given?: AnswerStep | null;
}

/** The answers to `parsed`, in the order they are drawn; ends early once `signal` aborts. */
export async function* answerSteps<S>(
  parsed: ParsedQuestion,
  { submitted, given }: AskedHow,
  sources: AnswerSources<S>,
  signal: AbortSignal,
): AsyncGenerator<AnswerStep, void, undefined> {
  /** Awaits `value`, and ends the sequence (an AbortError) when a newer question came meanwhile. */
  const settled = async <T>(value: Promise<T> | T): Promise<T> => {
    const result = await value;
    signal.throwIfAborted();
    return result;
  };
  let inputs: AnswerInputs<S> | null = null;
  let first: AnswerStep;
  if (given) {
    first = given;
    yield first;
  } else {
    inputs = await settled(sources.load(parsed));
    const loaded = inputs;
    const browser = parsed.question.kind === "firefox" ? await settled(sources.thisBrowser?.()) : undefined;
    const identity = identityLine(loaded.asset);
    // In Firefox, "firefox" asks about this browser: the one answer the asset has about it.
    const answerOf = (schedules: readonly S[], usage: UsageOutcome | null, related: boolean) => {
      const ctx = loaded.contextOf(schedules, usage);
      return browser !== undefined && !browser.chromium
        ? firefoxAnswer(browser, ctx.asset, ctx.now)
        : ask(parsed, ctx, { typing: !submitted, related });
    };
    // A surface that draws meanwhile (`pause`) gets the quick answer first, and the full one only where the
    // quick one lacked something; one that does not gets the full answer once.
    const quick =
      sources.pause === undefined
        ? null
        : { answer: answerOf(loaded.schedules ?? [], loaded.usage, false), identity };
    if (quick !== null) yield quick;
    const kind = quick?.answer.kind;
    if (quick === null || loaded.schedules === null || kind === "feature" || kind === "key") {
      await settled(sources.pause?.());
      const schedules = loaded.schedules ?? (await settled(loaded.later));
      const usage = loaded.usage ?? (await settled(loaded.usageLater));
      first = { answer: answerOf(schedules, usage, true), identity };
      yield first;
    } else first = quick;
  }
  yield* followUps(parsed, submitted, first, inputs, sources, settled, signal);
}

/** What the answer asks next: a milestone's schedule, a version's releases; each drawn when it comes. */
async function* followUps<S>(
  parsed: ParsedQuestion,
  submitted: boolean,
  first: AnswerStep,
  read: AnswerInputs<S> | null,
  sources: AnswerSources<S>,
  settled: <T>(value: Promise<T> | T) => Promise<T>,
  signal: AbortSignal,
): AsyncGenerator<AnswerStep, void, undefined> {
  const { question, notice } = parsed;
  const milestone = submitted && sources.askSchedule ? first.answer.scheduleOf : undefined;
  // A version is asked of the service on Enter, or while typing once it is complete: a prefix while typing
  // would ask once per keystroke for hundreds of releases.
  const served = question.kind === "version" && (submitted || !question.prefix) ? sources.served : undefined;
  if (milestone === undefined && served === undefined) return;
  // Answered again here, from the asset (read already when the answer was made here).
  let inputs: AnswerInputs<S>;
  try {
    inputs = read ?? (await settled(sources.load(parsed)));
  } catch (e) {
    if (signal.aborted) throw e;
    return;
  }
  const identity = identityLine(inputs.asset);
  const usage = await settled(inputs.usageLater);
  let ctx = inputs.contextOf(inputs.schedules ?? (await settled(inputs.later)), usage);
  if (milestone !== undefined && !ctx.schedules.some((s) => s.mstone === milestone)) {
    // Chrome's days come from the schedule service alone: a milestone not stored is asked for once, and the
    // answer drawn again with its days (or left as it is, saying none is known, when it cannot be had).
    const schedules = await settled(sources.askSchedule?.(milestone) ?? null);
    if (schedules !== null) {
      ctx = inputs.contextOf(schedules, usage);
      yield { answer: ask(parsed, ctx, { typing: false, related: true }), identity };
    }
  }
  if (question.kind !== "version" || served === undefined) return;
  const { answer } = first;
  yield {
    answer: { ...answer, lines: [...answer.lines, "Asking the service which releases of it it served…"] },
    identity,
  };
  let releases: readonly ReleaseResource[];
  try {
    releases = await settled(served(question, signal));
  } catch (e) {
    signal.throwIfAborted();
    const why = sources.whyFailed?.(e, ctx) ?? String(e);
    const line = `Could not ask the service which releases it served: ${why}.`;
    yield { answer: { ...answer, lines: [...answer.lines, line] }, identity };
    return;
  }
  const full = versionAnswer(question, ctx, releases);
  yield { answer: notice === undefined ? full : { ...full, notice }, identity };
}
