/**
 * Notifications: one when a new version goes live on the watched platform and channel, one when a rollout
 * reaches 100%, never twice for the same event (also across service-worker restarts), and a click opens the
 * popup.
 *
 * `rolloutEvents` is pure: it compares two stored snapshots through the one live-versions rule (live.ts).
 * `onNotificationClicked` is the click's adapter (notifier.ts shows them); it takes objects shaped like
 * `browser.action` and `browser.tabs`, so nothing here calls the extension APIs itself.
 */
import { labelOf, productLabel } from "../../core/catalog.ts";
import { compareVersions } from "../../core/version.ts";
import { liveOn } from "../../shared/watch/live.ts";
import { shareText } from "../../shared/status/rollout-wording.ts";
import { sameService, type Snapshot } from "../../shared/store/snapshot.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule.ts";
import { daysToStable } from "../../shared/status/countdown.ts";
import { itemOfNotification, questionOf } from "../../shared/tracked/items.ts";

/**
 * The watched product's next milestone one day from its Stable day (by the schedule), as an event: the one
 * milestone whose Stable day is tomorrow, if any. Its id names the milestone, so it is shown once.
 */
export function stableSoonEvents(
  schedules: readonly MilestoneSchedule[],
  watch: Watch,
  today: CalendarDay,
): RolloutEvent[] {
  const tomorrow = schedules.filter((s) => daysToStable(s, today) === 1);
  const next = tomorrow.sort((a, b) => a.mstone - b.mstone)[0];
  if (next === undefined) return [];
  const name = productLabel(watch.product);
  return [
    {
      id: `soon:${watch.product}/${next.mstone}`,
      kind: "soon",
      version: `M${next.mstone}`,
      title: `${name} M${next.mstone} reaches Stable tomorrow`,
      message:
        `M${next.mstone} is planned for Stable on ${next.stableDate}` +
        (next.earlyStable ? `, after early stable from ${next.earlyStable}` : "") +
        ` (milestone schedule). Release Radar shows its rollout on ${labelOf(watch.platform)} as it comes.`,
    },
  ];
}

export interface RolloutEvent {
  /**
   * `live:PRODUCT/PLATFORM/CHANNEL/VERSION`, `full:...`, or `soon:PRODUCT/MILESTONE`: built from the event
   * alone, so stable across restarts.
   */
  readonly id: string;
  readonly kind: "live" | "back" | "full" | "soon" | "many" | "reached" | "moved";
  readonly version: string;
  readonly title: string;
  readonly message: string;
  /**
   * The change that raised it, `FETCHED_AT/PLATFORM/CHANNEL` (causeOf): a rollout complete and a watched
   * item's crossing of one poll on one platform are one event, told in one notification (notifier.ts).
   */
  readonly cause?: string;
}

/** The cause of events raised by the snapshot fetched at `fetchedAt` on one platform and channel. */
export function causeOf(fetchedAt: number, platform: string, channel: string): string {
  return `${fetchedAt}/${platform}/${channel}`;
}

/** Ids of our notifications start with one of these; a click on any other id is not ours to handle. */
const KINDS = ["live", "back", "full", "soon", "many", "reached", "moved"] as const;

/**
 * The most notifications one poll shows: past it, the newest ones and one that counts the rest. A service
 * that puts thousands of versions live at once would otherwise raise thousands of notifications (and spend
 * minutes of the worker's time on them).
 */
export const MAX_EVENTS_PER_POLL = 3;

/**
 * At most MAX_EVENTS_PER_POLL events: all of them when they fit, else the first MAX_EVENTS_PER_POLL - 1 and
 * `summary` of how many more there are.
 */
export function capEvents(
  events: readonly RolloutEvent[],
  summary: (rest: number) => RolloutEvent,
): RolloutEvent[] {
  if (events.length <= MAX_EVENTS_PER_POLL) return [...events];
  const shown = events.slice(0, MAX_EVENTS_PER_POLL - 1);
  return [...shown, summary(events.length - shown.length)];
}

/** The share of each live version of one platform and channel, newest version first. */
function sharesOf(snapshot: Snapshot, watch: Watch): Map<string, number> {
  return new Map(
    liveOn(snapshot, watch.platform, watch.channel).versions.map((v) => [v.version, v.fraction]),
  );
}

/**
 * The notifications that the step from `prev` to `next` calls for, newest version first.
 *
 * - A version live in `next` but not in `prev` gives a `live` event, with its share.
 * - A version at 100% in `next` that was below 100% in `prev` gives a `full` event. A version that appears
 *   already at 100% gives only its `live` event (which says 100%): one change, one notification.
 * - `prev === null` is the first poll after install, and a `prev` from another service or product means the
 *   user switched services: either way `next` is a new baseline and gives no events, so neither installing
 *   nor switching floods the user with every version that is already live.
 *
 * - More than MAX_EVENTS_PER_POLL events: the newest MAX_EVENTS_PER_POLL - 1, and a `many` event that
 *   counts the rest.
 *
 * Ids depend only on the watch and the version, so a repeated event has the same id and the notifier
 * shows it once.
 */
