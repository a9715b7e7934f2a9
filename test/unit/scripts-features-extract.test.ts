// The build step that turns the data packages into the features asset: what it keeps, what it follows, how
// it packs compat keys, and how small the result is.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractFeatures, knownAs } from "../../scripts/features-extract.ts";
import { keptKey, operatorSymbol } from "../../scripts/features-pack-keys.ts";
import type { CaniuseData, CompatData, WebFeaturesData } from "../../scripts/features-sources.ts";
import { readAsset, supportIn } from "../../src/core/features/asset.ts";
import { compatKeys } from "../../src/core/features/compat-keys.ts";
import { realAsset } from "./shared/answers/fixtures.ts";

/** The asset's budget in the extension package (issues 21 and 25: compat keys included). */
const MAX_GZIPPED_BYTES = 150 * 1024;

const byId = (id: string) => realAsset().features.find((f) => f.id === id);

describe("extractFeatures on the real packages", () => {
  it("says which data it is: web-features 3.40.0, browser-compat-data 8.1.9 of 2026-11-12", () => {
    expect(realAsset().identity).toEqual({ webFeatures: "3.40.0", bcd: "8.1.9", dataDate: "2026-11-12" });
  });

  it("keeps every feature (1,204) with its names, versions per browser, Baseline, spec and caniuse id", () => {
    expect(realAsset().features).toHaveLength(1204);
    expect(byId("has")).toEqual({
      id: "has",
      name: ":has()",
      aliases: ["css-has", ":has() CSS relational pseudo-class", "parent selector"],
      keywords: ["children", "parent", "selector"],
      support: ["105", "105", "105", "121", "121", "15.4", "15.4"],
      baseline: "high",
      baselineLow: "2023-12-19",
      baselineHigh: "2026-06-19",
      spec: "https://drafts.csswg.org/selectors-4/#relational",
      caniuse: "css-has",
    });
  });

  it("keeps caniuse's names of more than one word as exact names, one-word and shared ones as search words", () => {
    const lazy = byId("loading-lazy");
    expect(lazy?.aliases).toEqual(expect.arrayContaining(["lazy image loading", "iframe loading"]));
    // Both lazy-loading features list "lazy-loading": it names neither exactly.
    expect(lazy?.aliases).not.toContain("lazy-loading");
    expect(lazy?.keywords).toEqual(expect.arrayContaining(["lazy-loading", "loading"]));
  });

  it("says where every browser removed a feature, and keeps web-features' reason to avoid it", () => {
    const mutation = byId("mutation-events");
    expect(mutation?.support.every((s) => s === null)).toBe(true);
    expect(mutation?.removed).toEqual(["1-127", "18-127", "12-127", "1-140", "4-140", "1-26", "1-26"]);
    expect(mutation?.discouraged).toEqual({
      reason: expect.stringContaining("Mutation events negatively impact performance") as string,
      alternatives: ["mutationobserver"],
    });
    expect(byId("has")?.removed).toBeUndefined();
  });

  it("where no Chrome version supports all of a feature: since when a part, and how many of its keys", () => {
    const anchor = byId("anchor-positioning");
    expect(anchor && supportIn(anchor, "chrome")).toBeNull();
    expect(anchor?.chromePart).toEqual({ since: "125", keys: 323, of: 325 });
    expect(byId("has")?.chromePart).toBeUndefined();
  });

  it("follows moved and split features to their targets", () => {
    const { redirects } = realAsset();
    expect(redirects.masonry).toEqual(["grid-lanes"]);
    expect(redirects["text-wrap-style"]).toEqual(["text-wrap", "text-wrap-balance", "text-wrap-pretty"]);
    expect(Object.keys(redirects)).toHaveLength(12);
    expect(byId("masonry")).toBeUndefined();
  });

  it("keeps the groups with their features: `Web components`", () => {
    const group = realAsset().groups.find((g) => g.name === "Web components");
    const ids = group?.features.map((i) => realAsset().features[i]?.id);
    expect(ids).toEqual(expect.arrayContaining(["shadow-dom", "slot", "template"]));
  });

  it("keeps Chrome, Edge and Firefox release days with their status, oldest first", () => {
    const { chrome, edge, firefox } = realAsset().releases;
    expect(chrome.find((r) => r.version === "160")).toEqual({ version: "160", status: "planned" });
    expect(firefox.find((r) => r.version === "161")?.date).toBe("2026-11-24");
    expect(firefox.find((r) => r.version === "153")?.status).toBe("esr");
    expect(edge.find((r) => r.version === "157")?.date).toBe("2026-11-05");
    expect(firefox.slice(0, 3).map((r) => r.version)).toEqual(["1", "1.5", "2"]);
  });

  it("packs 10,495 compat keys, each unpacked with its own support and its MDN page", () => {
    const keys = compatKeys(realAsset());
    expect(keys).toHaveLength(10_495);
    const chaining = keys.find((k) => k.key === "javascript.operators.optional_chaining");
    expect(chaining).toMatchObject({
      feature: { id: "object-object" },
      support: ["80", "80", "80", "74", "79", "13.1", "13.4"],
      page: "https://developer.mozilla.org/docs/Web/JavaScript/Reference/Operators/Optional_chaining",
      own: false,
    });
    expect(keys.find((k) => k.key === "api.MutationEvent")?.support[0]).toBe("1-127");
    expect(keys.find((k) => k.key === "css.selectors.has")).toMatchObject({ own: true, deprecated: false });
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

describe("knownAs", () => {
  it("reads the other names a description gives a feature, its abbreviation too", () => {
    expect(knownAs("… Also known as the Battery API.")).toEqual(["Battery API"]);
    expect(knownAs("… Also known as zero round-trip time resumption (0-RTT).")).toEqual([
      "zero round-trip time resumption",
      "0-RTT",
    ]);
    expect(knownAs("… a forced colors mode, also known as high-contrast mode, and the …")).toEqual([
      "high-contrast mode",
    ]);
    expect(knownAs("Also known as ECMAScript modules or ESM in workers.")).toEqual([
      "ECMAScript modules",
      "ESM in workers",
    ]);
    // Inside parentheses it names a word of the sentence, not the feature.
    expect(
      knownAs("The web prefix for ClipboardItem data types (also known as MIME types) allows …"),
    ).toEqual([]);
    expect(knownAs(undefined)).toEqual([]);
  });
});

describe("operatorSymbol", () => {
  it("reads an operator's symbol from its description, without the operands", () => {
    expect(operatorSymbol("Nullish coalescing assignment (<code>x ??= y</code>)")).toBe("??=");
    expect(operatorSymbol("Logical AND (<code>&amp;&amp;</code>)")).toBe("&&");
    expect(operatorSymbol("<code>async function</code> expression")).toBeNull();
    expect(operatorSymbol(undefined)).toBeNull();
  });
});

describe("keptKey", () => {
  it("keeps entries and members, not variants, values or the trees nobody asks a page about", () => {
    expect(keptKey("api.Document.startViewTransition")).toBe(true);
    expect(keptKey("html.elements.img.loading")).toBe(true);
    expect(keptKey("javascript.builtins.Array.findLast")).toBe(true);
    expect(keptKey("css.properties.gap.grid_context")).toBe(false);
    expect(keptKey("api.Element.animate.options_composite_parameter")).toBe(false);
    expect(keptKey("webdriver.bidi.browser")).toBe(false);
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
        spec: ["https://example.test/spec", "https://example.test/other"],
        group: ["stuff"],
        status: { baseline: false, support: { firefox: "≤12" } },
      },
      old: { kind: "moved", redirect_target: "thing" },
    },
    groups: { stuff: { name: "Stuff" }, empty: { name: "Empty" } },
  };
  const page = (path: string) => ({ mdn_url: `https://developer.mozilla.org/docs/${path}` });
  const compat: CompatData = {
    __meta: { version: "9.9.9", timestamp: "2027-01-02T03:04:05.000Z" },
    browsers: {
      chrome: {
        releases: { "10": { status: "planned" }, "9": { release_date: "2026-01-01", status: "current" } },
      },
      edge: { releases: {} },
      firefox: { releases: {} },
    },
    api: {
      Thing: {
        __compat: {
          ...page("Web/API/Thing"),
          support: { chrome: { version_added: "50", version_removed: "60" } },
        },
        run: { __compat: { ...page("Web/API/Thing/run"), support: { chrome: [{ version_added: "55" }] } } },
      },
    },
    css: { properties: { thing: { __compat: { ...page("Web/CSS/thing"), support: {} } } } },
  };
  const caniuse: CaniuseData = {
    data: { "css-thing": { title: "CSS Thing", keywords: "thingy,big thing" } },
  };

  it("adds our aliases to their feature's names, and stops at an alias of an id the data lacks", () => {
    const alias = { id: "thing", alias: "TNG", source: "https://example.org/thing" };
    const asset = extractFeatures(webFeatures, "1.2.3", compat, caniuse, [alias]);
    expect(asset.features.find((f) => f.id === "thing")?.aliases).toContain("TNG");
    expect(() =>
      extractFeatures(webFeatures, "1.2.3", compat, caniuse, [{ ...alias, id: "no-such-thing" }]),
    ).toThrow("no-such-thing");
  });

  it("keeps only what answers read, and sorts releases by version", () => {
    const asset = extractFeatures(webFeatures, "1.2.3", compat, caniuse);
    expect(asset).toMatchObject({
      format: 2,
      identity: { webFeatures: "1.2.3", bcd: "9.9.9", dataDate: "2027-01-02" },
      features: [
        {
          id: "thing",
          name: "Thing",
          aliases: ["css-thing", "CSS Thing", "big thing"],
          keywords: ["thingy"],
          support: [null, null, null, "≤12", null, null, null],
          baseline: false,
          spec: "https://example.test/spec",
          caniuse: "css-thing",
        },
      ],
      redirects: { old: ["thing"] },
      groups: [{ name: "Stuff", features: [0] }],
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

  it("packs the kept keys of a feature on its line (not a value's), a member's page under its parent's", () => {
    const asset = extractFeatures(webFeatures, "1.2.3", compat, caniuse);
    expect(compatKeys(asset).map((k) => [k.key, k.support[0], k.page?.slice(35)])).toEqual([
      ["api.Thing", "50-60", "Web/API/Thing"],
      ["api.Thing.run", "55", "Web/API/Thing/run"],
      ["css.properties.thing", null, "Web/CSS/thing"],
    ]);
  });
});
