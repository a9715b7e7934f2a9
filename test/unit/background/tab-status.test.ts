import { describe, expect, it } from "vitest";
import type { BadgeView } from "../../../src/background/toolbar/toolbar-wording.ts";
import { MAX_TITLE_LENGTH, tabView, type TabViewInput } from "../../../src/background/toolbar/tab-status.ts";
import type { ReleaseResource } from "../../../src/core/types.ts";
import type { MilestoneHistory } from "../../../src/shared/store/histories.ts";
import type { PageContext as TabContext } from "../../../src/shared/page/page-context.ts";
import type { Snapshot } from "../../../src/shared/store/snapshot.ts";
import type { Watch } from "../../../src/shared/watch/device-platform.ts";

function live(
  channel: string,
  version: string,
  fraction = 1,
  startTime = "2023-12-12T19:00:00Z",
  platform = "win64",
): ReleaseResource {
  return {
    name: `chrome/platforms/${platform}/channels/${channel}/versions/${version}/releases/1`,
    version,
    serving: { startTime },
    fraction,
  };
}

const snapshot = (releases: ReleaseResource[]): Snapshot => ({
  baseUrl: "http://127.0.0.1:8787/v1",
  product: "chrome",
  fetchedAt: Date.UTC(2024, 0, 1),
  releases,
});

/** Live on win64: stable 120, extended 118, beta 121, dev 122, canary 123; mac's stable is 124. */
const WORLD = snapshot([
  live("stable", "120.0.6099.109"),
  live("extended", "118.0.5993.159"),
  live("beta", "121.0.6167.8"),
  live("dev", "122.0.6200.1"),
  live("canary", "123.0.6250.0"),
  live("canary_asan", "123.0.6249.0"),
  live("stable", "124.0.1.1", 1, "2023-12-12T19:00:00Z", "mac"),
]);

const milestone = (m: number): TabContext => ({ kind: "milestone", milestone: m });
const version = (v: string): TabContext => ({
  kind: "version",
  version: v,
  milestone: Number(v.split(".")[0]),
});

const globalOf = (channel: string): BadgeView => ({
  text: `g-${channel}`,
  color: "#000000",
  textColor: "#FFFFFF",
  title: `global ${channel}`,
  icon: null,
});

/** A tab's view; the watch's parts may be overridden one by one, like the rest. */
function view(context: TabContext, overrides: Partial<Omit<TabViewInput, "watch"> & Watch> = {}) {
  const { product = "chrome", platform = "win64", channel = "stable", ...rest } = overrides;
  return tabView({
    context,
    snapshot: WORLD,
    poll: null,
    host: "127.0.0.1:8787",
    now: Date.UTC(2024, 0, 1, 0, 10),
    pollMinutes: 30,
    watch: { product, platform, channel },
    channelBadge: globalOf,
    icons: true,
    ...rest,
  });
}

/** The latest check failed a minute ago, with the next try a minute ahead. */
const FAILING = {
  service: { baseUrl: "http://127.0.0.1:8787/v1", product: "chrome" },
  failures: 1,
  lastError: { kind: "unreachable", details: "down" },
  lastAttempt: Date.UTC(2024, 0, 1, 0, 9),
  nextTry: Date.UTC(2024, 0, 1, 0, 11),
} as const;

/** M120's history: per channel its versions, first start and last end (null: still live there). */
const history120 = (
  channels: Record<string, [versions: string[], firstStart: string, lastEnd: string | null]>,
): MilestoneHistory => ({
  milestone: 120,
  channels: Object.fromEntries(
    Object.entries(channels).map(([id, [versions, firstStart, lastEnd]]) => [
      id,
      { versions, firstStart, lastEnd },
    ]),
  ),
});

/** The title's lines about the page, without the last line (when the data is from). */
const pageLines = (title: string): string[] => title.split("\n").slice(0, -1);

