/**
 * The share of users as bars (answers/users.ts UsersView): one per table (worldwide, the region, your
 * visitors) over all users, then one per browser of the most specific table, each split into has it, partly,
 * not and unknown. The bars are hidden from screen readers: each row writes its figures beside its bar.
 */
import type { UsersFigure, UsersView } from "../../shared/answers/users.ts";
import { percent } from "../../shared/answers/users.ts";
import { el } from "../../shared/page/dom.ts";

/** Browsers drawn one a row; the rest share one row. */
const MAX_ROWS = 8;

const PARTS = [
  ["has", "has it"],
  ["partly", "partly"],
  ["not", "not"],
  ["unknown", "unknown"],
] as const;

/** A bar of `figure`'s parts, each as wide as its share of `scale` (percent). */
function bar(figure: UsersFigure, scale: number): HTMLElement {
  const parts = PARTS.filter(([key]) => figure[key] > 0).map(([key]) => {
    const part = el("span", { class: `part ${key}` });
    part.style.width = `${Math.min(100, (figure[key] / scale) * 100)}%`;
    return part;
  });
  return el("span", { class: "users-bar", "aria-hidden": "true" }, ...parts);
}

/** "has it 94.8% · partly 0.4% · not 3.1% · unknown 0.9%", the parts above 0. */
function figureText(figure: UsersFigure): string {
  return PARTS.filter(([key]) => figure[key] >= 0.05)
    .map(([key, word]) => `${word} ${percent(figure[key])}`)
    .join(" · ");
}

function row(figure: UsersFigure, scale: number): HTMLElement {
  // The figures unrounded, for tools and tests that compare them with caniuse's own (two decimals).
  const exact = { "data-has": figure.has.toFixed(4), "data-partly": figure.partly.toFixed(4) };
  return el(
    "li",
    exact,
    el("span", { class: "users-name" }, figure.name),
    bar(figure, scale),
    el("span", { class: "users-figures" }, figureText(figure)),
  );
}

/** The bars of `view`, for answer-dom.ts to put under the answer's lines. */
export function usersFigure(view: UsersView): HTMLElement {
  const shown = view.browsers.slice(0, MAX_ROWS);
  const rest = view.browsers.slice(MAX_ROWS);
  const sum = (key: (typeof PARTS)[number][0]): number => rest.reduce((s, b) => s + b[key], 0);
  const rows: UsersFigure[] = [
    ...shown,
    ...(rest.length > 0
      ? [
          {
            name: `${rest.length} other browsers`,
            has: sum("has"),
            partly: sum("partly"),
            not: sum("not"),
            unknown: sum("unknown"),
          },
        ]
      : []),
  ];
  const total = (f: UsersFigure): number => f.has + f.partly + f.not + f.unknown;
  const widest = Math.max(1, ...rows.map(total));
  return el(
    "div",
    { class: "answer-users" },
    el("h3", {}, "Share of all users"),
    el("ul", { class: "users-tables" }, ...view.figures.map((f) => row(f, 100))),
    el("h3", {}, `By browser, ${view.of}`),
    el("ul", { class: "users-browsers" }, ...rows.map((f) => row(f, widest))),
  );
}
