// The answer about a web feature: who has it now on the watched platform and channel, when the rest will,
// the other browsers and Baseline, and what the answer cannot know.
import { describe, expect, it } from "vitest";
import { featureById } from "../../../../src/core/features/match.ts";
import type { AskContext } from "../../../../src/shared/answers/answer.ts";
import { featureAnswer, REMOTE_OFF_CAVEAT } from "../../../../src/shared/answers/feature.ts";
import { ask, askFeature } from "../../../../src/shared/answers/index.ts";
import { context, NOW, realAsset, realMoreKeys, release, snapshot, watchOn } from "./fixtures.ts";

const feature = (id: string) => {
  const f = featureById(realAsset(), id);
  if (f === null) throw new Error(`no feature ${id} in the asset`);
  return f;
};

/** Responsive iframes (`frame-sizing`) shipped in Chrome 154, whose Stable day the schedule gives as 2026-09-22. */
const FRAME_SIZING = "frame-sizing";
const M154 = { mstone: 154, earlyStable: "2026-09-16", stableDate: "2026-09-22" };

const answer = (id: string, ctx: Partial<AskContext>) => featureAnswer(feature(id), context(ctx));
const watchedLine = (id: string, ctx: Partial<AskContext>) =>
  answer(id, ctx).lines.find((l) => l.startsWith("Stable on Windows:"));

describe("featureAnswer: the watched platform and channel", () => {
  it("a feature in exactly the live milestone: 100% of users have it now", () => {
    const s = snapshot([release("win64", "stable", "154.0.7300.10", 1, { group: "1" })]);
    expect(watchedLine(FRAME_SIZING, { snapshot: s })).toBe(
      "Stable on Windows: 100% of users have it now (M154 or later). Live shares as of 2026-11-26 11:55 UTC (5 min ago)",
    );
  });

  it("a feature in the milestone rolling out at 25%: 25% have it, and the rest on its Stable day", () => {
    const now = Date.parse("2026-09-15T12:00:00Z");
    const s = {
      ...snapshot([
        release("win64", "stable", "154.0.7300.10", 0.25, { group: "1" }),
        release("win64", "stable", "153.0.7200.90", 0.75, { group: "1" }),
      ]),
      fetchedAt: now - 10 * 60_000,
    };
    expect(watchedLine(FRAME_SIZING, { snapshot: s, now, schedules: [M154] })).toBe(
      "Stable on Windows: 25% of users have it now (M154 or later); M154 Stable on 2026-09-22, in 7 days." +
        " Live shares as of 2026-09-15 11:50 UTC (10 min ago)",
    );
  });

  it("a feature in no live milestone yet: nobody has it, and its Stable day is counted down from the schedule", () => {
    const s = snapshot([release("win64", "stable", "153.0.7200.90", 1, { group: "1" })]);
    const now = Date.parse("2026-08-30T12:00:00Z");
    const line = watchedLine(FRAME_SIZING, { snapshot: s, now, schedules: [M154] });
    expect(line).toMatch(/^Stable on Windows: no user has it yet; M154 Stable on 2026-09-22, in 23 days\. /);
  });

  it("a feature in a past milestone: everyone on a later one has it", () => {
    const s = snapshot([release("win64", "stable", "158.0.7500.50", 1, { group: "1" })]);
    expect(watchedLine("has", { snapshot: s })).toMatch(
      /^Stable on Windows: 100% of users have it now \(M105 or later\)/,
    );
  });

  it("with no snapshot and a failed service, answers from the asset and says the share is unknown, and why", () => {
    const a = answer("has", { failure: { kind: "http", status: 503, details: "GET ... 503" } });
    expect(a.lines).toContain("Stable on Windows: live share unknown. The service is unavailable (503).");
    // Chrome's days come from the schedule alone: none is stored for M105 here.
    expect(a.lines[0]).toBe("Chrome 105 shipped it");
    expect(a.summary).toBe(":has() · Chrome 105 · live share unknown · Baseline widely available");
  });

  it("with no snapshot yet, says the first check has not finished", () => {
    expect(watchedLine("has", {})).toBe(
      "Stable on Windows: live share unknown. No live releases are stored yet: the first check has not finished.",
    );
  });

  it("says so when nothing is live on the watched platform and channel", () => {
    const s = snapshot([release("mac", "stable", "158.0.7500.50", 1)]);
    expect(watchedLine("has", { snapshot: s })).toMatch(
      /^Stable on Windows: nothing is live there in the stored data\./,
    );
  });

  it("on iOS, where Chrome runs WebKit, names Safari on iOS instead of a share", () => {
    const a = answer("has", {
      watch: watchOn("ios"),
      snapshot: snapshot([release("ios", "stable", "157.0.1.1", 1)]),
    });
    expect(a.lines).toContain(
      "Stable on iOS: Chrome there runs Apple's WebKit: it comes with Safari on iOS 15.4.",
    );
  });
});