describe("milestone badge: the watched channel first", () => {
  it.each([
    ["STBL where the milestone is live on the watched Stable", "stable", 120, "STBL"],
    ["EXT where it is live on the watched Extended stable", "extended", 118, "EXT"],
    ["BETA where it is live on the watched Beta", "beta", 121, "BETA"],
    ["DEV where it is live on the watched Dev", "dev", 122, "DEV"],
    ["CNRY where it is live on the watched Canary", "canary", 123, "CNRY"],
  ])("%s", (_, channel, m, text) => {
    expect(view(milestone(m), { channel }).badge).toMatchObject({ text, color: "#188038" });
  });

  it("CNRY on Canary (ASan) too, and a channel without a short name shows its id's first letters", () => {
    const only = snapshot([live("canary_asan", "123.0.1.1"), live("lts", "114.0.1.1")]);
    expect(view(milestone(123), { snapshot: only, channel: "canary_asan" }).badge.text).toBe("CNRY");
    expect(view(milestone(114), { snapshot: only, channel: "lts" }).badge.text).toBe("LTS");
  });

  it("the watched channel wins over Stable when the milestone is live on both", () => {
    const both = snapshot([live("beta", "120.0.6099.200"), live("stable", "120.0.6099.109")]);
    expect(view(milestone(120), { snapshot: both, channel: "beta" }).badge.text).toBe("BETA");
    expect(view(milestone(120), { snapshot: both }).badge.text).toBe("STBL");
  });

  it("ahead of the watched channel, names the first channel where it is live on the platform", () => {
    // Stable runs 120: M121 is coming, and is on Beta now.
    expect(view(milestone(121)).badge).toMatchObject({ text: "BETA", color: "#188038" });
    expect(view(milestone(123)).badge.text).toBe("CNRY");
  });

  it("looks only at the watched platform", () => {
    // 124 is live on mac only; on win64 it is newer than every live milestone.
    expect(view(milestone(124)).badge.text).toBe("NEXT");
    expect(view(milestone(124), { platform: "mac" }).badge.text).toBe("STBL");
  });
});

describe("one colour rule with the global badge", () => {
  const rolling = snapshot([
    live("stable", "152.0.1.1", 0.25),
    live("stable", "151.0.1.1", 0.75),
    live("stable", "151.0.1.1", 1, "2023-12-12T19:00:00Z", "linux"),
  ]);

  it("a milestone rolling out on the watched channel is amber, as the global badge at that share", () => {
    expect(view(milestone(152), { snapshot: rolling }).badge).toMatchObject({
      text: "STBL",
      color: "#F9AB00",
      textColor: "#202124",
    });
  });

  it("green only where the named channel serves the milestone's newest version to everyone", () => {
    expect(view(milestone(151), { snapshot: rolling, platform: "linux" }).badge.color).toBe("#188038");
  });

  it("red while checks fail, grey when stale, whatever the page", () => {
    expect(view(milestone(152), { snapshot: rolling, poll: FAILING }).badge.color).toBe("#D93025");
    expect(view(milestone(100), { snapshot: rolling, poll: FAILING }).badge).toMatchObject({
      text: "OLD",
      color: "#D93025",
    });
    const later = Date.UTC(2024, 0, 1, 3);
    expect(view(milestone(152), { snapshot: rolling, now: later }).badge.color).toBe("#80868B");
  });
});

