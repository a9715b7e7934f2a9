// The watched items in the popup's markup (tracked/tracked-dom.ts): the list drawn from the worker's view,
// collapsed while nothing is near its threshold, and the "Watch" control under an answer about a feature,
// a compat key or a milestone, which saves the list. In a happy-dom window of its own (page-window.ts).
import { editStored, readTracked, trackedBeyond } from "../../../../src/shared/tracked/items.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bindTracked, type TrackedApi, type TrackedPage } from "../../../../src/popup/tracked/tracked-dom.ts";
import type { AnswerUnder } from "../../../../src/popup/tracked/watch-control-dom.ts";
import type { TrackedItem } from "../../../../src/shared/tracked/items.ts";
import type { TrackedView, TrackedViewItem } from "../../../../src/shared/tracked/view.ts";
import { openPageWindow, type PageWindow } from "../../page-window.ts";

const HTML = readFileSync(join(import.meta.dirname, "../../../../src/popup/index.html"), "utf8");
const BODY = HTML.slice(HTML.indexOf("<body>"), HTML.indexOf("</body>") + "</body>".length);
const WATCH = { product: "chrome", platform: "win64", channel: "stable" };

const HAS: TrackedItem = { kind: "feature", id: "has", threshold: 95, where: "watched" };
const viewItem = (over: Partial<TrackedViewItem>): TrackedViewItem => ({
  key: "feature:has",
  kind: "feature",
  id: "has",
  label: ":has()",
  threshold: 95,
  where: "watched",
  missing: false,
  near: false,
  rows: [
    {
      platform: "win64",
      channel: "stable",
      share: 0.38,
      state: "rolling",
      text: "rolling out: 38% of Windows Stable",
      expected: { day: "2027-01-03", why: "on Stable since 2026-12-20; usually 3-9 days after Stable" },
    },
  ],
  ...over,
});

let page: PageWindow;
/** What sync holds under `tracked`, as any writer left it, and the worker's view. */
let held: { list: unknown; view: TrackedView | null };
let changed: () => void;
/** The page's side as extension-api.ts has it: reads and edits go through the stored list itself. */
const api: TrackedApi = {
  load: () =>
    Promise.resolve({
      list: readTracked(held.list, () => {}),
      view: held.view,
      beyond: trackedBeyond(held.list),
    }),
  edit: (edit) => {
    const next = editStored(held.list, edit);
    if (next === null) return Promise.resolve(false);
    held = { ...held, list: next };
    changed();
    return Promise.resolve(true);
  },
  onChange: (callback) => {
    changed = callback;
    return Promise.resolve();
  },
};
/** Tells the Watch control the answer shown, as the page does. */
let show: (answer: AnswerUnder) => void = () => undefined;
const PAGE: TrackedPage = { watch: () => WATCH, answers: (draw) => void (show = draw) };
const $ = (id: string) => page.window.document.getElementById(id) as unknown as HTMLElement;

beforeEach(() => {
  // The list reads today's day (an expected day gone by is said late): a day before the fixture's.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-22T12:00:00Z"));
  page = openPageWindow({ url: "chrome-extension://rr/src/popup/index.html", body: BODY });
});
afterEach(() => {
  page.close();
  vi.useRealTimers();
});