export function rolloutEvents(prev: Snapshot | null, next: Snapshot, watch: Watch): RolloutEvent[] {
  if (prev === null || !sameService(prev, next)) return [];
  const before = sharesOf(prev, watch);
  const after = sharesOf(next, watch);
  const where = `on ${labelOf(watch.channel)} for ${labelOf(watch.platform)}`;
  const name = productLabel(watch.product);
  const key = `${watch.product}/${watch.platform}/${watch.channel}`;
  const events: RolloutEvent[] = [];
  // A rollback: the newest version live before (sharesOf lists newest first) is gone, and an older one comes live. Its own id, so a version
  // announced as new once is told again when it comes back.
  const newestBefore = before.keys().next().value ?? null;
  const rolledBack = newestBefore !== null && !after.has(newestBefore);
  // Pulled back: the newest served everyone and now serves fewer, an older version taking the rest again
  // (while the newest still rolls out, an older version new to the list is an update of its milestone).
  const newestNow = newestBefore === null ? undefined : after.get(newestBefore);
  const pulledBack = newestNow !== undefined && newestNow < 1 && (before.get(newestBefore ?? "") ?? 0) >= 1;
  for (const [version, share] of after) {
    const was = before.get(version);
    const state = share >= 1 ? "live" : "rolling out";
    if (was === undefined && (rolledBack || pulledBack) && compareVersions(version, newestBefore ?? "") < 0) {
      events.push(
        rolledBack
          ? {
              id: `back:${key}/${version}/${newestBefore}`,
              kind: "back",
              version,
              title: `Older ${name} ${labelOf(watch.channel)} version ${state}`,
              message: `${name} ${version} is ${state} ${where} in place of the newer ${newestBefore}: ${shareText(share)} of users`,
            }
          : {
              id: `back:${key}/${version}/${newestBefore}`,
              kind: "back",
              version,
              title: `${name} ${labelOf(watch.channel)} rollout pulled back`,
              message: `${name} ${version} serves ${shareText(share)} of users ${where} again: the newer ${newestBefore} is back to ${shareText(newestNow ?? 0)}`,
            },
      );
    } else if (was === undefined) {
      events.push({
        id: `live:${key}/${version}`,
        kind: "live",
        version,
        title: `New ${name} ${labelOf(watch.channel)} version`,
        message: `${name} ${version} is ${state} ${where}: ${shareText(share)} of users`,
      });
    } else if (share >= 1 && was < 1) {
      events.push({
        id: `full:${key}/${version}`,
        kind: "full",
        version,
        title: `${name} ${labelOf(watch.channel)} rollout complete`,
        message: `${name} ${version} ${where} now serves 100% of users`,
        cause: causeOf(next.fetchedAt, watch.platform, watch.channel),
      });
    }
  }
  const newest = events[0]?.version ?? "";
  return capEvents(events, (rest) => ({
    id: `many:${key}/${newest}/${rest}`,
    kind: "many",
    version: newest,
    title: `${rest.toLocaleString("en-US")} more ${name} ${labelOf(watch.channel)} changes`,
    message: `${rest.toLocaleString("en-US")} more versions are new or complete ${where}; the popup lists them`,
  }));
}

/** What a notification click needs: `browser.action`, `browser.tabs`, the popup's URL and `notifications.clear`. */
export interface ClickDeps {
  action: { openPopup?: () => Promise<void> };
  tabs: { create(p: { url: string }): Promise<unknown> };
  /** The popup page's full URL (`runtime.getURL(POPUP_PATH)`), for the tab fallback. */
  popupUrl: string;
  /** The answer page's full URL for a question (a watched item's notice opens its answer). */
  answerUrl: (question: string) => string;
  clear: (id: string) => Promise<unknown>;
}

/** True when a notification id is one of ours (`live:...` or `full:...`). */
function isRolloutNotification(id: string): boolean {
  return KINDS.some((kind) => id.startsWith(`${kind}:`));
}

/**
 * `notifications.onClicked`: opens the popup and clears the notification. Ids that are not ours are left
 * alone (another part of the extension may own them).
 *
 * `action.openPopup()` is missing in older browsers and rejects when no browser window is focused (a click on
 * a system notification often comes with every window in the background), so the popup page then opens in a
 * tab instead.
 */
export async function onNotificationClicked(deps: ClickDeps, id: string): Promise<void> {
  if (!isRolloutNotification(id)) return;
  try {
    // A watched item's notice opens its answer, in a tab: what it is and where it stands everywhere.
    const item = itemOfNotification(id);
    if (item === null) await openPopupOrTab(deps);
    else await deps.tabs.create({ url: deps.answerUrl(questionOf(item)) });
  } finally {
    // Cleared even when opening failed: the click was the user's answer to it.
    await deps.clear(id);
  }
}

async function openPopupOrTab(deps: ClickDeps): Promise<void> {
  if (deps.action.openPopup) {
    try {
      await deps.action.openPopup();
      return;
    } catch {
      // Falls through to the tab: the rejection only says the popup cannot open here.
    }
  }
  await deps.tabs.create({ url: deps.popupUrl });
}
