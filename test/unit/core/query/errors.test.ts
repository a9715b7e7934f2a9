// Each way a filter or order_by can be wrong gives an InvalidQueryError naming the clause and the character.
import { describe, expect, it } from "vitest";
import { InvalidQueryError } from "../../../../src/core/errors.ts";
import { parseFilter, parseOrderBy, type Endpoint } from "../../../../src/core/query/index.ts";

/** The InvalidQueryError `parse` throws for `text`. */
function errorOf(parse: typeof parseFilter | typeof parseOrderBy, text: string, endpoint: Endpoint) {
  try {
    parse(text, endpoint);
  } catch (e) {
    if (e instanceof InvalidQueryError) return e;
    throw e;
  }
  throw new Error(`"${text}" parsed without error`);
}
const filterError = (text: string, endpoint: Endpoint = "releases") => errorOf(parseFilter, text, endpoint);
const orderError = (text: string, endpoint: Endpoint = "releases") => errorOf(parseOrderBy, text, endpoint);

describe("filter errors", () => {
  it.each([
    // text, endpoint, clause index, position, words the message must hold
    ["versoin>80", "releases", 0, 0, 'unknown field "versoin"'],
    [
      "version>80,starttime>2024-01-01T00:00:00Z",
      "versions",
      1,
      11,
      'field "starttime" is not allowed on the versions endpoint',
    ],
    ["fraction=1", "versions", 0, 0, "not allowed on the versions endpoint"],
    ["version 80", "releases", 0, 8, "expected an operator"],
    ["version==80", "releases", 0, 7, 'unknown operator "=="'],
    ["version!=80", "releases", 0, 7, 'unknown operator "!"'],
    ["version<>80", "releases", 0, 7, 'unknown operator "<>"'],
    ["version>", "releases", 0, 8, 'missing value after "version>"'],
    ["version>abc", "releases", 0, 8, '"abc" is not a version'],
    ["version>1..2", "releases", 0, 8, "is not a version"],
    ["channel<=nightly", "releases", 0, 9, 'unknown channel "nightly"'],
    ["starttime>2024-01-01", "releases", 0, 10, "is not an RFC 3339 date-time"],
    ["starttime>2024-02-30T00:00:00Z", "releases", 0, 10, "is not an RFC 3339 date-time"],
    ["endtime<yesterday", "releases", 0, 8, "or none"],
    ["starttime=none", "releases", 0, 10, "is not an RFC 3339"],
    ["fraction>1.5", "releases", 0, 9, "between 0 and 1"],
    ["fraction=50%", "releases", 0, 9, "between 0 and 1"],
    ["version>80,", "releases", 1, 11, "empty clause"],
    [",version>80", "releases", 0, 0, "empty clause"],
    ["version>80,,platform=win", "releases", 1, 11, "empty clause"],
    ['name="abc', "releases", 0, 5, "unterminated quoted value"],
    ['name="abc" x', "releases", 0, 11, 'unexpected "x"'],
    ["=80", "releases", 0, 0, "expected a field name"],
  ] as const)("%s on %s: clause %i, character %i: %s", (text, endpoint, clause, position, words) => {
    const e = filterError(text, endpoint);
    expect(e.parameter).toBe("filter");
    expect(e.clauseIndex).toBe(clause);
    expect(e.position).toBe(position);
    expect(e.message).toContain(words);
    expect(e.message).toContain(`clause ${clause + 1} at character ${position + 1}`);
  });

  it.each([
    // A word with a letter outside ASCII is one token: the error names it whole, at its start.
    ["versión>=120", 0, 'unknown field "versión" ("ó" is not an ASCII letter)'],
    ["versio\u0301n>=120", 0, 'unknown field "versio\u0301n" ("o\u0301" is not an ASCII letter)'],
    ["ñame=x", 0, 'unknown field "ñame"'],
    ["version>=1,plätform=win", 11, 'unknown field "plätform"'],
    ["versioné>=120", 0, 'unknown field "versioné"'],
    ["𝐯ersion>=120", 0, 'unknown field "𝐯ersion"'],
    // Values are read to the comma already, so they are named whole too.
    ["channel=ßtable", 8, 'unknown channel "ßtable"'],
    ["version>=12٣", 9, '"12٣" is not a version'],
  ] as const)("%s: names the whole token at character %i", (text, position, words) => {
    const e = filterError(text);
    expect(e.position).toBe(position);
    expect(e.detail).toContain(words);
  });

  it("takes a value with letters of any script as a platform or name", () => {
    // Such a platform matches nothing, but it is a valid clause: the popup says why it will find nothing.
    expect(parseFilter("platform=wïn64", "releases")).toEqual([
      { field: "platform", op: "=", value: { type: "string", text: "wïn64" } },
    ]);
  });

  it("explains a version the controls could not write, the same words for every caller", () => {
    expect(filterError("version>=080").detail).toBe(
      '"080" is not a version; write the numbers without leading zeros, such as 80 rather than 080',
    );
    expect(filterError("version>=1.2.3.4.5").detail).toContain("at most four numbers");
    expect(filterError("version>=120.").detail).toContain("write dotted numbers");
    expect(filterError("version>=99999999999999999999").detail).toContain("too large");
  });

  it("quotes at most 40 characters of a long value or word", () => {
    const long = "9".repeat(300) + "x";
    const e = filterError(`version>=${long}`);
    expect(e.detail).toBe(
      `"${"9".repeat(40)}…" is not a version; write dotted numbers such as 120 or 120.0.6099.71`,
    );
    expect(filterError(`${"a".repeat(300)}=1`).detail).toMatch(/^unknown field "a{40}…";/);
    expect(filterError(`name=1,channel=${"b".repeat(100)}`).detail).toMatch(/^unknown channel "b{40}…";/);
  });

  it("does not split a character made of two UTF-16 units when it cuts", () => {
    const e = filterError(`channel=${"b".repeat(39)}😀${"b".repeat(10)}`);
    expect(e.detail).toMatch(new RegExp(`^unknown channel "b{39}…";`));
  });

  it("names the endpoint's allowed fields in the message", () => {
    expect(filterError("starttime<2024-01-01T00:00:00Z", "versions").message).toContain(
      "version, name, platform, channel",
    );
  });
});

