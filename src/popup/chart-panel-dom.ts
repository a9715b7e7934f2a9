/**
 * The rollout chart of the explorer's platform and channel, in index.html's `#chart` section: every release
 * of that pair served at some time in the last eight weeks, fetched as two requests merged by name: those
 * that ended after the window opened (`endtime>=X`, wherever they started) and those still live
 * (`endtime=none`; a live release's end counts as 1970, so the first request cannot catch it). Drawn by
 * chart.ts / chart-svg-dom.ts. With `all` for either id there is nothing to chart, and the panel says so. A
 * failure is reported to the popup (which says it once per cause, with a Retry); the chart on screen stays
 * until a new one is ready.
 */
import { labelOf } from "../core/catalog.ts";
import { createClient, type VersionHistoryClient } from "../core/client/index.ts";
import type { ReleaseResource } from "../core/types.ts";
import { olderVersions, rolloutSeries } from "./chart.ts";
import { renderRolloutChart } from "./chart-svg-dom.ts";
import { byId } from "../shared/dom.ts";
import type { Failure } from "../shared/failure.ts";
import { failureOf } from "../shared/failure-of.ts";
import { formatDay, plural } from "../shared/time.ts";
import type { ExplorerState } from "./explorer-state.ts";

/** How far back the chart looks. */
const CHART_WEEKS = 8;
const WEEK_MS = 7 * 86_400_000;
const HEIGHT = 200;

export interface ChartPanelOptions {
  readonly baseUrl: string;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
  /** A failure of the chart's requests (or null once it loads), with what retries it. */
  readonly report: (failure: Failure | null, retry: () => void) => void;
}

/** The releases of both answers, each once (a live release that started recently is in both). */
export function mergeByName(...lists: readonly (readonly ReleaseResource[])[]): ReleaseResource[] {
  const byName = new Map<string, ReleaseResource>();
  for (const list of lists) for (const release of list) byName.set(release.name, release);
  return [...byName.values()];
}

/**
 * Every release of one platform and channel served at some time since `since` (RFC 3339): those that ended
 * after it, wherever they started, and those still live.
 */
export async function windowReleases(
  client: VersionHistoryClient,
  q: { platform: string; channel: string; since: string; signal?: AbortSignal },
): Promise<ReleaseResource[]> {
  const query = { platform: q.platform, channel: q.channel, ...(q.signal ? { signal: q.signal } : {}) };
  const [ended, live] = await Promise.all([
    client.releases({ ...query, filter: `endtime>=${q.since}` }),
    client.releases({ ...query, filter: "endtime=none" }),
  ]);
  return mergeByName(ended.items, live.items);
}

/** Runs the chart section; the returned function follows the explorer's state. */
export function bindChartPanel(options: ChartPanelOptions): (state: ExplorerState) => void {
  const section = byId("chart", HTMLElement);
  const figure = byId("chart-figure", HTMLElement);
  const status = byId("chart-status", HTMLElement);
  let shown: ExplorerState | null = null;
  let key = "";
  let controller: AbortController | null = null;
  const retry = (): void => {
    if (shown) void load(shown);
  };

  async function load(state: ExplorerState): Promise<void> {
    controller?.abort();
    const abort = new AbortController();
    controller = abort;
    const { product, platform, channel } = state;
    const what = `${labelOf(channel)} on ${labelOf(platform)}`;
    section.setAttribute("aria-busy", "true");
    status.textContent = `Loading the rollout of ${what}…`;
    const to = options.now();
    const window = { from: to - CHART_WEEKS * WEEK_MS, to };
    const since = new Date(window.from).toISOString();
    try {
      const client = createClient({
        baseUrl: options.baseUrl,
        product,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const releases = await windowReleases(client, { platform, channel, since, signal: abort.signal });
      const older = olderVersions(releases, window);
      figure.replaceChildren(
        renderRolloutChart(document, {
          series: rolloutSeries(releases, window),
          window,
          width: figure.clientWidth || 690,
          height: HEIGHT,
          title: `Rollout of ${product} ${what}, last ${CHART_WEEKS} weeks`,
          ...(older.length > 0 ? { older } : {}),
        }),
      );
      status.textContent = `${what}: ${plural(releases.length, "release")} since ${formatDay(window.from)} (UTC) or live.`;
      options.report(null, retry);
    } catch (e) {
      if (abort.signal.aborted) return;
      status.textContent = "The chart could not load: see the message at the top.";
      options.report(failureOf(e), retry);
    } finally {
      if (controller === abort) section.removeAttribute("aria-busy");
    }
  }

  return (state) => {
    shown = state;
    const next = `${state.product}|${state.platform}|${state.channel}`;
    if (next === key) return;
    key = next;
    if (state.platform === "all" || state.channel === "all") {
      controller?.abort();
      controller = null;
      section.removeAttribute("aria-busy");
      options.report(null, retry);
      figure.replaceChildren();
      status.textContent = "Pick a platform and a channel to see their rollout over time.";
      return;
    }
    void load(state);
  };
}
