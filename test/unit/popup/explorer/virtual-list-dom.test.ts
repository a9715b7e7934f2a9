// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { createVirtualList, visibleRange } from "../../../../src/popup/explorer/virtual-list-dom.ts";

describe("visibleRange", () => {
  it("covers the rows in view plus the overscan on each side", () => {
    expect(visibleRange(0, 100, 25, 1000, 2)).toEqual({ start: 0, end: 6 });
    expect(visibleRange(250, 100, 25, 1000, 2)).toEqual({ start: 8, end: 16 });
  });

  it("stays inside the list", () => {
    expect(visibleRange(24_000, 100, 25, 962, 5)).toEqual({ start: 955, end: 962 });
    expect(visibleRange(-40, 100, 25, 3, 5)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(0, 100, 25, 0, 5)).toEqual({ start: 0, end: 0 });
  });
});

interface Item {
  readonly id: number;
}

/** A list in a 100 px viewport of 25 px rows (happy-dom lays nothing out, so the height is given). */
function setup(count: number, onNearEnd = vi.fn()) {
  const viewport = document.createElement("div");
  Object.defineProperty(viewport, "clientHeight", { value: 100 });
  document.body.replaceChildren(viewport);
  const renderRow = vi.fn((item: Item) => {
    const row = document.createElement("div");
    const a = document.createElement("a");
    a.href = `https://example.test/${item.id}`;
    a.setAttribute("data-col", "notes");
    a.textContent = String(item.id);
    row.append(a);
    return row;
  });
  const list = createVirtualList<Item>({
    viewport,
    rowHeight: 25,
    overscan: 2,
    renderRow,
    onNearEnd,
    nearEndRows: 3,
  });
  const items = Array.from({ length: count }, (_, id) => ({ id }));
  list.setItems(items);
  const shown = () =>
    [...viewport.querySelectorAll("[data-index]")].map((r) => Number(r.getAttribute("data-index")));
  return { viewport, list, items, renderRow, shown, onNearEnd };
}

describe("createVirtualList", () => {
  it("renders only the rows in view, positioned in a sizer as tall as the list", () => {
    const { viewport, shown } = setup(5000);
    expect(shown()).toEqual([0, 1, 2, 3, 4, 5]);
    const sizer = viewport.querySelector<HTMLElement>(".vl-sizer");
    expect(sizer?.style.height).toBe("125000px");
    expect(viewport.querySelector<HTMLElement>("[data-index='5']")?.style.top).toBe("125px");
  });

  it("renders what scrolling brings into view and drops what left it", () => {
    const { viewport, list, shown } = setup(5000);
    viewport.scrollTop = 2500;
    list.render();
    expect(shown()).toEqual([98, 99, 100, 101, 102, 103, 104, 105]);
  });

  it("keeps the elements of unchanged items when a page is appended", () => {
    const { list, items, renderRow } = setup(20);
    const before = list.rowElement(0);
    renderRow.mockClear();
    list.setItems([...items, ...Array.from({ length: 20 }, (_, i) => ({ id: 20 + i }))]);
    expect(list.rowElement(0)).toBe(before);
    expect(renderRow).not.toHaveBeenCalled();
  });

  it("asks for more when the last rows come into view", () => {
    const { viewport, list, onNearEnd } = setup(30);
    expect(onNearEnd).not.toHaveBeenCalled();
    viewport.scrollTop = 25 * 24;
    list.render();
    expect(onNearEnd).toHaveBeenCalled();
  });

  it("moves focus to the same link of the next row with ArrowDown, rendering it first", () => {
    const { viewport, list } = setup(100);
    const link = list.rowElement(5)?.querySelector("a");
    link?.focus();
    link?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(document.activeElement?.textContent).toBe("6");
    // Scrolled just enough to show row 6 (150 to 175 px) at the bottom of the 100 px viewport.
    expect(viewport.scrollTop).toBe(75);
  });

  it("keeps the focused row while it scrolls out of view", () => {
    const { viewport, list, shown } = setup(100);
    list.rowElement(1)?.querySelector("a")?.focus();
    viewport.scrollTop = 1000;
    list.render();
    expect(shown()[0]).toBe(1);
    expect(document.activeElement?.textContent).toBe("1");
  });

  it("keeps rows in index order in the DOM, so Tab goes down the list", () => {
    const { viewport, list, shown } = setup(100);
    viewport.scrollTop = 200;
    list.render();
    viewport.scrollTop = 0;
    list.render();
    const order = shown();
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
