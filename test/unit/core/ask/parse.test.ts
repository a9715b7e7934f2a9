// What a question asks: a milestone, a version, a web feature or nothing, from text typed or selected
// anywhere, however long or strange.
import { describe, expect, it } from "vitest";
import { MAX_QUESTION, parseQuestion } from "../../../../src/core/ask/parse.ts";

const kindOf = (text: string) => parseQuestion(text).question;

describe("parseQuestion", () => {
  it.each(["153", "M153", "m153", "chrome 153", "Chrome M153", "  153  "])(
    "reads %j as milestone 153",
    (text) => {
      expect(kindOf(text)).toEqual({ kind: "milestone", milestone: 153 });
    },
  );

  it.each([
    "Chrome 153 beta",
    "153 stable",
    "m 153",
    "M-153",
    "v153",
    "Chromium 153",
    "when does chrome 153 ship",
    "what's new in chrome 153?",
    "chrome 153 release date",
    "is chrome 153 out yet",
  ])("reads %j, a milestone in everyday words, as milestone 153", (text) => {
    expect(kindOf(text)).toEqual({ kind: "milestone", milestone: 153 });
  });

  it("reads the Chrome version of a pasted user-agent string, and `v` before a version", () => {
    const ua =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.7922.173 Safari/537.36";
    expect(kindOf(ua)).toMatchObject({ kind: "version", version: "151.0.7922.173", prefix: false });
    expect(
      kindOf("Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CriOS/152.0.7977.54 Mobile/15E148"),
    ).toMatchObject({
      version: "152.0.7977.54",
    });
    expect(kindOf("v152.0.7977.54")).toMatchObject({ kind: "version", version: "152.0.7977.54" });
    // A question that mentions Chrome/… without being a user-agent string is words.
    expect(kindOf("what is Chrome/151.0.7922.173 about css")).toMatchObject({ kind: "feature" });
  });

  it.each([
    "when will chrome 153 be stable",
    "chrome 153 early stable",
    "chrome 153 release notes",
    "when will chrome 153 hit stable for managed devices",
  ])("reads %j as milestone 153 (issue 40, class 7)", (text) => {
    expect(kindOf(text)).toEqual({ kind: "milestone", milestone: 153 });
  });

  it("reads a reduced user-agent string (Chrome/151.0.0.0) as the milestone it names, Edge's too", () => {
    const reduced =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36";
    expect(kindOf(reduced)).toEqual({ kind: "milestone", milestone: 151 });
    expect(kindOf(`${reduced} Edg/151.0.0.0`)).toEqual({
      kind: "milestone",
      milestone: 151,
      agent: { name: "Microsoft Edge", version: "151.0.0.0" },
    });
    expect(kindOf(`${reduced} OPR/136.0.0.0`)).toMatchObject({
      agent: { name: "Opera", version: "136.0.0.0" },
    });
  });

  it.each([
    ["current chrome stable version", "stable"],
    ["what is the latest version of chrome?", "stable"],
    ["latest chrome", "stable"],
    ["chrome beta version", "beta"],
    ["Chrome Canary build", "canary"],
    ["what's the current chrome stable for our fleet", "stable"],
    ["which milestone is chrome dev on", "dev"],
  ])("reads %j as what the %s channel serves now", (text, channel) => {
    expect(kindOf(text)).toEqual({ kind: "channel", channel });
  });

  it.each([
    ["latest stable chrome for linux", "stable", "linux"],
    ["chrome beta version on android right now", "beta", "android"],
    ["current chrome for windows", "stable", "win64"],
    // The platform's own version is the platform's, not a word of the question.
    ["latest chrome stable on android 15", "stable", "android"],
  ])("reads %j as what the %s channel serves now on the platform named", (text, channel, platform) => {
    expect(kindOf(text)).toEqual({ kind: "channel", channel, platform });
  });

  it("reads the next milestone asked for, a platform or a rollout's words around a milestone, a channel with 'now'", () => {
    expect(kindOf("when is the next chrome release")).toEqual({ kind: "next" });
    expect(kindOf("next chrome version?")).toEqual({ kind: "next" });
    expect(kindOf("next chrome feature")).not.toEqual({ kind: "next" });
    expect(kindOf("chrome 151 for android")).toEqual({ kind: "milestone", milestone: 151 });
    expect(kindOf("how far is chrome 152 rolled out")).toEqual({ kind: "milestone", milestone: 152 });
    expect(kindOf("chrome 150 deprecations")).toEqual({ kind: "milestone", milestone: 150 });
    expect(kindOf("what percent of users have chrome 152")).toEqual({ kind: "milestone", milestone: 152 });
    expect(kindOf("chrome 120 eol")).toEqual({ kind: "milestone", milestone: 120 });
    expect(kindOf("152.0.7977 builds")).toMatchObject({
      kind: "version",
      version: "152.0.7977",
      prefix: true,
    });
    expect(kindOf("canary build today")).toEqual({ kind: "channel", channel: "canary" });
    expect(kindOf("what chrome version are we on")).toEqual({ kind: "channel", channel: "stable" });
    expect(kindOf("canary")).not.toMatchObject({ kind: "channel" });
    // A platform's own version is not Chrome's.
    for (const q of [
      "windows 11",
      "ios 17",
      "android 14",
      "does chrome support windows 7",
      "chrome for ios 17",
    ])
      expect(kindOf(q).kind, q).toBe("feature");
  });

  it("reads a whole version among other words as that version, a schedule's words around a milestone as it", () => {
    expect(kindOf("android chrome 152.0.7977.54")).toMatchObject({
      kind: "version",
      version: "152.0.7977.54",
    });
    expect(kindOf("is 151.0.7922.173 the newest")).toMatchObject({
      kind: "version",
      version: "151.0.7922.173",
    });
    expect(kindOf("branch point for m155")).toEqual({ kind: "milestone", milestone: 155 });
    expect(kindOf("M160 feature freeze")).toEqual({ kind: "milestone", milestone: 160 });
  });

  it.each(["chrome", "latest css features in chrome", "chrome stable 153", "chrome stable on linux and mac"])(
    "does not read %j as a channel",
    (text) => {
      expect(kindOf(text).kind).not.toBe("channel");
    },
  );

  it("reads Firefox (and Firefox ESR) as Firefox, a number with other words as a feature's words", () => {
    expect(kindOf("firefox")).toEqual({ kind: "firefox" });
    expect(kindOf("Firefox ESR")).toEqual({ kind: "firefox" });
    expect(kindOf("css 3")).toEqual({ kind: "feature", text: "css 3" });
  });

  it("reads a full version, and a prefix of whole fields as a prefix", () => {
    expect(kindOf("151.0.7922.173")).toEqual({
      kind: "version",
      version: "151.0.7922.173",
      milestone: 151,
      prefix: false,
    });
    expect(kindOf("151.0.7922")).toEqual({
      kind: "version",
      version: "151.0.7922",
      milestone: 151,
      prefix: true,
    });
    expect(kindOf("chrome 151.0.7922.173")).toMatchObject({ kind: "version", version: "151.0.7922.173" });
  });

  it("reads a version being typed, with its trailing dot, as the fields so far", () => {
    expect(kindOf("151.")).toEqual({ kind: "version", version: "151", milestone: 151, prefix: true });
    expect(kindOf("151.0.")).toEqual({ kind: "version", version: "151.0", milestone: 151, prefix: true });
  });

  it("bounds numbers as versions are bound: milestones 1-999, four fields, no leading zeros", () => {
    expect(kindOf("0")).toEqual({ kind: "feature", text: "0" });
    expect(kindOf("1000")).toEqual({ kind: "feature", text: "1000" });
    expect(kindOf("99999999999999999999.1")).toMatchObject({ kind: "feature" });
    expect(kindOf("151.0.7922.173.5")).toMatchObject({ kind: "feature" });
    expect(kindOf("151.01.7922")).toMatchObject({ kind: "feature" });
    expect(kindOf("1000.0.1.2")).toMatchObject({ kind: "feature" });
  });

  it("reads anything else with a letter or digit as a feature name, as typed", () => {
    expect(kindOf(":has()")).toEqual({ kind: "feature", text: ":has()" });
    expect(kindOf("container   queries")).toEqual({ kind: "feature", text: "container queries" });
  });

  it("reads nothing in empty text or punctuation alone", () => {
    expect(kindOf("")).toEqual({ kind: "empty" });
    expect(kindOf("  ?! ")).toEqual({ kind: "empty" });
  });

  it("keeps markup as text", () => {
    expect(kindOf("<img src=x onerror=alert(1)>")).toEqual({
      kind: "feature",
      text: "<img src=x onerror=alert(1)>",
    });
  });

  it("drops bidi controls and invisible marks, so `\\u202E153` is milestone 153 and not a disguised name", () => {
    expect(kindOf("\u202E153\u202C")).toEqual({ kind: "milestone", milestone: 153 });
    expect(parseQuestion("has\u200F\u2066").text).toBe("has");
  });

  it("cuts an overlong question to its first MAX_QUESTION characters, and says so", () => {
    const parsed = parseQuestion("a".repeat(10_000));
    expect(parsed.text).toHaveLength(MAX_QUESTION);
    expect(parsed.notice).toBe("The question was 10,000 characters long; only its first 200 were read.");
    expect(parseQuestion("a".repeat(MAX_QUESTION)).notice).toBeUndefined();
  });

  it("never cuts a character in half: counted in code points", () => {
    const parsed = parseQuestion("😀".repeat(MAX_QUESTION + 1));
    expect([...parsed.text]).toHaveLength(MAX_QUESTION);
    expect(parsed.text.endsWith("😀")).toBe(true);
  });
});
