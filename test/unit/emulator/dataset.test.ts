/** Loading the --data file: every record checked, errors naming the record and the field. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { buildDataset, DatasetError, loadDataset } from "../../../emulator/dataset.ts";
import { FIXTURE, release } from "./service-fixture.ts";

function refusal(json: unknown): DatasetError {
  try {
    buildDataset(json, "x.json");
  } catch (e) {
    if (e instanceof DatasetError) return e;
    throw e;
  }
  throw new Error("the dataset was accepted");
}

describe("bad data files", () => {
  test("a bad record stops the load naming its index and field", () => {
    const releases: unknown[] = [...FIXTURE];
    releases[5] = { ...FIXTURE[5], serving: { startTime: "yesterday" } };
    const e = refusal({ releases });
    expect(e.message).toMatch(
      /^bad data file x\.json: releases\[5\]\.serving\.startTime: expected an RFC 3339 date-time/,
    );
    expect(e.field).toBe("releases[5].serving.startTime");
  });

  test("a fractionGroup sent as a number rather than an int64 string is reported at its field", () => {
    const e = refusal({ releases: [{ ...FIXTURE[0], fractionGroup: 7 }] });
    expect(e.field).toBe("releases[0].fractionGroup");
  });

  test("duplicate release names are refused, naming both records", () => {
    const e = refusal({ releases: [FIXTURE[0], FIXTURE[1], FIXTURE[0]] });
    expect(e.field).toBe("releases[2].name");
    expect(e.message).toContain("duplicate release name");
    expect(e.message).toContain("releases[0]");
  });

  test("the same release under a product and its alias is a duplicate too", () => {
    const r = release("win", "stable", "1.0.0.1", "2024-01-01T00:00:00Z");
    const e = refusal({ releases: [r, { ...r, name: r.name.replace(/^chrome\//, "browser/") }] });
    expect(e.field).toBe("releases[1].name");
  });

  test("a version that differs from the one in the name is refused", () => {
    const e = refusal({ releases: [{ ...FIXTURE[0], version: "80.0.1.1" }] });
    expect(e.field).toBe("releases[0].version");
  });

  test("an unknown product is refused", () => {
    const r = release("win", "stable", "1.0.0.1", "2024-01-01T00:00:00Z", undefined, 1, "firefox");
    expect(refusal({ releases: [r] }).message).toContain('unknown product "firefox"');
  });

  test("all as a platform id is refused", () => {
    const r = release("all", "stable", "1.0.0.1", "2024-01-01T00:00:00Z");
    expect(refusal({ releases: [r] }).message).toContain('"all" cannot be a platform id');
  });

  test("a file without a releases array is refused", () => {
    expect(refusal({ items: [] }).message).toBe(
      "bad data file x.json: releases: expected an array of releases, found nothing (the field is absent)",
    );
    expect(refusal([]).message).toContain('expected an object {"releases": [...]}');
  });

  test("a file that is not JSON is refused", () => {
    const dir = mkdtempSync(join(tmpdir(), "emulator-dataset-"));
    const file = join(dir, "bad.json");
    writeFileSync(file, '{"releases": [');
    expect(() => loadDataset(file)).toThrow(/^bad data file .*bad\.json: not JSON/);
  });

  test("a missing file is refused", () => {
    expect(() => loadDataset("/nonexistent/releases.json")).toThrow(/cannot read it/);
  });
});

describe("index", () => {
  test("counts releases and gives views for products and aliases only", () => {
    const data = buildDataset({ releases: FIXTURE }, "fixture");
    expect(data.size).toBe(9);
    expect(data.view("chrome")?.releases).toHaveLength(9);
    expect(data.view("browser")?.releases[0]?.name.startsWith("browser/")).toBe(true);
    expect(data.view("fuchsiawebengine")?.releases).toEqual([]);
    expect(data.view("firefox")).toBeNull();
  });

  test("versions are the distinct platform, channel and version triples", () => {
    const data = buildDataset({ releases: FIXTURE }, "fixture");
    expect(data.view("chrome")?.versions).toHaveLength(8);
  });

  test("the bundled dataset loads", () => {
    const data = loadDataset();
    expect(data.size).toBeGreaterThan(1000);
    expect(data.view("chrome")?.platforms).toContain("win64");
  });
});