describe("a milestone on the watched channel elsewhere (the rollout across platforms)", () => {
  // Stable: Linux still runs 151; M152 is on Stable on four other platforms. Dev is at 154 on Linux.
  const world = snapshot([
    live("stable", "151.0.7922.173", 1, "2026-08-20T20:10:00Z", "linux"),
    live("dev", "154.0.1.1", 1, "2026-11-20T00:00:00Z", "linux"),
    ...["win64", "mac", "android", "ios"].map((p) =>
      live("stable", "152.0.8000.1", 0.25, "2026-11-21T00:00:00Z", p),
    ),
    live("stable", "150.0.1.1", 1, "2026-07-01T00:00:00Z", "lacros"),
  ]);
  const onLinux = (m: number, overrides: Partial<TabViewInput> = {}) =>
    view(milestone(m), { snapshot: world, platform: "linux", ...overrides }).badge;

  it("is not old where the watched channel has not reached it, though Dev is newer", () => {
    const badge = onLinux(152);
    expect(badge).toMatchObject({ text: "NEXT", color: "#80868B" });
    expect(badge.title).toContain("M152 is on Stable on 4 platforms, not yet on Linux, which runs 151");
    expect(badge.title).not.toContain("older");
  });

  it("counts down where the schedule says its Stable day is ahead", () => {
    const M153 = { mstone: 153, stableDate: "2026-12-12" };
    const badge = onLinux(153, { schedule: M153, today: "2026-11-25" });
    expect(badge).toMatchObject({ text: "17d", color: "#80868B" });
    expect(badge.title).toContain("M153 is not on Stable yet; Linux runs 151");
  });

  it("is old once the watched channel has moved past it, and says where it still is", () => {
    const badge = onLinux(150);
    expect(badge.text).toBe("OLD");
    expect(badge.title).toContain("M150 is no longer on Stable on Linux, which runs 151; still on Stable on");
  });

  it("names the other platforms where it is live on the watched channel", () => {
    expect(view(milestone(152), { snapshot: world, platform: "win64" }).badge.title).toContain(
      "M152 is on Stable on Windows, and on macOS (Intel), Android and iOS",
    );
  });
});

describe("the release page's icon", () => {
  it("rings the share of the milestone's newest version on the channel its badge names", () => {
    const rolling = snapshot([
      live("stable", "120.0.6099.109", 0.7),
      live("stable", "120.0.6099.130", 0.3),
      live("beta", "120.0.6099.200", 1),
    ]);
    expect(view(milestone(120), { snapshot: rolling }).badge.icon).toEqual({ state: "rolling", share: 0.3 });
    expect(view(milestone(121)).badge.icon).toEqual({ state: "full", share: 1 });
  });

  it("an empty ring where the milestone is not live; red while checks fail; none without drawn icons", () => {
    expect(view(milestone(119)).badge.icon).toEqual({ state: "none", share: null });
    expect(view(milestone(120), { poll: FAILING }).badge.icon).toEqual({ state: "error", share: 1 });
    expect(view(milestone(120), { icons: false }).badge.icon).toBeNull();
  });
});

describe("milestone badge when the milestone is not live on the platform", () => {
  it("OLD in grey when the watched channel has moved past it", () => {
    expect(view(milestone(119)).badge).toMatchObject({ text: "OLD", color: "#80868B", textColor: "#FFFFFF" });
    expect(view(milestone(100)).badge.title).toContain(
      "M100 is no longer on Stable on Windows, which runs 120",
    );
  });

  it("NEXT in grey when it is newer than every live milestone, canary included", () => {
    expect(view(milestone(124)).badge).toMatchObject({
      text: "NEXT",
      color: "#80868B",
      textColor: "#FFFFFF",
    });
    expect(view(milestone(124)).badge.title).toContain(
      "M124 is on Stable on macOS (Intel), not yet on Windows, which runs 120",
    );
  });

  it("shows no text when nothing at all is live on the platform", () => {
    const badge = view(milestone(120), { platform: "ios" }).badge;
    expect(badge.text).toBe("");
    expect(badge.title).toContain("No live release on iOS");
  });
});

describe("no snapshot yet", () => {
  it("shows no text and says the first check is coming", () => {
    const badge = view(milestone(120), { snapshot: null }).badge;
    expect(badge.text).toBe("");
    expect(badge.title).toMatch(/\nChecking 127\.0\.0\.1:8787 for the first time…$/);
  });
});

