/**
 * Builds the emulator's bundled dataset from real public release history (Chromium Dash `fetch_releases`
 * records, see emulator/data/README.md). Pure: plain values in, plain values out, so the build script and
 * the drift test run exactly the same rules.
 *
 * What is real: versions, start times, platforms, channels. What is synthesized, by the rules below, because
 * the public source has no such fields: end times, the windows -> win + win64 split, fraction, fractionGroup,
 * pinnable, rolloutData.
 *
 * End times and live releases, per (platform, channel) group (emulator/data/README.md has the reasons):
 * 1. Sort the group by (start time asc, version asc).
 * 2. A release ends where the next release after it in that order of the same milestone (its next respin)
 *    starts. At the same instant this gives a zero-length interval (superseded at once), which is kept.
 * 3. The last release of its milestone ends where the first release after it of a higher milestone starts;
 *    if there is none it is live (no endTime key). Chromium Dash keeps shipping respins of the previous
 *    milestone after the next one reaches stable, so both milestones can be live at the end.
 * 4. Stable win, win64, mac and android: N = the live release with the highest version, P = the highest
 *    other live release (the previous milestone's last respin). N gets fraction F, P gets 1 - F, both in
 *    N's fractionGroup with rolloutData. Without P, N stays at 1. Any other live release (not expected) ends
 *    at the latest start time in the group.
 * 5. Every other group (linux stable, all dev): only N stays live, at fraction 1; any other live release
 *    is superseded when the newer milestone is the only one served, at max(its own start, N's start).
 * 7. Stable win, win64, mac and android: each completed rollout (a milestone below the newest, with an older
 *    one before it) in steps, a record per build and share, the older milestone serving the rest in one
 *    fraction group: rollout-steps.ts. `stableDays` (milestone -> `YYYY-MM-DD`, the schedule's Stable days)
 *    places the steps; without a day a rollout steps from its first serving.
 * No release ends before it starts, and no two share a name; buildDataset checks both.
 */
import type { ReleaseResource, RolloutData } from "../src/core/types.ts";
import { channelRank } from "../src/core/catalog.ts";
import { compareParts, parseVersion } from "../src/core/version.ts";
import { validateList, type Entry } from "./dataset-source.ts";
import { stagedPieces, type Served } from "./rollout-steps.ts";

/** Product id in resource names: the real service's id (the service's documentation calls it `browser`). */
export const PRODUCT = "chrome";

/**
 * Fraction F of the synthesized live staged rollout on stable: the highest live release of the platform's
 * stable group (the newest milestone) serves F of users and the previous milestone's last live respin serves
 * the other 1 - F, as the real service shows during a rollout. Values are chosen to give the UI several distinct shares to show; they are not measured.
 * `linux` is absent on purpose (it has no staged rollouts in reality), and dev never gets one.
 */
export const STAGED_ROLLOUT_FRACTIONS: Readonly<Record<string, number>> = {
  win: 0.25,
  win64: 0.25,
  mac: 0.5,
  android: 0.1,
};

/** The only channel where a staged rollout is synthesized. */
export const STAGED_ROLLOUT_CHANNEL = "stable";

/**
 * Builds the dataset from the Chromium Dash stable and dev histories.
 *
 * Throws InvalidSourceRecordError (naming the list, record index and field) on the first malformed record.
 * The result is deterministic: the same input gives the same releases in the same order with the same key
 * order (name, serving, fraction, version, fractionGroup, pinnable, rolloutData, as the real service sends).
 */
