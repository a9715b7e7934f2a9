/**
 * What this page can do for a question (shared/answers/answer-steps.ts's sources): read its two assets
 * once (page-assets.ts), the stored schedules and the share of users' data at each question, ask the worker
 * for a milestone's schedule and the service for a version's releases, and let the quick answer be drawn
 * before the full one is worked out.
 */
import type { AnswerSources } from "../../shared/answers/answer-steps.ts";
import { withUsage } from "../../shared/answers/ask-context.ts";
import { moreKeysFor } from "../../shared/answers/index.ts";
import { failureSentence } from "../../shared/status/failure-sentence.ts";
import { failureOf } from "../../shared/status/failure-of-error.ts";
import type { ThisBrowser } from "../../shared/status/this-browser.ts";
import type { ScheduleEntry } from "../../shared/store/schedules.ts";
import { pageAssets } from "./page-assets.ts";
import { pageUsage, type UsageStored } from "./page-usage.ts";
import { servedReleases } from "./served-releases.ts";
import { askContext, type AskStored } from "./stored-context.ts";

/** What the page's side does for its questions (popup.ts passes its PopupApi). */
export interface AskApi extends UsageStored {
  readonly loadSchedules: () => Promise<readonly ScheduleEntry[]>;
  /** Asks the worker for a milestone's schedule, stored when it resolves. */
  readonly askSchedule: (milestone: number) => Promise<void>;
  /** This browser: asking `firefox` in Firefox compares it with Firefox's current release. */
  readonly loadBrowserFacts: () => Promise<{ readonly thisBrowser: ThisBrowser | undefined }>;
}

/**
 * `stored` is read for each question, so an answer follows the latest poll; `fetchFn` is for tests (the
 * page's own `fetch` otherwise, and the service through the client's shared gate).
 */
export function pageSources(
  api: AskApi,
  stored: () => AskStored,
  fetchFn?: typeof fetch,
): AnswerSources<ScheduleEntry> {
  const read = fetchFn ?? globalThis.fetch.bind(globalThis);
  const files = pageAssets(read);
  const usageOf = pageUsage(read, api);
  return {
    // The schedules are read for every answer (the worker stores a milestone's schedule when this page asks);
    // an answer does not wait for them beyond the assets (storage's module may still be on its way).
    async load(parsed) {
      const later = api.loadSchedules().catch(() => []);
      const usageLater = usageOf(stored().settings);
      const asset = await files.asset();
      const keys = await moreKeysFor(parsed, askContext(stored(), [], asset, 0), files.more);
      return {
        asset,
        contextOf: (schedules, usage) =>
          withUsage({ ...askContext(stored(), schedules, asset, Date.now()), ...keys }, usage),
        schedules: await Promise.race([later, Promise.resolve(null)]),
        later,
        usage: await Promise.race([usageLater, Promise.resolve(null)]),
        usageLater,
      };
    },
    thisBrowser: () =>
      api.loadBrowserFacts().then(
        (facts) => facts.thisBrowser,
        () => undefined,
      ),
    // Storage that cannot be read after it leaves the answer as drawn.
    askSchedule: (milestone) =>
      api.askSchedule(milestone).then(
        () => api.loadSchedules().catch(() => null),
        () => null,
      ),
    served: (question, signal) => servedReleases(stored(), question, signal, fetchFn),
    whyFailed: (error, ctx) => failureSentence(failureOf(error), ctx.host),
    // The quick answer's frame, and a task after it: the full answer would otherwise hold that frame back.
    pause: () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  };
}