describe("order_by errors", () => {
  it.each([
    ["versoin desc", "releases", 0, 0, 'unknown field "versoin"'],
    ["version up", "releases", 0, 8, 'expected asc or desc after "version", found "up"'],
    ["version desc desc", "releases", 0, 13, 'unexpected "d"'],
    ["starttime", "versions", 0, 0, "not allowed on the versions endpoint"],
    ["version,version desc", "releases", 1, 8, '"version" appears twice'],
    ["version,", "releases", 1, 8, "empty clause"],
    ["version>", "releases", 0, 7, 'expected asc or desc after "version", found ">"'],
    ["version désc", "releases", 0, 8, 'expected asc or desc after "version", found "désc"'],
    ["versión desc", "releases", 0, 0, 'unknown field "versión"'],
  ] as const)("%s on %s: clause %i, character %i: %s", (text, endpoint, clause, position, words) => {
    const e = orderError(text, endpoint);
    expect(e.parameter).toBe("order_by");
    expect(e.clauseIndex).toBe(clause);
    expect(e.position).toBe(position);
    expect(e.message).toContain(words);
  });
});

describe("what parses", () => {
  it("accepts field names and directions in any case", () => {
    expect(parseFilter("startTime>2024-01-01T00:00:00Z", "releases")[0]?.field).toBe("starttime");
    expect(parseOrderBy("StartTime DESC", "releases")).toEqual([{ field: "starttime", direction: "desc" }]);
  });

  it("accepts channel on the versions endpoint (channel is a field of both endpoints)", () => {
    expect(parseFilter("channel<=dev", "versions")).toHaveLength(1);
    expect(parseOrderBy("channel", "versions")).toHaveLength(1);
  });

  it("reads a quoted value with commas and escapes", () => {
    expect(parseFilter('name="a,\\"b\\"\\\\"', "releases")[0]?.value).toEqual({
      type: "string",
      text: 'a,"b"\\',
    });
  });

  it("treats an empty or blank parameter as absent", () => {
    expect(parseFilter("", "releases")).toEqual([]);
    expect(parseOrderBy("   ", "releases")).toEqual([]);
  });
});
