/**
 * A compat key's title as people write the thing it names (`Array.prototype.toSorted()`, `mask-image (CSS
 * property)`, `<marquee> (HTML element)`, `unload event (Window)`), not its path
 * (`javascript.builtins.Array.toSorted`), which the answer still shows for whoever needs it.
 */
import type { CompatKey } from "./compat-keys.ts";

/** `Symbol.iterator` for BCD's `@@iterator`. */
const symbolName = (segment: string): string =>
  segment.startsWith("@@") ? `[Symbol.${segment.slice(2)}]` : segment;

/**
 * A JavaScript builtin or its member: `Array`, `Array.prototype.toSorted()`, `Array.from()`, `Intl.Segmenter`.
 * A member the build's JavaScript did not know (newer than it) is written without what is not known of it
 * (`Object.groupBy`); a part below a member (`Date.parse.iso_8601`) by its path.
 */
function builtinTitle(
  parts: readonly string[],
  key: Pick<CompatKey, "key" | "callable" | "onInstance">,
): string {
  const owner = parts.slice(0, -1).join(".");
  const last = parts.at(-1) ?? "";
  if (parts.length === 1) return `${last} (JavaScript)`;
  if (parts.slice(0, -1).some((p) => /^[a-z]/.test(p))) return key.key;
  const name = symbolName(last.endsWith("_static") ? last.slice(0, -7) : last);
  const member = name.startsWith("[") ? name : `.${name}`;
  return `${owner}${key.onInstance ? ".prototype" : ""}${member}${key.callable ? "()" : ""}`;
}

/** An API or its member: `Document`, `Document.startViewTransition`, `unload event (Window)`. */
function apiTitle(parts: readonly string[]): string {
  const [owner = "", member] = parts;
  if (member === undefined) return `${owner} (Web API)`;
  if (member.endsWith("_event")) return `${member.slice(0, -6)} event (${owner})`;
  const rest = [member.endsWith("_static") ? member.slice(0, -7) : member, ...parts.slice(2)];
  return `${owner}.${rest.join(".")}`;
}

/** The key's title (see above); its path where no rule below says better. */
export function keyTitle(key: Pick<CompatKey, "key" | "callable" | "onInstance" | "page">): string {
  const [tree, branch, ...parts] = key.key.split(".");
  const first = parts[0] ?? "";
  const page = key.page?.split("/").at(-1) ?? "";
  switch (`${tree}.${branch}`) {
    case "javascript.builtins":
      return builtinTitle(parts, key);
    case "javascript.operators":
      return `${first.replaceAll("_", " ")} (JavaScript operator)`;
    case "javascript.statements":
      return `${first} (JavaScript statement)`;
    case "css.properties":
      return parts.length === 1 ? `${first} (CSS property)` : `${first}: ${parts.slice(1).join(" ")} (CSS)`;
    case "css.at-rules":
      return `@${parts.join(" ")} (CSS at-rule)`;
    case "css.selectors":
      // MDN's page names a pseudo-element with its two colons (`::after`).
      return `${page.startsWith(":") ? page : `:${first}`} (CSS selector)`;
    case "css.types":
      return `${first} (CSS value)`;
    case "html.elements":
      return parts.length === 1
        ? `<${first}> (HTML element)`
        : `<${first} ${parts.slice(1).join(" ")}> (HTML)`;
    case "html.global_attributes":
      return `${first} (HTML attribute)`;
    case "http.headers":
      return parts.length === 1 ? `${first} (HTTP header)` : `${first}: ${parts.slice(1).join(" ")} (HTTP)`;
    default:
      return tree === "api" ? apiTitle([branch ?? "", ...parts]) : key.key;
  }
}
