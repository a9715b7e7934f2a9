/**
 * The share of users on the page's answers: the usage data read from the package once per page (with the
 * answer, never before: the first paint needs none of it), the region chosen in options and the visitors
 * imported there and the month the update kept, read at each question.
 */
import { createUsageContext, type UsageChoice, type UsageOutcome } from "../../shared/usage/usage-context.ts";
import type { StoredVisitors } from "../../shared/usage/visitors.ts";
import type { UsageUpdate } from "../../shared/usage/update-store.ts";

export type { UsageOutcome };

export type PageUsage = (choice: UsageChoice) => Promise<UsageOutcome>;

/** What the page reads of storage for it: the visitors imported in options, and the monthly update kept. */
export interface UsageStored {
  readonly loadVisitors: () => Promise<StoredVisitors | null>;
  readonly loadUsageUpdate: () => Promise<UsageUpdate | null>;
}

export function pageUsage(doFetch: typeof fetch, stored: UsageStored): PageUsage {
  const context = createUsageContext({
    fetch: doFetch,
    fileUrl: (path) => new URL(`/${path}`, location.href).href,
    loadVisitors: () => stored.loadVisitors(),
    loadUpdate: () => stored.loadUsageUpdate(),
  });
  // Asked again for each question: the asset and a region's file are read once (createUsageContext keeps
  // them), the visitors and the month kept are read from storage each time, so an import in options or a new
  // month shows at the next question, and a failed read is tried again.
  return context;
}
