/**
 * Draws the schedule section (schedule-view.ts) into `#schedule`, loaded after the first paint: the planned
 * dates are not what the glance answers first. Text only, never markup.
 */
import { localDay } from "../../shared/status/countdown.ts";
import { byId, el } from "../../shared/page/dom.ts";
import { parseContext } from "../../shared/page/page-context.ts";
import type { ScheduleEntry } from "../../shared/store/schedules.ts";
import { scheduleUrlOf, type Settings } from "../../shared/store/settings.ts";
import { formatTime } from "../../shared/status/time.ts";
import { scheduleView, type ScheduleView } from "./schedule-view.ts";

/**
 * Shows the stored schedules of the schedule the settings name: the next milestones, and the milestone of the
 * release page the popup was opened for (`search`, the popup's query), if any.
 */
export function showSchedule(entries: readonly ScheduleEntry[], settings: Settings, search: string): void {
  const context = parseContext(`?${search}`);
  const milestone = context !== null && context.kind !== "channel" ? context.milestone : null;
  // The schedule's address is worked out here, after the first paint, whose script need not carry the rule.
  drawSchedule(scheduleView(entries, scheduleUrlOf(settings), localDay(Date.now()), milestone));
}

export function drawSchedule(view: ScheduleView): void {
  const section = byId("schedule", HTMLElement);
  const list = byId("schedule-list", HTMLUListElement);
  const page = byId("schedule-page", HTMLParagraphElement);
  const asOf = byId("schedule-as-of", HTMLParagraphElement);
  section.hidden = view.upcoming.length === 0 && view.page === null;
  page.hidden = view.page === null;
  page.replaceChildren(...(view.page ?? []).flatMap((line, i) => (i === 0 ? [line] : [el("br"), line])));
  list.replaceChildren(
    ...view.upcoming.map((r) =>
      el(
        "li",
        {},
        el("strong", {}, r.milestone),
        " · ",
        // Each part wraps as a whole: a line break inside "2026-12-12 (in 9 days)" would split the date.
        ...(r.earlyStable ? [el("span", { class: "nowrap" }, r.earlyStable), " · "] : []),
        el("span", { class: "nowrap" }, r.stable),
      ),
    ),
  );
  asOf.textContent =
    view.asOf === null ? "" : `Planned dates from the milestone schedule, as of ${formatTime(view.asOf)}.`;
}