describe("featureAnswer: the rest", () => {
  const s = snapshot([
    release("win64", "stable", "154.0.7300.10", 0.25, { group: "1" }),
    release("win64", "stable", "153.0.7200.90", 0.75, { group: "1" }),
    release("android", "stable", "153.0.7200.90", 1, { group: "2" }),
    release("linux", "stable", "154.0.7300.10", 1, { group: "3" }),
    release("ios", "stable", "154.0.7300.10", 1, { group: "4" }),
    release("win64", "beta", "155.0.7400.1", 1, { group: "5" }),
  ]);
  const a = featureAnswer(feature(FRAME_SIZING), context({ snapshot: s }));

  it("one line per other platform live on the watched channel, by its own browser's version", () => {
    expect(a.lines.slice(2, 5)).toEqual([
      "Linux: 100% have it",
      "Android: nobody has it yet",
      "iOS: Chrome there runs Apple's WebKit: no Safari on iOS version has it",
    ]);
  });

  it("the other browsers' versions, Baseline, the remote switch-off caveat and the data's identity", () => {
    const has = featureAnswer(feature("has"), context({ snapshot: s })).lines;
    expect(has).toContain(
      "Edge 105 · Firefox 121 · Safari 15.4 · Chrome Android 105 · Firefox for Android 121 · Safari on iOS 15.4",
    );
    expect(has).toContain("Baseline: widely available since 2026-06-19 (newly available since 2023-12-19)");
    expect(has).toContain(REMOTE_OFF_CAVEAT);
    expect(has).toContain("web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12");
    const vt = featureAnswer(feature("view-transitions"), context({ snapshot: s })).lines;
    expect(vt).toContain("Baseline: newly available since 2025-10-14, not yet widely available");
  });

  it("links the feature itself: webstatus.dev, caniuse, its spec, MDN for its own key; and sums up", () => {
    expect(featureAnswer(feature("has"), context({ snapshot: s })).links).toEqual([
      { text: "webstatus.dev", url: "https://webstatus.dev/features/has" },
      { text: "caniuse", url: "https://caniuse.com/css-has" },
      { text: "Specification", url: "https://drafts.csswg.org/selectors-4/#relational" },
      { text: "MDN", url: "https://developer.mozilla.org/docs/Web/CSS/Reference/Selectors/:has" },
      { text: "Chrome 105 release notes", url: "https://developer.chrome.com/release-notes/105" },
    ]);
    expect(a.summary).toBe(
      "Responsive iframes · Chrome 154 · 25% of Stable on Windows have it · Baseline limited",
    );
  });

  it("no MDN link for a feature of many keys: none of them is the feature (container queries)", () => {
    const links = featureAnswer(feature("container-queries"), context()).links.map((l) => l.text);
    expect(links).not.toContain("MDN");
    expect(links).toContain("webstatus.dev");
  });

  it("a feature no Chrome version supports says so, with no share lines", () => {
    const none = featureAnswer(feature("portal"), context({ snapshot: s }));
    expect(none.lines[0]).toBe("No Chrome version supports Portals.");
    expect(none.lines.some((l) => /: (\d+% have it|nobody has it)/.test(l))).toBe(false);
  });

  it("a feature Chrome supports in parts says what, since when, and the share for that", () => {
    const live = snapshot([release("win64", "stable", "151.0.7922.173", 1, { group: "1" })]);
    const anchor = featureAnswer(feature("anchor-positioning"), context({ snapshot: live, now: NOW }));
    expect(anchor.lines[0]).toBe(
      "No Chrome version supports all of Anchor positioning yet: Chrome supports 323 of its 325 parts, the first since Chrome 125.",
    );
    expect(anchor.lines[1]).toMatch(
      /^Stable on Windows: 100% of users have its first parts now \(M125 or later\)/,
    );
  });

  it("a feature in a milestone not yet Stable will ship, never 'shipped it': autocorrect in 153", () => {
    const live = snapshot([release("win64", "stable", "151.0.7922.173", 1, { group: "1" })]);
    const schedules = [{ mstone: 153, stableDate: "2026-12-15" }];
    const a = featureAnswer(feature("autocorrect"), context({ snapshot: live, schedules }));
    expect(a.lines[0]).toBe("Chrome 153 will ship it: Stable on 2026-12-15, in 19 days");
    expect(a.summary).toContain("will ship in Chrome 153");
    // The service's data decides before a schedule whose day has passed: Stable there still runs 151.
    const passed = [{ mstone: 153, stableDate: "2026-09-08" }];
    expect(
      featureAnswer(feature("autocorrect"), context({ snapshot: live, schedules: passed })).lines[0],
    ).toBe(
      "Chrome 153 will ship it: not on Stable in the service's data yet (the schedule's Stable day was 2026-09-08)",
    );
    // Without its schedule, what Stable runs (151) says it is ahead.
    expect(featureAnswer(feature("autocorrect"), context({ snapshot: live })).lines[0]).toBe(
      "Chrome 153 will ship it: no Stable day in the schedule yet",
    );
  });

  it("a removed, discouraged feature: removed in which version per browser, why, and what to use instead", () => {
    const a = featureAnswer(feature("mutation-events"), context({ snapshot: s }));
    expect(a.lines[0]).toBe("Removed in Chrome 127 (supported since Chrome 1)");
    expect(a.lines).toContain(
      "Edge removed in 127 · Firefox removed in 140 · Safari removed in 26 · Chrome Android removed in 127 · Firefox for Android removed in 140 · Safari on iOS removed in 26",
    );
    expect(a.lines).toContain(
      "Discouraged: Mutation events negatively impact performance and they were selected for removal from the web as part of Interop 2025. Use MutationObserver instead.",
    );
    // Nothing shipped to switch off.
    expect(a.lines).not.toContain(REMOTE_OFF_CAVEAT);
    expect(a.choices).toEqual([
      { label: "Use instead", questions: [{ text: "MutationObserver", question: "mutationobserver" }] },
    ]);
    expect(a.summary).toBe("Mutation events · removed in Chrome 127 · Baseline limited · discouraged");
  });

  it("a feature of Chrome on Android alone says which Chrome, above the Android line that has it", () => {
    const a = featureAnswer(feature("web-nfc"), context());
    expect(a.lines[0]).toBe("No desktop Chrome version supports Web NFC; Chrome Android 100 does.");
    expect(a.lines).toContain(REMOTE_OFF_CAVEAT);
  });

  it("a removal still ahead is said as one: to be removed in that milestone", () => {
    const s152 = snapshot([release("linux", "stable", "152.0.7977.54", 1)]);
    const a = askFeature("document-write", context());
    expect(a?.lines[0]).toMatch(/^Chrome \d+ shipped it/);
    const unload = ask("the unload event", {
      ...context({ snapshot: s152, watch: watchOn("linux") }),
      more: realMoreKeys(),
    });
    expect(unload.lines[0]).toBe("To be removed in Chrome 155 (supported since Chrome 1)");
  });

  it("a discouraged feature still shipped says so: document.write()", () => {
    const a = featureAnswer(feature("document-write"), context());
    expect(a.lines[0]).toBe("Chrome 45 shipped it");
    expect(a.lines.some((l) => l.startsWith("Discouraged: The dynamic markup insertion API"))).toBe(true);
  });

  it("offers the choices it is given after its own", () => {
    const others = [
      { label: "Other matches", questions: [{ text: ":has-slotted", question: "has-slotted" }] },
    ];
    expect(featureAnswer(feature("has"), context(), others).choices).toEqual(others);
  });
});

describe("a feature's MDN links", () => {
  const mdn = (id: string) =>
    (askFeature(id, context())?.links ?? []).filter((l) => l.text.startsWith("MDN")).map((l) => l.text);

  it("are its own page where it has one, else its first entries' pages, each named", () => {
    expect(mdn("has")).toEqual(["MDN"]);
    expect(mdn("container-queries")).toEqual([
      "MDN: @container (CSS at-rule)",
      "MDN: container (CSS property)",
    ]);
  });
});
