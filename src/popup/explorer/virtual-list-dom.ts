/**
 * A list of thousands of fixed-height rows that stays smooth: only the rows in view (plus a margin) are in
 * the DOM, absolutely positioned inside a sizer as tall as the whole list, inside a scroll container.
 *
 *   viewport (overflow: auto, position: relative)
 *   ├─ anything before the rows (a sticky header row)
 *   └─ sizer (height = count × rowHeight, position: relative)
 *        └─ rows start..end, each at top = index × rowHeight, in index order (so Tab follows them)
 *
 * Keyboard: Tab moves through the links of the rendered rows (focus scrolls the viewport, which renders the
 * rows beyond); ArrowUp/ArrowDown move to the same link of the row above or below, Home/End to the first and
 * last row, rendering them first. The row holding focus is never removed, so scrolling away keeps focus.
 */

/** Rows `start` (inclusive) to `end` (exclusive). */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** Which rows to render for a scroll offset (relative to the first row) and a viewport height. */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): Range {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, last + overscan) };
}

export interface VirtualListOptions<T> {
  /** The scroll container; the list appends its sizer to it. It should be `position: relative`. */
  readonly viewport: HTMLElement;
  readonly rowHeight: number;
  /** Rows rendered beyond each edge of the view. Default 8. */
  readonly overscan?: number;
  /** Builds one row's element; focusable parts should carry `data-col` so arrow keys keep the column. */
  readonly renderRow: (item: T, index: number) => HTMLElement;
  /** Called after a render that shows one of the last `nearEndRows` rows (load the next page). */
  readonly onNearEnd?: () => void;
  /** Default 10. */
  readonly nearEndRows?: number;
}

export interface VirtualList<T> {
  /** Shows `items`; rows whose item is the same object are kept, so appending a page disturbs nothing. */
  setItems(items: readonly T[], options?: { readonly resetScroll?: boolean }): void;
  /** Scrolls the least needed to show row `index`, and renders. */
  scrollToIndex(index: number): void;
  /** The rendered element of row `index`, if it is rendered. */
  rowElement(index: number): HTMLElement | undefined;
  /** Renders for the current scroll position (after a size change). */
  render(): void;
}

const ROW_INDEX = "data-index";

/** `element` as row `index`: absolutely placed at its height, and focusable by script where it has no link. */
function placed(element: HTMLElement, index: number, rowHeight: number): HTMLElement {
  element.setAttribute(ROW_INDEX, String(index));
  element.style.position = "absolute";
  element.style.top = `${index * rowHeight}px`;
  element.style.height = `${rowHeight}px`;
  element.style.left = "0";
  element.style.right = "0";
  // Programmatic focus lands on the row itself when it has no link (arrow keys over such a row).
  if (!element.hasAttribute("tabindex")) element.tabIndex = -1;
  return element;
}

/** The row a key moves to from row `index` of `length` (ArrowDown/Up, Home, End), or null: no move. */
function rowAfterKey(key: string, index: number, length: number): number | null {
  const next =
    key === "ArrowDown"
      ? index + 1
      : key === "ArrowUp"
        ? index - 1
        : key === "Home"
          ? 0
          : key === "End"
            ? length - 1
            : null;
  return next === null || next < 0 || next >= length ? null : next;
}

