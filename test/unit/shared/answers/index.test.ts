// What the surfaces call: a question in, an answer or one-line suggestions out, whatever the text holds.
import { describe, expect, it } from "vitest";
import {
  ask,
  askFeature,
  missAnswer,
  moreKeysFor,
  questionFor,
  suggest,
} from "../../../../src/shared/answers/index.ts";
import { context, realAsset, realMoreKeys, release, snapshot } from "./fixtures.ts";

const live = snapshot([release("win64", "stable", "157.0.7400.120", 1, { group: "1" })]);
const ctx = context({ snapshot: live });

describe("ask", () => {
  it("answers a milestone, a version, a feature, a key, Firefox and a miss each as its kind", () => {
    expect(ask("M153", ctx).kind).toBe("milestone");
    expect(ask("157.0.7400.120", ctx).kind).toBe("version");
    expect(ask("container queries", ctx)).toMatchObject({
      kind: "feature",
      title: "Container queries (size)",
    });
    expect(ask("optional chaining", ctx)).toMatchObject({
      kind: "key",
      title: "optional chaining (JavaScript operator)",
    });
    expect(ask("firefox", ctx)).toMatchObject({ kind: "firefox", title: "Firefox 161" });
    expect(ask("xyzzy", ctx).kind).toBe("miss");
    expect(ask("  ", ctx)).toMatchObject({ kind: "empty", title: "Ask Release Radar" });
  });

  it("answers what a channel serves now as its newest version on the watched platform, or says none is live", () => {
    const a = ask("what is the latest chrome stable version?", ctx);
    expect(a).toMatchObject({ kind: "version", subject: "version:157.0.7400.120" });
    expect(a.lines[0]).toBe("The newest version on Chrome Stable on Windows is 157.0.7400.120.");
    expect(ask("chrome beta version", ctx)).toMatchObject({
      kind: "miss",
      title: "Nothing is live on Chrome Beta on Windows in the stored data",
    });
  });

  it("answers Beta by the milestone schedule when no Beta release is stored, saying so", () => {
    const schedules = [
      { mstone: 158, earliestBeta: "2026-11-18", stableDate: "2026-12-08" },
      { mstone: 159, earliestBeta: "2026-12-02", stableDate: "2026-12-22" },
    ];
    const a = ask("chrome beta version", { ...ctx, schedules });
    expect(a).toMatchObject({ kind: "milestone", subject: "milestone:158" });
    expect(a.lines[0]).toBe(
      "Nothing is live on Chrome Beta on Windows in the stored data; by the milestone schedule, Chrome 158 is in Beta (since 2026-11-18).",
    );
  });

  it("answers the feature when a browser is named, that browser's line first, and suggests it too", () => {
    const avif = ask("is avif supported on iphone", ctx);
    expect(avif).toMatchObject({ kind: "feature", subject: "feature:avif" });
    expect(avif.lines[0]).toBe("Safari on iOS: supported since 16.1");
    const cq = ask("container queries samsung internet", ctx);
    expect(cq.subject).toBe("feature:container-queries");
    expect(cq.lines[0]).toBe("Samsung Internet: not in the browser data Release Radar carries");
    expect(suggest("is avif supported on iphone", ctx)[0]?.content).toBe("avif");
  });

  it("says nothing can be asked from emoji or punctuation alone, quoting at most 24 of them", () => {
    expect(ask("🎉?!", ctx)).toMatchObject({
      kind: "miss",
      title: "Nothing can be asked from '🎉?!'",
      lines: [
        expect.stringContaining("It has no letter or digit"),
        expect.stringContaining("a milestone (153)"),
      ],
    });
    const flood = ask("🎉".repeat(100_000), ctx);
    expect(flood.title).toBe(`Nothing can be asked from '${"🎉".repeat(24)}…'`);
    expect(flood.notice).toContain("100,000 characters long");
    // 30 flags: 24 of them shown whole, none split into its two letters.
    expect(ask("🇫🇷".repeat(30), ctx).title).toBe(`Nothing can be asked from '${"🇫🇷".repeat(24)}…'`);
  });

  it("a key: its own versions (Chrome 80 for optional chaining), naming the feature it belongs to", () => {
    const a = ask("optional chaining", ctx);
    expect(a.lines[0]).toBe("Chrome 80 shipped it");
    expect(a.lines).toContain(
      "Edge 80 · Firefox 74 · Safari 13.1 · Chrome Android 80 · Firefox for Android 79 · Safari on iOS 13.4",
    );
    expect(a.lines.some((l) => l.startsWith("Part of the web feature Object."))).toBe(true);
    expect(a.choices?.[0]).toEqual({
      label: "The web feature",
      questions: [{ text: "Object", question: "feature:object-object" }],
    });
    expect(a.links[0]).toEqual({
      text: "MDN",
      url: "https://developer.mozilla.org/docs/Web/JavaScript/Reference/Operators/Optional_chaining",
    });
  });

  it("a removed key says removed in which Chrome: api.MutationEvent", () => {
    expect(ask("api.MutationEvent", ctx).lines[0]).toBe("Removed in Chrome 127 (supported since Chrome 1)");
  });

  it("answers a feature with its best match, other matches only when close, each a question to ask", () => {
    const cq = ask("container queries", ctx);
    const others = cq.choices?.find((c) => c.label === "Other matches")?.questions ?? [];
    expect(others.map((q) => q.question)).toContain("container-style-queries");
    expect(ask("xslt", ctx).choices ?? []).toEqual([]);
  });

  it("a miss: 'No milestone, version or web feature matches', with nothing close", () => {
    expect(ask("xyzzy", ctx)).toEqual({
      kind: "miss",
      title: "No milestone, version or web feature matches 'xyzzy'",
      lines: [
        "No feature name is close to it.",
        "web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12",
      ],
      links: [],
      choices: [],
      summary: "No milestone, version or web feature matches 'xyzzy'",
    });
  });

  it("words that name no one subject for sure offer the candidates, each answering one: `lang`", () => {
    const a = ask("lang", ctx);
    expect(a.kind).toBe("miss");
    expect(a.title).toBe("Nothing matches 'lang' for sure");
    expect(a.choices).toEqual([
      {
        label: "Did you mean",
        questions: expect.arrayContaining([
          { text: ":lang()", question: "feature:lang" },
          { text: "lang", question: "lang-attr" },
        ]) as unknown,
      },
    ]);
  });

  it("while typing, a question naming nothing for sure offers what its half-typed word starts", () => {
    const typed = ask("contaner q", ctx, { typing: true });
    expect(typed.choices?.[0]?.questions[0]).toEqual({
      text: "Container queries (size)",
      question: "container-queries",
    });
  });

  it("cuts 10,000 characters to the bound and says so", () => {
    const a = ask("x".repeat(10_000), ctx);
    expect(a.notice).toBe("The question was 10,000 characters long; only its first 200 were read.");
    expect(a.title.length).toBeLessThan(300);
  });

  it("keeps markup as text and isolates right-to-left text where it is shown", () => {
    expect(ask("<img src=x onerror=alert(1)>", ctx).title).toMatch(/'<img src=x onerror=alert\(1\)>'/);
    expect(ask("\u202Eשלום", ctx).title).toBe(
      "No milestone, version or web feature matches '\u2068שלום\u2069'",
    );
  });
});

