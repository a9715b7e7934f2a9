// The popup's one state, its named transitions (src/popup/page-state.ts) and who is told of them
// (page-store.ts), driven without a page.
import { describe, expect, it } from "vitest";
import {
  browserKnown,
  checkAnswered,
  answerShown,
  checkAsked,
  initialState,
  partReported,
  problemsOf,
  storedRead,
  watchSaved,
  watchSaving,
} from "../../../src/popup/page-state.ts";
import { createPageStore } from "../../../src/popup/page-store.ts";
import type { Stored } from "../../../src/popup/stored.ts";
import type { Failure } from "../../../src/shared/status/failure.ts";
import { DEFAULT_SETTINGS } from "../../../src/shared/store/settings.ts";

const STORED: Stored = {
  settings: DEFAULT_SETTINGS,
  watch: { product: "chrome", platform: "linux", channel: "stable" },
  snapshot: null,
  poll: null,
};
const UNREACHABLE: Failure = { kind: "unreachable", details: "GET … failed" };
const SERVICE_DOWN = {
  source: "check" as const,
  failure: { kind: "http" as const, status: 503, details: "503" },
};

describe("the popup's state", () => {
  it("opens on what it was drawn from, nothing under way, nothing reported", () => {
    const state = initialState(STORED);
    expect(state).toMatchObject({ stored: STORED, refreshing: false, askFailed: null, watchStatus: "" });
    expect([state.reported.size, state.retrying.size]).toEqual([0, 0]);
    const win64 = { ...STORED.watch, platform: "win64" };
    expect(storedRead(state, { ...STORED, watch: win64 }).stored.watch).toBe(win64);
    expect(browserKnown(state, { thisBrowser: undefined, pinned: true }).browser.pinned).toBe(true);
  });

  it("a check asked for is under way and retrying until answered; a failure to ask is said as the check's", () => {
    const failedBefore = checkAnswered(initialState(STORED), UNREACHABLE);
    const asking = checkAsked(failedBefore);
    expect([asking.refreshing, asking.askFailed, [...asking.retrying]]).toEqual([true, null, ["check"]]);
    const failed = checkAnswered(asking, UNREACHABLE);
    expect([failed.refreshing, failed.retrying.size]).toEqual([false, 0]);
    // The worker could not be asked: that is the check's problem, before what the service last said.
    expect(problemsOf(failed, SERVICE_DOWN)).toEqual([{ source: "check", failure: UNREACHABLE }]);
    expect(problemsOf(checkAnswered(asking, null), SERVICE_DOWN)).toEqual([SERVICE_DOWN]);
  });

  it("a watch change says it is saving, then nothing, or why it was not saved", () => {
    const saving = watchSaving(initialState(STORED));
    expect(saving.watchStatus).toBe("Saving…");
    expect(watchSaved(saving, null).watchStatus).toBe("");
    expect(watchSaved(saving, "quota").watchStatus).toBe("Not saved: quota");
  });

  it("a part's failure is reported once per source, after the check's, and withdrawn when it succeeds", () => {
    const list = { kind: "timeout" as const, details: "list" };
    let state = partReported(initialState(STORED), "results", list);
    state = partReported(state, "results", { ...list, details: "again" });
    state = partReported(state, "chart", UNREACHABLE);
    expect(problemsOf(state, SERVICE_DOWN).map((p) => p.source)).toEqual(["check", "results", "chart"]);
    expect(problemsOf(partReported(state, "results", null), null).map((p) => p.source)).toEqual(["chart"]);
  });

  it("is drawn again by a part only when what it shows changed, and by every part at a tick", () => {
    const page = createPageStore(initialState(STORED));
    const drawn: string[] = [];
    const { signal } = new AbortController();
    page.subscribe(
      () => drawn.push("header"),
      signal,
      (s) => [s.stored, s.browser],
    );
    page.subscribe(
      () => drawn.push("watch"),
      signal,
      (s) => [s.answer],
    );
    // A keystroke's answer does not redraw the header (read aloud when it changes).
    page.apply((s) => answerShown(s, { subject: "milestone:153", busy: true }));
    page.tick();
    expect(drawn).toEqual(["header", "watch", "watch", "header", "watch"]);
  });
});
