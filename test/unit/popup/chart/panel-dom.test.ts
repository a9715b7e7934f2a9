// The chart's requests, and the panel drawn from them, against the emulator's handler. The panel's test
// runs in Node with a happy-dom window of its own rather than Vitest's happy-dom environment: that
// environment serves modules as to a browser, and the emulator finds its data files by file URLs.
import { readFileSync } from "node:fs";
import { openPageWindow } from "../../page-window.ts";
import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../../src/core/types.ts";
import { createClient } from "../../../../src/core/client/index.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import { rolloutLanes } from "../../../../src/popup/chart/lanes.ts";
import {
  bindChartPanel,
  chartReleases,
  mergeByName,
  windowReleases,
} from "../../../../src/popup/chart/panel-dom.ts";
import { BASE_URL, serviceFetch, type ServiceFetch } from "../../../fakes/service-fetch.ts";

/** The emulator's bundled data: real Chrome versions and start times, up to 2026-08-21. */
const BUNDLED = JSON.parse(
  readFileSync(new URL("../../../../emulator/data/releases.json", import.meta.url), "utf8"),
) as { releases: ReleaseResource[] };

const rel = (id: string, fraction: number): ReleaseResource => ({
  name: `chrome/platforms/linux/channels/stable/versions/1.0/releases/${id}`,
  version: "1.0",
  fraction,
  serving: { startTime: "2026-11-01T00:00:00Z" },
});

describe("mergeByName", () => {
  it("keeps each release once when both answers have it", () => {
    const merged = mergeByName([rel("1", 0.5), rel("2", 1)], [rel("2", 1), rel("3", 0.1)]);
    expect(merged.map((r) => r.name.split("/").pop())).toEqual(["1", "2", "3"]);
  });
});

