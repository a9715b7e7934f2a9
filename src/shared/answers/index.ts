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
import { parseQuestion } from "../../core/ask/parse.ts";
import { identityLine } from "../../core/features/asset.ts";
import { closestNames, featureById, featureIndex, matchFeatures } from "../../core/features/match.ts";
import type { Answer, AskContext } from "./answer.ts";
import { featureAnswer } from "./feature.ts";
import { milestoneAnswer } from "./milestone.ts";
import { versionAnswer } from "./version.ts";

export type { Answer, AnswerKind, AnswerLink, AskContext } from "./answer.ts";
export { firefoxAnswer } from "./firefox.ts";
export { versionAnswer, versionFilter, versionHistoryLines } from "./version.ts";
export { xmlEscape } from "./xml.ts";

/** How many other matches a feature's answer names. */
const OTHER_MATCHES = 4;

/** The answer to `input`. */
export function ask(input: string, ctx: AskContext): Answer {
  const { question, text, notice } = parseQuestion(input);
  const answer = ((): Answer => {
    switch (question.kind) {
      case "empty":
        return emptyAnswer();
      case "milestone":
        return milestoneAnswer(question.milestone, ctx);
      case "version":
        return versionAnswer(question, ctx);
      case "feature": {
        const [best, ...others] = matchFeatures(featureIndex(ctx.asset), question.text, OTHER_MATCHES + 1);
        return best === undefined
          ? missAnswer(text, ctx)
          : featureAnswer(
              best.feature,
              ctx,
              others.map((m) => m.feature),
            );
      }
    }
  })();
  return notice === undefined ? answer : { ...answer, notice };
}

/** The answer about the feature with this id (or where a moved one went), for a link to one match. */
export function askFeature(id: string, ctx: AskContext): Answer | null {
  const feature = featureById(featureIndex(ctx.asset), id);
  return feature === null ? null : featureAnswer(feature, ctx);
}

export interface Suggestion {
  /** What to ask when the suggestion is chosen: the feature id, or the question itself. */
  readonly content: string;
  /** One line of plain text. */
  readonly description: string;
}

/** Up to `limit` one-line answers for text being typed: one for a milestone or version, the best matches for a feature. */
export function suggest(input: string, ctx: AskContext, limit = 5): Suggestion[] {
  const { question, text } = parseQuestion(input);
  switch (question.kind) {
    case "empty":
      return [];
    case "milestone":
      return [{ content: text, description: milestoneAnswer(question.milestone, ctx).summary }];
    case "version":
      return [{ content: text, description: versionAnswer(question, ctx).summary }];
    case "feature": {
      const matches = matchFeatures(featureIndex(ctx.asset), question.text, limit);
      if (matches.length === 0) return [{ content: text, description: missAnswer(text, ctx).summary }];
      return matches.map((m) => ({
        content: m.feature.id,
        description: featureAnswer(m.feature, ctx).summary,
      }));
    }
  }
}

/** "No milestone, version or web feature matches 'xyzzy'", with the closest names if any. */
export function missAnswer(text: string, ctx: AskContext): Answer {
  const title = `No milestone, version or web feature matches '${isolate(text)}'`;
  const closest = closestNames(featureIndex(ctx.asset), text);
  const near =
    closest.length > 0 ? `Closest names: ${closest.join(", ")}` : "No feature name is close to it.";
  return {
    kind: "miss",
    title,
    lines: [near, identityLine(ctx.asset)],
    links: [],
    summary: closest.length > 0 ? `${title} · closest: ${closest.join(", ")}` : title,
  };
}

function emptyAnswer(): Answer {
  const line =
    "Ask about a milestone (153), a version (151.0.7922.173) or a web feature (:has(), container queries).";
  return { kind: "empty", title: "Ask Release Radar", lines: [line], links: [], summary: line };
}
