/**
 * The rollout chart of the explorer's platform and channel, in index.html's `#chart` section: every release
 * of that pair served at some time in the last eight weeks (every version of them drawn, in a lane per
 * milestone when there are many: chart.ts rolloutLanes), fetched as two requests merged by name: those
 * that ended after the window opened (`endtime>=X`, wherever they started) and those still live
 * (`endtime=none`; a live release's end counts as 1970, so the first request cannot catch it). When the data
 * ends before those weeks (a snapshot of the service, such as the emulator's bundled data), the window moves
 * back to end where the data does, and the chart says so (chartReleases). Drawn by chart.ts /
 * svg-dom.ts. With `all` for either id there is nothing to chart, and the panel says so. A failure is
 * reported to the popup (which says it once per cause, with a Retry); the chart on screen stays until a new
 * one is ready.
 */
import chartCss from "./chart.css?inline";
import { addStyle } from "../../shared/page/style-dom.ts";
import { labelOf } from "../../core/catalog.ts";
import { createClient, type VersionHistoryClient } from "../../core/client/index.ts";
import type { ReleaseResource } from "../../core/types.ts";
import { chartCaption, chooseWindow, newestTime, type ChosenWindow } from "./chart.ts";
import { rolloutLanes } from "./lanes.ts";
import { renderRolloutChart, type RolloutChartInput } from "./svg-dom.ts";
import { byId } from "../../shared/page/dom.ts";
import type { Failure } from "../../shared/status/failure.ts";
import { failureOf } from "../../shared/status/failure-of-error.ts";

/** What the chart follows: the service and pair of the explorer's state (its ExplorerState fits). */
export interface ChartPair {
  readonly product: string;
  readonly platform: string;
  readonly channel: string;
}

/** Any real end time is after this; a live release's end counts as it (the reference's `filter` rules). */
const NO_END = "1970-01-01T00:00:00Z";

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

/** Requests about one platform and channel, and the signal that cancels them. */
interface PairQuery {
  readonly platform: string;
  readonly channel: string;
  readonly signal?: AbortSignal;
}

const pairOf = (q: PairQuery) => ({
  platform: q.platform,
  channel: q.channel,
  ...(q.signal ? { signal: q.signal } : {}),
});

/**
 * Every release of one platform and channel served at some time since `since` (RFC 3339): those that ended
 * after it, wherever they started, and those still live.
 */
export async function windowReleases(
  client: VersionHistoryClient,
  q: PairQuery & { readonly since: string },
): Promise<ReleaseResource[]> {
  const [ended, live] = await Promise.all([endedSince(client, q, q.since), liveNow(client, q)]);
  return mergeByName(ended, live);
}

/** The pair's releases that ended at `since` (RFC 3339) or later, wherever they started. */
async function endedSince(
  client: VersionHistoryClient,
  q: PairQuery,
  since: string,
): Promise<readonly ReleaseResource[]> {
  return (await client.releases({ ...pairOf(q), filter: `endtime>=${since}` })).items;
}

/** The pair's live releases. */
async function liveNow(client: VersionHistoryClient, q: PairQuery): Promise<readonly ReleaseResource[]> {
  return (await client.releases({ ...pairOf(q), filter: "endtime=none" })).items;
}

/**
 * The chart's window and its releases: the last eight weeks up to `now` (two requests, windowReleases), or,
 * when nothing in them started or ended, the eight weeks up to where the data ends (chooseWindow). Where that
 * is takes one more small request: the release that ended last (`endtime>1970...` leaves the live ones out,
 * `order_by=endtime desc`, one item), since every release that started later is live and already here. Then
 * the releases that ended in the window moved back, with the live ones already here: four requests in all.
 */
export async function chartReleases(
  client: VersionHistoryClient,
  q: PairQuery & { readonly now: number },
): Promise<{ chosen: ChosenWindow; releases: ReleaseResource[] }> {
  const latest = chooseWindow(q.now, null);
  const sinceOf = (chosen: ChosenWindow) => new Date(chosen.window.from).toISOString();
  const [ended, live] = await Promise.all([endedSince(client, q, sinceOf(latest)), liveNow(client, q)]);
  const releases = mergeByName(ended, live);
  const newest = newestTime(releases);
  // Something started or ended in the last weeks: they are the window.
  if (newest !== null && chooseWindow(q.now, newest).dataEnd === null) return { chosen: latest, releases };
  const last = await client.releasesPage({
    ...pairOf(q),
    filter: `endtime>${NO_END}`,
    orderBy: "endtime desc",
    pageSize: 1,
  });
  const lastEnded = last.status === "ok" ? last.items : [];
  const chosen = chooseWindow(q.now, newestTime([...lastEnded, ...releases]));
  if (chosen.dataEnd === null) return { chosen, releases };
  return { chosen, releases: mergeByName(await endedSince(client, q, sinceOf(chosen)), live) };
}

/** Runs the chart section; the returned function follows the explorer's state. */
export function bindChartPanel(options: ChartPanelOptions): (state: ChartPair) => void {
  addStyle(chartCss);
  const section = byId("chart", HTMLElement);
  const figure = byId("chart-figure", HTMLElement);
  const status = byId("chart-status", HTMLElement);
  let shown: ChartPair | null = null;
  let key = "";
  let controller: AbortController | null = null;
  /** What the chart shown was drawn from, to draw it again at the figure's new width. */
  let drawn: Omit<RolloutChartInput, "width"> | null = null;
  let drawnWidth = 0;
  const draw = (): void => {
    if (drawn === null) return;
    drawnWidth = figure.clientWidth;
    figure.replaceChildren(renderRolloutChart(document, { ...drawn, width: drawnWidth || 690 }));
  };
  // The figure is as wide as the page: a window made narrower or wider (or a tab that was laid out at another
  // width when the answer came) gets the chart drawn again to fit, never sticking out on the right.
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      if (figure.clientWidth !== drawnWidth) draw();
    }).observe(figure);
  }
  const retry = (): void => {
    if (shown) void load(shown);
  };

  async function load(state: ChartPair): Promise<void> {
    controller?.abort();
    const abort = new AbortController();
    controller = abort;
    const { product, platform, channel } = state;
    const what = `${labelOf(channel)} on ${labelOf(platform)}`;
    section.setAttribute("aria-busy", "true");
    status.textContent = `Loading the rollout of ${what}…`;
    try {
      const client = createClient({
        baseUrl: options.baseUrl,
        product,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const { chosen, releases } = await chartReleases(client, {
        platform,
        channel,
        now: options.now(),
        signal: abort.signal,
      });
      const { window } = chosen;
      const lanes = rolloutLanes(releases, window);
      const caption = chartCaption({ product, what, lanes, chosen });
      drawn = { lanes, window, title: caption.title };
      draw();
      status.textContent = caption.status;
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
      drawn = null;
      figure.replaceChildren();
      status.textContent = "Pick a platform and a channel to see their rollout over time.";
      return;
    }
    void load(state);
  };
}
