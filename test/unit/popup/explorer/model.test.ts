// The explorer's model (src/popup/explorer/model.ts), driven without a page: which query goes out when,
// what waits for a product's platforms and channels, and how the popup's list follows the watch.
import { describe, expect, it } from "vitest";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import {
  initialModel,
  step,
  TYPING_DELAY_MS,
  type ExplorerModel,
  type ExplorerEvent,
  type ModelWorld,
} from "../../../../src/popup/explorer/model.ts";

const LINUX = { ...defaultState("chrome", "linux"), channel: "stable" };
/** Chrome's ids are known; Fuchsia WebEngine's are not until `known` says so. */
const world = (known = new Set(["chrome"])): ModelWorld => ({
  idsKnown: (s) => known.has(s.product),
  requestUrl: (s) => `/v1/${s.product}/${s.platform}/${s.channel}?${s.versionFrom}`,
  context: null,
});
/** The model after `events`, and the kinds of the last event's effects. */
function after(events: ExplorerEvent[], w = world(), start: ExplorerModel = initialModel(LINUX, null)) {
  let model = start;
  let kinds: string[] = [];
  for (const event of events) {
    const next = step(model, event, w);
    model = next.model;
    kinds = next.effects.map((e) => (e.kind === "query" ? `query:${e.delayMs}` : e.kind));
  }
  return { model, kinds };
}

describe("the explorer's model", () => {
  it("queries at once for a control, after a pause for typing, and not at all with a field wrong", () => {
    const edited = (filters = LINUX, source: "control" | "typing" = "control"): ExplorerEvent => ({
      kind: "edited",
      filters,
      source,
    });
    expect(after([edited()]).kinds).toEqual(["draw", "save", "query:0", "chart"]);
    expect(after([edited({ ...LINUX, versionFrom: "120" }, "typing")]).kinds).toContain(
      `query:${TYPING_DELAY_MS}`,
    );
    // The rows' request stays on the line (url null), a pending query is dropped, and it says why.
    const wrong = step(initialModel(LINUX, null), edited({ ...LINUX, versionFrom: "12." }), world());
    expect(wrong.effects.slice(0, 3)).toMatchObject([
      { kind: "draw", url: null },
      { kind: "save" },
      { kind: "query", delayMs: null },
    ]);
  });

  it("holds another product's list and chart until its ids arrive; a failure of another product does not", () => {
    const fuchsia = { ...LINUX, product: "fuchsiawebengine", platform: "all", channel: "all" };
    const known = new Set(["chrome"]);
    const picked = after([{ kind: "edited", filters: fuchsia, source: "control" }], world(known));
    expect(picked.model.waitingFor).toBe("fuchsiawebengine");
    expect(picked.kinds).not.toContain("chart");
    expect(after([{ kind: "queryDue" }], world(known), picked.model).kinds).toEqual(["say"]);
    expect(after([{ kind: "idsFailed", product: "chrome" }], world(known), picked.model).kinds).toEqual([]);
    known.add("fuchsiawebengine");
    const arrived = after([{ kind: "idsArrived" }], world(known), picked.model);
    expect([arrived.model.waitingFor, arrived.kinds]).toEqual([null, ["chart", "load"]]);
  });

  it("follows a new watch in the popup, unless its platform or channel was picked there", () => {
    const watching = initialModel(LINUX, { platform: "linux", channel: "stable" });
    const mac = { kind: "watched", watch: { platform: "mac", channel: "beta" } } as const;
    expect(after([mac], world(), watching).model.filters).toMatchObject({ platform: "mac", channel: "beta" });
    const kept = after([{ kind: "picked" }, mac], world(), watching);
    expect([kept.model.filters, kept.kinds]).toEqual([LINUX, ["drawScope"]]);
    // The same pair again (a poll, an option saved) moves nothing.
    expect(
      after([{ kind: "watched", watch: { platform: "linux", channel: "stable" } }], world(), watching).kinds,
    ).toEqual([]);
  });
});