describe("windowReleases", () => {
  const release = (version: string, start: string, end?: string) => ({
    name: `chrome/platforms/linux/channels/stable/versions/${version}/releases/${Date.parse(start) / 1000}`,
    serving: end ? { startTime: start, endTime: end } : { startTime: start },
    fraction: 1,
    version,
  });

  it("finds every release served in the window: ended inside it (even if it started before) and live", async () => {
    const service = serviceFetch({
      releases: [
        release("100.0.0.1", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"), // over before the window
        release("101.0.0.1", "2026-02-01T00:00:00Z", "2026-03-10T00:00:00Z"), // started before, ended inside
        release("102.0.0.1", "2026-03-10T00:00:00Z", "2026-03-20T00:00:00Z"), // inside
        release("103.0.0.1", "2026-03-20T00:00:00Z"), // live
      ],
    });
    const client = createClient({ baseUrl: BASE_URL, product: "chrome", fetch: service.fetch });
    const found = await windowReleases(client, {
      platform: "linux",
      channel: "stable",
      since: "2026-03-01T00:00:00Z",
    });
    expect(found.map((r) => r.version).sort()).toEqual(["101.0.0.1", "102.0.0.1", "103.0.0.1"]);
    expect(service.requests).toHaveLength(2);
  });
});

describe("chartReleases", () => {
  const NOW = Date.parse("2026-11-23T09:00:00Z");
  const release = (version: string, start: string, end?: string) => ({
    name: `chrome/platforms/linux/channels/stable/versions/${version}/releases/${Date.parse(start) / 1000}`,
    serving: end ? { startTime: start, endTime: end } : { startTime: start },
    fraction: 1,
    version,
  });
  const linuxStable = (service: ServiceFetch) =>
    chartReleases(createClient({ baseUrl: BASE_URL, product: "chrome", fetch: service.fetch }), {
      platform: "linux",
      channel: "stable",
      now: NOW,
    });
  /** The chart of linux/stable over these releases, with the service that answered. */
  async function chartOf(...releases: ReturnType<typeof release>[]) {
    const service = serviceFetch({ releases });
    return { service, ...(await linuxStable(service)) };
  }
  const versions = (releases: readonly ReleaseResource[]) => releases.map((r) => r.version).sort();
  const asked = (service: ServiceFetch) =>
    service.requests.map((r) => decodeURIComponent(r.url.split("?")[1] ?? ""));

  it("keeps the last eight weeks, in two requests, while the data reaches into them", async () => {
    const { service, chosen, releases } = await chartOf(
      release("150.0.0.1", "2026-09-01T00:00:00Z", "2026-11-20T00:00:00Z"),
      release("151.0.0.1", "2026-11-20T00:00:00Z"),
    );
    expect(chosen).toEqual({ window: { from: NOW - 56 * 86_400_000, to: NOW }, dataEnd: null });
    expect(versions(releases)).toEqual(["150.0.0.1", "151.0.0.1"]);
    expect(service.requests).toHaveLength(2);
  });

  it("ends the window where the bundled data ends, and finds that data's releases", async () => {
    const service = serviceFetch(BUNDLED);
    const { chosen, releases } = await linuxStable(service);
    expect(new Date(chosen.dataEnd ?? 0).toISOString()).toBe("2026-08-20T20:10:17.160Z");
    expect(chosen.window.to).toBe(Date.parse("2026-08-21T00:00:00Z"));
    expect(rolloutLanes(releases, chosen.window).versions).toBeGreaterThan(1);
    // The window up to now (ended since, live), where the data ends, the releases that ended in the window.
    expect(asked(service)).toEqual([
      "filter=endtime>=2026-09-28T09:00:00.000Z",
      "filter=endtime=none",
      "filter=endtime>1970-01-01T00:00:00Z&order_by=endtime desc&pageSize=1",
      "filter=endtime>=2026-06-26T00:00:00.000Z",
    ]);
  });

  it("takes an end later than every start as where the data ends", async () => {
    const { chosen, releases } = await chartOf(
      release("150.0.0.1", "2026-07-01T00:00:00Z", "2026-08-25T12:00:00Z"),
      release("151.0.0.1", "2026-08-01T00:00:00Z"),
    );
    expect(chosen.dataEnd).toBe(Date.parse("2026-08-25T12:00:00Z"));
    expect(versions(releases)).toEqual(["150.0.0.1", "151.0.0.1"]);
  });
});

describe("bindChartPanel", () => {
  const NOW = Date.parse("2026-11-23T09:00:00Z");

  /** The chart's section in a test DOM of its own, as index.html has it; `close` puts the globals back. */
  function page(): { doc: Document; close: () => void } {
    const opened = openPageWindow();
    const doc = opened.window.document as unknown as Document;
    const section = Object.assign(doc.createElement("section"), { id: "chart" });
    section.append(
      Object.assign(doc.createElement("p"), { id: "chart-status" }),
      Object.assign(doc.createElement("div"), { id: "chart-figure" }),
    );
    doc.body.append(section);
    return { doc, close: opened.close };
  }

  it("draws every version the bundled data served on Windows Stable in its eight weeks, and says so", async () => {
    const { doc, close } = page();
    try {
      const follow = bindChartPanel({
        baseUrl: BASE_URL,
        now: () => NOW,
        fetch: serviceFetch(BUNDLED).fetch,
        report: () => undefined,
      });
      follow({ ...defaultState("chrome", "win"), channel: "stable" });
      const status = doc.getElementById("chart-status")!;
      await expect.poll(() => status.textContent, { timeout: 10_000 }).toMatch(/^Data ends/);

      // Worked out from the raw releases, not by the chart's code: served for some time in the window.
      const from = Date.parse("2026-06-26T00:00:00Z");
      const to = Date.parse("2026-08-21T00:00:00Z");
      const served = new Set(
        BUNDLED.releases
          .filter((r) => r.name.startsWith("chrome/platforms/win/channels/stable/"))
          .filter((r) => {
            const start = Date.parse(r.serving.startTime);
            const end = r.serving.endTime ? Date.parse(r.serving.endTime) : Infinity;
            return end > start && start < to && end > from;
          })
          .map((r) => r.version),
      );
      expect(served.size).toBe(35);
      const svg = doc.querySelector("#chart-figure svg")!;
      const drawn = [...svg.querySelectorAll("[data-version]")].map((n) => n.getAttribute("data-version"));
      expect(new Set(drawn)).toEqual(served);
      expect([...svg.querySelectorAll(".lane-label")].map((n) => n.textContent)).toEqual([
        "M152",
        "M151",
        "M151",
        "M150",
        "M150",
        "M149",
        "M149",
      ]);
      expect(status.textContent).toBe(
        "Data ends 2026-08-20 (UTC); showing the 8 weeks before. Stable on Windows (32-bit): 35 versions in " +
          "4 milestones served from 2026-06-26 to 2026-08-20 (UTC).",
      );
      expect(svg.querySelector(".notes")?.textContent).toContain("35 versions in 4 milestones");
      expect(svg.querySelector(".notes")?.textContent).not.toContain("not drawn");
    } finally {
      close();
    }
  });
});