describe("how current the data is", () => {
  it("the last line says when it was checked and where, in UTC", () => {
    expect(view(milestone(120)).badge.title.split("\n").at(-1)).toBe(
      "Last checked 2024-01-01 00:00 UTC at 127.0.0.1:8787",
    );
  });

  it("a failing check is said in a sentence after the last good check", () => {
    expect(view(milestone(120), { poll: FAILING }).badge.title.split("\n").slice(-2)).toEqual([
      "Last good check 2024-01-01 00:00 UTC (10 min ago) at 127.0.0.1:8787",
      "The latest check failed: Cannot reach the service at 127.0.0.1:8787; next try at 00:11 UTC (in 1 min).",
    ]);
  });
});

describe("milestone title", () => {
  it("names the product, the milestone and the platform first", () => {
    const title = view(milestone(120), { product: "chrome" }).badge.title;
    expect(title.split("\n")[0]).toBe("Release Radar: Chrome M120 on Windows");
  });

  it("gives each live channel's versions with their shares and the day each started serving", () => {
    expect(view(milestone(120)).badge.title).toContain(
      "\nM120 live on Stable now: 120.0.6099.109 at 100% since 2023-12-12\n",
    );
  });

  it("gives partial shares, newest version first, largest share across fraction groups", () => {
    const rolling = snapshot([
      live("stable", "120.0.6099.71", 0.75, "2023-12-05T19:00:00Z"),
      live("stable", "120.0.6099.109", 0.05),
      live("stable", "120.0.6099.109", 0.25),
    ]);
    expect(view(milestone(120), { snapshot: rolling }).badge.title).toContain(
      "\nM120 live on Stable now: 120.0.6099.109 at 25% since 2023-12-12, 120.0.6099.71 at 75% since 2023-12-05",
    );
  });

  it("lists channels in the order people read them: Stable before Beta", () => {
    const both = snapshot([live("beta", "120.0.6099.200", 0.5), live("stable", "120.0.6099.109")]);
    const lines = pageLines(view(milestone(120), { snapshot: both }).badge.title);
    expect(lines.slice(1)).toEqual([
      "M120 live on Stable now: 120.0.6099.109 at 100% since 2023-12-12",
      "M120 live on Beta now: 120.0.6099.200 at 50% since 2023-12-12",
    ]);
  });

  it("keeps the title under the length limit however many versions are live", () => {
    const crowd = snapshot(
      ["stable", "extended", "beta", "dev", "canary", "canary_asan", "lts", "ltc"].flatMap((c) =>
        Array.from({ length: 20 }, (_, i) => live(c, `120.0.${6000 + i}.${i}`, 0.01)),
      ),
    );
    const title = view(milestone(120), { snapshot: crowd }).badge.title;
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title).toContain("and 17 more");
    // Cut from the page's lines, never the line saying how current the data is.
    expect(title.split("\n").at(-1)).toMatch(/^Last checked /);
  });
});