describe("one candidate far ahead", () => {
  it("is answered, the others listed as also matched; close calls stay a did you mean", () => {
    const answer = ask("reduce motion media query", ctx);
    expect(answer.subject).toBe("feature:prefers-reduced-motion");
    expect(answer.choices?.[0]?.label).toBe("Also matched");
    expect(ask("es modules in web workers", ctx)).toMatchObject({
      kind: "miss",
      choices: [{ label: "Did you mean" }],
    });
  });
});

describe("a user-agent string of another Chromium browser", () => {
  it("names the browser above the milestone it is built on", () => {
    const edge =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36 Edg/151.0.0.0";
    const answer = ask(edge, ctx);
    expect(answer.subject).toBe("milestone:151");
    expect(answer.lines[0]).toBe(
      "This user-agent string is Microsoft Edge 151.0.0.0's, built on the Chromium below.",
    );
  });
});

describe("the next milestone", () => {
  it("is the one after the newest on Stable in the stored data, or said not to be known", () => {
    const answer = ask("when is the next chrome release", ctx);
    expect(answer.subject).toBe("milestone:158");
    expect(answer.lines[0]).toBe("The next milestone after Chrome 157, the newest on Stable, is 158.");
    expect(ask("next chrome version", context()).title).toBe(
      "The next milestone cannot be told: no Stable release is in the stored data",
    );
  });
});

describe("a Chrome version in a feature question", () => {
  it("is the asker's, not part of the feature's name", () => {
    expect(ask("do users on chrome 104 have :has()", ctx).subject).toBe("feature:has");
    expect(ask("does chrome 120.0.6099.109 support container queries", ctx).subject).toBe(
      "feature:container-queries",
    );
    expect(ask("we're pinned to 157.0.7400.120, how old is that", ctx).subject).toBe(
      "version:157.0.7400.120",
    );
  });
});

