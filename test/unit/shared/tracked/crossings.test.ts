import { beforeAll, describe, expect, it } from "vitest";
import type { MilestoneSchedule } from "../../../../src/core/client/schedule-fields.ts";
import { crossings } from "../../../../src/shared/tracked/crossings.ts";
import type { TrackedItem } from "../../../../src/shared/tracked/items.ts";
import { TRACKED_MEMORY_KEY, type TrackedMemory } from "../../../../src/shared/tracked/memory.ts";
import { measure, type TrackedSubject } from "../../../../src/shared/tracked/progress.ts";
import { subjectOf } from "../../../../src/shared/tracked/subject.ts";
import { rowWords } from "../../../../src/shared/tracked/words.ts";
import type { Watch } from "../../../../src/shared/watch/device-platform.ts";
import { realAsset, release, snapshot } from "../answers/fixtures.ts";

const WATCH: Watch = { product: "chrome", platform: "win64", channel: "stable" };
const M154: TrackedItem = { kind: "milestone", id: "154", threshold: 95, where: "watched" };
const SUBJECT: TrackedSubject = { kind: "milestone", label: "M154", milestone: 154 };

/** Windows Stable with M154 at `share` of users and M153 serving the rest, in one fraction group. */
const rollout = (share: number) =>
  snapshot([
    release("win64", "stable", "154.0.7999.10", share, { group: "1" }),
    ...(share < 1 ? [release("win64", "stable", "153.0.7950.60", 1 - share, { group: "1" })] : []),
    release("android", "stable", "154.0.7999.11", 1),
  ]);

/** One poll: measured, compared with the memory as storage gives it back (a worker restart reads it so). */
function poll(item: TrackedItem, share: number, memory: TrackedMemory | undefined, today: string) {
  const stored = memory && TRACKED_MEMORY_KEY.read(JSON.parse(JSON.stringify([memory])), () => undefined)[0];
  const shares = measure(item, SUBJECT, WATCH, rollout(share));
  return { shares, ...crossings(item, shares, stored, today) };
}

// The real feature data is built once for the file, which takes seconds on a busy machine.
beforeAll(() => void realAsset(), 180_000);

