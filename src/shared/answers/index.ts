/**
 * Asking Release Radar: the functions the surfaces call (omnibox, context menu, popup search field, answer
 * page). Pure: they read the context the surface gathered (answer.ts AskContext) and make no request.
 *
 * - ask(text, ctx): the full answer to a question, for the answer page and the popup.
 * - suggest(text, ctx): one-line answers while typing, for the omnibox (escape them with xmlEscape there).
 * - versionAnswer(q, ctx, served): a version's answer with the releases the surface fetched (versionFilter).
 * - firefoxAnswer(browser, asset, now): this Firefox against the current Firefox release.
 */
import { isolate } from "../../core/bidi.ts";
import { messageOf } from "../../core/errors.ts";
import type { MoreKeysAsset } from "../../core/features/more-keys.ts";
import {
  parseQuestion,
  type AgentBrowser,
  type ParsedQuestion,
  type Question,
} from "../../core/ask/parse.ts";
import { identityLine, type FeatureAsset } from "../../core/features/asset.ts";
import { exactIndex } from "../../core/features/exact.ts";
import { keyTitle } from "../../core/features/key-title.ts";
import {
  FEATURE_PREFIX,
  featureById,
  MAX_CANDIDATES,
  relatedTo,
  resolve,
  suggestSubjects,
  type Resolution,
  type Subject,
} from "../../core/features/match.ts";
import { moreKeysProbe } from "../../core/features/more-keys.ts";
import type { Answer, AnswerChoices, AskContext, AskLink } from "./answer.ts";
import { featureAnswer } from "./feature.ts";
import { firefoxReleaseAnswer } from "./firefox.ts";
import { keyAnswer } from "./key.ts";
import { milestoneAnswer } from "./milestone.ts";
import { versionAnswer } from "./version.ts";
import { channelAnswer } from "./channel.ts";
import { newestLiveStable } from "./shares.ts";
import { browserNamed, type NamedBrowser } from "../../core/ask/browsers.ts";
import { withBrowserLine } from "./browser-line.ts";

export type { Answer, AnswerChoices, AnswerKind, AnswerLink, AskContext, AskLink } from "./answer.ts";
export { firefoxAnswer } from "./firefox.ts";
export { versionAnswer, versionFilter, versionHistoryLines } from "./version.ts";
export { xmlEscape } from "./xml.ts";

/**
 * The answer to `input` (as typed, or as parseQuestion read it). `typing`: the text is still being typed (the popup's field), so a question that
 * names nothing for sure offers what its half-typed last word starts (`contaner q`: container queries).
 * `related`: with the other close matches (a loose search, whose index is built on first use).
 */
export function ask(
  input: string | ParsedQuestion,
  ctx: AskContext,
  { typing = false, related = true }: { typing?: boolean; related?: boolean } = {},
): Answer {
  // A page that has read the question already (to say it, to choose what to ask next) passes it read.
  const { question, text, notice } = typeof input === "string" ? parseQuestion(input) : input;
  const answer = answerTo(question, text, ctx, related, typing);
  return notice === undefined ? answer : { ...answer, notice };
}

function answerTo(question: Question, text: string, ctx: AskContext, full: boolean, typing = false): Answer {
  switch (question.kind) {
    case "empty":
      return emptyAnswer(text);
    case "milestone":
      return withAgent(milestoneAnswer(question.milestone, ctx), question.agent);
    case "version": {
      // A version asked with a feature's name: the version is the asker's, the feature the subject.
      // Only where its words name the feature for sure: "we're pinned to 149.0.7827.200" asks the version.
      const { rest } = question;
      const named = rest === undefined ? null : resolveAsked(ctx, rest).resolved;
      if (rest !== undefined && named?.subject != null && named.searched !== true && named.ahead !== true)
        return answerTo({ kind: "feature", text: rest }, rest, ctx, full, typing);
      return withAgent(versionAnswer(question, ctx), question.agent);
    }
    case "firefox":
      return firefoxReleaseAnswer(ctx.asset, ctx.now);
    case "next":
      return nextAnswer(ctx);
    case "channel":
      return channelAnswer(question.channel, ctx, question.platform);
    case "feature": {
      const { resolved, words, browser } = resolveAsked(ctx, question.text);
      const { subject, candidates } = resolved;
      if (subject === null) {
        return missAnswer(
          text,
          ctx,
          typing ? suggestSubjects(ctx.asset, words, MAX_CANDIDATES, resolved) : candidates,
        );
      }
      const others = resolved.ahead
        ? choicesOf("Also matched", ctx.asset, candidates)
        : choicesOf(
            "Other matches",
            ctx.asset,
            full ? relatedTo(ctx.asset, words, subject).map(featureSubject) : [],
          );
      const answer = subjectAnswer(subject, ctx, others);
      return browser === null ? answer : withBrowserLine(answer, subject, browser);
    }
  }
}

