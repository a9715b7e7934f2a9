// A compat key's answer is titled as people write what it names, from the real asset's keys.
import { describe, expect, it } from "vitest";
import { compatKeys, type CompatKey } from "../../../../src/core/features/compat-keys.ts";
import { keyTitle } from "../../../../src/core/features/key-title.ts";
import { moreKeys } from "../../../../src/core/features/more-keys.ts";
import { realAsset, realMoreKeys } from "../../shared/answers/fixtures.ts";

const byPath = new Map<string, CompatKey>(
  [...compatKeys(realAsset()), ...moreKeys(realAsset(), realMoreKeys())].map((k) => [k.key, k]),
);
const titleOf = (path: string): string => {
  const key = byPath.get(path);
  if (key === undefined) throw new Error(`no key ${path}`);
  return keyTitle(key);
};

describe("keyTitle", () => {
  it.each([
    ["javascript.builtins.Array.toSorted", "Array.prototype.toSorted()"],
    ["javascript.builtins.Array.from", "Array.from()"],
    ["api.Response.json_static", "Response.json"],
    ["javascript.builtins.Map.size", "Map.prototype.size"],
    ["javascript.builtins.Array.@@iterator", "Array.prototype[Symbol.iterator]()"],
    ["javascript.builtins.Intl.Segmenter", "Intl.Segmenter"],
    // Newer than the build's Node: nothing said that is not known.
    ["javascript.builtins.Math.sumPrecise", "Math.sumPrecise"],
    ["javascript.builtins.Date.parse.iso_8601", "javascript.builtins.Date.parse.iso_8601"],
    ["css.properties.mask-image", "mask-image (CSS property)"],
    ["css.at-rules.layer", "@layer (CSS at-rule)"],
    ["css.selectors.after", "::after (CSS selector)"],
    ["css.selectors.has", ":has (CSS selector)"],
    ["html.elements.marquee", "<marquee> (HTML element)"],
    ["http.headers.X-XSS-Protection", "X-XSS-Protection (HTTP header)"],
    ["api.Window.unload_event", "unload event (Window)"],
    ["api.KeyboardEvent.keyCode", "KeyboardEvent.keyCode"],
    ["javascript.operators.optional_chaining", "optional chaining (JavaScript operator)"],
  ])("%s is %j", (path, title) => {
    expect(titleOf(path)).toBe(title);
  });
});
