// The release page the popup was opened for: the state that shows its releases, and its words.
import { describe, expect, it } from "vitest";
import { parseFilter, type Filter } from "../../../../src/core/query/index.ts";
import { advancedText } from "../../../../src/popup/explorer/advanced.ts";
import {
  contextText,
  followWatch,
  scopeText,
  stateFromContext,
} from "../../../../src/popup/explorer/release-page.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";

const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });
const parse = (text: string, view: "releases" | "versions" = "releases"): Filter => parseFilter(text, view);

describe("the release-page context", () => {
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
    const s = stateFromContext({ kind: "version", version: "120.0.6099.71", milestone: 120 }, busy);
    expect(s).toEqual(state({ versionFrom: "120.0.6099.71", versionTo: "120.0.6099.71", order: busy.order }));
    expect(advancedText(s)).toBe("version>=120.0.6099.71,version<=120.0.6099.71");
  });

  it("a version prefix (an answer's 'and 59 more releases') shows every version starting with it", () => {
    const s = stateFromContext({ kind: "versions", prefix: "151.0.7922", milestone: 151 }, busy);
    expect(advancedText(s)).toBe("version>=151.0.7922,version<151.0.7923");
  });

  it("a channel page selects that channel and shows its history, not only what is live", () => {
    expect(stateFromContext({ kind: "channel", channel: "dev" }, busy)).toEqual({
      ...busy,
      channel: "dev",
      liveOnly: false,
    });
  });
});

describe("what the popup was opened for, in words", () => {
  it.each([
    [{ kind: "milestone", milestone: 120 } as const, "milestone 120"],
    [{ kind: "version", version: "120.0.6099.71", milestone: 120 } as const, "version 120.0.6099.71"],
    [{ kind: "channel", channel: "beta" } as const, "the beta channel"],
    [{ kind: "versions", prefix: "151.0.7922", milestone: 151 } as const, "versions 151.0.7922.*"],
  ])("%j is %s", (context, text) => {
    expect(contextText(context)).toBe(text);
  });
});

describe("the popup's list and what the toolbar watches", () => {
  const linuxStable = state({ channel: "stable", liveOnly: true });
  const winBeta = { platform: "win64", channel: "beta" };

  it("follows a new watch's platform and channel, keeping its other filters", () => {
    expect(followWatch(linuxStable, winBeta, null)).toEqual({
      ...linuxStable,
      platform: "win64",
      channel: "beta",
    });
  });

  it("is the same state when it shows the watched pair already", () => {
    expect(followWatch(linuxStable, { platform: "linux", channel: "stable" }, null)).toBe(linuxStable);
  });

  it("keeps the channel a release page chose, and takes the watched platform", () => {
    const milestone = stateFromContext({ kind: "milestone", milestone: 120 }, linuxStable);
    expect(followWatch(milestone, winBeta, { kind: "milestone", milestone: 120 })).toEqual({
      ...milestone,
      platform: "win64",
    });
    const channel = stateFromContext({ kind: "channel", channel: "dev" }, linuxStable);
    expect(followWatch(channel, winBeta, { kind: "channel", channel: "dev" })).toMatchObject({
      platform: "win64",
      channel: "dev",
    });
  });

  it("says which pair the list shows only when the toolbar watches another", () => {
    expect(scopeText(linuxStable, { platform: "linux", channel: "stable" })).toBe("");
    expect(scopeText(linuxStable, winBeta)).toBe(
      "Showing Linux · Stable (the toolbar watches Windows · Beta)",
    );
    expect(scopeText(state({ platform: "all", channel: "all" }), winBeta)).toBe(
      "Showing All platforms · All channels (the toolbar watches Windows · Beta)",
    );
  });
});
