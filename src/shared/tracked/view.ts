/**
 * The watched items as the popup lists them, worked out by the worker after each poll (and when the list
 * changes) and kept in `storage.local` (key `trackedView`), so the popup draws it without the feature data or
 * any request: per item, its words and share on each counted platform, the expected day where it is not at
 * its threshold yet, and a web feature's Baseline widely-available day and the other browsers with it.
 *
 * `trackedUpdate` is the one pure step a poll runs: the view, each item's new memory and what to notify.
 */
import { labelOf } from "../../core/catalog.ts";
import type { CalendarDay, MilestoneSchedule } from "../../core/client/schedule-fields.ts";
import type { FeatureAsset } from "../../core/features/asset.ts";
import {
  array,
  boolean,
  check,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
  type Infer,
} from "../../core/schema.ts";
import { otherBrowsersLine } from "../answers/supported.ts";
import type { Snapshot } from "../store/snapshot.ts";
import type { KeySpec } from "../store/store.ts";
import type { Watch } from "../watch/device-platform.ts";
import { crossings, type TrackedEvent } from "./crossings.ts";
import { expectedDay } from "./expected.ts";
import { MAX_TRACKED, trackedKey, type TrackedItem } from "./items.ts";
import { memoryKey, type TrackedMemory } from "./memory.ts";
import { atThreshold, measure } from "./progress.ts";
import type { MilestoneRollout } from "./rollout-timing.ts";
import { typicalText } from "./rollout-timing.ts";
import { pastNote, type PastState } from "./past-note.ts";
import { subjectOf } from "./subject.ts";
import { rowWords } from "./words.ts";
import { isUsersWhere, noForecast, usersRow } from "./users-share.ts";
import type { UsageContext } from "../answers/users.ts";

