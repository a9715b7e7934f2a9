// The release page the popup was opened for: read from the popup's query, and the state that shows its releases.
import { describe, expect, it } from "vitest";
import { parseFilter, type Filter } from "../../../src/core/query/index.ts";
import { advancedText } from "../../../src/popup/explorer-advanced.ts";
import { parseContext, stateFromContext } from "../../../src/popup/explorer-context.ts";
import { defaultState } from "../../../src/popup/explorer-filter.ts";
import type { ExplorerState } from "../../../src/popup/model.ts";

const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });
const parse = (text: string, view: "releases" | "versions" = "releases"): Filter => parseFilter(text, view);

describe("the release-page context", () => {
  it.each([
    ["?milestone=120", { kind: "milestone", milestone: 120 }],
    ["milestone=9", { kind: "milestone", milestone: 9 }],
    ["?version=120.0.6099.71", { kind: "version", version: "120.0.6099.71" }],
    ["?channel=stable", { kind: "channel", channel: "stable" }],
    ["?channel=canary_asan", { kind: "channel", channel: "canary_asan" }],
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
  ])("%j is no context", (search) => {
    expect(parseContext(search)).toBeNull();
  });

  const busy = state({
    view: "versions",
    channel: "beta",
    versionFrom: "100",
    startFrom: "2024-01-01",
    liveOnly: true,
    rollout: { kind: "full" },
    order: [{ field: "version", direction: "desc" }],
    extra: parse("name=x"),
  });

  it("a milestone page shows that milestone's releases on every channel, other filters cleared", () => {
    expect(stateFromContext({ kind: "milestone", milestone: 120 }, busy)).toEqual(
      state({ versionFrom: "120", versionTo: "120", order: busy.order }),
    );
    expect(advancedText(stateFromContext({ kind: "milestone", milestone: 120 }, busy))).toBe(
      "version>=120,version<121",
    );
  });

  it("a version page shows exactly that version's releases on every channel", () => {
    const s = stateFromContext({ kind: "version", version: "120.0.6099.71" }, busy);
    expect(s).toEqual(state({ versionFrom: "120.0.6099.71", versionTo: "120.0.6099.71", order: busy.order }));
    expect(advancedText(s)).toBe("version>=120.0.6099.71,version<=120.0.6099.71");
  });

  it("a channel page selects that channel and shows its history, not only what is live", () => {
    expect(stateFromContext({ kind: "channel", channel: "dev" }, busy)).toEqual({
      ...busy,
      channel: "dev",
      liveOnly: false,
    });
  });
});