export function buildDataset(
  stable: unknown[],
  dev: unknown[],
  stableDays: ReadonlyMap<number, string> = new Map(),
): { releases: ReleaseResource[] } {
  const entries = [...validateList("stable", stable), ...validateList("dev", dev)];

  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = `${entry.platform}/${entry.channel}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }

  const releases: ReleaseResource[] = [];
  for (const group of groups.values()) releases.push(...buildGroup(group, stableDays));
  // The rules cannot produce this (ends are later starts, or max() with the own start); fail loudly if a
  // change to them ever does, rather than serve a negative interval.
  for (const { name, serving } of releases) {
    if (serving.endTime !== undefined && Date.parse(serving.endTime) < Date.parse(serving.startTime)) {
      throw new Error(`${name}: endTime ${serving.endTime} is before startTime ${serving.startTime}`);
    }
  }
  const names = new Set<string>();
  for (const { name } of releases) {
    if (names.has(name)) throw new Error(`${name}: two releases of one name (a step in the same second)`);
    names.add(name);
  }
  releases.sort(compareOutput);
  return { releases };
}

/** Milestone -> its Stable day (`YYYY-MM-DD`), from a milestone schedule's lines (schedule.json's `mstones`). */
export function stableDaysOf(
  mstones: readonly { readonly mstone: number; readonly stable_date: string }[],
): Map<number, string> {
  return new Map(mstones.map((m) => [m.mstone, m.stable_date.slice(0, 10)]));
}

/**
 * The dataset as committed in emulator/data/releases.json: one release per line so a rebuild diffs line by
 * line, ending with a newline. The build script writes this and the drift test compares against it.
 */
export function formatDataset(dataset: { readonly releases: readonly ReleaseResource[] }): string {
  const lines = dataset.releases.map((release) => JSON.stringify(release));
  return `{"releases":[\n${lines.join(",\n")}\n]}\n`;
}

/** RFC 3339 UTC with six fractional digits, the real service's longer form (`...T20:11:36.621000Z`). */
export function formatTimestamp(ms: number): string {
  // toISOString gives milliseconds; the source has no finer precision, so the extra digits are zeros.
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

/** One release of a group in sorted order, before its resource is written. */
interface Slot {
  readonly entry: Entry;
  readonly milestone: number;
  readonly name: string;
  /** End of serving in epoch ms; undefined while the release is live. */
  endMs: number | undefined;
  fraction: number;
  /** 0-based index (in sorted order) of the release whose 1-based position is this one's fractionGroup. */
  groupIndex: number;
  inRollout: boolean;
}

/** The releases of one (platform, channel) group, with end times, fractions and groups synthesized. */
function buildGroup(group: readonly Entry[], stableDays: ReadonlyMap<number, string>): ReleaseResource[] {
  // Rule 1: sort by (start time asc, version asc).
  const sorted = [...group].sort((a, b) => a.timeMs - b.timeMs || compareParts(a.parts, b.parts));

  // Same name = same platform, channel, version and start second (the name's ID is whole seconds): keep
  // the earliest, since the service could not hold two resources of one name.
  const seen = new Set<string>();
  const slots: Slot[] = [];
  for (const entry of sorted) {
    const seconds = Math.floor(entry.timeMs / 1000);
    const name = `${PRODUCT}/platforms/${entry.platform}/channels/${entry.channel}/versions/${entry.version}/releases/${seconds}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const milestone = entry.parts[0] ?? 0;
    slots.push({
      entry,
      milestone,
      name,
      endMs: undefined,
      fraction: 1,
      groupIndex: slots.length,
      inRollout: false,
    });
  }

  const last = slots.at(-1);
  if (!last) return [];

  // Rules 2 and 3: a release ends at its milestone's next respin; the last release of a milestone ends when
  // a higher milestone next starts, and is live if none does. Groups hold at most ~1,000 releases, so the
  // quadratic scan is cheap.
  slots.forEach((slot, i) => {
    const after = slots.slice(i + 1);
    const next =
      after.find((s) => s.milestone === slot.milestone) ?? after.find((s) => s.milestone > slot.milestone);
    slot.endMs = next?.entry.timeMs;
  });

  // Live releases, highest version first. Every live release other than the newest starts after it (a
  // higher milestone starting after a release would have ended it), so the guard ends below never go back.
  const live = slots
    .filter((s) => s.endMs === undefined)
    .sort((a, b) => compareParts(b.entry.parts, a.entry.parts));
  const [newest, predecessor, ...rest] = live;
  if (!newest) throw new Error(`${last.name}: the last release of a group must be live`);
  const newestIndex = slots.indexOf(newest);

  const stagedFraction =
    newest.entry.channel === STAGED_ROLLOUT_CHANNEL
      ? STAGED_ROLLOUT_FRACTIONS[newest.entry.platform]
      : undefined;
  if (stagedFraction !== undefined && predecessor) {
    // Rule 4: the newest milestone rolls out at F beside the previous milestone's last respin at 1 - F, in
    // one fraction group. Any further live release (not expected) ends at the group's latest start.
    newest.fraction = stagedFraction;
    predecessor.fraction = 1 - stagedFraction;
    for (const slot of [newest, predecessor]) {
      slot.groupIndex = newestIndex;
      slot.inRollout = true;
    }
    for (const slot of rest) slot.endMs = last.entry.timeMs;
  } else {
    // Rule 5: without a staged rollout only the newest stays live; any other live release is superseded
    // when the newer milestone is the only one served, at max(its own start, the newest's start).
    for (const slot of [predecessor, ...rest]) {
      if (slot) slot.endMs = Math.max(slot.entry.timeMs, newest.entry.timeMs);
    }
  }

  const served: Served[] = slots.map((slot) => ({
    start: slot.entry.timeMs,
    end: slot.endMs ?? Infinity,
    milestone: slot.milestone,
    fraction: slot.fraction,
    group: slot.groupIndex,
    inRollout: slot.inRollout,
  }));
  // Rule 7: the completed rollouts of a staged group in steps (rollout-steps.ts).
  const pieces =
    stagedFraction === undefined
      ? served.map(({ milestone: _, ...s }, of) => ({ ...s, of }))
      : stagedPieces(served, stableDays);
  return pieces.map((piece) => {
    const { version, platform, channel } = slots[piece.of]?.entry ?? last.entry;
    const startTime = formatTimestamp(piece.start);
    const rolloutData: RolloutData[] = piece.inRollout
      ? [{ rolloutName: `${version} Rollout`, tag: ["rollout"] }]
      : [];
    return {
      name: `${PRODUCT}/platforms/${platform}/channels/${channel}/versions/${version}/releases/${Math.floor(piece.start / 1000)}`,
      serving: piece.end === Infinity ? { startTime } : { startTime, endTime: formatTimestamp(piece.end) },
      fraction: piece.fraction,
      version,
      fractionGroup: String(piece.group + 1),
      pinnable: piece.fraction === 1,
      rolloutData,
    };
  });
}

/** Output order: platform (string) asc, channel (distance from stable) asc, version desc, start time desc. */
function compareOutput(a: ReleaseResource, b: ReleaseResource): number {
  const pa = platformOf(a);
  const pb = platformOf(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  const byChannel = channelRank(channelOf(a)) - channelRank(channelOf(b));
  if (byChannel !== 0) return byChannel;
  const byVersion = compareParts(parseVersion(b.version) ?? [], parseVersion(a.version) ?? []);
  if (byVersion !== 0) return byVersion;
  // Same-length RFC 3339 UTC strings sort as their instants.
  const sa = a.serving.startTime;
  const sb = b.serving.startTime;
  return sa === sb ? 0 : sa < sb ? 1 : -1;
}

function platformOf(release: ReleaseResource): string {
  return release.name.split("/")[2] ?? "";
}

function channelOf(release: ReleaseResource): string {
  return release.name.split("/")[4] ?? "";
}