describe("history dates in the title", () => {
  const history = history120({
    stable: [
      ["120.0.6099.71", "120.0.6099.109", "120.0.6099.234"],
      "2023-12-05T19:00:00.5Z",
      "2024-01-23T19:00:00Z",
    ],
    beta: [["120.0.6099.5", "120.0.6099.62"], "2023-11-01T18:00:00Z", "2023-12-06T18:00:00Z"],
    dev: [["120.0.6088.1"], "2023-10-20T18:00:00Z", "2023-11-01T18:00:00Z"],
  });
  const later = snapshot([live("stable", "121.0.6167.85"), live("beta", "122.0.6261.6")]);

  it("says when an ended milestone was on stable, from and to", () => {
    expect(view(milestone(120), { snapshot: later, history }).badge.title).toContain(
      "\nM120 on Stable from 2023-12-05 to 2024-01-23: 120.0.6099.71 to 120.0.6099.234 (3 versions)",
    );
  });

  it("gives a line for every channel the milestone passed through, in display order", () => {
    const lines = pageLines(view(milestone(120), { snapshot: later, history }).badge.title);
    expect(lines.slice(2).map((l) => l.split(" ")[2])).toEqual(["Stable", "Beta", "Dev"]);
    expect(lines).toContain("M120 on Dev from 2023-10-20 to 2023-11-01: 120.0.6088.1");
  });

  it("says 'since' once for the milestone on the channel and once for each live version", () => {
    const rolling = snapshot([
      live("stable", "120.0.6099.110", 0.25, "2023-12-13T19:00:00Z"),
      live("stable", "120.0.6099.71", 0.75, "2023-12-05T19:00:00Z"),
    ]);
    const stable = history120({
      stable: [["120.0.6099.71", "120.0.6099.110"], "2023-12-05T19:00:00Z", null],
    });
    expect(view(milestone(120), { snapshot: rolling, history: stable }).badge.title).toContain(
      "\nM120 on Stable since 2023-12-05; live now: 120.0.6099.110 at 25% since 2023-12-13, " +
        "120.0.6099.71 at 75% since 2023-12-05\n",
    );
  });

  it("trusts the snapshot over a history that still calls the channel live", () => {
    const stale = history120({ stable: [["120.0.6099.109"], "2023-12-05T19:00:00Z", null] });
    expect(view(milestone(120), { snapshot: later, history: stale }).badge.title).toContain(
      "\nM120 on Stable since 2023-12-05, no longer live: 120.0.6099.109",
    );
  });

  it("ignores the history of another milestone", () => {
    const title = view(milestone(119), { snapshot: later, history }).badge.title;
    expect(title).not.toContain("2023-12-05");
  });
});

describe("version title", () => {
  it("names the exact version and its milestone first", () => {
    const title = view(version("120.0.6099.109"), { product: "chrome" }).badge.title;
    expect(title.split("\n")[0]).toBe("Release Radar: Chrome 120.0.6099.109 (M120) on Windows");
  });

  it("says where the version itself is live, with its share", () => {
    const rolling = snapshot([live("stable", "120.0.6099.109", 0.3), live("stable", "120.0.6099.71", 0.7)]);
    expect(view(version("120.0.6099.109"), { snapshot: rolling }).badge.title).toContain(
      "\n120.0.6099.109 is live on Stable at 30% since 2023-12-12",
    );
  });

  it("says which version of the milestone is served when the version itself is not live", () => {
    expect(view(version("120.0.6099.71")).badge.title).toContain(
      "\n120.0.6099.71 is not live; Stable serves 120.0.6099.109",
    );
  });

  it("says where the version was, from the history", () => {
    const history = history120({
      stable: [["120.0.6099.71"], "2023-12-05T19:00:00Z", "2023-12-12T19:00:00Z"],
    });
    expect(view(version("120.0.6099.71"), { history }).badge.title).toContain(
      "\n120.0.6099.71 is not live (it was on Stable); Stable serves 120.0.6099.109",
    );
  });

  it("badges the version's milestone", () => {
    expect(view(version("120.0.6099.71")).badge.text).toBe("STBL");
    expect(view(version("119.0.6045.9")).badge.text).toBe("OLD");
  });
});

describe("channel pages", () => {
  it("delegate the badge and title to the global rules for that channel", () => {
    expect(view({ kind: "channel", channel: "beta" }).badge).toEqual(globalOf("beta"));
  });
});

describe("per-tab popup", () => {
  it.each<[TabContext, string]>([
    [milestone(120), "src/popup/index.html?milestone=120"],
    [version("120.0.6099.71"), "src/popup/index.html?version=120.0.6099.71"],
    [{ kind: "channel", channel: "beta" }, "src/popup/index.html?channel=beta"],
    [{ kind: "channel", channel: "a&b=c" }, "src/popup/index.html?channel=a%26b%3Dc"],
  ])("opens filtered to %o", (context, popup) => {
    expect(view(context).popup).toBe(popup);
  });

  it("is set even before there is data", () => {
    expect(view(milestone(120), { snapshot: null }).popup).toBe("src/popup/index.html?milestone=120");
  });
});

