// The release page's context in the popup's URL: written by the service worker, read back by the popup.
import { describe, expect, it } from "vitest";
import { parseContext, popupPath, type PageContext } from "../../../../src/shared/page/page-context.ts";

describe("the context in the popup's URL", () => {
  it.each([
    ["?milestone=120", { kind: "milestone", milestone: 120 }],
    ["milestone=9", { kind: "milestone", milestone: 9 }],
    ["?version=120.0.6099.71", { kind: "version", version: "120.0.6099.71", milestone: 120 }],
    ["?channel=stable", { kind: "channel", channel: "stable" }],
    ["?channel=canary_asan", { kind: "channel", channel: "canary_asan" }],
    ["?versions=151.0.7922", { kind: "versions", prefix: "151.0.7922", milestone: 151 }],
    ["?versions=151", { kind: "versions", prefix: "151", milestone: 151 }],
  ])("%s is read", (search, context) => {
    expect(parseContext(search)).toEqual(context);
  });

  it.each([
    "",
    "?",
    "?milestone=",
    "?milestone=0",
    "?milestone=1000",
    "?milestone=012",
    "?milestone=120abc",
    "?milestone=%2B120",
    "?milestone=1e2",
    "?version=120",
    "?version=120.0.6099",
    "?version=1.2.3.4.5",
    "?version=120.0.06099.71",
    "?version=99999999999999999999.0.0.0",
    "?channel=Stable",
    "?channel=stable%27%3Bdrop",
    "?channel=%3Cscript%3E",
    "?channel=" + "a".repeat(65),
    "?channel=stable&channel=beta",
    "?milestone=120&version=120.0.6099.71",
    "?milestone=120&utm_source=x",
    "?Milestone=120",
    "?platform=win",
    "?versions=151.0.7922.173",
    "?versions=151.01",
    "?versions=1000.0",
    "?versions=151.",
  ])("%j is no context", (search) => {
    expect(parseContext(search)).toBeNull();
  });

  it.each<[PageContext, string]>([
    [{ kind: "milestone", milestone: 120 }, "src/popup/index.html?milestone=120"],
    [
      { kind: "version", version: "120.0.6099.71", milestone: 120 },
      "src/popup/index.html?version=120.0.6099.71",
    ],
    [{ kind: "channel", channel: "beta" }, "src/popup/index.html?channel=beta"],
    [{ kind: "channel", channel: "a&b=c" }, "src/popup/index.html?channel=a%26b%3Dc"],
  ])("%j is written as %s", (context, path) => {
    expect(popupPath(context)).toBe(path);
  });

  it("reads back every context the worker writes", () => {
    for (const context of [
      { kind: "milestone", milestone: 1 },
      { kind: "milestone", milestone: 999 },
      { kind: "version", version: "152.0.7950.10", milestone: 152 },
      { kind: "channel", channel: "canary_asan" },
      { kind: "versions", prefix: "151.0.7922", milestone: 151 },
    ] as const) {
      expect(parseContext(popupPath(context).split("?")[1] ?? "")).toEqual(context);
    }
  });

  it("is the bare popup without a context", () => {
    expect(popupPath()).toBe("src/popup/index.html");
  });
});
