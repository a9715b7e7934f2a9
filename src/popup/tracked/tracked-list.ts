/**
 * The watched items' list under the glance, as words: pure, from the view the worker stored (tracked/view.ts).
 * Collapsed to its one summary line while no item is near its threshold, so a long list of far-off items does
 * not push the explorer down.
 */
import { labelOf } from "../../core/catalog.ts";
import type { CalendarDay } from "../../core/client/schedule-fields.ts";
import { dayNumber } from "../../shared/status/countdown.ts";
import type { TrackedBeyond, TrackedItem } from "../../shared/tracked/items.ts";
import { USERS_PLATFORM } from "../../shared/tracked/users-share.ts";
import type { TrackedView, TrackedViewItem } from "../../shared/tracked/view.ts";

export interface ListWords {
  /** The summary line, shown collapsed or open. */
  readonly summary: string;
  /** Open when an item is near its threshold or past it. */
  readonly open: boolean;
}

export function listWords(view: TrackedView): ListWords {
  const n = view.items.length;
  const near = view.items.filter((i) => i.near).length;
  const items = `${n} item${n === 1 ? "" : "s"}`;
  return near === 0
    ? { summary: `Watching ${items}: none near its threshold yet`, open: false }
    : { summary: `Watching ${items}: ${near} near or past its threshold`, open: true };
}

/** Up to this many items are listed in full; past it, the nearest that many, and the rest a click away. */
export const LISTED_IN_FULL = 5;

/**
 * How far an item has come: its best platform's share over its threshold (1 and more: reached), so the
 * nearest come first; an item with no share known counts as 0.
 */
function progress(item: TrackedViewItem): number {
  return Math.max(0, ...item.rows.map((r) => ((r.share ?? 0) * 100) / Math.max(1, item.threshold)));
}

/**
 * The items in the order the list shows them, nearest their threshold first (the order they were watched
 * among equals), cut in two when there are more than LISTED_IN_FULL: a long list opens to a screen, not to
 * fifty items' rows.
 */
export function nearestFirst(items: readonly TrackedViewItem[]): {
  readonly shown: readonly TrackedViewItem[];
  readonly rest: readonly TrackedViewItem[];
} {
  const order = items
    .map((item, i) => ({ item, i, p: progress(item) }))
    .sort((a, b) => b.p - a.p || a.i - b.i)
    .map((x) => x.item);
  return items.length <= LISTED_IN_FULL
    ? { shown: order, rest: [] }
    : { shown: order.slice(0, LISTED_IN_FULL), rest: order.slice(LISTED_IN_FULL) };
}

/**
 * One counted platform's line: "Windows: rolling out: 38% of Windows Stable · expected about 2027-01-03". An
 * expected day gone by says how late it is ("expected 2026-11-03, 25 days late"), never as if still ahead.
 */
export function rowLine(row: TrackedViewItem["rows"][number], today: CalendarDay): string {
  const day = row.expected?.day ?? null;
  const late = day === null ? 0 : dayNumber(today) - dayNumber(day);
  const expected =
    day === null
      ? ""
      : late > 0
        ? ` · expected ${day}, ${late} day${late === 1 ? "" : "s"} late`
        : ` · expected about ${day}`;
  // The platform is named once: most states name it already ("reached 95% on Android on …").
  const named = row.platform === USERS_PLATFORM || row.text.includes(labelOf(row.platform));
  return `${named ? "" : `${labelOf(row.platform)}: `}${row.text}${expected}`;
}

/** A web feature's other lines: its Baseline widely-available day, and the other browsers with it. */
export function featureLines(item: TrackedViewItem, today: string): string[] {
  const lines: string[] = [];
  if (item.widely !== undefined) {
    const day = item.widely;
    lines.push(
      day === null
        ? "Not Baseline yet"
        : day.replace(/^≤/, "") <= today
          ? `Baseline widely available since ${day}`
          : `Baseline widely available on ${day}`,
    );
  }
  if (item.others !== undefined) lines.push(item.others);
  return lines;
}

const PLACES: Readonly<Record<Exclude<TrackedItem["where"], "watched">, string>> = {
  stable: "every platform's Stable",
  worldwide: "users worldwide",
  region: "users in the region chosen in options",
  visitors: "your visitors",
};

/** The item's heading: its name and threshold, and where it counts. */
export function itemTitle(item: TrackedViewItem, watchLabel: string): string {
  const where = item.where === "watched" ? watchLabel : PLACES[item.where];
  return `${item.label} · ${item.threshold}% of ${where}`;
}

/**
 * Where an item may count: Chrome's rollout (the toolbar's watch, every platform's Stable) and, for a feature
 * or a compat key, a share of all users (worldwide, the region chosen in options, the person's visitors).
 */
export function whereChoices(
  kind: TrackedItem["kind"],
  watchLabel: string,
): { value: string; label: string }[] {
  const rollout = [
    { value: "watched", label: `of ${watchLabel}` },
    { value: "stable", label: `of ${PLACES.stable}` },
  ];
  if (kind === "milestone") return rollout;
  return [
    ...rollout,
    { value: "worldwide", label: `of ${PLACES.worldwide}` },
    { value: "region", label: `of ${PLACES.region}` },
    { value: "visitors", label: `of ${PLACES.visitors} (a stats file imported in options)` },
  ];
}

/** The control's value as a place; anything else is the toolbar's watch. */
export function whereOf(value: string): TrackedItem["where"] {
  return value === "watched" || !Object.hasOwn(PLACES, value) ? "watched" : (value as TrackedItem["where"]);
}

/** The subject an answer is about, as an item to watch; null for what cannot be watched (a version, a miss). */
export function itemOfSubject(subject: string | undefined): Pick<TrackedItem, "kind" | "id"> | null {
  const m = /^(feature|key|milestone):(.+)$/.exec(subject ?? "");
  return m ? { kind: m[1] as TrackedItem["kind"], id: m[2] ?? "" } : null;
}

/**
 * What the stored list holds that is not listed, in the list's words, or null when nothing: items another
 * device's newer version watches (kept), items past the limit (kept, not shown), entries that are no item.
 */
export function beyondWords(beyond: TrackedBeyond): string | null {
  if (beyond.notList)
    return "The watched list in sync storage is not a list this version can read; it is left as it is.";
  const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  const parts = [
    ...(beyond.newer > 0
      ? [`${count(beyond.newer, "item is", "items are")} kept for a newer version of Release Radar`]
      : []),
    ...(beyond.over > 0
      ? [`${count(beyond.over, "more item is", "more items are")} past the 50 listed, kept, not shown`]
      : []),
    ...(beyond.other > 0
      ? [`${count(beyond.other, "entry is", "entries are")} no watched item (or one listed twice), ignored`]
      : []),
  ];
  return parts.length === 0 ? null : `${parts.join("; ")}.`;
}