/** The milestone after the newest on Stable in the stored data, answered as that milestone is. */
function nextAnswer(ctx: AskContext): Answer {
  const newest = ctx.snapshot === null ? null : newestLiveStable(ctx.snapshot);
  if (newest === null) {
    const title = "The next milestone cannot be told: no Stable release is in the stored data";
    return { kind: "miss", title, lines: [], links: [], summary: title };
  }
  const answer = milestoneAnswer(newest + 1, ctx);
  const line = `The next milestone after Chrome ${newest}, the newest on Stable, is ${newest + 1}.`;
  return { ...answer, lines: [line, ...answer.lines], summary: `${line} ${answer.summary}` };
}

/** A pasted user-agent string of another Chromium browser (Edge, Opera) says whose it is, above Chrome's answer. */
function withAgent(answer: Answer, agent: AgentBrowser | undefined): Answer {
  if (agent === undefined) return answer;
  const line = `This user-agent string is ${agent.name} ${agent.version}'s, built on the Chromium below.`;
  return {
    ...answer,
    lines: [line, ...answer.lines],
    summary: `${agent.name} ${agent.version} · ${answer.summary}`,
  };
}

/**
 * What a feature question's words name: with a browser named ("grid gap firefox"), the other words when they
 * name a subject (answered with that browser's line first); else the words as asked. One reading for the
 * answer and the address bar's suggestions.
 */
function resolveAsked(
  { asset, more }: AskContext,
  asked: string,
): { resolved: Resolution; words: string; browser: NamedBrowser | null } {
  // "do users on chrome 104 have :has()": the Chrome version is the asker's, not part of the feature's name.
  const text = asked.replace(/\b(?:chrome|chromium)\s+(?:version\s+)?\d+(?:\.\d+)*\b/gi, " ").trim() || asked;
  const named = browserNamed(text);
  const without = named === null ? null : resolve(asset, named.text, more);
  if (named !== null && without?.subject != null)
    return { resolved: without, words: named.text, browser: named };
  const whole = resolve(asset, text, more);
  // The browser's name read as part of the subject must name it for sure ("Safari extensions"): as a word
  // that lifts one candidate ahead of the others, it is the question's browser, not its subject.
  if (named !== null && without !== null && (whole.subject === null || whole.ahead))
    return { resolved: without, words: named.text, browser: named };
  return { resolved: whole, words: text, browser: null };
}

const featureSubject = (feature: Extract<Subject, { kind: "feature" }>["feature"]): Subject => ({
  kind: "feature",
  feature,
});

function subjectAnswer(subject: Subject, ctx: AskContext, choices: readonly AnswerChoices[] = []): Answer {
  return subject.kind === "feature"
    ? featureAnswer(subject.feature, ctx, choices)
    : keyAnswer(subject.key, ctx, choices);
}

/**
 * The question that answers exactly `subject`: a key's path, a feature's id, or `feature:<id>` where the id
 * alone is another feature's name too (`lang` is also the lang attribute's).
 */
export function questionFor(asset: FeatureAsset, subject: Subject): string {
  if (subject.kind === "key") return subject.key.key;
  const id = subject.feature.id;
  const owners = new Set(
    exactIndex(asset)
      .typed(id)
      .map((n) => (n.subject.kind === "feature" ? n.subject.feature : n.subject.key)),
  );
  return owners.size === 1 ? id : `${FEATURE_PREFIX}${id}`;
}

function linkTo(asset: FeatureAsset, subject: Subject): AskLink {
  return {
    text: subject.kind === "feature" ? subject.feature.name : keyTitle(subject.key),
    question: questionFor(asset, subject),
  };
}

function choicesOf(label: string, asset: FeatureAsset, subjects: readonly Subject[]): AnswerChoices[] {
  return subjects.length === 0 ? [] : [{ label, questions: subjects.map((s) => linkTo(asset, s)) }];
}

/** The answer about the feature with this id (or where a moved one went), for a link to one match. */
export function askFeature(id: string, ctx: AskContext): Answer | null {
  const feature = featureById(ctx.asset, id);
  return feature === null ? null : featureAnswer(feature, ctx);
}

