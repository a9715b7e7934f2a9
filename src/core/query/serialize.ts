/**
 * Canonical text of a filter or order_by AST, as the service reads it. Percent-encoding is the caller's job
 * (URLSearchParams does it). parse(serialize(q)) equals q for every q the parser can produce.
 */
import type { Filter, OrderBy, Value } from "./ast.ts";

export function serializeFilter(filter: Filter): string {
  return filter.map((c) => `${c.field}${c.op}${serializeValue(c.value)}`).join(",");
}

export function serializeOrderBy(orderBy: OrderBy): string {
  return orderBy.map((k) => `${k.field} ${k.direction}`).join(",");
}

function serializeValue(value: Value): string {
  switch (value.type) {
    case "version":
    case "time":
      return value.text;
    case "channel":
      return value.id;
    case "none":
      return "none";
    case "number":
      return String(value.value);
    case "string":
      return quoteIfNeeded(value.text);
  }
}

/**
 * Plain when the raw form reads back the same; quoted when it has a comma, a quote, edge spaces, is empty, or
 * starts with an operator character (the parser reads `platform>=x` as `>=`, and refuses `=<x` as an operator).
 */
function quoteIfNeeded(text: string): string {
  const plain = text !== "" && !/[,"\\]/.test(text) && !/^[<>=!]/.test(text) && text.trim() === text;
  return plain ? text : `"${text.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}
