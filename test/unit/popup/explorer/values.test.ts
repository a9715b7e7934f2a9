// The version controls and the filter take one version syntax: a version typed in either is valid in both.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseFilter } from "../../../../src/core/query/index.ts";
import { advancedText, applyAdvanced } from "../../../../src/popup/explorer/advanced.ts";
import { defaultState } from "../../../../src/popup/explorer/filter.ts";
import { controlErrors } from "../../../../src/popup/explorer/validation.ts";
import { isControlVersion, isVersionTo, utcDay } from "../../../../src/popup/explorer/values.ts";

const base = defaultState("chrome", "linux");

/**
 * Whether the query parser takes a text as a version: as the clause's value, as it is (white space around a
 * value separates it from the operator and the comma, so ` 1` is the version `1`).
 */
function filterTakes(text: string): boolean {
  try {
    const [clause] = parseFilter(`version>=${text}`, "releases");
    return clause?.value.type === "version" && clause.value.text === text;
  } catch {
    return false;
  }
}

/**
 * Texts that look like versions, valid or nearly: one to six fields of digits with leading zeros now and then,
 * fields near and past 2^53, empty fields (a leading, doubled or trailing dot), and a stray character.
 */
const field = fc.oneof(
  fc.nat({ max: 10_000 }).map(String),
  fc.nat({ max: 99 }).map((n) => `0${n}`),
  fc.constantFrom("0", "00", String(Number.MAX_SAFE_INTEGER), String(Number.MAX_SAFE_INTEGER + 1)),
  fc.string({ unit: fc.constantFrom("0", "1", "9"), maxLength: 20 }),
);
const versionLike = fc.oneof(
  fc.array(field, { minLength: 1, maxLength: 6 }).map((fields) => fields.join(".")),
  fc
    .tuple(fc.array(field, { minLength: 1, maxLength: 4 }), fc.constantFrom("x", "-", " 1", "e3", "٣", "１"))
    .map(([fields, odd]) => fields.join(".") + odd),
  fc.string({ unit: fc.constantFrom("0", "1", "2", "."), maxLength: 10 }),
);

describe("one version syntax for the controls and the filter", () => {
  it("every text one takes the other takes", () => {
    fc.assert(
      fc.property(versionLike, (text) => {
        expect(isControlVersion(text)).toBe(filterTakes(text));
        expect(controlErrors({ ...base, versionFrom: text }).versionFrom === undefined).toBe(
          text === "" || filterTakes(text),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("a version either takes becomes a control from the field and the field from the control", () => {
    fc.assert(
      fc.property(versionLike.filter(filterTakes), (text) => {
        const typed = applyAdvanced(`version>=${text}`, base);
        expect(typed).toEqual({ ok: true, state: { ...base, versionFrom: text } });
        expect(advancedText({ ...base, versionFrom: text })).toBe(`version>=${text}`);
      }),
    );
  });

  it("a `to` the control takes writes a clause the filter takes and reads back as that `to`", () => {
    fc.assert(
      fc.property(versionLike.filter(isVersionTo), (text) => {
        const written = advancedText({ ...base, versionTo: text });
        expect(applyAdvanced(written, base)).toEqual({ ok: true, state: { ...base, versionTo: text } });
      }),
    );
  });

  it("refuses as `to` only a filter version with no successor, and says so", () => {
    fc.assert(
      fc.property(versionLike.filter(filterTakes), (text) => {
        const last = Number(text.split(".").at(-1));
        expect(isVersionTo(text)).toBe(text.split(".").length === 4 || last < Number.MAX_SAFE_INTEGER);
      }),
    );
    const top = String(Number.MAX_SAFE_INTEGER);
    expect(controlErrors({ ...base, versionTo: top }).versionTo).toBe(
      `${top} has no next version to stop before; write all four numbers`,
    );
  });
});

describe("utcDay", () => {
  it("is the UTC calendar day of an instant", () => {
    expect(utcDay(Date.parse("2024-02-29T23:59:59.999Z"))).toBe("2024-02-29");
    expect(utcDay(Date.parse("2024-03-01T00:00:00Z"))).toBe("2024-03-01");
  });

  it("is null for an instant with no four-digit year, or no instant at all", () => {
    expect(utcDay(Date.parse("+010000-01-01T00:00:00Z"))).toBeNull();
    expect(utcDay(Number.NaN)).toBeNull();
    expect(utcDay(Number.POSITIVE_INFINITY)).toBeNull();
    expect(utcDay(9e15)).toBeNull();
  });
});
