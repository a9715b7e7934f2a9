/**
 * What every answer is made of, and what every answer is made from. Answers are data: a title, lines of
 * plain text and links, which each surface (omnibox, context menu, popup, answer page) renders its own way,
 * always as text (textContent; the omnibox escapes with xml.ts), never as markup.
 */
import type { MoreKeysAsset } from "../../core/features/more-keys.ts";
import type { MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import type { FeatureAsset } from "../../core/features/asset.ts";
import type { Failure } from "../status/failure.ts";
import type { PageContext } from "../page/page-context.ts";
import type { Watch } from "../watch/device-platform.ts";
import type { Snapshot } from "../store/snapshot.ts";
import type { UsageContext, UsersView } from "./users.ts";

export interface AnswerLink {
  readonly text: string;
  readonly url: string;
}

/** A link that asks another question on the same page: a candidate, another match, an alternative. */
export interface AskLink {
  readonly text: string;
  /** The question it asks (an id, `feature:<id>`, a compat key): one that answers exactly that subject. */
  readonly question: string;
}

/** A labelled list of questions to ask next: "Did you mean", "Other matches", "Use instead". */
export interface AnswerChoices {
  readonly label: string;
  readonly questions: readonly AskLink[];
}

export type AnswerKind = "feature" | "key" | "milestone" | "version" | "firefox" | "miss" | "empty";

export interface Answer {
  readonly kind: AnswerKind;
  /** What it is about, for tests and links: `feature:has`, `key:api.Document.write`, `milestone:153`, `version:151.0.7922`. */
  readonly subject?: string;
  readonly title: string;
  readonly lines: readonly string[];
  readonly links: readonly AnswerLink[];
  /** Questions to ask next, each answering one subject. */
  readonly choices?: readonly AnswerChoices[];
  /** The explorer opened on what the answer lists only part of: its words, and the page context it opens on. */
  readonly explore?: { readonly text: string; readonly context: PageContext };
  /** One line of plain text, for an omnibox suggestion or a menu. */
  readonly summary: string;
  /** The Chrome milestone whose schedule the answer reads: a page asks for it where it is not stored. */
  readonly scheduleOf?: number;
  /** Said before the answer: the question was cut. */
  readonly notice?: string;
  /** How many users have it, per table and per browser, for bars (users.ts). */
  readonly users?: UsersView;
}

/** Everything an answer is computed from; the surface gathers it, the answers only read it. */
export interface AskContext {
  readonly asset: FeatureAsset;
  /** The second asset (more-keys.ts), where read: the keys asked when the first names nothing. */
  readonly more?: MoreKeysAsset;
  /** Why the second asset could not be read, said in an answer that found nothing without it. */
  readonly moreProblem?: string;
  /** The stored live releases, already checked to be of the watched service (snapshot.ts snapshotOf), or null. */
  readonly snapshot: Snapshot | null;
  /** The service's last failure (why there is no snapshot, or why it is old), or null. */
  readonly failure: Failure | null;
  /** The service's host, for a failure's wording (settings.ts serviceHost). */
  readonly host: string;
  /** The milestone schedules known (stored by the background), any milestones, any order. */
  readonly schedules: readonly MilestoneSchedule[];
  /** What the toolbar watches (`auto` already resolved): answers say the share on its platform and channel. */
  readonly watch: Watch;
  /** Epoch ms. */
  readonly now: number;
  /** The usage data and the person's tables, where read: answers then say how many of all users have it. */
  readonly usage?: UsageContext;
  /** Why the usage data could not be read, said in the answers that would have given the share of users. */
  readonly usageProblem?: string;
}