describe("the watched items in the popup", () => {
  it("lists each item's state, collapsed to one line while none is near its threshold", async () => {
    held = { list: [HAS], view: { at: 1, items: [viewItem({ near: false })] } };
    await bindTracked(api, PAGE);
    const section = $("tracked") as HTMLDetailsElement;
    expect(section.hidden).toBe(false);
    expect(section.open).toBe(false);
    expect($("tracked-summary").textContent).toBe("Watching 1 item: none near its threshold yet");
    expect($("tracked-list").textContent).toContain(":has() · 95% of Windows Stable");
    expect($("tracked-list").textContent).toContain(
      "rolling out: 38% of Windows Stable · expected about 2027-01-03 (on Stable since 2026-12-20; usually 3-9 days after Stable)",
    );

    held = { list: [HAS], view: { at: 2, items: [viewItem({ near: true })] } };
    changed();
    await vi.waitFor(() => expect(section.open).toBe(true));
    held = { list: [HAS], view: { at: 3, items: [viewItem({ near: false })] } };
    changed();
    await vi.waitFor(() => expect(section.open).toBe(false));

    // Opened by the person: it stays open whatever the next view says.
    section.open = true;
    // As the browser tells it (the test DOM sends no toggle of its own).
    section.dispatchEvent(new Event("toggle"));
    changed();
    await vi.waitFor(() => expect($("tracked-summary").textContent).toContain("none near"));
    expect(section.open).toBe(true);
  });

  it("opens a list of 50 to the five nearest their threshold; the rest stay a click away over each redraw", async () => {
    const items = Array.from({ length: 50 }, (_, i): TrackedItem => ({ ...HAS, id: `f${i}` }));
    const rows = (share: number) => [{ ...viewItem({}).rows[0]!, share }];
    // f7 is the nearest (90% of its 95%), then f3; the rest at 10%.
    const view = (at: number): TrackedView => ({
      at,
      items: items.map((x, i) =>
        viewItem({
          key: `feature:${x.id}`,
          id: x.id,
          label: x.id,
          rows: rows(i === 7 ? 0.9 : i === 3 ? 0.5 : 0.1),
        }),
      ),
    });
    held = { list: items, view: view(1) };
    await bindTracked(api, PAGE);
    const list = $("tracked-list");
    const inFull = () =>
      [...list.querySelectorAll(":scope > .tracked-item")].map((li) => li.getAttribute("data-key"));
    expect(inFull()).toEqual(["feature:f7", "feature:f3", "feature:f0", "feature:f1", "feature:f2"]);
    const more = list.querySelector(".tracked-more details") as HTMLDetailsElement;
    expect(more.open).toBe(false);
    expect(more.querySelector("summary")?.textContent).toBe("45 more, further from their threshold");
    expect(more.querySelectorAll(".tracked-item")).toHaveLength(45);
    // Opened, it stays open when the next poll's view redraws the list.
    more.open = true;
    more.dispatchEvent(new Event("toggle"));
    held = { list: items, view: view(2) };
    changed();
    await vi.waitFor(() => expect(list.querySelector(".tracked-more details")).not.toBe(more));
    expect((list.querySelector(".tracked-more details") as HTMLDetailsElement).open).toBe(true);
    // Each day is one unbreakable piece of the line.
    expect([...list.querySelectorAll(".tracked-item")][0]?.querySelectorAll(".day")[0]?.textContent).toBe(
      "2027-01-03",
    );
  });

  it("offers Watch under an answer it can watch, and saves the threshold chosen", async () => {
    held = { list: [], view: null };
    await bindTracked(api, PAGE);
    const form = $("answer-watch") as HTMLFormElement;
    expect(form.hidden).toBe(true);
    show({ subject: "version:151.0.7922", busy: false });
    expect(form.hidden).toBe(true);
    show({ subject: "milestone:154", busy: false });
    expect(form.hidden).toBe(false);
    expect($("answer-watch-save").textContent).toBe("Watch");
    ($("answer-watch-threshold") as HTMLSelectElement).value = "99";
    form.requestSubmit();
    await vi.waitFor(() =>
      expect(held.list).toEqual([{ kind: "milestone", id: "154", threshold: 99, where: "watched" }]),
    );
    expect($("answer-watch-status").textContent).toBe("Watching: told once when it reaches 99%.");
    await vi.waitFor(() => expect($("answer-watch-save").textContent).toBe("Save"));
    expect($("tracked").hidden).toBe(false);

    // The same answer drawn again (with its schedule's days) keeps the word; another answer clears it.
    show({ subject: "milestone:154", busy: false });
    expect($("answer-watch-status").textContent).toBe("Watching: told once when it reaches 99%.");
    show({ subject: "milestone:155", busy: false });
    expect($("answer-watch-status").textContent).toBe("");
    expect($("answer-watch-save").textContent).toBe("Watch");
  });

  it("keeps Watch in place, unseen, under an answer still busy: one that may grow and move it", async () => {
    held = { list: [], view: null };
    await bindTracked(api, PAGE);
    const form = $("answer-watch") as HTMLFormElement;
    show({ subject: "milestone:154", busy: true });
    expect(form.hidden).toBe(false);
    expect(form.hasAttribute("data-waiting")).toBe(true);
    show({ subject: "milestone:154", busy: false });
    expect(form.hasAttribute("data-waiting")).toBe(false);
  });

  it("stops watching an item from the list, and says so", async () => {
    held = { list: [HAS], view: { at: 1, items: [viewItem({})] } };
    await bindTracked(api, PAGE);
    const stop = [...$("tracked-list").querySelectorAll("button")].find(
      (b) => b.textContent === "Stop watching",
    );
    stop?.click();
    await vi.waitFor(() => expect(held.list).toEqual([]));
    expect($("tracked").hidden).toBe(true);
    expect($("tracked-status").textContent).toBe("Stopped watching :has().");
    expect(stop?.getAttribute("aria-label")).toBe("Stop watching :has()");
  });

  it("with a newer version's items beside it, says they are kept, and Stop removes :has() alone", async () => {
    const newer = { kind: "origin-trial", id: "ot-1", threshold: 95, where: "watched" };
    held = { list: [newer, HAS], view: { at: 1, items: [viewItem({})] } };
    await bindTracked(api, PAGE);
    expect($("tracked-list").textContent).toContain("1 item is kept for a newer version of Release Radar.");
    [...$("tracked-list").querySelectorAll("button")].find((b) => b.textContent === "Stop watching")?.click();
    await vi.waitFor(() => expect(held.list).toEqual([newer]));
    // Nothing listed, something kept: the section stays, and says so.
    expect($("tracked").hidden).toBe(false);
  });
});
