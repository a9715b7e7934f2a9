// @vitest-environment happy-dom
// The results' status line counts what is loaded in words that agree with the count.
import { beforeEach, describe, expect, it } from "vitest";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import type { ExplorerLoader, LoaderSnapshot } from "../../../../src/popup/explorer/loader.ts";
import type { ExplorerState } from "../../../../src/popup/explorer/state.ts";
import { bindResults } from "../../../../src/popup/explorer/results-dom.ts";
import { resultRows, type LoadedItems } from "../../../../src/popup/explorer/results-rows.ts";

const RELEASES = defaultState("chrome", "linux");

beforeEach(() => {
  const status = document.createElement("p");
  status.id = "results-status";
  const results = document.createElement("div");
  results.id = "results";
  const more = document.createElement("button");
  more.id = "load-more";
  document.body.replaceChildren(status, results, more);
});

function snapshot(state: ExplorerState, count: number, nextPageToken = ""): LoaderSnapshot {
  const name = (i: number) => `chrome/platforms/linux/channels/stable/versions/1.0.0.${i}`;
  const items: LoadedItems =
    state.view === "releases"
      ? {
          view: "releases",
          items: Array.from({ length: count }, (_, i) => ({
            name: `${name(i)}/releases/${i}`,
            version: `1.0.0.${i}`,
            fraction: 1,
            serving: { startTime: "2026-11-01T00:00:00Z" },
          })),
        }
      : {
          view: "versions",
          items: Array.from({ length: count }, (_, i) => ({ name: name(i), version: `1.0.0.${i}` })),
        };
  return {
    loaded: { state, url: "u", items, rows: resultRows(items, () => undefined), nextPageToken, pages: 1 },
    querying: false,
    loadingMore: false,
    failure: null,
  };
}

function statusOf(shown: LoaderSnapshot, dataEnds?: string | null): string | null {
  const idle: LoaderSnapshot = { loaded: null, querying: false, loadingMore: false, failure: null };
  const loader: ExplorerLoader = {
    current: () => idle,
    query: () => Promise.resolve(),
    loadMore: () => Promise.resolve(),
    retry: () => Promise.resolve(),
  };
  bindResults(loader, {
    autoLoad: true,
    initial: RELEASES,
    context: null,
    report: () => {},
    ...(dataEnds !== undefined ? { dataEnds: () => dataEnds } : {}),
  }).show(shown);
  return document.getElementById("results-status")?.textContent ?? null;
}

describe("the results' status line", () => {
  it("says 1 release and 1 version, not 1 releases", () => {
    expect(statusOf(snapshot(RELEASES, 1))).toBe("1 release.");
    const flooded = snapshot(RELEASES, 50);
    expect(statusOf({ ...flooded, loaded: flooded.loaded && { ...flooded.loaded, extra: 4950 } })).toBe(
      "50 releases. The service sent 4,950 rows more than asked for: not shown.",
    );
    expect(statusOf(snapshot({ ...RELEASES, view: "versions" }, 1, "next"))).toBe(
      "1 version, more on the service.",
    );
  });

  it("counts more than one in the plural, and none in words", () => {
    expect(statusOf(snapshot(RELEASES, 2))).toBe("2 releases.");
    expect(statusOf(snapshot(RELEASES, 0))).toBe("No releases match.");
  });

  it("says where the service's data ends when a start-date window begins after it", () => {
    const window = { ...RELEASES, startFrom: "2026-11-19", startTo: "2026-11-25" };
    expect(statusOf(snapshot(window, 0), "2026-08-21")).toBe(
      "No releases match. The service's data ends on 2026-08-21, before 2026-11-19: nothing newer is known.",
    );
    // Data that reaches into the window, no window, or no known end: the plain words.
    expect(statusOf(snapshot(window, 0), "2026-11-20")).toBe("No releases match.");
    expect(statusOf(snapshot(RELEASES, 0), "2026-08-21")).toBe("No releases match.");
    expect(statusOf(snapshot(window, 0), null)).toBe("No releases match.");
  });
});
