import { describe, expect, it } from "vitest";
import type { ReleaseResource } from "../../../src/core/types.ts";
import { createClient } from "../../../src/core/client/index.ts";
import { mergeByName, windowReleases } from "../../../src/popup/chart-panel-dom.ts";
import { BASE_URL, serviceFetch } from "../../fakes/service-fetch.ts";

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
