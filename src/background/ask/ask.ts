/**
 * Asking Release Radar from outside its pages: the address bar's `rr` keyword, the "Ask Release Radar about
 * '…'" item on selected text, and the keyboard command that opens the explorer. Every effect is passed in, so
 * unit tests drive the handlers with fakes and index.ts only wires `browser.*` to them.
 *
 * Suggestions are answered from what the worker knows (controller.ts known: the stored snapshot and poll
 * state, the followed schedule's stored dates) and the features asset (shared/answers/features-file.ts): no request is made
 * while typing. Every question is answered in full on the answer page, the popup page with the question in
 * its URL (`?mode=tab&q=…`), which the omnibox and the menu only open.
 */
import { parseQuestion } from "../../core/ask/parse.ts";
import { identityLine, type FeatureAsset } from "../../core/features/asset.ts";
import { suggest, moreKeysFor, xmlEscape, type Suggestion } from "../../shared/answers/index.ts";
import { answerSteps, type AnswerSources } from "../../shared/answers/answer-steps.ts";
import type { MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import type { MoreKeysAsset } from "../../core/features/more-keys.ts";
import type { AnswerReply } from "../../shared/page/messages.ts";
import { answerQuery, POPUP_PATH } from "../../shared/page/page-context.ts";
import { askContextOf, withUsage } from "../../shared/answers/ask-context.ts";
import type { Known } from "../controller.ts";
import type { UsageChoice, UsageOutcome } from "../../shared/usage/usage-context.ts";
import type { AskContext } from "../../shared/answers/index.ts";

/** The context-menu item's id: one item, created once per install or update. */
export const ASK_MENU_ID = "ask";

/** The manifest's command (besides `_execute_action`, which the browser handles) that opens the explorer. */
const OPEN_EXPLORER_COMMAND = "open-explorer";

/** The menu item's title; the browser puts the selection (shortened as it sees fit) in place of `%s`. */
const MENU_TITLE = "Ask Release Radar about '%s'";

/** The default suggestion until something is typed. */
export const HINT =
  "Ask Release Radar about a milestone (153), a version (151.0.7922.173) or a web feature (:has(), container queries)";

/** How many answers the address bar is given for a text: the browsers show about this many extension rows. */
export const SUGGESTIONS = 6;

export { MAX_CARRIED } from "../../shared/page/page-context.ts";

/** `omnibox.onInputEntered`'s disposition: where the person asked the answer to open. */
export type Disposition = "currentTab" | "newForegroundTab" | "newBackgroundTab";

export interface AskTabs {
  /** Without a tab id: the active tab of the current window. */
  update(properties: { url: string }): Promise<unknown>;
  create(properties: { url: string; active?: boolean; openerTabId?: number }): Promise<unknown>;
}

export interface AskMenus {
  removeAll(): Promise<void>;
  create(properties: { id: string; title: string; contexts: ["selection"] }): unknown;
}

export interface AskingDeps {
  /** What the worker knows now (controller.ts). */
  readonly known: () => Promise<Known>;
  /** The features asset, read once per worker life (shared/answers/features-file.ts); rejects saying why not. */
  readonly asset: () => Promise<FeatureAsset>;
  /** The second asset, read once when a question first needs it (features-file.ts createMoreKeysLoader). */
  readonly more: () => Promise<MoreKeysAsset>;
  /** The usage data and the person's tables for the region chosen (shared/usage/usage-context.ts). */
  readonly usage?: (choice: UsageChoice) => Promise<UsageOutcome>;
  readonly now: () => number;
  /** The browser the build is for: their address bars differ (see createAsking). */
  readonly browser: "chrome" | "firefox";
  readonly tabs: AskTabs;
  readonly menus: AskMenus;
  /** A path of the extension as a full URL (`runtime.getURL`). */
  readonly pageUrl: (path: string) => string;
}

/** What the address bar is given for the text typed: the default row's description and the rows below it. */
export interface OmniboxAnswer {
  readonly description: string;
  readonly suggestions: readonly Suggestion[];
}

export interface Asking {
  /** The default suggestion's description before anything is typed (escaped where it must be). */
  readonly hint: string;
  /** The rows for `text`, or null when a later keystroke's rows superseded them. */
  onInputChanged(text: string): Promise<OmniboxAnswer | null>;
  onInputEntered(text: string, disposition: Disposition): Promise<void>;
  /** Installed or updated: the menu item, created once (a restarted worker never creates it again). */
  onInstalled(): Promise<void>;
  onMenuClicked(
    info: { menuItemId: string | number; selectionText?: string },
    tab?: { id?: number },
  ): Promise<void>;
  onCommand(name: string): Promise<void>;
  /**
   * The answer page's own question, answered in full from the indexes this worker keeps (the page would
   * otherwise read the features data and index it again before its first answer). `answer` is null for
   * `firefox`, which the page answers with what it knows of its browser.
   */
  answerFor(question: string): Promise<AnswerReply>;
}

/** The explorer in a tab, with `q` as its question when given: the answer page. */
export function answerPath(question?: string): string {
  return `${POPUP_PATH}?${answerQuery(question)}`;
}

/**
 * The address bars differ (read in their sources), and each choice below follows its own:
 * - Chromium parses descriptions as XML, so they are escaped; Firefox shows them as text.
 * - Both drop a row whose content repeats the typed text (it would open what Enter on the default row opens),
 *   which is the row of every milestone, version and miss, and of a feature typed by its id.
 * - Chromium shows a default-row description set while its answer is being computed: the answer to what was
 *   typed is the default row there. Firefox reads the default row when a keystroke's query starts, before that
 *   keystroke's answer exists, so there it would show the previous keystroke's answer: it stays the hint, and a
 *   row repeating the typed text gets a trailing space to stay listed (the answer page trims its question).
 */
export function createAsking(deps: AskingDeps): Asking {
  const chromium = deps.browser === "chrome";
  const text = (line: string) => (chromium ? xmlEscape(line) : line);
  /** The newest keystroke: an answer computed for an older one is not shown over it. */
  let latest = 0;

  /** What the worker knows, the asset and, where it can be read, the share of users' data. */
  async function read() {
    const [known, asset] = await Promise.all([deps.known(), deps.asset()]);
    const usage = (await deps.usage?.(known.state.settings)) ?? null;
    const contextOf = (schedules: readonly MilestoneSchedule[], outcome = usage): AskContext =>
      withUsage(askContextOf(known.state, schedules, asset, deps.now()), outcome);
    return { known, asset, usage, contextOf };
  }

  /** The answer page's question: the worker has no page to draw on, so its sequence gives it in full at once. */
  const sources: AnswerSources<MilestoneSchedule> = {
    async load(parsed) {
      const { known, asset, usage, contextOf } = await read();
      const keys = await moreKeysFor(parsed, contextOf(known.schedules), deps.more);
      return {
        asset,
        contextOf: (schedules, outcome) => ({ ...contextOf(schedules, outcome), ...keys }),
        schedules: known.schedules,
        later: Promise.resolve(known.schedules),
        usage,
        usageLater: Promise.resolve(usage),
      };
    },
  };

  async function rows(input: string): Promise<OmniboxAnswer> {
    let answers: Suggestion[];
    try {
      const { known, contextOf } = await read();
      const ctx = contextOf(known.schedules);
      answers = suggest(input, { ...ctx, ...(await moreKeysFor(input, ctx, deps.more)) }, SUGGESTIONS);
    } catch (error) {
      // Nothing can be answered here, but Enter still opens the answer page, which says what it can.
      answers = [{ content: input, description: error instanceof Error ? error.message : String(error) }];
    }
    if (chromium) {
      const [first, ...others] = answers;
      return { description: first?.description ?? HINT, suggestions: others };
    }
    const listed = answers.map((a) => (a.content === input ? { ...a, content: `${a.content} ` } : a));
    return { description: HINT, suggestions: listed };
  }

  return {
    hint: text(HINT),
    async onInputChanged(input) {
      const turn = ++latest;
      const answer = await rows(input);
      if (turn !== latest) return null;
      return {
        description: text(answer.description),
        suggestions: answer.suggestions.map((s) => ({
          content: s.content,
          description: text(s.description),
        })),
      };
    },
    async onInputEntered(input, disposition) {
      const url = deps.pageUrl(answerPath(input));
      if (disposition === "currentTab") await deps.tabs.update({ url });
      else await deps.tabs.create({ url, active: disposition === "newForegroundTab" });
    },
    async onInstalled() {
      await deps.menus.removeAll();
      deps.menus.create({ id: ASK_MENU_ID, title: MENU_TITLE, contexts: ["selection"] });
    },
    async onMenuClicked(info, tab) {
      if (info.menuItemId !== ASK_MENU_ID) return;
      const url = deps.pageUrl(answerPath(info.selectionText ?? ""));
      // Opened beside the page the text was selected on; a click outside a tab has no such page (id -1).
      const opener = tab?.id !== undefined && tab.id >= 0 ? { openerTabId: tab.id } : {};
      await deps.tabs.create({ url, ...opener });
    },
    async onCommand(name) {
      if (name === OPEN_EXPLORER_COMMAND) await deps.tabs.create({ url: deps.pageUrl(answerPath()) });
    },
    async answerFor(question) {
      const parsed = parseQuestion(question);
      // `firefox` is left to the page, which knows which browser it is in.
      if (parsed.question.kind === "firefox") {
        return { ok: true, answer: null, identity: identityLine(await deps.asset()) };
      }
      const steps = answerSteps(parsed, { submitted: true }, sources, new AbortController().signal);
      const { value } = await steps.next();
      if (!value) throw new Error(`No answer to “${question}”`);
      return { ok: true, ...value };
    },
  };
}
