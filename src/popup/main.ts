/**
 * Popup entry: wiring only (issue 4). Cache first: the header is drawn from storage before any request; the
 * explorer starts, and sends its query, in the frame after.
 *
 *   open ──► storage (settings, snapshot, poll state, saved filters) ──► header ──► next frame:
 *            mark "rr:first-meaningful-paint" ──► explorer (restored or release-page filters) ──► query
 *   storage changed (a poll, a settings edit) ──► header redrawn
 *   Retry / Check now ──► runtime message {type: "refresh"} ──► worker polls, stores, answers ──► header redrawn
 */
import { parseContext, stateFromContext } from "./explorer-context.ts";
import { defaultState } from "./explorer-filter.ts";
import { restoreState, serializeState } from "./explorer-storage.ts";
import { startExplorer } from "./explorer.ts";
import {
  copyText,
  loadExplorerState,
  loadStored,
  onStoredChange,
  requestRefresh,
  saveExplorerState,
  type Stored,
} from "./extension-api.ts";
import { createHeader } from "./header-dom.ts";
import { headerView } from "./header-view.ts";
import type { PopupContext } from "./model.ts";

/** Relative times ("3 min ago") are redrawn this often. */
const CLOCK_MS = 30_000;

const time = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const formatTime = (ms: number): string => time.format(ms);

const [first, saved] = await Promise.all([loadStored(), loadExplorerState().catch(() => undefined)]);
let stored: Stored = first;
let ui: { refreshing: boolean; refreshError: string | null } = { refreshing: false, refreshError: null };
const draw = createHeader(() => void refresh());

function drawHeader(): void {
  const { browserVersion, pinned, ...rest } = stored;
  draw(
    headerView({
      ...rest,
      now: Date.now(),
      formatTime,
      ...(browserVersion !== undefined ? { browserVersion } : {}),
    }),
    { ...ui, pinned },
  );
}

async function reload(): Promise<void> {
  stored = await loadStored();
  drawHeader();
}

/** Asks the worker to poll now; the header says so meanwhile and keeps showing what it had. */
async function refresh(): Promise<void> {
  if (ui.refreshing) return;
  ui = { refreshing: true, refreshError: null };
  drawHeader();
  try {
    await requestRefresh();
  } catch (e) {
    ui = { ...ui, refreshError: e instanceof Error ? e.message : String(e) };
  }
  ui = { ...ui, refreshing: false };
  await reload();
}

function contextText(context: PopupContext): string {
  return context.kind === "milestone"
    ? `milestone ${context.milestone}`
    : context.kind === "version"
      ? `version ${context.version}`
      : `the ${context.channel} channel`;
}

function explore(): void {
  const { settings, platform } = stored;
  // A first-time user sees the watched platform and channel, which also gives the chart something to draw.
  const restored = restoreState(saved, {
    ...defaultState(settings.product, platform),
    channel: settings.channel,
  });
  const context = parseContext(location.search);
  startExplorer({
    baseUrl: settings.baseUrl,
    initial: context === null ? restored : stateFromContext(context, restored),
    context: context === null ? null : contextText(context),
    save: (state) => saveExplorerState(serializeState(state)),
    copy: copyText,
    now: () => Date.now(),
  });
}

drawHeader();
requestAnimationFrame(() => {
  performance.mark("rr:first-meaningful-paint");
  try {
    explore();
  } catch (e) {
    // Said where the explorer would be; the header above stays.
    const status = document.getElementById("results-status");
    if (status)
      status.textContent = `The explorer could not start: ${e instanceof Error ? e.message : String(e)}`;
  }
});
onStoredChange(() => void reload());
setInterval(drawHeader, CLOCK_MS);
