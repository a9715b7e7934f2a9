/**
 * What a question asks, from the text a person typed into the address bar, selected on a page or typed into
 * the popup: a milestone (`153`, `M153`, `chrome 153`), a version (`151.0.7922.173`, or a prefix of whole
 * fields such as `151.0.7922`), a web feature (anything else with a letter or digit in it), or nothing.
 *
 * Selected text can be anything, of any length: the question is cut to MAX_QUESTION characters (with a
 * notice), and markup or bidi marks in it stay text. Numbers are bound as src/core/version.ts binds them
 * (milestones 1-999, versions of at most four fields without leading zeros), so `99999999999999999999` is a
 * feature name nobody has, not a milestone.
 */
import { isMilestone, versionProblem } from "../version.ts";

/** The longest question read; longer text is cut, and the answer says so. */
export const MAX_QUESTION = 200;

export type Question =
  | { readonly kind: "empty" }
  | { readonly kind: "milestone"; readonly milestone: number }
  /** `prefix` when it has fewer than four fields: it names every version that starts with those fields. */
  | {
      readonly kind: "version";
      readonly version: string;
      readonly milestone: number;
      readonly prefix: boolean;
    }
  | { readonly kind: "feature"; readonly text: string };

export interface ParsedQuestion {
  readonly question: Question;
  /** The text as read: cut, explicit bidi controls dropped, spaces collapsed. */
  readonly text: string;
  /** Set when the text was cut, to be shown with the answer. */
  readonly notice?: string;
}

/** Bidi embeddings, overrides and isolates, and other invisible format characters: never part of a name. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** `153`, `M153`, `m153`, `chrome 153`, `Chrome M153`. */
const MILESTONE = /^(?:chrome\s*)?m?(\d{1,3})$/i;
/** `151.0.7922.173`, `151.0.7922`, `151.0.`, `chrome 151.0.7922.173`. */
const VERSION = /^(?:chrome\s*)?(\d+(?:\.\d+)+)\.?$|^(?:chrome\s*)?(\d+)\.$/i;

/** The question in `input`. */
export function parseQuestion(input: string): ParsedQuestion {
  // Cut by code points, so a surrogate pair is never split into two halves that show as garbage.
  const points = [...input];
  const cut = points.length > MAX_QUESTION;
  const text = (cut ? points.slice(0, MAX_QUESTION).join("") : input)
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim();
  const notice = cut
    ? {
        notice: `The question was ${points.length.toLocaleString("en")} characters long; only its first ${MAX_QUESTION} were read.`,
      }
    : {};
  return { question: classify(text), text, ...notice };
}

function classify(text: string): Question {
  if (!/[\p{L}\p{N}]/u.test(text)) return { kind: "empty" };
  const m = MILESTONE.exec(text);
  if (m) {
    const milestone = Number(m[1]);
    if (isMilestone(milestone)) return { kind: "milestone", milestone };
  }
  const v = VERSION.exec(text);
  const version = v?.[1] ?? v?.[2];
  if (version !== undefined && versionProblem(version) === null) {
    const fields = version.split(".");
    const milestone = Number(fields[0]);
    if (isMilestone(milestone)) return { kind: "version", version, milestone, prefix: fields.length < 4 };
  }
  return { kind: "feature", text };
}
