// What the surfaces call: a question in, an answer or one-line suggestions out, whatever the text holds.
import { describe, expect, it } from "vitest";
import { ask, askFeature, missAnswer, suggest } from "../../../../src/shared/answers/index.ts";
import { context, release, snapshot } from "./fixtures.ts";

const live = snapshot([release("win64", "stable", "157.0.7400.120", 1, { group: "1" })]);
const ctx = context({ snapshot: live });

describe("ask", () => {
  it("answers a milestone, a version, a feature and a miss each as its kind", () => {
    expect(ask("M153", ctx).kind).toBe("milestone");
    expect(ask("157.0.7400.120", ctx).kind).toBe("version");
    expect(ask("container queries", ctx)).toMatchObject({
      kind: "feature",
      title: "Container queries (size)",
    });
    expect(ask("xyzzy", ctx).kind).toBe("miss");
    expect(ask("  ", ctx)).toMatchObject({ kind: "empty", title: "Ask Release Radar" });
  });

  it("answers a feature with its best match, naming the others", () => {
    const a = ask(":has()", ctx);
    expect(a.title).toBe(":has()");
    expect(a.lines.at(-1)).toBe(
      "Other matches: hashchange, :has-slotted, Hashbang comments, Object.hasOwn()",
    );
  });

  it("a miss: 'No milestone, version or web feature matches', with the closest names when there are any", () => {
    expect(ask("xyzzy", ctx)).toEqual({
      kind: "miss",
      title: "No milestone, version or web feature matches 'xyzzy'",
      lines: [
        "No feature name is close to it.",
        "web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12",
      ],
      links: [],
      summary: "No milestone, version or web feature matches 'xyzzy'",
    });
    expect(ask("hsa", ctx).lines[0]).toBe("Closest names: HSL, <a>, HWB");
  });

  it("cuts 10,000 characters to the bound and says so", () => {
    const a = ask("x".repeat(10_000), ctx);
    expect(a.notice).toBe("The question was 10,000 characters long; only its first 200 were read.");
    expect(a.title.length).toBeLessThan(300);
  });

  it("keeps markup as text and isolates right-to-left text where it is shown", () => {
    expect(ask("<img src=x onerror=alert(1)>", ctx).title).toBe(
      "No milestone, version or web feature matches '<img src=x onerror=alert(1)>'",
    );
    expect(ask("\u202Eשלום", ctx).title).toBe(
      "No milestone, version or web feature matches '\u2068שלום\u2069'",
    );
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
  it("one suggestion per matching feature, its id to ask with and its one-line answer", () => {
    const s = suggest("has", ctx, 3);
    expect(s.map((x) => x.content)).toEqual(["has", "hashchange", "has-slotted"]);
    expect(s[0]?.description).toBe(
      ":has() · Chrome 105 · 100% of Stable on Windows have it · Baseline widely available",
    );
  });

  it("one suggestion for a milestone or a version, the question itself to ask with", () => {
    expect(suggest("m157", ctx)).toEqual([
      { content: "m157", description: expect.stringMatching(/^Chrome 157 · /) as string },
    ]);
    expect(suggest("157.0.74", ctx)).toEqual([{ content: "157.0.74", description: "157.0.74 · not live" }]);
  });

  it("a miss as one suggestion, and nothing for empty text", () => {
    expect(suggest("xyzzy", ctx)).toEqual([
      { content: "xyzzy", description: missAnswer("xyzzy", ctx).summary },
    ]);
    expect(suggest("", ctx)).toEqual([]);
  });
});
