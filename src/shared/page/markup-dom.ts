/**
 * The product's own markup, compiled at build time (scripts/markup-module.ts, `import x from "./y.html?dom"`),
 * made into elements: the page parses no markup, and what it does not show at first costs its first paint
 * nothing. Only the product's files become a MarkupNode; service data is never one.
 */

/** Text, or an element: its tag, its attributes, its children. */
export type MarkupNode =
  string | readonly [tag: string, attributes: Readonly<Record<string, string>>, ...MarkupNode[]];

/** The nodes made into a fragment of `doc`, with each attribute set as the HTML parser would. */
export function buildMarkup(nodes: readonly MarkupNode[], doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  const make = (node: MarkupNode): Node => {
    if (typeof node === "string") return doc.createTextNode(node);
    const [tag, attributes, ...children] = node;
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.append(...children.map(make));
    return element;
  };
  fragment.append(...nodes.map(make));
  return fragment;
}
