// @vitest-environment happy-dom
// An answer drawn into the page (ask/answer-dom.ts): text only, links only to https addresses, the data's
// identity said once at the end.
import { describe, expect, it } from "vitest";
import { drawAnswer } from "../../../../src/popup/ask/answer-dom.ts";

const IDENTITY = "web-features 3.40.0, browser-compat-data 8.1.9, data of 2026-11-12";

describe("drawAnswer", () => {
  it("keeps each day of a line whole (a span that does not wrap), the line's text unchanged", () => {
    const out = document.createElement("section");
    const line = "Chrome 121 shipped it: Stable since 2024-01-23; shares as of 2026-11-26 11:55 UTC <i>";
    drawAnswer(out, { kind: "feature", title: "t", lines: [line], links: [], summary: "s" }, null);
    const li = out.querySelector(".answer-lines li");
    expect(li?.textContent).toBe(line);
    expect([...(li?.querySelectorAll(".day") ?? [])].map((s) => s.textContent)).toEqual([
      "2024-01-23",
      "2026-11-26 11:55 UTC",
    ]);
    expect(li?.querySelector("i")).toBeNull();
  });

  it("draws the notice, title, lines as a list, https links and the identity line, as text", () => {
    const out = document.createElement("section");
    out.hidden = true;
    drawAnswer(
      out,
      {
        kind: "miss",
        title: "No match for '<script>alert(1)</script>'",
        lines: ["<b>one</b>", IDENTITY],
        links: [
          { text: "MDN", url: "https://developer.mozilla.org/docs/Web/CSS/:has" },
          { text: "bad", url: "javascript:alert(1)" },
          { text: "plain", url: "http://example.com/" },
          { text: "not a URL", url: "::" },
        ],
        summary: "s",
        notice: "The question was cut.",
      },
      IDENTITY,
    );
    expect(out.hidden).toBe(false);
    expect(out.querySelector("script, b")).toBeNull();
    expect(out.querySelector(".answer-notice")?.textContent).toBe("The question was cut.");
    expect(out.querySelector("h2")?.textContent).toBe("No match for '<script>alert(1)</script>'");
    expect([...out.querySelectorAll(".answer-lines li")].map((li) => li.textContent)).toEqual(["<b>one</b>"]);
    expect([...out.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["MDN", "https://developer.mozilla.org/docs/Web/CSS/:has"],
    ]);
    expect(out.querySelector("a")?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(out.lastElementChild?.textContent).toBe(IDENTITY);
  });

  it("links the explorer on what the answer lists only part of, in a new tab", () => {
    const out = document.createElement("section");
    drawAnswer(
      out,
      {
        kind: "version",
        title: "Versions 157.0.7400.*",
        lines: ["and 5 more releases"],
        links: [],
        explore: {
          text: "All releases",
          context: { kind: "versions", prefix: "157.0.7400", milestone: 157 },
        },
        summary: "s",
      },
      null,
    );
    const a = out.querySelector("a.answer-explore");
    expect(a?.getAttribute("href")).toBe("?mode=tab&versions=157.0.7400");
    expect(a?.getAttribute("target")).toBe("_blank");
  });
});
