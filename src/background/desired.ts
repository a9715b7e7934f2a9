/**
 * The whole toolbar state the extension wants (issue 3): a pure function of settings, snapshot, poll state,
 * the contexts of open release pages and the clock. The action adapter turns it into `action.*` calls.
 *
 * - Global: the badge of the watched channel; popup per `clickAction` (`""` lets `onClicked` fire);
 *   disabled in focus mode (the seed's page-action emulation).
 * - Per tab, for tabs showing a release page: that page's badge and a popup that opens filtered to it
 *   (a per-tab popup wins over the global `""`, as the seed says), enabled even in focus mode.
 */
import { globalBadge, type Watch } from "./badge.ts";
import type { MilestoneHistory } from "./milestone-history.ts";
import type { ActionView, BadgeView, DesiredAction, Settings, TabContext } from "./model.ts";
import type { PollState } from "./poll-state.ts";
import type { Snapshot } from "./snapshot.ts";
import { tabView } from "./tab-status.ts";

export const POPUP_PATH = "src/popup/index.html";
/** Shown while a click-triggered refresh runs (issue 3, clickAction "refresh"). */
export const REFRESHING_TEXT = "…";

export interface DesiredInput {
  readonly settings: Settings;
  /** The watched platform, `auto` already resolved. */
  readonly platform: string;
  /** The last good snapshot of the service the settings name, or null. */
  readonly snapshot: Snapshot | null;
  readonly poll: PollState | null;
  readonly now: number;
  readonly browserVersion?: string;
  /** Contexts of the open tabs that show a release page. */
  readonly tabs: ReadonlyMap<number, TabContext>;
  /** Milestone histories fetched so far, by `PLATFORM:MILESTONE`. */
  readonly histories: ReadonlyMap<string, MilestoneHistory>;
  readonly refreshing: boolean;
  readonly formatTime: (ms: number) => string;
}

export const historyKey = (platform: string, milestone: number): string => `${platform}:${milestone}`;

export function desiredAction(input: DesiredInput): DesiredAction {
  const { settings, platform } = input;
  const host = hostOf(settings.baseUrl);
  const failing = (input.poll?.failures ?? 0) > 0;
  const badgeFor = (channel: string): BadgeView => {
    const watch: Watch = { product: settings.product, platform, channel };
    return globalBadge({
      snapshot: input.snapshot,
      watch,
      host,
      now: input.now,
      pollMinutes: settings.pollMinutes,
      formatTime: input.formatTime,
      ...(failing && input.poll?.lastError
        ? { error: input.poll.lastError, nextTry: input.poll.nextTry }
        : {}),
      ...(input.browserVersion ? { browserVersion: input.browserVersion } : {}),
    });
  };
  const badge = badgeFor(settings.channel);
  const global: ActionView = {
    ...badge,
    ...(input.refreshing ? { text: REFRESHING_TEXT } : {}),
    popup: settings.clickAction === "popup" ? POPUP_PATH : "",
    enabled: !settings.focusMode,
  };
  const tabs = new Map<number, ActionView>();
  for (const [tabId, context] of input.tabs) {
    const history =
      context.kind === "channel" ? undefined : input.histories.get(historyKey(platform, context.milestone));
    const view = tabView({
      context,
      snapshot: input.snapshot,
      platform,
      product: settings.product,
      channelBadge: badgeFor,
      ...(history ? { history } : {}),
    });
    tabs.set(tabId, { ...view.badge, popup: view.popup, enabled: true });
  }
  return { global, tabs };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
