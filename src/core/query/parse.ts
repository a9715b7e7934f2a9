/**
 * Parsers of the service's `filter` and `order_by` texts into the typed AST (the rules of
 * https://developer.chrome.com/docs/web-platform/versionhistory/reference). Every error is an
 * InvalidQueryError that names the clause and the character where it goes wrong, so the popup can point at it
 * and the emulator can answer 400 with the same words.
 *
 * Grammar (white space allowed around clauses, operators and directions, as the service's own examples
 * write `channel<=beta, version >= 80`):
 *   filter   := "" | clause ("," clause)*
 *   clause   := field op value
 *   op       := "<=" | ">=" | "<" | ">" | "="
 *   value    := quoted | raw        raw runs to the next comma, trimmed; quoted is "..." with \" and \\
 *   order_by := "" | key ("," key)*
 *   key      := field [ "asc" | "desc" ]
 * Field names and directions are case-insensitive (`startTime` is how the response spells the field).
 *
 * A word is read whole, letters of any script included, so `versión>=120` is reported as the unknown field
 * "versión" and not as "versi" followed by something unexpected. Text a person typed is quoted in an error
 * cut to QUOTE_CHARS, so a long value does not make a long message.
 */
import { isKnownChannel, KNOWN_CHANNELS } from "../catalog.ts";
import { InvalidQueryError } from "../errors.ts";
import { versionProblem } from "../version.ts";
import { FIELDS, type Comparison, type Direction, type Endpoint, type Field, type Filter } from "./ast.ts";
import type { Operator, OrderBy, OrderKey, Value } from "./ast.ts";
import { parseRfc3339 } from "./time.ts";

const ALL_FIELDS: readonly string[] = FIELDS.releases;

/** A word: letters of any script and their combining marks (`o` + U+0301), and `_` (`canary_asan`). */
const WORD = /[\p{L}\p{M}_]*/uy;

/** At most this many characters of a typed text go into an error's words. */
const QUOTE_CHARS = 40;

/** A typed text in double quotes for an error, cut with "…" after QUOTE_CHARS characters. */
function quote(text: string): string {
  if (text.length <= QUOTE_CHARS) return `"${text}"`;
  // Never split a surrogate pair: half an emoji would show as a replacement character.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(QUOTE_CHARS - 1)) ? QUOTE_CHARS - 1 : QUOTE_CHARS;
  return `"${text.slice(0, end)}…"`;
}

/** A cursor over one parameter's text; `fail` builds the positioned error. */
class Cursor {
  pos = 0;
  clause = 0;
  constructor(
    readonly text: string,
    readonly parameter: "filter" | "order_by",
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): string {
    return this.text.charAt(this.pos);
  }
  skipSpace(): void {
    while (!this.done && /\s/.test(this.peek())) this.pos++;
  }
  fail(detail: string, at = this.pos): never {
    throw new InvalidQueryError(this.parameter, this.clause, at, detail, this.text);
  }
  /** Reads a word (WORD) from the cursor on; empty when none starts here. */
  word(): string {
    WORD.lastIndex = this.pos;
    const found = WORD.exec(this.text)?.[0] ?? "";
    this.pos += found.length;
    return found;
  }

  /** Reads a field name and checks it is allowed on this endpoint. */
  field(endpoint: Endpoint): Field {
    this.skipSpace();
    const start = this.pos;
    const word = this.word();
    const allowed = FIELDS[endpoint];
    if (!word) {
      this.fail(
        this.done || this.peek() === "," ? "empty clause" : `expected a field name (${allowed.join(", ")})`,
      );
    }
    // Field names are ASCII; say which letter is not, since `ó` and `o` are easy to mistake for each other
    // (with its combining marks, so a decomposed `o` + U+0301 shows as the `ó` it looks like).
    const foreign = /[A-Za-z_]?\p{M}+|[^A-Za-z_]\p{M}*/u.exec(word)?.[0];
    if (foreign !== undefined) {
      this.fail(
        `unknown field ${quote(word)} ("${foreign}" is not an ASCII letter); ` +
          `the ${endpoint} endpoint accepts ${allowed.join(", ")}`,
        start,
      );
    }
    const field = word.toLowerCase();
    if (!ALL_FIELDS.includes(field)) {
      this.fail(
        `unknown field ${quote(word)}; the ${endpoint} endpoint accepts ${allowed.join(", ")}`,
        start,
      );
    }
    if (!(allowed as readonly string[]).includes(field)) {
      this.fail(
        `field "${field}" is not allowed on the ${endpoint} endpoint; it accepts ${allowed.join(", ")}`,
        start,
      );
    }
    return field as Field;
  }

  /** After a clause: white space, then a comma (consumed, returns true) or the end (returns false). */
  endOfClause(what: string): boolean {
    this.skipSpace();
    if (this.done) return false;
    if (this.peek() !== ",")
      this.fail(`unexpected "${this.peek()}" after ${what}; clauses are separated by commas`);
    this.pos++;
    this.clause++;
    return true;
  }
}

