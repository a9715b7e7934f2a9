/**
 * How the popup opens the explorer (the module main.ts loads after the first paint): from the filters an
 * earlier popup or tab stored, else a first-time user's on the watched platform and channel, filtered to the
 * release page the popup was opened for; explorer-dom.ts runs it.
 */
import { parseContext } from "../../shared/page/page-context.ts";
import type { Settings } from "../../shared/store/settings.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";
import { startExplorer, type Explorer, type ExplorerOptions } from "./explorer-dom.ts";
import { defaultState } from "./filter.ts";
import { stateFromContext } from "./release-page.ts";
import { forPopup, restoreState, serializeState } from "./storage.ts";

export interface OpenOptions extends Pick<ExplorerOptions, "copy" | "report" | "mode" | "dataEnds"> {
  /** The popup's own query, which names the release page it was opened for, if any. */
  readonly search: string;
  readonly settings: Settings;
  /** What the toolbar watches, `auto` resolved. */
  readonly watch: Watch;
  /** What an earlier popup stored of its filters, unchecked. */
  readonly saved: unknown;
  readonly save: (value: unknown) => Promise<void>;
}

/**
 * Starts the explorer the page opens with: the filters an earlier popup or tab stored (else a first-time
 * user's, on the watched platform and channel, which also gives the chart something to draw), filtered to the
 * release page it was opened for. The popup's list opens on the watched platform and channel, and follows the
 * watch while it is open (Explorer.follow). The popup loads this module after its first paint.
 */
export function openExplorer(o: OpenOptions): Explorer {
  const { settings, watch } = o;
  const context = parseContext(o.search);
  const fallback = { ...defaultState(watch.product, watch.platform), channel: watch.channel };
  const saved = restoreState(o.saved, fallback);
  const restored = o.mode === "popup" ? forPopup(saved, fallback) : saved;
  return startExplorer({
    ...(o.mode ? { mode: o.mode } : {}),
    ...(o.mode === "popup" ? { watch } : {}),
    baseUrl: settings.baseUrl,
    initial: context === null ? restored : stateFromContext(context, restored),
    context,
    save: (state) => o.save(serializeState(state)),
    copy: o.copy,
    now: () => Date.now(),
    report: o.report,
    ...(o.dataEnds ? { dataEnds: o.dataEnds } : {}),
  });
}
