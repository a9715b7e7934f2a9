// The watched items' notices (notices/watched-notices.ts): a crossing on a platform carries the cause of the
// poll it was worked out from, so the notifier tells it with that poll's "rollout complete"; a share of users
// and a moved Stable day carry none; past the cap, one notice counts the rest.
import { describe, expect, it } from "vitest";
import { watchedNotices } from "../../../src/background/notices/watched-notices.ts";
import { MAX_EVENTS_PER_POLL } from "../../../src/background/notices/notify.ts";
import type { TrackedItem } from "../../../src/shared/tracked/items.ts";

const item: TrackedItem = { kind: "milestone", id: "120", threshold: 95, where: "watched" };
const linux = {
  kind: "reached" as const,
  id: "reached:milestone:120@95/watched/linux/stable",
  platform: "linux",
  channel: "stable",
  share: 1,
  label: "M120",
  item,
};

describe("the watched items' notices", () => {
  it("give a crossing on a platform the cause of its poll, and a share of users or a moved day none", () => {
    const [crossing, users, moved] = watchedNotices(
      [
        linux,
        { ...linux, id: "reached:users", place: "users worldwide", share: 0.96 },
        {
          kind: "moved",
          id: "moved:120",
          milestone: 120,
          from: "2026-12-01",
          to: "2026-12-08",
          label: "M120",
          item,
        },
      ],
      1_700_000_000_000,
    );
    expect(crossing).toMatchObject({
      kind: "reached",
      title: "M120 reached 95% on Linux",
      cause: "1700000000000/linux/stable",
    });
    expect(users).toMatchObject({ title: "M120 reached 95% of users worldwide" });
    expect(users).not.toHaveProperty("cause");
    expect(moved).toMatchObject({ kind: "moved", title: "M120 moved from 2026-12-01 to 2026-12-08" });
    expect(moved).not.toHaveProperty("cause");
    // Without a stored snapshot there is no poll to tell it with.
    expect(watchedNotices([linux], null)[0]).not.toHaveProperty("cause");
  });

  it("count the rest in one notice past the cap", () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...linux, id: `reached:${i}` }));
    const notices = watchedNotices(many, null);
    expect(notices).toHaveLength(MAX_EVENTS_PER_POLL);
    expect(notices.at(-1)?.title).toBe(`${10 - (MAX_EVENTS_PER_POLL - 1)} more watched items changed`);
  });
});