export interface Suggestion {
  /** What to ask when the suggestion is chosen: the question that answers its subject, or the question itself. */
  readonly content: string;
  /** One line of plain text. */
  readonly description: string;
}

/**
 * Up to `limit` one-line answers for text being typed: one for a milestone or version; for words, the subject
 * they name for sure and then close ones, or, naming none for sure, a line that says so and the candidates.
 */
export function suggest(input: string, ctx: AskContext, limit = 5): Suggestion[] {
  const { question, text } = parseQuestion(input);
  if (question.kind === "empty") return [];
  if (question.kind !== "feature") {
    return [{ content: text, description: answerTo(question, text, ctx, false).summary }];
  }
  const { resolved, words } = resolveAsked(ctx, question.text);
  const subjects = suggestSubjects(ctx.asset, words, limit, resolved);
  const rows = subjects.map((s) => ({
    content: questionFor(ctx.asset, s),
    description: subjectAnswer(s, ctx).summary,
  }));
  // The first row reads as the answer (Chromium makes it the default row): only a subject the words name for
  // sure may stand there; otherwise it says so, and the candidates follow.
  if (resolved.subject !== null) return rows;
  const miss = { content: text, description: missAnswer(text, ctx, subjects.slice(0, 3)).summary };
  return [miss, ...rows].slice(0, limit);
}

/** The second asset in an answer's context, or why it could not be read (AskContext's `more`, `moreProblem`). */
export type MoreKeys = Pick<AskContext, "more" | "moreProblem">;

/**
 * The second asset (more-keys.ts) for `input` where it is a feature question whose resolution reads it (a
 * probe tells): read then with `load` (once per page or worker life), or why it could not be, which the
 * answer says. Every surface asks through it, so a question is answered the same everywhere, and as the
 * tests answer it with both assets.
 */
export async function moreKeysFor(
  input: string | ParsedQuestion,
  ctx: AskContext,
  load: () => Promise<MoreKeysAsset>,
): Promise<MoreKeys> {
  if (ctx.more !== undefined) return { more: ctx.more };
  const { question } = typeof input === "string" ? parseQuestion(input) : input;
  if (question.kind !== "feature") return {};
  // Resolved with a probe: the real asset is read where, and only where, the resolution reads it.
  const probe = moreKeysProbe();
  resolveAsked({ ...ctx, more: probe.asset }, question.text);
  if (!probe.wasRead()) return {};
  return load().then(
    (more) => ({ more }),
    (error: unknown) => ({ moreProblem: messageOf(error) }),
  );
}

/** "No milestone, version or web feature matches 'xyzzy'", with the close candidates to ask instead. */
export function missAnswer(text: string, ctx: AskContext, candidates: readonly Subject[]): Answer {
  const names = candidates.map((s) => linkTo(ctx.asset, s).text);
  const title =
    candidates.length > 0
      ? `Nothing matches '${isolate(text)}' for sure`
      : `No milestone, version or web feature matches '${isolate(text)}'`;
  const near =
    candidates.length > 0
      ? `Did you mean ${names.join(", ")}? Each link below answers one.`
      : "No feature name is close to it.";
  return {
    kind: "miss",
    title,
    lines: [near, ...(ctx.moreProblem === undefined ? [] : [ctx.moreProblem]), identityLine(ctx.asset)],
    links: [],
    choices: choicesOf("Did you mean", ctx.asset, candidates),
    summary: candidates.length > 0 ? `${title} · did you mean: ${names.join(", ")}` : title,
  };
}

/**
 * Nothing asked (`text` blank), or nothing that can be asked: text of no letter or digit (emoji, punctuation),
 * which no milestone, version or feature name is made of. The second says so, rather than a blank page.
 */
function emptyAnswer(text: string): Answer {
  const line =
    "Ask about a milestone (153), a version (151.0.7922.173), a web feature (:has(), container queries) or a compat key (optional chaining).";
  if (text === "")
    return { kind: "empty", title: "Ask Release Radar", lines: [line], links: [], summary: line };
  // Cut between characters as people see them: a flag or a family emoji is never split into its parts.
  const seen = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)].map((g) => g.segment);
  const shown = seen.length > 24 ? `${seen.slice(0, 24).join("")}…` : text;
  const title = `Nothing can be asked from '${isolate(shown)}'`;
  return {
    kind: "miss",
    title,
    lines: ["It has no letter or digit: no milestone, version or web feature is named so.", line],
    links: [],
    summary: `${title}: it has no letter or digit`,
  };
}
