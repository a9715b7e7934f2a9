/**
 * The whole toolbar state the extension wants: a pure function of settings, what is stored about the
 * watched service, the contexts of open release pages and the clock. The action adapter turns it into
 * `action.*` calls (https://developer.chrome.com/docs/extensions/reference/api/action).
 *
 * - Global: the badge and icon of the watched channel (the icon's ring the newest version's share, the
 *   badge its milestone or share per `badgeText`); popup per `clickAction` (`""` lets `onClicked` fire);
 *   disabled in focus mode (the action API's way to emulate a page action).
 * - Per tab, for tabs showing a release page: that page's badge and a popup that opens filtered to it
 *   (a per-tab popup wins over the global `""`), enabled even in focus mode.
 */
import { popupPath, type PageContext } from "../../shared/page/page-context.ts";
import type { MilestoneHistory } from "../../shared/store/histories.ts";
import { watchedService, type Watched } from "../../shared/watch/watched.ts";
import { localDay } from "../../shared/status/countdown.ts";
import type { MilestoneSchedule } from "../../core/client/schedule.ts";
import { globalBadge } from "./badge.ts";
import type { BadgeView, ServiceStatus } from "./toolbar-wording.ts";
import { tabView } from "./tab-status.ts";

/** Everything the button shows in one scope (globally, or on one tab). */
export interface ActionView extends BadgeView {
  /** Popup path relative to the extension root; `""` means no popup, so a click fires `onClicked`. */
  readonly popup: string;
  readonly enabled: boolean;
}

/** The whole toolbar state: global values and per-tab overrides for tabs with a context. */
export interface ToolbarState {
  readonly global: ActionView;
  /** Tabs absent here get no per-tab values (the global ones show). */
  readonly tabs: ReadonlyMap<number, ActionView>;
}

/** Shown while a click-triggered refresh runs (clickAction "refresh"). */
const REFRESHING_TEXT = "…";

export interface ToolbarInput extends Watched {
  /** Contexts of the open tabs that show a release page. */
  readonly tabs: ReadonlyMap<number, PageContext>;
  /** The milestone histories fetched for those tabs, by milestone, all of the watched platform. */
  readonly histories: ReadonlyMap<number, MilestoneHistory>;
  /**
   * Planned dates by milestone, when known (a fetch may not have answered yet): those tabs' milestones and
   * the upcoming ones, whose dates name an early-stable push on the global badge.
   */
  readonly schedules?: ReadonlyMap<number, MilestoneSchedule>;
  readonly refreshing: boolean;
  /** Whether drawn icons work here (the action adapter says); false keeps the static icon everywhere. */
  readonly icons: boolean;
}

export function toolbarState(input: ToolbarInput): ToolbarState {
  const { settings, watch } = input;
  const status: ServiceStatus = {
    ...watchedService(input),
    now: input.now,
    pollMinutes: settings.pollMinutes,
  };
  const today = localDay(input.now);
  const badgeFor = (channel: string): BadgeView =>
    globalBadge({
      ...status,
      watch: { ...watch, channel },
      ...(input.thisBrowser ? { thisBrowser: input.thisBrowser } : {}),
      icons: input.icons,
      badgeText: settings.badgeText,
      ...(input.schedules ? { schedules: input.schedules } : {}),
      today,
    });
  const global: ActionView = {
    ...badgeFor(watch.channel),
    ...(input.refreshing ? { text: REFRESHING_TEXT } : {}),
    popup: settings.clickAction === "popup" ? popupPath() : "",
    enabled: !settings.focusMode,
  };
  const tabs = new Map<number, ActionView>();
  for (const [tabId, context] of input.tabs) {
    const view = tabView({
      ...status,
      context,
      watch,
      channelBadge: badgeFor,
      history: context.kind === "channel" ? undefined : input.histories.get(context.milestone),
      schedule: context.kind === "channel" ? undefined : input.schedules?.get(context.milestone),
      today,
      icons: input.icons,
    });
    tabs.set(tabId, { ...view.badge, popup: view.popup, enabled: true });
  }
  return { global, tabs };
}
