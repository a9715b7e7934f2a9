/**
 * Draws the schedule section (schedule-view.ts) into `#schedule`, loaded after the first paint: the planned
 * dates are not what the glance answers first. Text only, never markup.
 */
import { byId, el } from "../shared/dom.ts";
import { formatTime } from "../shared/time.ts";
import type { ScheduleView } from "./schedule-view.ts";

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
        ...(r.earlyStable ? [r.earlyStable, " · "] : []),
        r.stable,
      ),
    ),
  );
  asOf.textContent =
    view.asOf === null ? "" : `Planned dates from the milestone schedule, as of ${formatTime(view.asOf)}.`;
}
