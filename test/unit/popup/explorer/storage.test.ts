// The explorer's state in storage: stored as plain JSON, restored field by field.
import { describe, expect, it } from "vitest";
import { parseFilter, type Filter } from "../../../../src/core/query/index.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import { forPopup, restoreState, serializeState } from "../../../../src/popup/explorer/storage.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";

const base = defaultState("chrome", "linux");
const state = (patch: Partial<ExplorerState>): ExplorerState => ({ ...base, ...patch });
const parse = (text: string, view: "releases" | "versions" = "releases"): Filter => parseFilter(text, view);

describe("storage", () => {
  const stored = state({
    view: "versions",
    channel: "beta",
    versionFrom: "120",
    versionTo: "121",
    startFrom: "2024-01-01",
    startTo: "2024-02-01",
    liveOnly: true,
    rollout: { kind: "atLeast", percent: 12.5 },
    order: [{ field: "starttime", direction: "desc" }],
    extra: parse('fraction>0.3,name="a,b"'),
  });
  const fallback = defaultState("chrome", "mac");
  const roundTrip = (value: unknown) => restoreState(JSON.parse(JSON.stringify(value)), fallback);

  it("restores every field it stored, hidden extra clauses included", () => {
    expect(roundTrip(serializeState(stored))).toEqual(stored);
  });

  it("stores extra as its filter text", () => {
    expect(serializeState(stored)).toMatchObject({ extra: 'fraction>0.3,name="a,b"' });
  });

  it.each([[undefined], [null], [42], ["state"], [[1, 2]]])("a stored %j is the fallback", (value) => {
    expect(restoreState(value, fallback)).toEqual(fallback);
  });

  it.each([
    ["view", "graph"],
    ["product", "chrome/../x"],
    ["platform", 7],
    ["channel", ""],
    ["versionFrom", "12."],
    ["versionTo", null],
    ["startFrom", "2024-02-30"],
    ["startTo", "9999-12-31"],
    ["liveOnly", "yes"],
    ["rollout", { kind: "atLeast", percent: 101 }],
    ["rollout", { kind: "most" }],
    ["order", [{ field: "version", direction: "up" }]],
    ["order", [{ field: "size", direction: "asc" }]],
    ["order", [null]],
    [
      "order",
      [
        { field: "name", direction: "asc" },
        { field: "name", direction: "desc" },
      ],
    ],
    ["order", "version desc"],
    ["extra", "fraction>=2"],
    ["extra", ["name=x"]],
  ])("a bad %s falls back alone", (key, bad) => {
    const value = { ...(serializeState(stored) as object), [key]: bad };
    expect(roundTrip(value)).toEqual({ ...stored, [key]: fallback[key as keyof ExplorerState] });
  });

  it("a missing field falls back alone", () => {
    const { liveOnly: _gone, ...rest } = serializeState(stored) as Record<string, unknown>;
    expect(roundTrip(rest)).toEqual({ ...stored, liveOnly: false });
  });

  it("drops properties a stored rollout should not have", () => {
    const value = {
      ...(serializeState(stored) as object),
      rollout: { kind: "full", percent: 3, evil: true },
    };
    expect(roundTrip(value).rollout).toEqual({ kind: "full" });
  });

  it("the popup keeps the filters it shows and takes product, view, order and its pair from the watch's defaults", () => {
    const tab = { ...stored, product: "fuchsiawebengine", platform: "win64" };
    const watched = { ...fallback, channel: "stable" };
    const shown = forPopup(tab, watched);
    expect(shown).toEqual({
      ...tab,
      product: watched.product,
      view: watched.view,
      order: watched.order,
      platform: watched.platform,
      channel: watched.channel,
    });
    expect(shown.product).toBe("chrome");
    expect(shown.view).toBe("releases");
    expect([shown.platform, shown.channel]).toEqual(["mac", "stable"]);
    expect(shown.versionFrom).toBe("120");
    expect(shown.liveOnly).toBe(true);
  });
});