describe("the second asset (compat-keys.json)", () => {
  const keyCode = "KeyboardEvent.keyCode";

  it("is read for a feature question the first names nothing for, and only then", async () => {
    let reads = 0;
    const load = () => {
      reads++;
      return Promise.resolve(realMoreKeys());
    };
    expect(await moreKeysFor("container queries", ctx, load)).toEqual({});
    expect(await moreKeysFor("M153", ctx, load)).toEqual({});
    expect(reads).toBe(0);
    const keys = await moreKeysFor(keyCode, ctx, load);
    expect(reads).toBe(1);
    const answer = ask(keyCode, { ...ctx, ...keys });
    expect(answer).toMatchObject({ kind: "key", subject: "key:api.KeyboardEvent.keyCode" });
    // No web feature holds it: no Baseline, no webstatus.dev link, no feature to ask next.
    expect(answer.lines).toContain(
      "No web feature of web-features holds it: there is no Baseline status for it.",
    );
    expect(answer.lines).toContain("Deprecated: browser-compat-data marks it deprecated.");
    expect(answer.links.map((l) => l.text)).toEqual(["MDN", "Chrome 1 release notes"]);
  });

  it("that cannot be read is said in the answer, and the first's answer stands", async () => {
    const keys = await moreKeysFor(keyCode, ctx, () => Promise.reject(new Error("HTTP 404")));
    expect(keys).toEqual({ moreProblem: "HTTP 404" });
    const answer = ask(keyCode, { ...ctx, ...keys });
    expect(answer.kind).toBe("miss");
    expect(answer.lines).toContain("HTTP 404");
  });
});

describe("questionFor", () => {
  it("a feature's id, or `feature:<id>` where the id alone is another's name; a key's path", () => {
    const has = ask("has", ctx);
    expect(has.title).toBe(":has()");
    const lang = realAsset().features.find((f) => f.id === "lang");
    if (lang === undefined) throw new Error("no lang feature");
    expect(questionFor(realAsset(), { kind: "feature", feature: lang })).toBe("feature:lang");
    const hasFeature = realAsset().features.find((f) => f.id === "has");
    if (hasFeature === undefined) throw new Error("no has feature");
    expect(questionFor(realAsset(), { kind: "feature", feature: hasFeature })).toBe("has");
  });
});

describe("askFeature", () => {
  it("answers the feature with that id, or where a moved one went; null for no such id", () => {
    expect(askFeature("has", ctx)?.title).toBe(":has()");
    expect(askFeature("masonry", ctx)?.title).toBe(ask("grid-lanes", ctx).title);
    expect(askFeature("xyzzy", ctx)).toBeNull();
  });
});

describe("suggest", () => {
  it("one suggestion per subject, the question that answers it and its one-line answer", () => {
    const s = suggest("has", ctx, 3);
    expect(s[0]).toEqual({
      content: "has",
      description: ":has() · Chrome 105 · 100% of Stable on Windows have it · Baseline widely available",
    });
    expect(s).toHaveLength(3);
  });

  it("a half-typed word already suggests the feature, under a first row that says nothing is sure yet", () => {
    const [first, second] = suggest("contaner q", ctx);
    expect(first).toEqual({
      content: "contaner q",
      description: expect.stringMatching(
        /^Nothing matches 'contaner q' for sure · did you mean: Container queries \(size\)/,
      ) as string,
    });
    expect(second?.content).toBe("container-queries");
  });

  it("a weak match never heads the list as if it were the answer: `chrome extension store`", () => {
    const [first] = suggest("chrome extension store", ctx);
    expect(first?.content).toBe("chrome extension store");
    expect(first?.description).toMatch(/^(No milestone, version or web feature matches|Nothing matches)/);
  });

  it("one suggestion for a milestone or a version, the question itself to ask with", () => {
    expect(suggest("m157", ctx)).toEqual([
      { content: "m157", description: expect.stringMatching(/^Chrome 157 · /) as string },
    ]);
    expect(suggest("157.0.74", ctx)).toEqual([{ content: "157.0.74", description: "157.0.74 · not live" }]);
  });

  it("a miss as one suggestion, and nothing for empty text", () => {
    expect(suggest("xyzzy", ctx)).toEqual([
      { content: "xyzzy", description: missAnswer("xyzzy", ctx, []).summary },
    ]);
    expect(suggest("", ctx)).toEqual([]);
  });
});
