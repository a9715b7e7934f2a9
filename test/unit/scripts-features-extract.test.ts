// The build step that turns the two data packages into the features asset: what it keeps, what it follows,
// and how small the result is.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractFeatures, type CompatData, type WebFeaturesData } from "../../scripts/features-extract.ts";
import { readAsset, supportIn } from "../../src/core/features/asset.ts";
import { realAsset } from "./shared/answers/fixtures.ts";

/** The asset's budget in the extension package (issue 21). */
const MAX_GZIPPED_BYTES = 150 * 1024;

const byId = (id: string) => realAsset().features.find((f) => f.id === id);

describe("extractFeatures on the real packages", () => {
  it("says which data it is: web-features 3.40.0, browser-compat-data 8.1.9 of 2026-11-12", () => {
    expect(realAsset().identity).toEqual({ webFeatures: "3.40.0", bcd: "8.1.9", dataDate: "2026-11-12" });
  });

  it("keeps every feature (1,204) with its name, versions per browser, Baseline dates and MDN page", () => {
    expect(realAsset().features).toHaveLength(1204);
    expect(byId("has")).toEqual({
      id: "has",
      name: ":has()",
      aliases: ["css-has"],
      support: ["105", "105", "105", "121", "121", "15.4", "15.4"],
      baseline: "high",
      baselineLow: "2023-12-19",
      baselineHigh: "2026-06-19",
      url: "https://developer.mozilla.org/docs/Web/CSS/Reference/Selectors/:has",
    });
    const vt = byId("view-transitions");
    expect(vt && supportIn(vt, "chrome")).toBe("111");
    expect(vt && [vt.baseline, vt.baselineLow, vt.baselineHigh]).toEqual(["low", "2025-10-14", undefined]);
  });

  it("names compat keys' entries as aliases, not their members (`height` would match a dozen features)", () => {
    const cq = byId("container-queries");
    expect(cq?.aliases).toEqual(
      expect.arrayContaining(["CSSContainerRule", "container-type", "container-name"]),
    );
    expect(cq?.aliases).not.toContain("containerQuery");
    expect(byId("anchor-positioning")?.aliases).not.toContain("height");
  });

  it("keeps the earliest partial Chrome version where no Chrome version supports all of a feature", () => {
    const anchor = byId("anchor-positioning");
    expect(anchor && supportIn(anchor, "chrome")).toBeNull();
    expect(anchor?.chromePart).toBe("125");
    expect(byId("has")?.chromePart).toBeUndefined();
  });

  it("follows moved and split features to their targets", () => {
    const { redirects } = realAsset();
    expect(redirects.masonry).toEqual(["grid-lanes"]);
    expect(redirects["text-wrap-style"]).toEqual(["text-wrap", "text-wrap-balance", "text-wrap-pretty"]);
    expect(Object.keys(redirects)).toHaveLength(12);
    expect(byId("masonry")).toBeUndefined();
  });

  it("keeps Chrome, Edge and Firefox release days with their status, oldest first", () => {
    const { chrome, edge, firefox } = realAsset().releases;
    expect(chrome.find((r) => r.version === "157")).toEqual({
      version: "157",
      date: "2026-11-03",
      status: "current",
    });
    expect(chrome.find((r) => r.version === "159")?.date).toBe("2026-12-08");
    expect(chrome.find((r) => r.version === "160")).toEqual({ version: "160", status: "planned" });
    expect(firefox.find((r) => r.version === "161")?.date).toBe("2026-11-24");
    expect(edge.find((r) => r.version === "157")?.date).toBe("2026-11-05");
    expect(firefox.slice(0, 3).map((r) => r.version)).toEqual(["1", "1.5", "2"]);
  });

  it("passes its own reader's checks after a JSON round trip (as fetched from the package)", () => {
    const json = JSON.parse(JSON.stringify(realAsset())) as unknown;
    expect(readAsset(json)).toEqual(realAsset());
  });

  it(`is at most ${MAX_GZIPPED_BYTES / 1024} KB gzipped`, () => {
    const raw = Buffer.from(JSON.stringify(realAsset()));
    const gzipped = gzipSync(raw).length;
    console.log(`features asset: ${raw.length} bytes, ${gzipped} bytes gzipped`);
    expect(gzipped).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
  });
});

describe("extractFeatures on hand-made data", () => {
  const webFeatures: WebFeaturesData = {
    features: {
      thing: {
        kind: "feature",
        name: "Thing",
        caniuse: ["css-thing"],
        compat_features: ["css.properties.thing", "css.properties.thing.auto", "api.Thing", "api.Thing.run"],
        spec: ["https://example.test/spec"],
        status: { baseline: false, support: { firefox: "≤12" } },
      },
      old: { kind: "moved", redirect_target: "thing" },
    },
  };
  const compat: CompatData = {
    __meta: { version: "9.9.9", timestamp: "2027-01-02T03:04:05.000Z" },
    browsers: {
      chrome: {
        releases: { "10": { status: "planned" }, "9": { release_date: "2026-01-01", status: "current" } },
      },
      edge: { releases: {} },
      firefox: { releases: {} },
    },
  };

  it("keeps only what answers read, the spec where MDN has no page, and sorts releases by version", () => {
    expect(extractFeatures(webFeatures, "1.2.3", compat)).toEqual({
      format: 1,
      identity: { webFeatures: "1.2.3", bcd: "9.9.9", dataDate: "2027-01-02" },
      features: [
        {
          id: "thing",
          name: "Thing",
          aliases: ["css-thing", "Thing"],
          support: [null, null, null, "≤12", null, null, null],
          baseline: false,
          url: "https://example.test/spec",
        },
      ],
      redirects: { old: ["thing"] },
      releases: {
        chrome: [
          { version: "9", date: "2026-01-01", status: "current" },
          { version: "10", status: "planned" },
        ],
        edge: [],
        firefox: [],
      },
    });
  });
});
