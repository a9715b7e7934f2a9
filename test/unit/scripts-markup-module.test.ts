// @vitest-environment happy-dom
// The product's markup compiled at build time (scripts/markup-module.ts) and built in the page
// (shared/page/markup-dom.ts): the same elements, attributes and text as the HTML parser makes of it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { markupTree } from "../../scripts/markup-module.ts";
import { buildMarkup } from "../../src/shared/page/markup-dom.ts";

/** A node as data, white space runs as one space, for comparing what two routes made. */
function shape(node: Node): unknown {
  if (node instanceof Element)
    return [
      node.tagName,
      Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])),
      ...[...node.childNodes].filter((c) => !(c instanceof Comment)).map(shape),
    ];
  return (node.textContent ?? "").replace(/[ \t\n\f\r]+/g, " ");
}

const parsed = (html: string): unknown[] => {
  const template = document.createElement("template");
  template.innerHTML = html;
  return [...template.content.childNodes].filter((c) => !(c instanceof Comment)).map(shape);
};
const built = (html: string): unknown[] => [...buildMarkup(markupTree(html)).childNodes].map(shape);

describe("markup compiled at build time", () => {
  it("builds the explorer as the HTML parser makes it: every element, attribute and text", () => {
    const html = readFileSync(join(import.meta.dirname, "../../src/popup/explorer/explorer.html"), "utf8");
    const made = built(html);
    expect(made).toEqual(parsed(html.trim()).filter((n) => n !== " "));
    // The explorer's controls are in it, with their boolean attributes.
    const fragment = buildMarkup(markupTree(html));
    expect(fragment.querySelectorAll("select, input").length).toBeGreaterThan(15);
    expect(fragment.querySelector("#controls")?.hasAttribute("novalidate")).toBe(true);
  });

  it("keeps a no-break space and entities, and collapses only HTML white space", () => {
    const html = '<p title="a &amp; b">x&nbsp;y\n   <b>z</b> &lt;tag&gt;</p>';
    expect(markupTree(html)).toEqual([["p", { title: "a & b" }, "x\u00a0y ", ["b", {}, "z"], " <tag>"]]);
    expect(built(html)).toEqual(parsed(html));
  });

  it.each(["<svg></svg>", "<template><p>x</p></template>", "<script>1</script>", "<pre> x</pre>"])(
    "stops the build on what it would not make as the parser does: %s",
    (html) => {
      expect(() => markupTree(`<div>${html}</div>`)).toThrow(/is not built by buildMarkup/);
    },
  );
});