export function createVirtualList<T>(options: VirtualListOptions<T>): VirtualList<T> {
  const { viewport, rowHeight } = options;
  const overscan = options.overscan ?? 8;
  const nearEndRows = options.nearEndRows ?? 10;
  const doc = viewport.ownerDocument;
  const sizer = doc.createElement("div");
  sizer.className = "vl-sizer";
  sizer.setAttribute("role", "rowgroup");
  sizer.style.position = "relative";
  sizer.style.height = "0px";
  viewport.append(sizer);

  let items: readonly T[] = [];
  const rendered = new Map<number, { item: T; element: HTMLElement }>();
  let frame = 0;

  /** Scroll offset of the first row: the viewport's, less what comes before the sizer. */
  const rowsScrollTop = (): number => viewport.scrollTop - sizer.offsetTop;

  function remove(index: number): void {
    rendered.get(index)?.element.remove();
    rendered.delete(index);
  }

  function insert(index: number, element: HTMLElement): void {
    // Keep DOM order = index order, so Tab goes down the list.
    let before: Element | null = null;
    for (const child of sizer.children) {
      if (Number(child.getAttribute(ROW_INDEX)) > index) {
        before = child;
        break;
      }
    }
    sizer.insertBefore(element, before);
  }

  function render(): void {
    frame = 0;
    const height = viewport.clientHeight;
    const range = visibleRange(rowsScrollTop(), height, rowHeight, items.length, overscan);
    const active = doc.activeElement;
    let refocus: { index: number; column: string | null } | null = null;
    for (const [index, row] of rendered) {
      const inRange = index >= range.start && index < range.end;
      const stale = items[index] !== row.item;
      const focused = active !== null && row.element.contains(active);
      // The focused row stays while it is still the same item, wherever the view has gone; a focused row
      // whose item changed (a new page gave it a previous version) is redrawn and focus moves to the new one.
      if (stale && focused) refocus = { index, column: active.getAttribute("data-col") };
      if (stale || (!inRange && !focused)) remove(index);
    }
    for (let index = range.start; index < range.end; index++) {
      if (rendered.has(index)) continue;
      const item = items[index] as T;
      const element = placed(options.renderRow(item, index), index, rowHeight);
      rendered.set(index, { item, element });
      insert(index, element);
    }
    if (refocus !== null) focusRow(refocus.index, refocus.column);
    const lastInView = Math.ceil((Math.max(0, rowsScrollTop()) + height) / rowHeight);
    if (items.length > 0 && lastInView >= items.length - nearEndRows) options.onNearEnd?.();
  }

  function schedule(): void {
    if (frame === 0) frame = requestAnimationFrame(render);
  }

  function scrollToIndex(index: number): void {
    const top = sizer.offsetTop + index * rowHeight;
    // A sticky header covers the top of the viewport; the sizer's offset is its height.
    const visibleTop = viewport.scrollTop + sizer.offsetTop;
    const visibleBottom = viewport.scrollTop + viewport.clientHeight;
    if (top < visibleTop) viewport.scrollTop = top - sizer.offsetTop;
    else if (top + rowHeight > visibleBottom) viewport.scrollTop = top + rowHeight - viewport.clientHeight;
    render();
  }

  function onKeyDown(event: KeyboardEvent): void {
    const target = event.target;
    if (!(target instanceof Element) || items.length === 0) return;
    const row = target.closest(`[${ROW_INDEX}]`);
    if (row === null || !sizer.contains(row)) return;
    const next = rowAfterKey(event.key, Number(row.getAttribute(ROW_INDEX)), items.length);
    if (next === null) return;
    event.preventDefault();
    scrollToIndex(next);
    focusRow(next, target.getAttribute("data-col"));
  }

  /** Focuses the link of `column` in row `index` (else its first link, else the row), if it is rendered. */
  function focusRow(index: number, column: string | null): void {
    const row = rendered.get(index)?.element;
    if (!row) return;
    const sameColumn = column === null ? null : row.querySelector<HTMLElement>(`[data-col="${column}"]`);
    (sameColumn ?? row.querySelector<HTMLElement>("[data-col]") ?? row).focus();
  }

  viewport.addEventListener("scroll", schedule, { passive: true });
  viewport.addEventListener("keydown", onKeyDown);

  return {
    setItems(next, { resetScroll = false } = {}) {
      items = next;
      sizer.style.height = `${items.length * rowHeight}px`;
      if (resetScroll) viewport.scrollTop = 0;
      render();
    },
    scrollToIndex,
    rowElement: (index) => rendered.get(index)?.element,
    render,
  };
}
