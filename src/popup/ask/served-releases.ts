/**
 * What the service served of a version, past releases too: not stored, so the answer page asks for it on
 * Enter (or for a complete version while typing), with one narrow filter.
 */
import { createClient } from "../../core/client/index.ts";
import type { ReleaseResource } from "../../core/types.ts";
import { versionFilter } from "../../shared/answers/index.ts";
import type { AskStored } from "./stored-context.ts";

/** The most releases of a version asked for; the answer lists 20 and counts the rest. */
const SERVED_PAGE_SIZE = 1000;

export /** Every release of the version, live or ended, on every platform and channel, as the explorer asks. */
async function servedReleases(
  stored: AskStored,
  question: Parameters<typeof versionFilter>[0],
  signal: AbortSignal,
  fetchFn: typeof fetch | undefined,
): Promise<readonly ReleaseResource[]> {
  const { baseUrl, product } = stored.settings;
  const client = createClient({ baseUrl, product, ...(fetchFn ? { fetch: fetchFn } : {}) });
  const page = await client.releasesPage({
    platform: "all",
    channel: "all",
    version: "all",
    filter: versionFilter(question),
    pageSize: SERVED_PAGE_SIZE,
    signal,
  });
  // Never conditional, so never "not-modified".
  return page.status === "ok" ? page.items : [];
}