describe("milestone badge with the milestone's schedule", () => {
  /** M124's planned dates (not live on win64; newer than every live milestone there). */
  const M124 = {
    mstone: 124,
    branchPoint: "2024-03-18",
    earliestBeta: "2024-03-20",
    earlyStable: "2024-04-10",
    stableDate: "2024-04-16",
  };
  const M122 = { ...M124, mstone: 122, earlyStable: "2024-02-14", stableDate: "2024-02-20" };

  it("counts down to the Stable day instead of NEXT, and the title gives the dates", () => {
    const { badge } = view(milestone(124), { schedule: M124, today: "2024-04-07" });
    expect(badge).toMatchObject({ text: "9d", color: "#80868B" });
    expect(badge.title).toContain("M124 is in Beta; Stable in 9 days (2024-04-16)");
    expect(badge.title).toContain(
      "Schedule: branch 2024-03-18, beta 2024-03-20, early stable 2024-04-10, stable 2024-04-16",
    );
  });

  it.each([
    ["2024-04-15", "1d"],
    ["2024-04-16", "TODAY"],
  ])("on %s reads %s", (today, text) => {
    expect(view(milestone(124), { schedule: M124, today }).badge.text).toBe(text);
  });

  it("says so in the early-stable window", () => {
    const { badge } = view(milestone(124), { schedule: M124, today: "2024-04-12" });
    expect(badge.text).toBe("4d");
    expect(badge.title).toContain(
      "M124 is in early stable (a small share of users) since 2024-04-10; Stable in 4 days (2024-04-16)",
    );
  });

  it("a countdown names no channel: grey, though the milestone is live on Dev, which the title says", () => {
    const { badge } = view(milestone(122), { schedule: M122, today: "2024-02-10" });
    expect(badge).toMatchObject({ text: "10d", color: "#80868B" });
    expect(badge.title).toContain("M122 live on Dev now: 122.0.6200.1 at 100% since 2023-12-12");
  });

  it("NEXT stays where no date is known, or the schedule is another milestone's", () => {
    expect(view(milestone(124)).badge.text).toBe("NEXT");
    expect(view(milestone(124), { schedule: M122, today: "2024-02-10" }).badge.text).toBe("NEXT");
  });

  it("a milestone already on Stable keeps STBL, and past its Stable day the schedule is not repeated", () => {
    const M120 = { ...M124, mstone: 120, earlyStable: "2023-11-29", stableDate: "2023-12-05" };
    const { badge } = view(milestone(120), { schedule: M120, today: "2024-01-01" });
    expect(badge.text).toBe("STBL");
    expect(badge.title).not.toContain("Schedule:");
  });
});

describe("text from the service in the title", () => {
  it("is isolated: a right-to-left override in a channel id cannot reverse the share after it", () => {
    const hostile = snapshot([live("stable", "120.0.6099.109"), live("beta\u202Egnp.exe", "120.0.6099.200")]);
    const { title } = view(milestone(120), { snapshot: hostile }).badge;
    expect(title).not.toContain("\u202E");
    expect(title).toContain("M120 live on betagnp.exe now: 120.0.6099.200 at 100% since 2023-12-12");
  });

  it("puts no text of an odd channel id in the badge: the title names it", () => {
    const ahead = snapshot([live("stable", "120.0.6099.109"), live("beta\u202Egnp.exe", "121.0.1.1")]);
    const { badge } = view(milestone(121), { snapshot: ahead });
    expect(badge.text).toBe("");
    expect(badge.title).toContain("M121 live on betagnp.exe now");
  });
});
