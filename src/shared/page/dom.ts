/**
 * The extension pages' one way to make and find elements. Text goes in through `textContent` and attributes through
 * `setAttribute`, never as markup: service strings (versions, error messages) reach the page, and markup
 * built from them would be an injection path. Links are made only by `link`, from URLs this page builds.
 */

/** Attribute values: a string or number is set; `true` sets the attribute empty; `false`/`undefined` skip it. */
export type Attrs = Readonly<Record<string, string | number | boolean | undefined>>;

/** A new element with attributes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  node.append(...children);
  return node;
}

/** Sets, or with `false`/`undefined` removes, each attribute. */
export function setAttrs(node: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) node.removeAttribute(name);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
}

/**
 * A link that opens in a new tab. `href` must be a URL this page built from validated parts (results-rows.ts
 * builds them from numeric versions); `noopener` keeps the opened page from reaching back into the popup.
 */
export function link(href: string, text: string, attrs: Attrs = {}): HTMLAnchorElement {
  return el("a", { ...attrs, href, target: "_blank", rel: "noopener noreferrer" }, text);
}

/** The element with this id, of this type, or an error naming what index.html lacks. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`#${id} is missing from ${location.pathname}`);
  return found;
}

/** A share of users (1 = 100%) as a bar, hidden from screen readers: the percentage is always written beside it. */
export function shareBar(fraction: number): HTMLElement {
  const fill = el("span", { class: "fill" });
  fill.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
  return el("span", { class: `bar${fraction >= 1 ? " full" : ""}`, "aria-hidden": "true" }, fill);
}

/** Replaces a select's options only when the list changed (so an open list is not rebuilt), then selects `value`. */
export function setChoices(
  target: HTMLSelectElement,
  choices: readonly { readonly value: string; readonly label: string }[],
  value: string,
): void {
  const same =
    target.options.length === choices.length &&
    choices.every((c, i) => target.options[i]?.value === c.value && target.options[i]?.text === c.label);
  if (!same) target.replaceChildren(...choices.map((c) => el("option", { value: c.value }, c.label)));
  target.value = value;
}

/** A day, or a day and a time (`2026-11-26`, `2026-11-26 11:55 UTC`): never broken across lines. */
const DAY = /\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?: UTC)?)?/g;

/**
 * `text` as nodes, each day in it a span of class `day`, which the page's stylesheet keeps on one line
 * ("2026-" at a line's end and "11-03" on the next is two wrong things); all of it text.
 */
export function withDays(text: string): (Node | string)[] {
  const parts: (Node | string)[] = [];
  let at = 0;
  for (const m of text.matchAll(DAY)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(el("span", { class: "day" }, m[0]));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
