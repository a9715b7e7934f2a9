/**
 * What the toolbar button says globally (a release page's badge is tab-status.ts's; the wording and colours
 * both use are toolbar-wording.ts's): a pure function of the stored snapshot, the watched product,
 * platform and channel, the poll state and the clock. Nothing is read back from the toolbar; the action
 * adapter applies the result.
 * https://developer.chrome.com/docs/extensions/reference/api/action#badge
 */
import { labelOf } from "../../core/catalog.ts";
import { milestoneOf } from "../../core/version.ts";
import { browserLine, type ThisBrowser } from "../../shared/status/this-browser.ts";
import { liveOn } from "../../shared/watch/live.ts";
import { listSome, liveVersionText, shareText } from "../../shared/status/rollout-wording.ts";
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import { rolloutLine, rolloutOf } from "../../shared/watch/early-stable.ts";
import { inEarlyStable } from "../../shared/status/countdown.ts";
import type { Settings } from "../../shared/store/settings.ts";
import {
  COLORS,
  headLine,
  rolloutIcon,
  stateColours,
  stateOf,
  statusLines,
  type BadgeView,
  type ServiceStatus,
} from "./toolbar-wording.ts";
import type { Watch } from "../../shared/watch/device-platform.ts";

export interface GlobalInput extends ServiceStatus {
  readonly watch: Watch;
  /** This browser's name and version, when known. */
  readonly thisBrowser?: ThisBrowser;
  /**
   * Whether the icon carries the share (drawn icons work here): then the badge says what `badgeText` asks;
   * without them it keeps the share, the static icon being unable to.
   */
  readonly icons: boolean;
  readonly badgeText: Settings["badgeText"];
  /** Planned dates by milestone (the newest live one's names an early-stable push), and the reader's day. */
  readonly schedules?: ReadonlyMap<number, MilestoneSchedule>;
  readonly today?: CalendarDay;
}

export function globalBadge(input: GlobalInput): BadgeView {
  const { snapshot, watch } = input;
  const head = headLine(watch.product, labelOf(watch.channel), watch.platform);
  if (!snapshot) {
    return {
      text: stateOf(input, null) === "error" ? "!" : "",
      color: COLORS.error,
      textColor: COLORS.white,
      title: [head, ...statusLines(input)].join("\n"),
      icon: rolloutIcon(input, null),
    };
  }
  const lines = [head];
  const live = liveOn(snapshot, watch.platform, watch.channel);
  const { newest, mostUsers, versions } = live;
  let text = "";
  const fraction = newest ? newest.fraction : null;
  if (!newest) {
    lines.push(`No live ${labelOf(watch.channel)} release on ${labelOf(watch.platform)}`);
  } else {
    const milestone = milestoneOf(newest.version);
    const schedule = milestone === null ? undefined : input.schedules?.get(milestone);
    const scheduled = schedule && input.today !== undefined ? inEarlyStable(schedule, input.today) : null;
    const split = rolloutLine(rolloutOf(live, scheduled));
    if (split) lines.push(split);
    lines.push(liveVersionText(newest));
    if (mostUsers && mostUsers !== newest) lines.push(`Most users: ${liveVersionText(mostUsers)}`);
    const others = versions.filter((v) => v !== newest && v !== mostUsers);
    if (others.length) lines.push(`Also live: ${listSome(others, liveVersionText, ", ")}`);
    if (input.thisBrowser) lines.push(browserLine(input.thisBrowser, newest.version, labelOf(watch.channel)));
    const name = String(milestone ?? newest.version);
    // The share goes in the text where the icon cannot carry it, or where the person asked for it.
    const shareInText = (!input.icons || input.badgeText === "share") && newest.fraction < 1;
    text = shareInText ? shareText(newest.fraction) : name;
  }
  lines.push(...statusLines(input));
  return {
    text,
    // Stale and failed keep the text (the last known truth) in their own colour, so nobody takes it as current.
    ...stateColours(stateOf(input, fraction)),
    title: lines.join("\n"),
    icon: rolloutIcon(input, fraction),
  };
}