/** A platform count bound for the view: every live platform of the service, with room to spare. */
const MAX_ROWS = 24;
const MAX_TEXT = 300;
const TEXT = string(MAX_TEXT);
/** `text` cut to TEXT's bound, with an ellipsis. */
const fit = (text: string): string => (text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`);

const TrackedRowSchema = object({
  platform: string(64),
  channel: string(64),
  /** Share (0 to 1) on the needed milestone or later; null where not known. */
  share: nullable(number("a share from 0 to 1", (n) => n >= 0 && n <= 1)),
  state: oneOf(
    "webkit",
    "removed",
    "absent",
    "unknown",
    "upcoming",
    "rolling",
    "reached",
    "fell-back",
    "users",
  ),
  text: TEXT,
  /** Where not at the threshold yet: the expected day and why ("Stable 2026-12-27, usually 9-16 days after"). */
  expected: optional(object({ day: nullable(string(10)), why: TEXT })),
});

const TrackedViewItemSchema = object({
  key: string(120),
  kind: oneOf("feature", "key", "milestone"),
  id: string(120),
  label: string(200),
  threshold: number(),
  where: oneOf("watched", "stable", "worldwide", "region", "visitors"),
  /** The data no longer knows it (an update of the bundled feature data dropped it). */
  missing: boolean(),
  /** Any counted platform within reach: at half its threshold or more, or past it. */
  near: boolean(),
  rows: array(TrackedRowSchema),
  /** A web feature's Baseline widely-available day, and the other browsers' versions with it. */
  widely: optional(nullable(string(11))),
  others: optional(TEXT),
});
export type TrackedViewItem = Infer<typeof TrackedViewItemSchema>;

const TrackedViewSchema = object({ at: number(), items: array(TrackedViewItemSchema) });
export type TrackedView = Infer<typeof TrackedViewSchema>;

export const TRACKED_VIEW_KEY: KeySpec<TrackedView | null> = {
  area: "local",
  read: (value, warn) => {
    if (value === undefined) return null;
    const read = check(TrackedViewSchema, value);
    if (!read.ok) warn(`trackedView: ignored (${read.error.message}); the next poll writes it again`);
    return read.ok ? read.value : null;
  },
};

export interface UpdateInput {
  readonly items: readonly TrackedItem[];
  readonly memories: readonly TrackedMemory[];
  readonly asset: FeatureAsset;
  readonly watch: Watch;
  readonly snapshot: Snapshot | null;
  readonly schedules: readonly MilestoneSchedule[];
  /** Past rollouts by platform, as far as known. */
  readonly rollouts: (platform: string) => readonly MilestoneRollout[] | null;
  /** Whether a platform's past rollouts failed to be read or were cut short (said beside the expected day). */
  readonly past?: (platform: string) => PastState | undefined;
  readonly today: CalendarDay;
  readonly now: number;
  /** The usage data and the person's tables, for items watched by a share of users; or why there are none. */
  readonly usage?: UsageContext | string;
}

/** An item that could not be worked out: listed, with why, and worked out again at the next update. */
function unworkable(item: TrackedItem, error: unknown): TrackedViewItem {
  const why = error instanceof Error ? error.message : String(error);
  return {
    key: trackedKey(item),
    kind: item.kind,
    id: item.id,
    label: item.id,
    threshold: item.threshold,
    where: item.where,
    missing: false,
    near: false,
    rows: [
      {
        platform: "-",
        channel: "-",
        share: null,
        state: "unknown",
        text: fit(`could not be worked out (${why}); the next check tries again`),
      },
    ],
  };
}

/** The view, the items' memories (only those of listed items) and the events to notify, with each item's label. */
export function trackedUpdate(input: UpdateInput): {
  view: TrackedView;
  memories: TrackedMemory[];
  events: (TrackedEvent & { readonly label: string; readonly item: TrackedItem })[];
} {
  const memories: TrackedMemory[] = [];
  const events: (TrackedEvent & { label: string; item: TrackedItem })[] = [];
  const items: TrackedViewItem[] = [];
  /** One item's part of the view, its memory and its events. */
  const updateOne = (item: TrackedItem): void => {
    const subject = subjectOf(input.asset, item);
    const base = {
      key: trackedKey(item),
      kind: item.kind,
      id: item.id,
      threshold: item.threshold,
      where: item.where,
    };
    if (subject === null) {
      items.push({ ...base, label: item.id, missing: true, near: false, rows: [] });
      return;
    }
    const shares = isUsersWhere(item.where)
      ? [
          usersRow(
            { ...item, where: item.where },
            subject.kind === "support" ? (subject.raw ?? null) : null,
            input.asset,
            input.usage ?? "the usage data is not read yet",
          ),
        ]
      : measure(item, subject, input.watch, input.snapshot).slice(0, MAX_ROWS);
    const own = input.memories.find((m) => m.item === memoryKey(item));
    const followed =
      subject.kind === "milestone" ? { milestone: subject.milestone, schedules: input.schedules } : undefined;
    const next = crossings(item, shares, own, input.today, followed);
    memories.push(next.memory);
    for (const e of next.events) events.push({ ...e, label: subject.label, item });
    const rows = shares.map((s) => {
      const said = rowWords(s, item.threshold, next.memory, input.schedules);
      // A reason can hold a region's or a file's words: cut to what the view keeps, never past it.
      const words = { ...said, text: fit(said.text) };
      // A share of users has no basis for a day: it says why instead.
      if (s.users !== undefined && s.share !== null && !atThreshold(s.share, item.threshold))
        return {
          platform: s.platform,
          channel: s.channel,
          share: s.share,
          ...words,
          expected: { day: null, why: fit(noForecast(s.users.why)) },
        };
      const pending = s.needed !== null && !atThreshold(s.share, item.threshold) && s.channel === "stable";
      if (!pending || s.needed === null)
        return { platform: s.platform, channel: s.channel, share: s.share, ...words };
      const e = expectedDay({
        ...input,
        milestone: s.needed,
        platform: s.platform,
        threshold: item.threshold,
        rollouts: input.rollouts(s.platform),
      });
      const start =
        e.from === null
          ? "no Stable day known yet"
          : `${e.from.source === "served" ? "on Stable since" : "Stable"} ${e.from.day}`;
      const note = pastNote(input.past?.(s.platform), input.now);
      const known = input.rollouts(s.platform) !== null;
      const typical =
        e.typical !== null
          ? typicalText(e.typical, labelOf("stable"), item.threshold)
          : known
            ? `no recent milestone reached ${item.threshold}% there`
            : (note ?? "no past rollout read yet");
      const how = note === null || (e.typical === null && !known) ? typical : `${typical}; ${note}`;
      return {
        platform: s.platform,
        channel: s.channel,
        share: s.share,
        ...words,
        expected: { day: e.day, why: `${start}; ${how}` },
      };
    });
    const near = shares.some((s) => s.share !== null && s.share * 100 >= item.threshold / 2);
    items.push({
      ...base,
      label: subject.label,
      missing: false,
      near,
      rows,
      ...(subject.kind === "support" && {
        widely: subject.widely ?? null,
        others: otherBrowsersLine(subject.supported),
      }),
    });
  };
  for (const item of input.items.slice(0, MAX_TRACKED)) {
    const kept = { memories: memories.length, events: events.length };
    try {
      updateOne(item);
    } catch (error) {
      // One item's bad data spoils that item alone: it keeps its memory and says why, the rest go on.
      memories.length = kept.memories;
      events.length = kept.events;
      const own = input.memories.find((m) => m.item === memoryKey(item));
      if (own !== undefined) memories.push(own);
      items.push(unworkable(item, error));
    }
  }
  return { view: { at: input.now, items }, memories, events };
}