/** Parses a `filter` value for the given endpoint. The empty string (or only white space) is no filter. */
export function parseFilter(text: string, endpoint: Endpoint): Filter {
  const c: Cursor = new Cursor(text, "filter");
  const out: Comparison[] = [];
  if (text.trim() === "") return out;
  do {
    const field = c.field(endpoint);
    c.skipSpace();
    const op = readOperator(c, field);
    c.skipSpace();
    const valueStart = c.pos;
    const raw = readValue(c);
    out.push({ field, op, value: literal(c, field, op, raw, valueStart) });
  } while (c.endOfClause("the value"));
  return out;
}

function readOperator(c: Cursor, field: Field): Operator {
  const two = c.text.slice(c.pos, c.pos + 2);
  if (two === "<=" || two === ">=") {
    c.pos += 2;
    return two;
  }
  const one = c.peek();
  if (one === "<" || one === ">" || one === "=") {
    c.pos += 1;
    // `==`, `=>`, `<>` and the like are not operators of the language; say so instead of reading a value "=1".
    if (/[<>=!]/.test(c.peek()))
      c.fail(`unknown operator "${one}${c.peek()}"; use <, <=, =, > or >=`, c.pos - 1);
    return one;
  }
  if (one === "!") c.fail(`unknown operator "!"; use <, <=, =, > or >=`);
  return c.fail(`expected an operator (<, <=, =, > or >=) after "${field}"`);
}

/** Reads a quoted or raw value, leaving the cursor before the comma or at the end. */
function readValue(c: Cursor): { text: string; quoted: boolean } {
  if (c.peek() === '"') {
    const open = c.pos++;
    let text = "";
    for (;;) {
      if (c.done) c.fail("unterminated quoted value", open);
      const ch = c.peek();
      c.pos++;
      if (ch === '"') return { text, quoted: true };
      if (ch === "\\") {
        if (c.done) c.fail("unterminated quoted value", open);
        text += c.peek();
        c.pos++;
      } else {
        text += ch;
      }
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ",") c.pos++;
  const text = c.text.slice(start, c.pos).trim();
  // Leave the cursor right after the value so an error about what follows points at the right place.
  c.pos = start + c.text.slice(start, c.pos).trimEnd().length;
  return { text, quoted: false };
}

function literal(
  c: Cursor,
  field: Field,
  op: Operator,
  raw: { text: string; quoted: boolean },
  at: number,
): Value {
  const { text } = raw;
  if (text === "" && !raw.quoted) c.fail(`missing value after "${field}${op}"`, at);
  switch (field) {
    case "name":
    case "platform":
      return { type: "string", text };
    case "version": {
      const problem = versionProblem(text);
      if (problem !== null) c.fail(`${quote(text)} is not a version; ${problem}`, at);
      return { type: "version", text };
    }
    case "channel":
      if (!isKnownChannel(text))
        c.fail(`unknown channel ${quote(text)}; channels are ${KNOWN_CHANNELS.join(", ")}`, at);
      return { type: "channel", id: text };
    case "endtime":
      if (text === "none") return { type: "none" };
      if (parseRfc3339(text) === null) {
        c.fail(`${quote(text)} is not an RFC 3339 date-time (such as 2024-05-29T20:11:36Z) or none`, at);
      }
      return { type: "time", text };
    case "starttime":
      if (parseRfc3339(text) === null) {
        c.fail(`${quote(text)} is not an RFC 3339 date-time such as 2024-05-29T20:11:36Z`, at);
      }
      return { type: "time", text };
    case "fraction": {
      const value = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
      if (!(value >= 0 && value <= 1)) {
        c.fail(`${quote(text)} is not a fraction between 0 and 1 (1 means 100% of users)`, at);
      }
      // -0 would serialize as "0"; it means the same share, so keep the one value.
      return { type: "number", value: value === 0 ? 0 : value };
    }
  }
}

/** Parses an `order_by` value for the given endpoint. The empty string means the default order. */
export function parseOrderBy(text: string, endpoint: Endpoint): OrderBy {
  const c: Cursor = new Cursor(text, "order_by");
  const out: OrderKey[] = [];
  if (text.trim() === "") return out;
  do {
    const start = (c.skipSpace(), c.pos);
    const field = c.field(endpoint);
    if (out.some((k) => k.field === field)) c.fail(`"${field}" appears twice`, start);
    c.skipSpace();
    let direction: Direction = "asc"; // the reference: optional asc or desc after each key; asc by default
    if (!c.done && c.peek() !== ",") {
      const dStart = c.pos;
      const typed = c.word();
      const word = typed.toLowerCase();
      if (word !== "asc" && word !== "desc") {
        c.fail(`expected asc or desc after "${field}", found ${quote(typed || c.peek())}`, dStart);
      }
      direction = word;
    }
    out.push({ field, direction });
  } while (c.endOfClause("the sort key"));
  return out;
}
