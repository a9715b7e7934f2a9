/**
 * An answer's title asked back (`mask-image (CSS property)`, `unload event (Window)`, `Proxy (JavaScript)`):
 * the key it titles, by the path key-title.ts wrote it from. Only the kinds titles say in brackets count,
 * so `container queries (style)` or `@media (hover)` stay words of the question.
 */
import type { CompatKey } from "./compat-keys.ts";

/** The name and the kind of a title, apart. */
export interface Titled {
  readonly name: string;
  readonly kind: string;
}

const plain = (n: string): string => n.replace(/\s+/g, ".");

/** The kinds titles say (key-title.ts), lower case, and the path each names a key at. */
const PATHS: ReadonlyMap<string, (name: string) => string> = new Map([
  ["web api", (n) => `api.${n}`],
  ["css property", (n) => `css.properties.${n}`],
  ["css at-rule", (n) => `css.at-rules.${plain(n.replace(/^@/, ""))}`],
  ["css selector", (n) => `css.selectors.${n.replace(/^::?/, "").replace(/\(\)$/, "")}`],
  ["css value", (n) => `css.types.${n}`],
  ["html element", (n) => `html.elements.${n.replace(/^<|>$/g, "")}`],
  ["html attribute", (n) => `html.global_attributes.${n}`],
  ["http header", (n) => `http.headers.${n}`],
  ["javascript operator", (n) => `javascript.operators.${n.replace(/\s+/g, "_")}`],
  ["javascript statement", (n) => `javascript.statements.${n}`],
  ["javascript", (n) => `javascript.builtins.${n.replace(/\.prototype\./, ".").replace(/\(\)$/, "")}`],
  ["css", (n) => `css.properties.${plain(n.replace(/:\s*/, " "))}`],
  ["html", (n) => `html.elements.${plain(n.replace(/^<|>$/g, ""))}`],
  ["http", (n) => `http.headers.${plain(n.replace(/:\s*/, " "))}`],
]);

/** An event's title: `unload event (Window)`. */
const EVENT = /^(\S+) event$/;

/** The title's kind in brackets at the end of `text`, apart from its name; null where it is no title's. */
export function bracketed(text: string): Titled | null {
  const m = /^(.*\S)\s+\(([\p{L}][\p{L} -]*)\)\s*$/u.exec(text);
  if (m === null) return null;
  const [, name = "", kind = ""] = m;
  const owner = /^[A-Z][A-Za-z0-9]*$/.test(kind) && EVENT.test(name);
  return PATHS.has(kind.toLowerCase()) || owner ? { name, kind } : null;
}

/** The path of the key a title names. */
export function titledPath({ name, kind }: Titled): string {
  const event = EVENT.exec(name);
  if (event !== null && !PATHS.has(kind.toLowerCase())) return `api.${kind}.${event[1] ?? ""}_event`;
  return PATHS.get(kind.toLowerCase())?.(name) ?? "";
}

/** The key at a title's path, from the first asset (`first`) or the second (`second`); null for none. */
export function titledKey(
  titled: Titled,
  first: (path: string) => CompatKey | null,
  second: (path: string) => CompatKey | undefined,
): CompatKey | null {
  const path = titledPath(titled);
  return path === "" ? null : (first(path) ?? second(path) ?? null);
}