describe("a watched item's share and its crossing of the threshold", () => {
  it("measures the share on or after the needed milestone on each counted platform", () => {
    expect(measure(M154, SUBJECT, WATCH, rollout(0.25)).map((s) => [s.platform, s.share])).toEqual([
      ["win64", 0.25],
    ]);
    const everywhere = measure({ ...M154, where: "stable" }, SUBJECT, WATCH, rollout(0.25));
    expect(everywhere.map((s) => [s.platform, s.share])).toEqual([
      ["win64", 0.25],
      ["android", 1],
    ]);
  });

  it("tells a crossing once, across a restart between polls, and not again after a pause", () => {
    const first = poll(M154, 0.25, undefined, "2026-12-01");
    expect(first.events).toEqual([]);
    expect(rowWords(first.shares[0]!, 95, first.memory, []).text).toBe("rolling out: 25% of Windows Stable");

    const crossed = poll(M154, 1, first.memory, "2026-12-04");
    expect(crossed.events).toEqual([
      {
        kind: "reached",
        id: "reached:milestone:154@95/watched/win64/stable",
        platform: "win64",
        channel: "stable",
        share: 1,
      },
    ]);
    expect(rowWords(crossed.shares[0]!, 95, crossed.memory, []).text).toBe(
      "reached 95% on Windows on 2026-12-04",
    );

    // The worker restarted: the memory comes from storage, and the same share tells nothing.
    expect(poll(M154, 1, crossed.memory, "2026-12-05").events).toEqual([]);

    // A paused rollout: the share falls back; the list says so, nothing is notified, then or on the way up.
    const paused = poll(M154, 0.5, crossed.memory, "2026-12-06");
    expect(paused.events).toEqual([]);
    expect(rowWords(paused.shares[0]!, 95, paused.memory, []).text).toBe(
      "fell back to 50% of Windows Stable (reached 95% on 2026-12-04)",
    );
    expect(poll(M154, 1, paused.memory, "2026-12-08").events).toEqual([]);
  });

  it("records what an item already reached when first measured without telling it, and starts again at a new threshold", () => {
    const first = poll(M154, 1, undefined, "2026-12-01");
    expect(first.events).toEqual([]);
    expect(rowWords(first.shares[0]!, 95, first.memory, []).text).toBe(
      "already reached 95% on Windows when watched on 2026-12-01",
    );
    // Falling back later says the same: reached before the watch, not on its first day.
    expect(rowWords(poll(M154, 0.5, first.memory, "2026-12-02").shares[0]!, 95, first.memory, []).text).toBe(
      "fell back to 50% of Windows Stable (already reached 95% when watched on 2026-12-01)",
    );
    const higher = { ...M154, threshold: 100 };
    expect(poll(higher, 0.96, first.memory, "2026-12-02").memory.item).toBe("milestone:154@100/watched");
  });

  it("tells no crossing for a pair measured for the first time: another watched pair, or the first snapshot", () => {
    const first = poll(M154, 0.25, undefined, "2026-12-01");
    // The toolbar now watches Android, where M154 is at 100% already: recorded, not told.
    const android = { ...WATCH, platform: "android" };
    const switched = crossings(
      M154,
      measure(M154, SUBJECT, android, rollout(0.25)),
      first.memory,
      "2026-12-02",
    );
    expect(switched.events).toEqual([]);
    expect(switched.memory.reached["android/stable"]).toEqual({ day: "2026-12-02", before: true });
    // Measured before any snapshot: the first one that comes sets the start, whatever it says.
    const blind = crossings(M154, measure(M154, SUBJECT, WATCH, null), undefined, "2026-12-01");
    expect(
      crossings(M154, measure(M154, SUBJECT, WATCH, rollout(1)), blind.memory, "2026-12-02").events,
    ).toEqual([]);
  });

  it("says once when a watched milestone's Stable day moves in the schedule", () => {
    const day = (stableDate: string): MilestoneSchedule[] => [{ mstone: 154, stableDate }];
    const at = (memory: TrackedMemory | undefined, stableDate: string) =>
      crossings(M154, [], memory, "2026-12-01", { milestone: 154, schedules: day(stableDate) });
    const seen = at(undefined, "2026-12-27");
    expect(seen.events).toEqual([]);
    const moved = at(seen.memory, "2027-01-05");
    expect(moved.events).toEqual([
      {
        kind: "moved",
        id: "moved:milestone:154@95/watched/154/2027-01-05",
        milestone: 154,
        from: "2026-12-27",
        to: "2027-01-05",
      },
    ]);
    expect(at(moved.memory, "2027-01-05").events).toEqual([]);
  });

  it("says a milestone not live yet ships in it, with its Stable day when the schedule has one", () => {
    const m160: TrackedItem = { ...M154, id: "160" };
    const [share] = measure(m160, { kind: "milestone", label: "M160", milestone: 160 }, WATCH, rollout(1));
    expect(rowWords(share!, 95, undefined, []).text).toBe("ships in M160");
    expect(rowWords(share!, 95, undefined, [{ mstone: 160, stableDate: "2027-03-30" }]).text).toBe(
      "ships in M160, Stable 2027-03-30",
    );
  });

  it("words a feature's state from the bundled data: reached, not in Chrome, removed, unknown", () => {
    const asset = realAsset();
    const words = (id: string, kind: "feature" | "key" = "feature") => {
      const item: TrackedItem = { kind, id, threshold: 95, where: "watched" };
      const subject = subjectOf(asset, item);
      if (subject === null) return null;
      const shares = measure(item, subject, WATCH, rollout(0.25));
      return rowWords(shares[0]!, 95, undefined, [{ mstone: 999, stableDate: "2099-01-01" }]).text;
    };
    expect(words("has")).toBe("reached 95% on Windows");
    expect(words("audio-session")).toBe("not in Chrome yet");
    expect(words("api.MutationEvent", "key")).toBe("removed in M127");
    expect(words("no-such-feature")).toBeNull();
    expect(words("154", "feature")).toBeNull();
  });
});
