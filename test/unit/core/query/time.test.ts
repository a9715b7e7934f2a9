import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatRfc3339, parseRfc3339, parseRfc3339Ms } from "../../../../src/core/query/index.ts";

describe("RFC 3339 times", () => {
  it("reads whole seconds and 6 fractional digits as the real service sends them", () => {
    expect(parseRfc3339("2023-12-06T21:01:00Z")).toBe(Date.UTC(2023, 11, 6, 21, 1) * 1000);
    expect(parseRfc3339("2024-05-29T20:11:36.621415Z")).toBe(
      Date.UTC(2024, 4, 29, 20, 11, 36) * 1000 + 621415,
    );
  });

  it("gives Date's milliseconds, the microseconds below them dropped, or null", () => {
    expect(parseRfc3339Ms("2024-05-29T20:11:36.621915Z")).toBe(Date.UTC(2024, 4, 29, 20, 11, 36, 621));
    expect(parseRfc3339Ms("1969-12-31T23:59:59.9995Z")).toBe(-1);
    expect(parseRfc3339Ms("2024-02-30T00:00:00Z")).toBeNull();
  });

  it("applies offsets", () => {
    expect(parseRfc3339("2024-01-01T01:30:00+01:30")).toBe(parseRfc3339("2024-01-01T00:00:00Z"));
    expect(parseRfc3339("2023-12-31T19:00:00-05:00")).toBe(parseRfc3339("2024-01-01T00:00:00Z"));
  });

  it("truncates digits beyond microseconds", () => {
    expect(parseRfc3339("2024-01-01T00:00:00.123456789Z")).toBe(parseRfc3339("2024-01-01T00:00:00.123456Z"));
  });

  it("refuses what is not a date-time", () => {
    for (const t of [
      "2024-01-01",
      "2024-13-01T00:00:00Z",
      "2023-02-29T00:00:00Z",
      "2024-01-01T24:00:00Z",
      "2024-01-01T00:00:00",
      "2024-01-01 00:00:00Z",
      "2024-01-01T00:00:00+25:00",
      "now",
    ]) {
      expect(parseRfc3339(t), t).toBeNull();
    }
    expect(parseRfc3339("2024-02-29T00:00:00Z")).not.toBeNull();
  });

  it("formats with 6 fractional digits and reads back the same instant", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4102444800_000_000 }), (micros) => {
        const text = formatRfc3339(micros);
        expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
        expect(parseRfc3339(text)).toBe(micros);
      }),
    );
  });
});
